"""Opening a project: the New project dialog and drag-and-drop, reading files off the GUI thread, the sample,
reopening stored projects, and the judge choices remembered per project.
"""
