"""Korean for the Korean spelling judge (issue 35): its name and description and the reason it cannot run
(read by make_ts.py). Its explanations are in ko_explanations.py with every other template's, its summary
table's words in ko_summaries.py with the other judges' tables."""

SPELLING_KO = {
    # the judge
    "Korean spelling and spacing": "한국어 맞춤법·띄어쓰기",
    "Flags Korean misspellings (되/돼, 안/않, 로서/로써, 몇일, 금새…) and spacing errors (할수, 세마리, 편지 를…) in "
    "Korean translations, each with its correction, ready to apply. Offline, no LLM; tuned to stay quiet on "
    "dialect, onomatopoeia and names.":
        "한국어 번역문의 맞춤법 오류(되/돼, 안/않, 로서/로써, 몇일, 금새…)와 띄어쓰기 오류(할수, 세마리, 편지 를…)를 "
        "고칠 말과 함께 찾아 주며, 바로 적용할 수 있습니다. LLM 없이 오프라인으로 동작하며, 방언·의성어·고유 명사에는 "
        "지적을 아끼도록 맞춰 두었습니다.",
    "The Korean spelling judge reads Korean translations, and no translation in this project is Korean.":
        "한국어 맞춤법 평가기는 한국어 번역문을 읽는데, 이 프로젝트에는 한국어 번역문이 없습니다.",
}
