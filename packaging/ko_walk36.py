"""Korean for what an undoable command is called (ui/review/history_labels.py: the Edit menu's Undo/Redo
and the status line after an undo), read by make_ts.py."""

WALK36_KO = {
    "accept": "수락",
    "reject": "거부",
    "correct": "수정",
    "add": "지적 추가",
    "withdraw": "결정 철회",
    "edit": "편집",
    "apply correction": "수정 제안 적용",
    "apply verified fixes": "검증된 수정 적용",
    "review import": "검토 가져오기",
    "reject all like this": "이와 같은 지적 모두 거부",
    "accept all occurrences": "모든 출현 수락",
    "accept {0} findings": "지적 {0}개 수락",
    "reject {0} findings": "지적 {0}개 거부",
    "edit ¶{0}": "¶{0} 편집",
    "restore revision {0}": "수정본 {0} 복원",
    "speaker of a line: {0}": "대사의 화자: {0}",
}
