"""LitLens core (``litlens.app``): texts, providers, judges, engine and store. Never imports Qt."""

from litlens import __version__

__all__ = ["__version__"]
