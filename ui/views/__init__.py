"""One view per payload type: the radar, the ranking with its rationale, the score table, the speech-level map
and who-speaks-to-whom ledger, the term table, generic tables, agreement with the reviewer; the registry that
picks a view by payload type, and the dock page that hosts one.
"""

from litlens.ui.views.registry import register_view, unregister_view  # a plug-in's GUI side registers here

__all__ = ["register_view", "unregister_view"]
