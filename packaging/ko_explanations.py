"""Korean for the offline judges' explanations (app/explanations.py), keyed by template key; make_ts.py
files them under the context "Explanations" with the English template as the source text.

Written for a student of translation, with the interface's words: 높임 등급 (speech level), 화자/청자,
발화 (a turn), 서술/서술자, 어미, 존댓말/반말, and the level names as app/korean/levels.py spells them.
Every placeholder of the English ({speaker}, {factor:.1f}…) is kept, spec and all. Fragments that end
a phrase (level glosses, register words, endings) end in a noun without a final consonant or in ㄹ, so
the templates can follow them with 로 whatever they turn out to be; names are followed only by particles
that do not change after a final consonant (의, 에게).
"""

EXPLANATIONS_KO = {
    # ---- the honorifics judge --------------------------------------------------------------------------
    "honorifics/mixed-turn": (
        "이 발화에서 {speaker}의 말은 {to}{expected_style}인데{example}, 이 문장은 {ending}로 끝나 "
        "{style}입니다. 한 사람이 한 번 말하는 동안에는 보통 {expected_register}과 {register} 사이를 "
        "오가지 않습니다. 일부러 바꾼 것(갑작스러운 분노, 농담, 관계의 변화)이 아니라면 이 문장도 "
        "{expected}로 끝맺으세요."),
    "honorifics/speaker-shift": (
        "{speaker}의 경우, {paragraph}번째 문단에서는 {listener}에게 {usual_style}로 말하는데 여기서는 "
        "{listener}에게 {style}로 말합니다. 한국어 독자는 높임 등급을 관계의 일부로 듣기 때문에, 이런 "
        "변화는 관계 자체가 바뀌었다는 뜻이 됩니다. 이야기 속에 이를 설명할 만한 일이 없다면 {listener}에게 "
        "하는 {speaker}의 말을 {usual}로 유지하세요. (화자를 판단한 근거: {speaker_how}; 청자: "
        "{listener_how}.)"),
    "honorifics/narration-drift": (
        "서술은 {sentences}문장에 걸쳐 {expected_style}로 쓰였는데, 이 서술 문장은 {ending}로 끝나 "
        "{style}입니다. 서술자가 갑자기 독자에게 말을 거는 것처럼 들립니다. 서술자의 목소리를 한 등급으로 "
        "유지하도록 이 문장도 {expected}로 끝맺으세요."),
    "honorifics/use": "{expected}로 바꾸세요.",
    "honorifics/the-speaker": "화자",
    "honorifics/this-speaker": "이 화자",
    "honorifics/the-same-listener": "같은 청자",
    "honorifics/to-listener": "{listener}에게 하는 ",
    "honorifics/example": "(예: {ending})",
    "honorifics/ending": "‘{ending}’의 {morpheme} 어미",
    "honorifics/its-ending": "그 어미",
    "honorifics/from-narration": "서술",
    "honorifics/from-context": "문맥",
    # the speech levels and registers
    "level/하십시오체": "격식을 갖춘 높임 문체(하십시오체)",
    "level/해요체": "격식을 덜 갖춘 높임 문체(해요체)",
    "level/하오체": "예스러운 반격식 문체(하오체)",
    "level/하게체": "아랫사람이나 손아래 벗에게 쓰는 허물없는 문체(하게체)",
    "level/해라체": "평범한 문체(해라체: 글로 쓴 산문의 '-다'이자 낮춰 말하는 말투)",
    "level/해체": "친밀한 반말(해체)",
    "level/none": "높임 등급이 분명하지 않은 문체",
    "register/honorific": "존댓말(높임말)",
    "register/non-honorific": "반말(높이지 않는 말)",
    "register/semi-formal": "반격식의 말",
    # how a quote's speaker was found
    "how/verb-after": "인용문 뒤에 오는 말하기 동사의 주어({who})",
    "how/verb-before": "인용문 앞에 오는 말하기 동사의 주어({who})",
    "how/acts-before": "인용문 바로 앞에서 행동하는 인물 {who}",
    "how/pronoun-before": "인용문 바로 앞에서 행동하는 ‘그/그녀’, 곧 그 앞에 이름이 나온 {who}",
    "how/named-before": "바로 앞 서술에 이름이 나온 {who}",
    "how/acts-after": "인용문 바로 뒤에서 행동하는 인물 {who}",
    "how/english-source": "영어 원문이 이 대사를 '{label}'의 말로 보며, {who}의 다른 대사도 그렇게 봄",
    "how/continues": "같은 문단에서 이어지는 {who}의 말",
    "how/two-after": "이 장면에서는 두 사람이 대화하며, 앞 대사는 {who}의 말임",
    "how/two-before": "이 장면에서는 두 사람이 대화하며, 다음 대사는 {who}의 말임",
    # ...and its listener
    "listener-how/named": "서술에서 ‘에게/께/한테’가 붙어 나온 사람",
    "listener-how/acted-on": "인용문 바로 앞에서 행동의 대상이 된 사람",
    "listener-how/addressed": "인용문 속 호칭 ‘{vocative}’",
    "listener-how/two-people": "두 사람만 있는 이 장면의 다른 한 사람",
    "listener-how/two-people-addressed": "두 사람만 있는 이 장면의 다른 한 사람(호칭 ‘{vocative}’)",
    "listener-how/neighbour": "이웃한 대사를 말하는 {who}",
    # ---- the consistency judge -------------------------------------------------------------------------
    "terms/variant": (
        "이름·용어 “{term}”의 표기가 여기서는 “{rendering}”인데 다른 곳에서는 “{main}”입니다({count}번 나옴). "
        "독자가 서로 다른 사람이나 사물로 여길 수 있으니 한 가지 표기로 통일하세요."),
    "numbers/changed": ("번역의 이 자리에 있는 수는 {value}인데, 원문 문단에 있는 수는 {missing}입니다. "
                        "수가 제대로 옮겨졌는지 확인하세요."),
    "numbers/added": ("번역의 이 자리에 있는 수는 {value}인데, 원문 문단에는 그런 수가 없습니다. "
                      "번역에서 덧붙였을 수 있습니다."),
    "numbers/omitted": "원문 문단에 나오는 수({missing})가 이 번역 문단에는 없습니다. 수를 빠뜨렸을 수 있습니다.",
    "numbers/and-more": "{values} 외 {more:,}개",
    "length/shorter": ("이 문단은 이 번역이 원문에 대해 보통 보이는 길이 비율보다 약 {factor:.1f}배 짧습니다"
                       "(강건 z 점수 = {z:.1f}). 원문의 일부가 빠졌을 수 있습니다."),
    "length/longer": ("이 문단은 이 번역이 원문에 대해 보통 보이는 길이 비율보다 약 {factor:.1f}배 깁니다"
                      "(강건 z 점수 = {z:.1f}). 원문에 없는 내용이 덧붙었을 수 있습니다."),
    "length/no-source": "이 문단에는 대응하는 원문 문단이 없습니다. 번역에서 덧붙였을 수 있습니다.",
    "untranslated/left": "“{quote}” 부분이 아직 원문 언어로 남아 있습니다. 일부러 외국어로 남긴 것이 아니라면 번역하세요.",
    "untranslated/copied": ("“{quote}” 부분이 아직 원문 언어로 남아 있습니다(원문 문단에서 그대로 옮겨 왔습니다). "
                            "일부러 외국어로 남긴 것이 아니라면 번역하세요."),
    "untranslated/copied-here": ("“{quote}” 부분이 아직 원문 언어로 남아 있습니다(원문 문단에서 그대로 옮겨 "
                                 "왔습니다). 일부러 외국어로 남긴 것이 아니라면 번역하세요."),
    "doubled/word": "같은 낱말(“{word}”)을 두 번 연달아 썼습니다. 대개 타자 실수이니 하나를 지우세요.",
    "marks/opened": ("여기서 연 부호(“{mark}”)가 이 문단 안에서 닫히지 않습니다. 인용이나 괄호가 어디서 "
                     "시작하고 어디서 끝나야 하는지 확인하세요."),
    "marks/closed": ("이 부호(“{mark}”)는 이 문단에서 열린 적이 없는 것을 닫고 있습니다. 인용이나 괄호가 "
                     "어디서 시작하고 어디서 끝나야 하는지 확인하세요."),
    "marks/odd": ('이 문단에는 곧은 따옴표(")가 홀수 개 있어 하나는 짝이 없습니다. 인용이나 괄호가 어디서 '
                  "시작하고 어디서 끝나야 하는지 확인하세요."),
    # ---- how the key terms were found, and what a check could not do --------------------------------------
    "notes/spacy": "spaCy 개체명 인식으로 찾은 용어(파이프라인 {model})",
    "notes/fallback-unnamed": "규칙 기반 대체 방식으로 찾은 용어: 지정한 spaCy 파이프라인 없음(옵션 spacy_model)",
    "notes/fallback-missing": "규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}이(가) 설치되어 있지 않음",
    "notes/fallback-no-ner": "규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}에 개체명 인식기가 없음",
    "notes/and": "{note}; 참고: {how}",
    "notes/words-from": "{analyser}로 찾은 낱말",
    "notes/katakana-only": "{analyser}이(가) 설치되어 있지 않아 가타카나 이름만 찾았고 한자 낱말은 찾지 않았음({install})",
    "notes/untranslated-unchecked": "번역되지 않은 텍스트는 검사하지 않음: {source} 또는 {target}의 낱말 빈도 자료 없음",
    # ---- rows with no source or no translation -------------------------------------------------------
    "unaligned/no-translation": "이 문단에는 번역이 없습니다(빠뜨렸나요?). {outcome}.",
    "unaligned/no-source": "이 문단에는 대응하는 원문 문단이 없습니다(덧붙였나요?). {outcome}.",
    "unaligned/not-scored": "점수를 매기지 않았습니다",
    "unaligned/no-questions": "답한 질문이 없습니다",
}
