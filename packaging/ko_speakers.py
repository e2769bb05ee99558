"""Korean for who speaks which line by other readings than the offline rules (issue 31): the LLM's reading
in the ledger and its switch, the reviewer's speaker corrections (the dialog, the dock's column, the status
line), and the Speakers (LLM) judge's name (read by make_ts.py)."""

SPEAKERS_KO = {
    # the ledger's reading row
    "Offline rules": "오프라인 규칙", "LLM reading": "LLM 판독",
    "Whose reading of who speaks each line the ledger shows; your corrections are shown over either":
        "장부에 보일 화자 판독을 고릅니다. 직접 고친 화자는 어느 쪽에서든 우선합니다",
    "Speakers: the LLM's reading": "화자: LLM 판독", "Speakers: the offline rules": "화자: 오프라인 규칙",
    "{0} set by you": "직접 지정 {0}",
    # setting a speaker
    "Set the speaker…": "화자 지정…", "Set the speaker": "화자 지정", "Line": "대사",
    "Speaker": "화자", "Listener": "청자", "unknown": "불명",
    "Speaker set: {0}": "화자 지정: {0}", "The speaker could not be saved ({0}).": "화자를 저장하지 못했습니다({0}).",
    # the sentences page: where each line's speaker comes from
    "Speaker from": "화자 출처", "rules": "규칙", "LLM": "LLM", "you": "직접",
    # the judge
    "Speakers (LLM)": "화자(LLM)",
    "Asks the model who says each line of dialogue in a Korean translation and to whom, one scene at a time; "
    "names the text does not contain are refused. The ledger can show this reading instead of the offline one.":
        "한국어 번역의 대사마다 누가 누구에게 하는 말인지 장면별로 모델에게 묻습니다. 본문에 없는 이름은 "
        "받아들이지 않습니다. 관계 장부에서 오프라인 판독 대신 이 판독을 볼 수 있습니다.",
}
# The explanation templates these readings add (app/korean/ledger.py registers them) are in
# packaging/ko_explanations.py with the others, keyed by template.
