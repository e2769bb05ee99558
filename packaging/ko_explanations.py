"""Korean for the offline judges' explanations (app/explanations.py), keyed by template key; make_ts.py
files them under the context "Explanations" with the English template as the source text.

Written for a student of translation, with the interface's words: 높임 등급 (speech level), 화자/청자,
발화 (a turn), 서술/서술자, 어미, 존댓말/반말, and the level names as app/korean/levels.py spells them.
Every placeholder of the English ({speaker}, {factor:.1f}…) is kept, spec and all. Fragments that end
a phrase (level glosses, register words, endings) end in a noun without a final consonant or in ㄹ, so
the templates can follow them with 로 whatever they turn out to be; names are followed only by particles
that do not change after a final consonant (의, 에게).

The speech-level analyser's notes (its ending rules, keyed "ending/…" by app/korean/levels.py) are short
notes in the 개조식 style (…임, …음), as they appear inside "근거: …" and in parentheses; a placeholder in
them ({form}, an ending as Kiwi writes it) is followed by a noun ("-{form} 어미는"), never by a particle
that would depend on it. The drill's feedback follows a placeholder only with 에서, 입니다 or punctuation.
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
    "honorifics/conversation-shift": (
        "이 대사 앞뒤로 화자가 밝혀진 {lines}줄에서 {a}, {b} 두 사람은 서로 {usual_style}로 말합니다. 그런데 화자가 "
        "밝혀지지 않은 이 대사는 {style}입니다. 둘 중 누가 말하든 두 사람이 서로 말하는 방식이 아닙니다. 다른 사람이 말하는 "
        "것이거나 관계가 바뀌는 대목이 아니라면 {usual}로 끝맺으세요."),
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
    "how/pronoun-verb": "말하기 동사의 주어가 ‘그/그녀’이며, 여기서 그렇게 가리킬 수 있는 사람은 {who}뿐임",
    "how/before-paragraph": "앞 문단 끝에서 {who}이(가) 행동하고, 이 문단이 대사로 시작함",
    "how/addressed-other": "이 장면에서는 두 사람이 대화하며, 대사가 {addressed}을(를) 부르므로 {who}의 말임",
    "how/verb-before-paragraph": "앞 문단 끝에서 {who}이(가) 말을 꺼내고, 이 문단이 대사로 시작함",
    "how/verb-after-paragraph": "대사 다음 문단 첫머리에서 {who}이(가) 말함",
    "how/sole-actor-before": "바로 앞 문단에서 행동하는 사람은 {who}뿐이며, 이 대사가 그 뒤에 옴",
    "how/continues-silence": "{silent}이(가) 말이 없으므로 {who}이(가) 말을 이어 감",
    "how/reply": "{who}에게 말하던 {speaker}에 대한 대답",
    "how/answered": "다음 대사({speaker})가 {who}에게 대답함",
    "how/two-parity": "{who}와(과) {other}이(가) 번갈아 말하며, 대사들의 단서가 어느 차례가 {who}의 것인지에 일치함",
    "how/unknown": "화자 미상: 누가 이 대사를 하는지 본문에 드러나지 않음",
    "how/unknown-addressed": "화자 미상: 단서는 {who}을(를) 가리켰지만 대사가 {who}을(를) 부름",
    "how/unknown-conflict": "화자 미상: 단서가 {who}와(과) {other}를(을) 함께 가리킴",
    "how/unknown-weak": "화자 미상: 유일한 단서({how})가 {who}(으)로 단정하기에는 약함",
    # ...and its listener
    "listener-how/named": "서술에서 ‘에게/께/한테’가 붙어 나온 사람",
    "listener-how/acted-on": "인용문 바로 앞에서 행동의 대상이 된 사람",
    "listener-how/addressed": "인용문 속 호칭 ‘{vocative}’",
    "listener-how/two-people": "두 사람만 있는 이 장면의 다른 한 사람",
    "listener-how/two-people-addressed": "두 사람만 있는 이 장면의 다른 한 사람(호칭 ‘{vocative}’)",
    "listener-how/neighbour": "이웃한 대사를 말하는 {who}",
    # ---- the consistency judge -------------------------------------------------------------------------
    "terms/variant": (
        "이름·용어 “{term}”의 표기가 여기서는 “{rendering}”인데 다른 곳에서는 “{main}”입니다({times} 나옴). "
        "독자가 서로 다른 사람이나 사물로 여길 수 있으니 한 가지 표기로 통일하세요."),
    "terms/once": "1번",
    "terms/times": "{count}번",
    "termbase/forbidden": "용어집은 “{term}”을(를) “{source}”의 금지된 번역어로 정해 두었습니다. 대신 “{preferred}”을(를) 쓰세요.",
    "termbase/forbidden-no-rendering": "용어집은 “{term}”을(를) “{source}”의 금지된 번역어로 정해 두었습니다.",
    "termbase/missing": (
        "원문의 이 자리에는 “{source}”이(가) 나오는데, 번역에는 용어집이 정한 번역어({renderings})가 하나도 "
        "없습니다. 일부러 뺀 것이 아니라면 “{preferred}”을(를) 쓰세요."),
    "termbase/variant": (
        "“{rendering}”은(는) 용어집이 “{source}”의 번역어로 정한 “{preferred}”의 다른 표기로 보이지만 용어집에 "
        "없는 표기입니다. “{preferred}”을(를) 쓰거나, 이 표기를 허용 표기로 용어집에 추가하세요."),
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
    "notes/fallback-missing-official": ("규칙 기반 대체 방식으로 찾은 용어: spaCy 파이프라인 {model}이(가) 설치되어 있지 않음 "
                                        "(`litlens models install {language}`로 설치할 수 있음)"),
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
    # ---- the speech-level analyser's evidence ----------------------------------------------------------
    "speech/no-words": "낱말이 없음",
    "speech/noun-yo-hao": "그대/당신/임자에게 하는 ‘명사 + -요’는 하오체의 -오로 읽음",
    "speech/polite-yo": "문장이 높임의 보조사 ‘요’로 끝남",
    "speech/no-ending": "용언의 어미가 없음(문장 조각이거나 감탄)",
    "speech/noun-forming": "문장이 명사형·관형사형 어미에서 멈춤(문장 조각)",
    "speech/words-after": "마지막 어미 뒤에 다른 말이 이어짐",
    "speech/connective": "문장이 연결 어미에서 멈춤",
    "speech/i-o-contracted": "이- + -오가 줄어든 -요는 하오체임",
    "speech/dao": "다오는 '달다'의 명령형으로 해라체임",
    "speech/unknown-ending": "-{form} 어미는 분석기가 아는 어미가 아님",
    "speech/ge-question": "의문문('…하게?')의 -게는 해체임",
    "speech/hage-cue": "자네/여보게와 함께 쓰인 -{form} 어미는 하게체임",
    "speech/hage-turn": "같은 발화의 다른 문장들이 하게체라서 -{form} 어미도 하게체로 읽음",
    "speech/yo-hao": "그대/당신/임자에게 하는 -요는 하오체의 -오로 읽음",
    "speech/evidence": "{note}(키위 형태소 분석 {count}개 중 {used})",
    "speech/best-analysis": "가장 유력한 분석",
    "speech/alternative-analysis": "다른 후보 분석",
    "speech/no-analysis": "키위 형태소 분석기가 분석 결과를 내놓지 않음",
    "marker/subject-honorific": "{form}(주체 높임)",
    "marker/honorific-particle": "{form}(높임 조사)",
    "marker/honorific-suffix": "{form}(높임 접미사)",
    "marker/lexical-honorific": "{form}(높임 어휘)",
    "marker/humble": "{form}(겸양 표현)",
    # the ending rules (app/korean/levels.py ENDING_RULES)
    "ending/ㅂ시다": "-ㅂ시다는 사전에 하오할 자리에 쓰는 어미로 올라 있으나, 하십시오체와 함께 쓰는 사람도 많음",
    "ending/읍시다": "-읍시다는 사전에 하오할 자리에 쓰는 어미로 올라 있음",
    "ending/ㅂ디다": "-ㅂ디다는 자신이 본 것을 하오체로 전하는 어미임",
    "ending/ㅂ디까": "-ㅂ디까는 상대가 본 것을 하오체로 묻는 어미임",
    "ending/ㅂ니다": "-(스)ㅂ니다는 격식을 갖춘 높임의 평서형 어미임",
    "ending/ㅂ니까": "-(스)ㅂ니까는 격식을 갖춘 높임의 의문형 어미임",
    "ending/ㅂ시오": "-(으)십시오는 격식을 갖춘 높임의 명령형 어미임",
    "ending/나이다": "-나이다는 예스러운 격식 높임 어미임",
    "ending/소서": "-소서는 예스럽고 매우 공손하게 바라는 어미임",
    "ending/옵니다": "-옵니다는 자신을 낮추는 격식 높임 어미임",
    "ending/옵니까": "-옵니까는 자신을 낮추는 격식 높임의 의문형 어미임",
    "ending/죠": "-죠는 높임의 -지요가 줄어든 말임",
    "ending/요": "-요로 끝나는 어미는 격식을 덜 갖춘 높임말임",
    "ending/구려": "-구려는 하오체의 감탄형 어미임",
    "ending/구료": "-구료는 하오체의 감탄형 어미임",
    "ending/ㄴ가": "-(으)ㄴ가는 하게체로 묻는 어미임",
    "ending/는가": "-는가는 하게체로 묻는 어미임",
    "ending/던가": "-던가는 지난 일을 하게체로 묻는 어미임",
    "ending/은가": "-은가는 하게체로 묻는 어미임",
    "ending/ㄹ게": "-ㄹ게는 해체로 약속하는 어미임",
    "ending/ㄹ세": "-ㄹ세는 하게체로 어떤 사실을 서술하는 어미임",
    "ending/ㅁ세": "-ㅁ세는 하게체로 약속하는 어미임",
    "ending/게나": "-게나는 하게체로 권하는 어미임",
    "ending/세나": "-세나는 하게체로 함께 하자고 제안하는 어미임",
    "ending/구먼": "-구먼은 해체에도 하게체에도 쓰임",
    "ending/구만": "-구만은 해체에도 하게체에도 쓰임",
    "ending/구나": "-구나는 해라체의 감탄형 어미임",
    "ending/꾸나": "-자꾸나는 해라체로 다정하게 함께 하자고 제안하는 어미임",
    "ending/군": "-군은 해체의 감탄형 어미임(하게체에서도 쓰임)",
    "ending/느냐": "-느냐는 해라체로 묻는 어미임",
    "ending/냐": "-(으)냐는 해라체로 묻는 어미임",
    "ending/니": "-니는 해라체로 묻는 어미임",
    "ending/렴": "-렴은 해라체로 부드럽게 시키는 어미임",
    "ending/려무나": "-려무나는 해라체로 부드럽게 시키는 어미임",
    "ending/더라": "-더라는 겪은 일을 떠올려 해라체로 전하는 어미임",
    "ending/라": "-(어)라는 해라체의 명령형 어미임",
    "ending/마": "-(으)마는 해라체로 약속하는 어미임",
    "ending/리다": "-리다는 하오체로 약속하는 어미임",
    "ending/다": "-다는 해라체의 평서형 어미임",
    "ending/자": "-자는 해라체의 청유형 어미임",
    "ending/소": "-소는 받침이나 -었-/-겠- 뒤에 쓰는 하오체 어미임",
    "ending/오": "-(으)오는 하오체 어미임",
    "ending/우": "-우는 입말에서 쓰는 하오체 어미임",
    "ending/세": "-세는 하게체의 청유형 어미임",
    "ending/다네": "-(ㄴ)다네는 하게체로 어떤 사실을 일러 주는 어미임",
    "ending/네": "-네는 해체에서는 감탄을, 하게체에서는 서술을 나타냄",
    "ending/게": "-게는 하게체의 명령형 어미임",
    "ending/나": "-나는 하게체로 묻는 어미임(해체에서 혼잣말처럼 묻는 데에도 쓰임)",
    "ending/데": "-(는)데로 끝내고 말을 잇지 않으면 해체임",
    "ending/지": "-지는 해체 어미임",
    "ending/야": "-야는 해체 어미임",
    "ending/거든": "-거든은 해체 어미임",
    "ending/잖아": "-잖아는 해체 어미임",
    "ending/ㄹ래": "-ㄹ래는 해체 어미임",
    "ending/ㄹ까": "-ㄹ까는 해체로 묻는 어미임",
    "ending/래": "-래는 남의 말을 해체로 전하는 어미임",
    "ending/대": "-대는 남의 말을 해체로 전하는 어미임",
    "ending/어": "-어/-아는 해체의 기본 어미임",
    "ending/여": "-여는 하- 뒤에 오는 해체 어미임",
    "ending/고": "-고에서 말을 멈춘 문장은 해체임",
    "ending/니까": "-니까에서 말을 멈춘 문장은 해체임",
    # ---- the speech-level drill's feedback ---------------------------------------------------------------
    "drill/no-level": "분석기가 이 문장에서 분명한 높임 등급을 찾지 못했습니다({evidence}).",
    "drill/no-final-ending": "종결 어미 없음",
    "drill/ends-in": "{level}: 이 문장은 “{ending}”({morpheme})에서 끝납니다.",
    "drill/ends-in-bare": "{level}: 이 문장은 “{ending}”에서 끝납니다.",
    "drill/markers": "높임 표현: {markers}.",
    "drill/evidence": "근거: {evidence}.",
    "drill/unsure": "분석기가 확신하지 못하므로(신뢰도 {confidence:.2f}) 이 문장은 채점하지 않습니다.",
    "drill/right": "맞았습니다.",  # as the drill's own "Right." (packaging/ko_exercises.py): one text, one Korean
    "drill/passed": "답하지 않고 넘어갔습니다.",
    "drill/you-said": "고른 답은 {answer}입니다.",
    # ---- the Korean spelling judge: the two words side by side with an arrow, so no particle has to agree
    # with a word it cannot see; the reasons are whole sentences ------------------------------------------
    "spelling/finding": "고칠 말: “{quote}” → “{right}”. {reason}",
    "spelling/reason/standard": "쓰인 형태는 표준 표기를 흔히 잘못 쓰는 꼴입니다.",
    "spelling/reason/doe": "문장은 어간 ‘되’만으로 끝날 수 없습니다. ‘돼’는 ‘되어’의 준말입니다.",
    "how/unknown-uncorroborated":
        "화자 미상: {who}의 근거가 한 종류뿐이고({how}) 본문의 다른 단서가 뒷받침하지 않음. 이 근거만으로는 "
        "규칙이 본 적 없는 글에서 다른 사람을 화자로 잘못 짚는 일이 잦았음",
    "spelling/reason/doe-stem": "자음으로 시작하는 어미(-고, -겠-, -는, -면) 앞에서는 어간 ‘되’를 씁니다. ‘돼’는 ‘되어’의 준말이라 ‘되어’가 올 자리에만 씁니다.",
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
    "spelling/reason/word": "접속 부사(그러나, 그래서)나 부정의 ‘안’은 한 낱말이므로 띄어 씁니다.",
    # who speaks, when not the offline rules' reading (app/korean/ledger.py registers these)
    "how/corrected": "검토자가 화자를 지정함: {who}",
    "how/unknown-corrected": "화자 미상: 검토자가 그렇게 지정함",
    "how/llm": "LLM이 장면을 읽고 이 대사를 {who}의 말로 봄",
    "how/llm-unasked": "화자 미상: 이 대사는 LLM에게 묻지 않음",
    "how/llm-split": "화자 미상: LLM이 이 발화의 대사들을 서로 다른 사람에게 돌림",
    "how/llm-unknown": "LLM 판독에서 화자 미상: {reason}",
    "listener-how/llm": "LLM의 장면 판독",
    "listener-how/user": "검토자가 지정함",
    # the offline attribution's evidence (issue 31): the English source, the scene's turns, a line to several
    "how/english": "영어 원문은 이 대사를 '{label}'의 말로 보며, 번역문에서 '{label}'은(는) {who}임",
    "how/turn-taking": "앞뒤 대사의 차례를 장면 전체로 읽으면 {who}의 대사임",
    "listener-how/several": "여러 사람에게 한꺼번에 하는 말(여러분, 너희, 복수의 '들')",
    # the offline attribution's checks (issue 31, second round)
    "how/self-named": "대사가 스스로 화자를 밝힘: {who}",
    "how/unknown-address-sex":
        "화자 미상: 단서는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 {who}이(가) 쓰지 않는 호칭임",
    "how/unknown-address-elder":
        "화자 미상: 대화의 차례는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 자식이나 "
        "아랫사람이 쓰는 호칭임",
    "how/unknown-not-yet-present":
        "화자 미상: 대화의 차례는 {who}을(를) 가리키지만, {who}은(는) 이 대사 뒤에야 장면에 들어옴",
    # the offline attribution's evidence after the line (issue 31, third round)
    "how/verb-then": "대사 다음 문단이 {who}이(가) 그 말을 하고 나서 일어난 일로 시작함(…하자)",
    "how/identity-after": "대사 바로 뒤 서술이 말한 사람을 밝힘: {who}",
    # the spelling judge's reasons added in its second round of tuning (issue 35)
    "spelling/reason/ending": "어미는 앞말에 붙여 씁니다(-자마자, -는지). 띄어 쓰는 것은 의존 명사뿐입니다.",
    "spelling/reason/noun": "명사는 앞말과 띄어 씁니다(했단 말이오, 사랑이란 말).",
}
