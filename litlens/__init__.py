"""LitLens: review literary translations with research-grade judges.

Everything LitLens installs lives under this one import namespace, so nothing a user keeps in their
working directory (an ``app/`` or ``resources/`` folder of their own) can shadow it:

* ``litlens.app``        the Qt-free core (texts, providers, judges, engine, store, CLI);
* ``litlens.ui``         the PySide6 window;
* ``litlens.resources``  prompts, rubrics, tables, samples, icons and UI translations;
* ``litlens.api``        the public plug-in API for third-party judges.

In a source checkout the three folders stay at the repository's top level; pyproject.toml maps them
into this namespace (``package-dir``), for wheels and editable installs alike.
"""

__version__ = "0.1.0"
