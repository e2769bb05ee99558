"""Korean for what a user walk of the window (as translator, editor and student) added: what the Export
dialog says when it cannot write where the user pointed it, and what an empty result dock says to run.
Read by make_ts.py. The Export dialog's Choose… button reads 고르기… in Korean, so the messages name it
so; a judge's name is quoted, so no particle has to follow it."""

WALK_USERS_KO = {
    "{0} is a folder: add a file name to it.": "{0}: 폴더입니다. 파일 이름까지 적어 주세요.",
    "The folder {0} does not exist: choose another with Choose…, or create it first.":
        "없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르거나 먼저 폴더를 만드세요.",
    "You cannot write in the folder {0}: choose another with Choose….":
        "쓸 수 없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르세요.",
    # PayloadPanel: an empty result dock names the judges that fill it
    "Nothing here yet: tick {0} in the judge panel and run it.":
        "아직 결과가 없습니다. 평가기 목록에서 ‘{0}’에 체크하고 실행하세요.",
    "Nothing here yet: tick {0} or {1} in the judge panel and run one.":
        "아직 결과가 없습니다. 평가기 목록에서 ‘{0}’ 또는 ‘{1}’에 체크하고 실행하세요.",
    "Nothing here yet: Review › Compare the judges with people's error spans… fills this view.":
        "아직 결과가 없습니다. ‘검토 › 평가기를 사람이 표시한 오류 구간과 비교…’로 채워집니다.",
}
