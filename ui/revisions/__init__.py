"""A translation's revisions: Edit › Revisions… (browse, compare and restore) and the status-bar note that says
which revision is shown.
"""
