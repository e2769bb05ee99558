"""Reviewing findings: the findings list (model, rows, widget), accept/reject/correct/add and the review
controller that stores decisions, the edit controller (edits as revisions, Apply, undo/redo), several findings
at once, the right-click menu, and File › Export.
"""
