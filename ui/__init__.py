"""LitLens desktop GUI (PySide6): small widgets on top of the Qt-free core in ``app``."""
