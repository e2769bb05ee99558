"""Counts in English with the noun agreeing: "1 finding", "0 findings", "2 findings".

English takes the singular for exactly one and the plural for any other count (0, 2, 1.5). Every place
that says how many of something there are (the window, the CLI's lines, the reports) picks its wording
here, so "1 findings" cannot come back in one place while fixed in another.

The caller gives both English forms. In the window each form is translated first (``self.tr`` on each
literal, so the translation tools still see both); Korean has no plural, so its two entries read alike.
Qt-free: app/ uses it as it is.
"""

from __future__ import annotations

from typing import Any


def one_or_many(n: float, one: str, many: str) -> str:
    """``one`` when ``n`` is exactly 1, else ``many`` (the text itself, not formatted)."""
    return one if n == 1 else many


def counted(n: float, one: str, many: str, *rest: Any) -> str:
    """The chosen form formatted with ``n`` as {0} and ``rest`` as {1}, {2}…:
    ``counted(1, "{0} finding", "{0} findings")`` → "1 finding"."""
    return one_or_many(n, one, many).format(n, *rest)


def noun(n: int, singular: str, plural: str = "") -> str:
    """"1 run", "3 runs": the count, a space, and the noun in agreement (plural: ``singular`` + "s" unless
    given). English only: for text the window translates, use :func:`counted` with translated forms."""
    return f"{n} {one_or_many(n, singular, plural or singular + 's')}"


def fraction(done: int, total: int, singular: str, plural: str = "") -> str:
    """"1/1 unit", "3/5 units": progress out of a total, the noun agreeing with the total."""
    return f"{done}/{total} {one_or_many(total, singular, plural or singular + 's')}"
