"""Korean for the reviewer's desk, third part (issue 35): what the find-and-replace dialog says after a
replacement, the scorecard's built-in profile name, and the review DOCX import preview's findings and
the rows it will not apply (read by make_ts.py)."""

DESK_WALK_KO = {
    # Find and replace: the dialog says what was done
    "Replacing {0} occurrences…": "{0}군데를 바꾸는 중…",
    "{0} Edit › Undo takes it back; Preview searches again.":
        "{0} 편집 › 실행 취소로 되돌릴 수 있고, 미리 보기를 누르면 다시 찾습니다.",
    "{0} changes in {1} paragraphs saved as revision {2} of {3} ({4}).":
        "{1}개 문단에서 {0}군데를 바꾸어 {3}의 수정본 {2}(으)로 저장했습니다 ({4}).",
    # the Termbase dock: the note on a spelling promoted as forbidden
    "a variant spelling the consistency judge found": "일관성 검사가 찾은 다른 표기",
    # the scorecard's built-in profile
    "Literary": "문학 번역",
    # the review DOCX import preview: rows it will not apply
    "the source differs from the project's; their edits are not taken: {0}":
        "원문이 프로젝트의 원문과 다릅니다. 이 행들의 수정은 반영하지 않습니다: {0}",
    "no paragraph of the translation has this ID: {0}": "번역문에 이 ID의 문단이 없습니다: {0}",
    "the ID appears twice; only the first row is read: {0}": "ID가 두 번 나옵니다. 첫 행만 읽습니다: {0}",
    "no row in the file (left as they are): {0}": "파일에 행이 없습니다(그대로 둡니다): {0}",
    "edited in LitLens since the export too; the file's edit is not taken: {0}":
        "내보낸 뒤 LitLens에서도 고쳤습니다. 파일의 수정은 반영하지 않습니다: {0}",
    "the file empties the target; a paragraph cannot be removed this way: {0}":
        "파일에서 번역문이 비었습니다. 이렇게 문단을 지울 수는 없습니다: {0}",
    "row {0}: a reply that names no finding of this row or translation: {1}":
        "{0}행: 이 행이나 번역문의 어느 지적에도 해당하지 않는 답변: {1}",
}
