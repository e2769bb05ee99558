"""Korean misspellings that are wrong wherever they stand, as a table of patterns with their corrections.

Each entry is a misspelling that is not itself a word in any other sense (so no context is needed to
call it wrong), written as a regular expression over one word (어절) and the correct form. The table is
ours, gathered from the spellings the National Institute of Korean Language most often answers about;
entries that are only wrong in some contexts (로서/로써, 안/않, 되/돼 at a sentence end) need Kiwi's
reading of the sentence and live in app.korean.spelling instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Every Hangul syllable whose final consonant is ㄹ (할, 갈, 을...): the ending -ㄹ게 follows one of them.
_RIEUL = "".join(chr(0xAC00 + i) for i in range(11172) if i % 28 == 8)

# A pattern's edges: not inside a longer run of Hangul on that side.
START = r"(?<![가-힣])"
END = r"(?![가-힣])"


@dataclass(frozen=True)
class Misspelling:
    rule: str  # the family, e.g. "며칠" (what the tests and the window group by)
    pattern: str  # a regular expression over the text; group "w" (else the whole match) is the span
    right: str  # the replacement of the span (may use \\1-style groups of the pattern)
    note: str  # one line for the explanation: what the correct form is and why


def _w(wrong: str, right: str, note: str, *, start: bool = True, end: bool = False, rule: str = "") -> Misspelling:
    """A plain word-level misspelling: ``wrong`` at a word start (and end, with ``end``)."""
    pattern = (START if start else "") + re.escape(wrong) + (END if end else "")
    return Misspelling(rule or right, pattern, right, note)


# Order matters only for readability; overlapping matches keep the first (longest) one found.
LEXICON: tuple[Misspelling, ...] = (
    _w("몇일", "며칠", "'며칠' is the standard spelling ('몇 일' is not used for a number of days)."),
    _w("몇 일", "며칠", "'며칠' is the standard spelling ('몇 일' is not used for a number of days).",
       rule="며칠"),
    _w("금새", "금세", "'금세' (a contraction of 금시에) means 'right away'; '금새' is a price."),
    _w("역활", "역할", "The standard spelling is '역할' (役割).", start=False),
    _w("설겆이", "설거지", "The standard word is '설거지'.", start=False),
    _w("어떻해", "어떡해", "'어떡해' contracts '어떻게 해'; '어떻해' is not a word."),
    Misspelling("어떡하", START + r"어떻하(?=[지죠나니냐면고는요])", "어떡하",
                "'어떡하다' contracts '어떻게 하다'; '어떻하다' is not a word."),
    Misspelling("희한", START + r"희안(?=[하한할해했히])", "희한", "The standard spelling is '희한하다' (稀罕)."),
    _w("오랫만", "오랜만", "'오랜만' contracts '오래간만'.", start=False),
    _w("오랜동안", "오랫동안", "'오랫동안' takes the 사이시옷.", start=False),
    _w("왠만", "웬만", "'웬만하다' is spelt with 웬.", rule="웬만"),
    _w("웬지", "왠지", "'왠지' contracts '왜인지'.", end=True),
    Misspelling("웬", START + r"왠(?=\s|일|걸|놈|떡)", "웬",
                "'웬' (what kind of) is spelt with 웬; 왠 appears only in '왠지'."),
    _w("됬", "됐", "'됐' contracts '되었'; '됬' is not a syllable of any word.", start=False),
    _w("뵜", "뵀", "'뵀' contracts '뵈었'.", start=False),
    Misspelling("되-", r"돼(?=겠|고|는|니|나|면|며|던|도록|기|게|려)", "되",
                "'돼' contracts '되어'; before an ending that starts with a consonant (-고, -겠-, -는, -면) "
                "the stem is '되'."),

    Misspelling("봬요", START + r"뵈요(?![가-힣])", "봬요", "'봬요' contracts '뵈어요'."),
    Misspelling("드러나다", START + r"들어나(?=[다고며는서지면])", "드러나",
                "Coming to light is '드러나다' ('들어나다' is not a word)."),
    Misspelling("드러나다", START + r"들어났", "드러났", "Coming to light is '드러나다' ('들어나다' is not a word)."),
    Misspelling("가리키다", START + r"가르키", "가리키", "Pointing is '가리키다' (teaching is '가르치다')."),
    Misspelling("가리키다", START + r"가르켜", "가리켜", "Pointing is '가리키다' (teaching is '가르치다')."),
    Misspelling("가리키다", START + r"가르켰", "가리켰", "Pointing is '가리키다' (teaching is '가르치다')."),
    Misspelling("-쟁이", START + r"(개구|멋|욕심|겁|고집|거짓말|심술|떼|허풍|수다|빚|트집|깍쟁)장이", r"\1쟁이",
                "A person known for a trait is '-쟁이'; '-장이' is a craftsman (대장장이)."),
    Misspelling("위층", START + r"윗(?=[층쪽칸])", "위",
                "No 사이시옷 before an aspirated or tense consonant: '위층', '위쪽'."),
    Misspelling("위층", START + r"아랫(?=[층쪽칸])", "아래",
                "No 사이시옷 before an aspirated or tense consonant: '아래층', '아래쪽'."),
    Misspelling("내디디다", START + r"내딛었", "내디뎠", "'내딛다' cannot take a vowel ending: '내디뎠다'."),
    Misspelling("내디디다", START + r"내딛어", "내디뎌", "'내딛다' cannot take a vowel ending: '내디뎌'."),
    Misspelling("서슴다", START + r"서슴치", "서슴지", "The verb is '서슴다': '서슴지 않고'."),
    Misspelling("담그다", START + r"담구(?=[고다어었니지는며면])", "담그", "The verb is '담그다'."),
    Misspelling("담그다", START + r"담궈", "담가", "'담그다' conjugates as '담가'."),
    Misspelling("담그다", START + r"담궜", "담갔", "'담그다' conjugates as '담갔다'."),
    Misspelling("치르다", START + r"치뤘", "치렀", "The verb is '치르다': '치렀다'."),
    Misspelling("치르다", START + r"치뤄", "치러", "The verb is '치르다': '치러'."),
    Misspelling("치르다", START + r"치루(?=[고는며면지기다])", "치르", "The verb is '치르다'."),
    Misspelling("바뀌다", START + r"바꼈", "바뀌었", "'바뀌었' does not contract ('바꼈' is not standard)."),
    Misspelling("사귀다", START + r"사겼", "사귀었", "'사귀었' does not contract ('사겼' is not standard)."),
    Misspelling("앳되다", START + r"애띤", "앳된", "The adjective is '앳되다': '앳된 얼굴'."),
    Misspelling("얘기", START + r"예기(?=(?:를|가|는|도|야|였|예요)(?![가-힣])(?!\s*꺾))", "얘기",
                "A talk is '얘기' (이야기); '예기' is expectation (and 예기가 꺾이다, spirit)."),
    Misspelling("돼", START + r"(안|못|잘)?되(요|서)(?=(?:도|요)?(?![가-힣]))", r"\1돼\2",
                "'돼' contracts '되어': '돼요', '돼서'."),
    _w("눈꼽", "눈곱", "The standard spelling is '눈곱'.", start=False),
    *(_w(w, r, f"The adverb is spelt '{r}'.", end=True, rule="-이/-히")
      for w, r in (("솔직이", "솔직히"), ("틈틈히", "틈틈이"), ("깨끗히", "깨끗이"), ("일일히", "일일이"),
                   ("번번히", "번번이"), ("곰곰히", "곰곰이"), ("깊숙히", "깊숙이"), ("꼼꼼이", "꼼꼼히"),
                   ("각별이", "각별히"), ("뚜렷히", "뚜렷이"), ("일찌기", "일찍이"), ("더우기", "더욱이"),
                   ("가벼히", "가벼이"), ("나즈막히", "나지막이"), ("비로서", "비로소"),
                   ("아뭏든", "아무튼"), ("하마트면", "하마터면"), ("가만이", "가만히"),
                   ("조용이", "조용히"), ("급급이", "급급히"), ("넉넉이", "넉넉히"),
                   ("소복히", "소복이"), ("수북히", "수북이"))),
    Misspelling("-었다", r"(?<=[가-힣])(?<![뚜또])렷(?=다|고|지|는데|어|으니)", "렸",
                "The past tense is written with ㅆ: '-렸다'."),
    Misspelling("-었다", r"(?<=[가-힣])(?<!무)엇(?=다|고|지|는데|어요|습니다)", "었",
                "The past tense is written with ㅆ: '-었다'."),
    Misspelling("-ㄹ게", r"(?<!들)(?<=[" + _RIEUL + r"])께(?=요?(?![가-힣]))", "게",
                "The ending of a promise is '-ㄹ게' ('-ㄹ께' is a common misspelling)."),
    Misspelling("바람", START + r"바램(?=(?:이|은|을|도|과|이야|이에요|입니다|이었|이다)?(?![가-힣]))", "바람",
                "A wish is '바람' (from 바라다); '바램' is the fading of a colour."),
    *(_w(w, r, f"'-하지' after a voiceless stem shortens to '-지': '{r}'.", end=True, rule="-지 않다")
      for w, r in (("넉넉치", "넉넉지"), ("섭섭치", "섭섭지"), ("깨끗치", "깨끗지"), ("익숙치", "익숙지"),
                   ("녹록치", "녹록지"), ("탐탁치", "탐탁지"), ("갑갑치", "갑갑지"), ("답답치", "답답지"))),
    Misspelling("삼가다", START + r"삼가하(?=[시십세라고기는면지며])", "삼가",
                "The verb is '삼가다' ('삼가하다' is not a word): '삼가시오', '삼가라'."),
    Misspelling("삼가다", START + r"삼가해(?=[요야서라]?(?![가-힣]))", "삼가",
                "The verb is '삼가다' ('삼가하다' is not a word): '삼가 주세요'."),
    Misspelling("설레다", START + r"설레이(?=[는고며면지게었였]|(?![가-힣]))", "설레",
                "The verb is '설레다' ('설레이다' is not a word)."),
    _w("설레임", "설렘", "The noun of '설레다' is '설렘'.", rule="설레다"),
    Misspelling("-예요", START + r"([이그저]?거|뭐)에요(?![가-힣])", r"\1예요",
                "After a vowel the copula is '-예요': '거예요', '뭐예요'."),
    Misspelling("-예요", START + r"꺼[에예]요(?![가-힣])", "거예요",
                "'것' is written '거' before the copula, which after a vowel is '-예요': '거예요'."),
    _w("아니예요", "아니에요", "'아니다' takes '-에요': '아니에요'.", start=False),
    Misspelling("걸맞은", START + r"(걸|알)맞는(?![가-힣])", r"\1맞은",
                "'걸맞다' and '알맞다' are adjectives: '걸맞은', '알맞은'."),
    *(Misspelling("-려고", START + w + r"(?=[고면는니다던])", r, "The ending is '-려고'/'-려면' without an "
                  "extra ㄹ: '하려면'.") for w, r in (("할려", "하려"), ("볼려", "보려"), ("될려", "되려"))),
    Misspelling("-려고", r"(?<=[가-힣])을려(?=[고면는니다던])", "으려",
                "The ending is '-으려고'/'-으려면' without an extra ㄹ: '먹으려고'."),
    Misspelling("찌개", START + r"(김치|된장|부대|동태|순두부|생선|고추장|청국장|비지)찌게", r"\1찌개",
                "The stew is '찌개'."),
    _w("통채", "통째", "'통째' (the whole thing) is spelt with 째.", rule="통째"),
    _w("돌맹이", "돌멩이", "The standard spelling is '돌멩이'.", start=False),
    Misspelling("깎다", START + r"깍(?=아|았|으|는|고|을|던|기)", "깎", "'깎다' has ㄲ as its last consonant."),
    _w("내노라", "내로라", "The word is '내로라하다'."),
    _w("어의없", "어이없", "'어이없다' (dumbfounded) is spelt 어이; 어의 is a royal physician."),
    Misspelling("어이없", START + r"어의(?=(?:가|도) 없)", "어이",
                "'어이가 없다' (dumbfounded) is spelt 어이; 어의 is a royal physician."),
    _w("어떡게", "어떻게", "'How' is '어떻게' (어떡 appears only in 어떡해, 어떡하다).", rule="어떻게"),
    Misspelling("안", START + r"않(?=(?:했|해|하|할|한|합|돼|되|됐|된|될|갔|가|간|갈|봤|와|왔|온|올|줬|줘|준|줄)"
                r"[가-힣]*(?![가-힣]))", "안 ",
                "The negative adverb before a verb is '안', written apart ('안 했다'); '않' is the stem of 않다."),
    Misspelling("잠그다", START + r"잠구(?=[고다어었니지는며면])", "잠그", "The verb is '잠그다'."),
    Misspelling("잠그다", START + r"잠궈", "잠가", "'잠그다' conjugates as '잠가'."),
    Misspelling("잠그다", START + r"잠궜", "잠갔", "'잠그다' conjugates as '잠갔다'."),
    _w("고지곧대로", "곧이곧대로", "The word is '곧이곧대로'."),
    Misspelling("안절부절못하다", START + r"안절부절(?=[하한할해했])", "안절부절못",
                "The verb is '안절부절못하다' ('안절부절하다' is not standard)."),
    *(_w(w, r, f"The word is spelt '{r}'.", start=False, rule=r)
      for w, r in (("어짜피", "어차피"), ("건데기", "건더기"), ("닥달", "닦달"),
                   ("무릎쓰", "무릅쓰"), ("헬쓱", "핼쑥"), ("구렛나루", "구레나룻"), ("으례", "으레"),
                   ("개거품", "게거품"), ("뒤치닥거리", "뒤치다꺼리"), ("희노애락", "희로애락"),
                   ("폐쇠", "폐쇄"), ("요컨데", "요컨대"), ("되뇌이", "되뇌"), ("어줍잖", "어쭙잖"),
                   ("승락", "승낙"), ("곱배기", "곱빼기"), ("눈쌀", "눈살"), ("뇌졸증", "뇌졸중"),
                   ("칠흙", "칠흑"), ("추스리", "추스르"), ("널부러", "널브러"), ("움추리", "움츠리"),
                   ("웅큼", "움큼"), ("갯수", "개수"), ("머릿말", "머리말"), ("쭈꾸미", "주꾸미"),
                   ("귀뜸", "귀띔"), ("안성마춤", "안성맞춤"), ("절대절명", "절체절명"),
                   ("풍지박산", "풍비박산"), ("홀홀단신", "혈혈단신"), ("야밤도주", "야반도주"),
                   ("동거동락", "동고동락"), ("짧다란", "짤따란"), ("널다란", "널따란"), ("얇다란", "얄따란"),
                   ("째째하", "쩨쩨하"), ("나즈막", "나지막"), ("우겨넣", "욱여넣"),
                   ("육계장", "육개장"), ("장농", "장롱"), ("오뚜기", "오뚝이"), ("꺼꾸로", "거꾸로"),
                   ("짜집기", "짜깁기"), ("횡경막", "횡격막"), ("일사분란", "일사불란"), ("맛갈", "맛깔"),
                   ("햇님", "해님"))),
    _w("구지", "굳이", "The adverb is '굳이'.", end=True),
    _w("궂이", "굳이", "The adverb is '굳이' (짓궂이 is another word).", rule="굳이"),
    _w("트름", "트림", "The word is '트림'.", end=False),
)


@dataclass(frozen=True)
class LexicalHit:
    rule: str
    start: int
    end: int
    wrong: str
    right: str
    note: str


@lru_cache(maxsize=1)
def _compiled() -> tuple[tuple[re.Pattern[str], Misspelling], ...]:
    return tuple((re.compile(m.pattern), m) for m in LEXICON)


def find_misspellings(text: str) -> list[LexicalHit]:
    """Every table entry found in ``text``, at its characters, left to right; where two overlap, the one
    that starts first (then the longer) is kept."""
    hits: list[LexicalHit] = []
    for rx, m in _compiled():
        for found in rx.finditer(text):
            right = found.expand(m.right)
            if found.group(0) != right:
                hits.append(LexicalHit(m.rule, found.start(), found.end(), found.group(0), right, m.note))
    hits.sort(key=lambda h: (h.start, -(h.end - h.start)))
    kept: list[LexicalHit] = []
    for h in hits:
        if not kept or h.start >= kept[-1].end:
            kept.append(h)
    return kept
