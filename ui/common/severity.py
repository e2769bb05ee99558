"""How each severity looks: a colour AND an underline style, so findings never rely on colour alone."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QColor, QTextCharFormat

from litlens.app.core.model import SEVERITIES
from litlens.ui.common.theme import INK_ON_TINT


@dataclass(frozen=True)
class SeverityStyle:
    name: str
    colour: str  # underline and swatch
    tint: str  # background behind the text
    underline: QTextCharFormat.UnderlineStyle
    mark: str  # a text glyph for lists and legends, readable without colour

    def char_format(self) -> QTextCharFormat:
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(self.tint))
        fmt.setForeground(QColor(INK_ON_TINT))  # light tints stay readable in the dark palette
        fmt.setUnderlineColor(QColor(self.colour))
        fmt.setUnderlineStyle(self.underline)  # (setFontUnderline would reset this to a plain line)
        if self.name == "critical":
            fmt.setFontWeight(600)
        return fmt


_U = QTextCharFormat.UnderlineStyle
STYLES: dict[str, SeverityStyle] = {
    "critical": SeverityStyle("critical", "#c62828", "#fbd5d5", _U.WaveUnderline, "‼"),
    "major": SeverityStyle("major", "#e65100", "#fde3c8", _U.SingleUnderline, "!"),
    "minor": SeverityStyle("minor", "#b08900", "#fbf1c0", _U.DashUnderline, "•"),
    "neutral": SeverityStyle("neutral", "#546e7a", "#e3eaee", _U.DotLine, "○"),
}
assert tuple(STYLES) == SEVERITIES

UNDERLINE_NAMES = {"critical": "wavy", "major": "solid", "minor": "dashed", "neutral": "dotted"}
CSS_UNDERLINE = {"critical": "wavy", "major": "solid", "minor": "dashed", "neutral": "dotted"}


# the severity as text (lists, detail panes): the swatch colours are too pale for words on a light
# background and too dark on a dark one, so text takes a variant that reaches 4.5:1 on either
TEXT_INK = {"light": {"critical": "#b71c1c", "major": "#a63c00", "minor": "#735a00", "neutral": "#46606c"},
            "dark": {"critical": "#ff8a80", "major": "#ffb067", "minor": "#e8c95a", "neutral": "#a9bcc6"}}


def text_ink(severity: str) -> str:
    from litlens.ui.common import theme
    inks = TEXT_INK[theme.current()]
    return inks.get(severity, inks["neutral"])


def style_for(severity: str) -> SeverityStyle:
    return STYLES.get(severity, STYLES["neutral"])


def rank(severity: str) -> int:
    """Sort key: critical first."""
    return SEVERITIES.index(severity) if severity in SEVERITIES else len(SEVERITIES)
