"""Korean for what the window says about storage (issue 33): the status bar's notice when the database
cannot be written, and the tooltip of every action turned off for it (read by make_ts.py)."""

STORAGE_KO = {
    "Read-only database: {0}": "읽기 전용 데이터베이스: {0}",
    "{0}. You can read the project, its results and its revisions; decisions, edits and runs cannot be stored.":
        "{0}. 프로젝트와 결과, 수정본은 볼 수 있지만 판정, 편집, 실행 결과는 저장할 수 없습니다.",
    "Not available: the database is read-only ({0}).": "사용할 수 없음: 데이터베이스가 읽기 전용입니다({0}).",
}
