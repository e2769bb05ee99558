"""The ``litlens`` command line: ``main`` dispatches; one module per group of sub-commands."""
