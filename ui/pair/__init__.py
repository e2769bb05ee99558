"""The pair view: source and translation side by side, paragraph by paragraph — its canvas, row layout and
painting, the plan and index of highlights per row, mouse and keyboard input, and the inline editor (with
XLIFF inline codes shown as tags).
"""
