"""LitLens desktop GUI (PySide6) on top of the Qt-free core in ``litlens.app``, one package per feature:
``shell`` composes the main window from the features (``pair``, ``review``, ``revisions``, ``runs``,
``views``, ``exercises``, ``learning``, ``settings``, ``project`` and the reviewer's tools), which build on
``common`` and never import the shell; ``main`` starts it."""
