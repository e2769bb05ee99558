"""Korean for what the Export dialog says when it cannot write where the user pointed it (a user walk of
the window as translator, editor and student), read by make_ts.py. The dialog's Choose… button reads
고르기… in Korean, so the messages name it so."""

WALK_USERS_KO = {
    "{0} is a folder: add a file name to it.": "{0}: 폴더입니다. 파일 이름까지 적어 주세요.",
    "The folder {0} does not exist: choose another with Choose…, or create it first.":
        "없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르거나 먼저 폴더를 만드세요.",
    "You cannot write in the folder {0}: choose another with Choose….":
        "쓸 수 없는 폴더입니다: {0}. ‘고르기…’로 다른 폴더를 고르세요.",
}
