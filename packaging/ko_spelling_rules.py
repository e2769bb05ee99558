"""Korean for the explanations of the spelling rules added in the second round of tuning (issue 35), keyed
by template as ko_explanations.py's EXPLANATIONS_KO is: to be merged into that table when the translation is
rebuilt (the templates are registered by app/judges/spelling.py, which explanation_templates() in make_ts.py
then has to import). Not named *_KO, so make_ts.py does not read its keys as English strings."""

SPELLING_REASONS_BY_TEMPLATE = {
    "spelling/reason/ending": "어미는 앞말에 붙여 씁니다(-자마자, -는지). 띄어 쓰는 것은 의존 명사뿐입니다.",
    "spelling/reason/noun": "명사는 앞말과 띄어 씁니다(했단 말이오, 사랑이란 말).",
}
