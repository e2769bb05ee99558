"""Words that name people in Korean narration: kinship, role and title nouns, pronouns, and the sex a
word implies (할머니, 그녀), with the normalisation that makes 은결이 and 은결아 one name."""

from __future__ import annotations

# Kinship and role nouns: a closed class that names people in narration (others need a speech verb).
PERSON_NOUNS = set("""할멈 할아범 도련님 아씨 유모 노인 청년 어머니 아버지 엄마 아빠 형 누나 오빠 언니 동생 아들 딸 아내
남편 부인 영감 대감 상궁 중전 왕 임금 아이 소년 소녀 사내 여인 여자 남자 노파 형사 순경 선장 선원 나그네 주인 주인장
교장 사장 선생 선생님 할아버지 할머니 아가씨 손자 손녀 하인 머슴 마님 나리 스님 의사 학생 친구 이모 고모 삼촌 아저씨
아주머니 손님 장군 병사 어미 아비 도령 총각 처녀 목사 신부 하녀 사공 마부 노부인 청년들 아기 선배 후배 진사 생원 참봉
첨지 아줌마 형님 누님 오라버니 동무 며느리 시어머니 시아버지 새댁 색시 서방님 아낙 노승 행자 간호사 경찰 기사 점원
직원 팀장 부장 과장 대리 사원 반장 조카 사촌 외삼촌 이장 교수 박사 작가 감독 운전사 기자 검사 변호사 원장 주임 담임
소녀들 아이들 사내아이 계집아이 계집애 여학생 남학생 신랑 신부님 약사 의원 순사 군인 장교 하사 상병 일병 이병 병장
노신사 신사 부인네 마나님 할미 아범 어멈 애기 꼬마 막내 맏이 큰형 작은형 큰언니 짝꿍 애인 남자친구 여자친구 집주인
하숙생 주모 객주 도사 관리 사또 원님 포졸 나졸 나리님 영감님 회장 소장 관리소장 국장 총무 선장 경비 엿장수
행랑어멈 어멈 시누이 올케 형수 제수 매형 처남 장인 장모 사위 경감 경위 형사님 면접관 사회자 손녀딸
어르신 나으리 여보 여보게 임자 아가 아우 얘 이봐 여봐라 자네 당신 댁 부인님 선생님 형씨 아씨 낭자 소저 공자 도련
주인어른 마나님 어멈 애기씨 사모님 과장님 부장님 사장님 팀장님 실장님 대리님 선배님 교수님 박사님 기사님 아저씨들""".split())

# Titles read as part of a name ("김 진사", "백 씨"): the whole is how the text names the person.
NAME_TITLES = {"씨", "선생", "선생님", "영감", "서방", "교수", "교수님", "진사", "생원", "참봉", "첨지", "주사",
               "대감", "도령", "마님", "서방님", "부장", "과장", "대리", "사장", "사장님", "박사", "기자", "형사",
               "여사", "순경", "군", "양", "노인", "할멈", "할아범", "부인", "스님", "목사", "신부", "의원", "장군",
               "판서", "서기", "반장", "이장", "면장", "군수", "감독", "선수", "팀장", "실장", "차장", "검사",
               "변호사", "작가", "원장", "교장", "순사", "주임", "경위", "경감", "경사", "노파", "총각", "처녀", "회장",
               "소장", "국장", "총무", "선장", "학생", "기사", "양반", "어른"}
# Kinship and school words after a given name ("수진 언니", "태경 선배"): the given name is the name.
KIN_AFTER_NAME = {"언니", "오빠", "형", "누나", "형님", "누님", "선배", "후배", "선배님", "할머니", "할아버지",
                  "아저씨", "아주머니", "아줌마", "이모", "고모", "삼촌", "님", "쌤", "선생님"}

PRONOUNS = {"그", "그녀", "그이", "그분", "이분", "저분", "그놈", "누군가", "누구", "누", "아무", "그것", "이것"}
GROUP_WORDS = {"여러분", "얘들", "너희", "너희들", "다들", "모두", "여러분들", "자네들", "당신들", "애들",
               "아이들", "동무들", "형제들", "신사", "숙녀", "제군", "청중", "백성", "사람들", "녀석들", "놈들"}

FEMALE = set("""그녀 할머니 어머니 엄마 누나 언니 딸 손녀 아내 부인 여자 소녀 처녀 아가씨 여인 노파 할멈 이모 고모 며느리
하녀 아주머니 아줌마 마님 아씨 유모 여사 새댁 색시 시어머니 누님 어멈 어미 할미 계집아이 계집애 여학생 주모 노부인
마나님 상궁 중전 아낙 여자친구 양""".split())
MALE = set("""그 할아버지 아버지 아빠 형 오빠 아들 손자 남편 남자 소년 사내 총각 영감 아저씨 삼촌 도련님 서방 청년 머슴
대감 나리 진사 생원 참봉 첨지 형님 오라버니 시아버지 아범 아비 사내아이 남학생 신랑 도령 노신사 신사 서방님 외삼촌 남자친구
군 스님 행자 노승 사또 원님""".split())

SURNAMES = set("김 이 박 최 정 강 조 윤 장 임 한 오 서 신 권 황 안 송 류 유 홍 전 고 문 양 손 배 백 허 남 심 노 하 곽 성 차 주 "
               "우 구 민 진 나 지 엄 채 원 천 방 공 현 함 변 염 여 추 도 소 석 선 설 마 길 연 위 표 명 기 반 왕 금 옥 육 인 맹 "
               "제 모 탁 국 어 은 편 용 예 경 봉 사 부 황보 남궁 제갈 선우 독고".split())


def has_final(ch: str) -> bool:
    """Whether a Hangul syllable ends in a consonant (은결 → 결 does; 하나 → 나 does not)."""
    code = ord(ch) - 0xAC00
    return 0 <= code < 11172 and code % 28 != 0


def plain_name(name: str) -> str:
    """A given name without the familiar 이 that follows one ending in a consonant (은결이 → 은결)."""
    if len(name) >= 3 and name.endswith("이") and " " not in name and has_final(name[-2]):
        return name[:-1]
    return name


def sex_of(word: str | None) -> str | None:
    """'f', 'm' or None (unknown) for a person word: a kinship noun, a title, a pronoun."""
    if not word:
        return None
    flat = word.replace(" ", "")
    last = word.split()[-1] if " " in word else word
    for w in (flat, last):
        if w in FEMALE:
            return "f"
        if w in MALE:
            return "m"
    for suffix in ("할머니", "어머니", "언니", "누나", "마님", "부인", "여사", "아씨", "아가씨", "양", "어멈", "할멈"):
        if flat.endswith(suffix) and len(flat) > len(suffix):
            return "f"
    for suffix in ("할아버지", "아버지", "오빠", "형", "영감", "진사", "서방", "대감", "도령", "군", "아범", "할아범"):
        if flat.endswith(suffix) and len(flat) > len(suffix):
            return "m"
    return None


def role_core(term: str) -> str:
    """An address term or role without its honorific tail: 진사 어른 → 진사, 선생님 → 선생, 대감마님 → 대감."""
    t = term.strip()
    for tail in (" 어른", " 마님", " 나리", "마님", "어른", "님"):
        if t.endswith(tail) and len(t) > len(tail):
            return t[:-len(tail)].strip()
    return t
