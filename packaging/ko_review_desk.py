"""Korean for the reviewer's desk, second part (issue 35): the bilingual review DOCX (File menu and the
import preview), chapter folders and the pair view's chapter chooser (read by make_ts.py)."""

REVIEW_DESK_KO = {
    # File menu
    "Export review &DOCX…": "검토용 DOCX 내보내기(&D)…",
    "&Import review DOCX…": "검토용 DOCX 가져오기(&I)…",
    "Open &chapter folders…": "장별 폴더 열기(&C)…",
    "These chapter folders could not be opened": "이 장별 폴더를 열 수 없습니다",
    "Folder of the source's chapter files": "원문 장 파일이 든 폴더",
    "Folder of the translation's chapter files": "번역문 장 파일이 든 폴더",
    # export and import of the review DOCX
    "Export review DOCX": "검토용 DOCX 내보내기",
    "Import review DOCX": "검토용 DOCX 가져오기",
    "Word documents (*.docx)": "Word 문서 (*.docx)",
    "Open a project first.": "먼저 프로젝트를 여세요.",
    "{0} failed: {1}": "{0} 실패: {1}",
    "this project has no run yet: run the judges first": "이 프로젝트에는 아직 실행 기록이 없습니다. 먼저 평가기를 실행하세요",
    "Exported a review DOCX of {0} ({1} paragraphs, {2} findings) to {3}":
        "{0}의 검토용 DOCX를 {3}에 내보냈습니다 (문단 {1}개, 지적 {2}개)",
    "the file was made from another project (#{0}); open that project first":
        "이 파일은 다른 프로젝트(#{0})에서 만들어졌습니다. 먼저 그 프로젝트를 여세요",
    "saved as revision {0} of {1}": "{1}의 개정 {0}(으)로 저장",
    "no target changed": "바뀐 번역문 없음",
    "Review DOCX imported: {0}; {1} note(s).": "검토용 DOCX를 가져왔습니다: {0}, 메모 {1}개.",
    # the import preview
    "Import review DOCX — {0}": "검토용 DOCX 가져오기 — {0}",
    "Row": "행",
    "Now": "지금",
    "After the import": "가져온 뒤",
    "Edited targets ({0})": "고친 번역문 ({0})",
    "Answers as notes ({0})": "메모가 될 답변 ({0})",
    "Not applied ({0})": "적용하지 않는 것 ({0})",
    "{0} edited paragraph(s) become one new revision of {1}; {2} answer(s) become notes on their findings. "
    "One Undo takes the whole import back.":
        "고친 문단 {0}개는 {1}의 새 개정 하나가 되고, 답변 {2}개는 해당 지적의 메모가 됩니다. "
        "실행 취소 한 번으로 가져오기 전체를 되돌립니다.",
    "The file changes nothing.": "이 파일로 바뀌는 것이 없습니다.",
    "Apply": "적용",
    # the pair view's chapter chooser
    "Go to a chapter of the book": "책의 장으로 이동",
    "{0}. {1}": "{0}. {1}",
}
