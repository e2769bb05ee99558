"""Korean for the evidence the offline attribution adds in issue 31 (app/korean/attribution.py registers
the templates): the English source as a clue, the scene's turns read as a whole, a line to several people.

Keyed by template, as packaging/ko_explanations.py's EXPLANATIONS_KO is: to be merged there when the
translation is rebuilt (make_ts.py files explanation templates under the context "Explanations"). Names
({who}, {label}) are followed only by particles that do not change after a final consonant (의) or by
a quotation mark."""

ATTRIBUTION_TEMPLATES_BY_KEY = {
    "how/english": "영어 원문은 이 대사를 '{label}'의 말로 보며, 번역문에서 '{label}'은(는) {who}임",
    "how/turn-taking": "앞뒤 대사의 차례를 장면 전체로 읽으면 {who}의 대사임",
    "listener-how/several": "여러 사람에게 한꺼번에 하는 말(여러분, 너희, 복수의 '들')",
}
