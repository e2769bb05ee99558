"""The ``litlens`` command line: ``main`` dispatches; one module per group of sub-commands."""


def first_paragraph(doc: str | None) -> str:
    """A module docstring's first paragraph as one line: a sub-command's ``--help`` description (its first
    line alone stopped mid-sentence)."""
    return " ".join((doc or "").split("\n\n")[0].split()).replace("``", "")
