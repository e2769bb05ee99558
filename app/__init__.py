"""LitLens core: texts, providers, judges, engine and store. Never imports Qt."""

__version__ = "0.1.0"
