"""Korean for the Korean spelling judge (issue 35): its name and description, the reason it cannot run, its
summary table, and its explanations (the templates of app/explanations.py keyed "spelling/…", looked up by
their English, which is read from the app module rather than copied; read by make_ts.py).

The finding's sentence puts the two words side by side with an arrow, so no particle has to agree with a
word it cannot see; the reasons are whole sentences in the 합니다 style of the other explanations."""

from litlens.app.explanations import TEMPLATES

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
    # its summary table
    "spelling and spacing": "맞춤법과 띄어쓰기", "spelling": "맞춤법", "spacing": "띄어쓰기", "words": "어절 수",
}

_EXPLANATIONS = {
    "spelling/finding": "고칠 말: “{quote}” → “{right}”. {reason}",
    "spelling/reason/standard": "쓰인 형태는 표준 표기를 흔히 잘못 쓰는 꼴입니다.",
    "spelling/reason/doe": "문장은 어간 ‘되’만으로 끝날 수 없습니다. ‘돼’는 ‘되어’의 준말입니다.",
    "spelling/reason/an": "용언 앞에서 부정하는 부사는 ‘안’이고, 용언의 ‘-지’ 뒤에서는 ‘않다’를 씁니다.",
    "spelling/reason/roseo": "자격(사람이나 역할)을 나타낼 때는 ‘(으)로서’, 수단을 나타낼 때는 ‘(으)로써’를 씁니다.",
    "spelling/reason/deunji": "‘-든지’는 선택을, ‘-던지’는 지난 일의 회상을 나타냅니다(얼마나 울었던지).",
    "spelling/reason/su-itda": "의존 명사 ‘수’ 뒤의 용언은 ㅆ 받침의 ‘있다’입니다.",
    "spelling/reason/object": "이 목적어에 어울리는 동사는 다른 말입니다(담배를 피우다, 우표를 붙이다, 모습을 드러내다).",
    "spelling/reason/ilbureo": "‘고의로’라는 뜻의 말은 ‘일부러’입니다.",
    "spelling/reason/typo": "Kiwi의 오타 모델은 이 낱말을 제안한 말의 오타로 읽습니다.",
    "spelling/reason/bound-noun": "의존 명사(수, 것, 줄, 지, 만큼…)나 꾸밈을 받는 시간 명사는 앞말과 띄어 씁니다.",
    "spelling/reason/counter": "단위를 나타내는 명사(개, 마리, 살, 시…)는 한글로 쓴 수와 띄어 씁니다.",
    "spelling/reason/auxiliary": "‘-고 있다’, ‘-고 싶다’, ‘-지 않다’의 보조 용언은 띄어 씁니다.",
    "spelling/reason/particle": "조사는 앞말에 붙여 씁니다.",
    "spelling/reason/copula": "서술격 조사 ‘이다’는 앞의 명사에 붙여 씁니다.",
    "spelling/reason/suffix": "‘-하다’는 그 명사에 붙여 씁니다(대답하다).",
    "spelling/reason/compound": "사전에 한 낱말로 오른 말입니다(그날, 어젯밤, 말없이, 스물한).",
}

# English template -> Korean, as make_ts.py files every template under the context "Explanations"
SPELLING_EXPLANATIONS_KO = {TEMPLATES[key]: ko for key, ko in _EXPLANATIONS.items()}
