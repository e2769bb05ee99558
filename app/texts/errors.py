"""The one exception the text layer raises for files it cannot read, with a message meant for people."""

from __future__ import annotations


class TextReadError(Exception):
    """A file could not be read as text. ``str(err)`` is a complete sentence that names the file."""

    def __init__(self, message: str, name: str = "") -> None:
        self.name = name
        self.reason = message
        super().__init__(f"{name}: {message}" if name else message)
