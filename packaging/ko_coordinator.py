"""Korean for strings added while integrating this round's work (run failures after the start). Read by
make_ts.py."""

COORDINATOR_KO = {
    "The run failed: {0}": "실행이 실패했습니다: {0}",
    "Asks the model who says each line of dialogue in a Korean translation and to whom, one scene at a time; names the text does not contain are refused. The ledger can show this reading instead of the offline one.":
        "한국어 번역의 대사마다 누가 누구에게 하는 말인지 장면 단위로 모델에게 묻습니다. 본문에 없는 이름은 받아들이지 않습니다. 관계 장부는 오프라인 판독 대신 이 판독을 보여 줄 수 있습니다.",
}
