"""Korean for the offline attribution's explanation added when one kind of evidence alone is not trusted
(app/korean/attribution_checks.py), keyed by template key as packaging/ko_explanations.py is: make_ts.py
files these under the context "Explanations" beside EXPLANATIONS_KO. Placeholders are kept as in the
English; a name is followed only by a particle that does not change after a final consonant."""

ATTRIBUTION_PRECISION_KO = {
    "how/unknown-uncorroborated":
        "화자 미상: {who}의 근거가 한 종류뿐이고({how}) 본문의 다른 단서가 뒷받침하지 않음. 이 근거만으로는 "
        "규칙이 본 적 없는 글에서 다른 사람을 화자로 잘못 짚는 일이 잦았음",
}
