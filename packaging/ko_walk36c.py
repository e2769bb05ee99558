"""Korean for the strings a user walk under a real X server added or reworded (undo/redo saying which of
the two happened, the speech-level sentences an edit rewrote since the run, ...), read by make_ts.py."""

WALK36C_KO = {
    "Undone: {0}": "실행 취소함: {0}",
    "Redone: {0}": "다시 실행함: {0}",
    "Nothing to undo.": "취소할 작업이 없습니다.",
    "Nothing to redo.": "다시 실행할 작업이 없습니다.",
}
