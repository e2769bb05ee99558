"""Korean for the offline attribution's new evidence and abstentions (issue 31: precision on prose the rules
were not tuned on), keyed by template key like packaging/ko_explanations.py, to be merged into the
explanations table ("Explanations" context) when the translation is rebuilt. Placeholders kept as in the
English; names are followed only by particles that do not change after a final consonant (의, 에게) or by
the 을(를)/은(는) forms the table already uses."""

ATTRIBUTION_CHECKS_KO = {
    "how/self-named": "대사가 스스로 화자를 밝힘: {who}",
    "how/unknown-address-sex":
        "화자 미상: 단서는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 {who}이(가) 쓰지 않는 호칭임",
    "how/unknown-address-elder":
        "화자 미상: 대화의 차례는 {who}을(를) 가리키지만, 대사가 청자를 {vocative}(이)라고 부르며 이는 자식이나 "
        "아랫사람이 쓰는 호칭임",
    "how/unknown-not-yet-present":
        "화자 미상: 대화의 차례는 {who}을(를) 가리키지만, {who}은(는) 이 대사 뒤에야 장면에 들어옴",
}
