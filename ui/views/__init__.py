"""One view per payload type: the radar, the ranking with its rationale, the score table, the speech-level map
and who-speaks-to-whom ledger, the term table, generic tables, agreement with the reviewer; the registry that
picks a view by payload type, and the dock page that hosts one.
"""
