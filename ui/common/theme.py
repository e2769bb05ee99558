"""Light and dark palettes (View menu), and the few colours our own drawings take from the theme.

Severity tints keep their light backgrounds in both themes, with dark ink on them, so a finding reads the
same everywhere; table headers, misaligned rows and badges switch with the theme.
"""

from __future__ import annotations

from dataclasses import dataclass

import shiboken6
from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QApplication, QLabel, QProxyStyle, QStyle, QStyleOption, QWidget


@dataclass(frozen=True)
class Colours:
    header: str  # header row of the pair table
    mismatch: str  # rows that are not aligned one-to-one
    gutter: str  # paragraph numbers
    border: str
    header_ink: str
    muted: str
    warn: str
    focus: str  # the finding chosen in the list
    control: str  # outline of check boxes and radio buttons: 3:1 on window and base (WCAG 1.4.11)


# muted and warning inks reach WCAG AA (4.5:1) on the window, base and alternate-row colours of their palette
LIGHT = Colours("#eef1f5", "#fff4d6", "#5f6672", "#d9dde3", "#2b3340", "#555c68", "#805600", "#c9dcff", "#6e7781")
DARK = Colours("#2c323b", "#4a3f1f", "#9aa3b2", "#4a515c", "#e6e9ee", "#a7aebb", "#e3b341", "#3d5a8a", "#8b93a1")
PROBLEM = {"light": "#b3261e", "dark": "#ff8a80"}
# surfaces our own widgets draw (ranking cards, notes): (background, border, winner background)
SURFACE = {"light": ("#ffffff", "#c3c8d0", "#eaf6ee"), "dark": ("#262b33", "#4a515c", "#1e3a2a")}
INK_ON_TINT = "#1f2328"  # text drawn over a severity tint, in both themes

_current = "light"


class _Notifier(QObject):
    changed = Signal(str)


_notifier: _Notifier | None = None


def notifier() -> _Notifier:
    """``notifier().changed`` fires after a switch: what baked a theme colour into its content (rich text,
    item inks) connects a method of its own and redraws, so no colour of the old theme stays behind."""
    global _notifier
    if _notifier is None or not shiboken6.isValid(_notifier):
        _notifier = _Notifier()
    return _notifier


def current() -> str:
    return _current


def colours() -> Colours:
    return DARK if _current == "dark" else LIGHT


def problem_ink() -> str:
    """Text that reports a problem, legible on the current palette."""
    return PROBLEM[_current]


def surface() -> tuple[str, str, str]:
    return SURFACE[_current]


def set_role(widget: QWidget, role: str) -> None:
    """Give a label one of the stylesheet's roles ("muted", "warning", "problem" or "" for none)."""
    if widget.objectName() != role:
        widget.setObjectName(role)
        widget.style().unpolish(widget)
        widget.style().polish(widget)


INKED = "litlensRoleInk"  # a label's property: its text colour was set from a role by the style below


def role_ink(role: str) -> str | None:
    """The text colour of a label role ("muted", "warning", "problem"); None for no role. Widgets set an
    object name, never a colour of their own, so both palettes stay legible and a theme switch restyles
    them at once."""
    c = colours()
    return {"muted": c.muted, "warning": c.warn, "problem": problem_ink()}.get(role)


def _ink_label(label: QLabel) -> None:
    """Give a label its role's ink (or its inherited one back when it lost its role).

    Done by the style as each label is polished, not by an application style sheet: any style sheet,
    even three rules for labels, puts every widget of the window through Qt's style-sheet engine, which
    doubled the window's construction time (0.14 → 0.27 s of CPU before the first paint,
    bench/startup.py) and slowed every later polish and paint."""
    ink = role_ink(label.objectName())
    if ink is not None:
        palette = label.palette()
        palette.setColor(QPalette.ColorRole.WindowText, QColor(ink))
        label.setPalette(palette)
        label.setProperty(INKED, True)
    elif label.property(INKED):
        label.setPalette(QPalette())  # inherit from the parent again
        label.setProperty(INKED, False)


def dark_palette() -> QPalette:
    p = QPalette()
    c = QPalette.ColorRole
    window, base, text = QColor("#1f2329"), QColor("#16191d"), QColor("#e6e9ee")
    for role, colour in ((c.Window, window), (c.WindowText, text), (c.Base, base),
                         (c.AlternateBase, QColor("#22262c")), (c.ToolTipBase, QColor("#2c323b")),
                         (c.ToolTipText, text), (c.Text, text), (c.Button, QColor("#2a2f36")),
                         (c.ButtonText, text), (c.BrightText, QColor("#ff6b6b")),
                         (c.Highlight, QColor("#2f5d99")), (c.HighlightedText, QColor("#ffffff")),
                         (c.Link, QColor("#7fb0ff")), (c.PlaceholderText, QColor("#8b93a1")),
                         (c.Mid, QColor("#3a4049")), (c.Dark, QColor("#111317")),
                         (c.Light, QColor("#3b424c"))):
        p.setColor(role, colour)
    disabled = QColor("#6b7280")
    for role in (c.WindowText, c.Text, c.ButtonText):
        p.setColor(QPalette.ColorGroup.Disabled, role, disabled)
    return p


_INDICATORS = (QStyle.PrimitiveElement.PE_IndicatorCheckBox, QStyle.PrimitiveElement.PE_IndicatorItemViewItemCheck,
               QStyle.PrimitiveElement.PE_IndicatorRadioButton)


class _Style(QProxyStyle):
    """Fusion, with check box and radio button outlines that can be seen: Fusion draws them a shade of
    the window colour (1.6:1 in light, 1.1:1 in dark), so an unticked box all but vanished; and labels
    inked by their role (see ``_ink_label``)."""

    def polish(self, target):  # noqa: ANN001, ANN201 - Qt's overloads: a widget, a palette or the app
        if isinstance(target, QLabel):
            _ink_label(target)
        return super().polish(target)

    def drawPrimitive(self, element, option: QStyleOption, painter: QPainter,  # noqa: N802 - Qt's name
                      widget: QWidget | None = None) -> None:
        super().drawPrimitive(element, option, painter, widget)
        if element not in _INDICATORS:
            return
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(QPen(QColor(colours().control), 1))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        box = QRectF(option.rect)
        side = min(box.width(), box.height()) - 1
        box = QRectF(box.center().x() - side / 2, box.center().y() - side / 2, side, side)
        if element == QStyle.PrimitiveElement.PE_IndicatorRadioButton:
            painter.drawEllipse(box)
        else:
            painter.drawRoundedRect(box, 1.5, 1.5)
        painter.restore()


_style: _Style | None = None


def light_palette(standard: QPalette) -> QPalette:
    """Fusion's light palette, with a selection that white text reads on (its #308cc6 gives 3.7:1)."""
    standard.setColor(QPalette.ColorRole.Highlight, QColor("#1c6bb0"))
    return standard


def apply(theme: str, app: QApplication | None = None) -> None:
    """Switch the whole application to ``theme`` ("light" or "dark")."""
    global _current
    app = app or QApplication.instance()  # type: ignore[assignment]
    _current = "dark" if theme == "dark" else "light"
    if app is None:
        return
    global _style
    if _style is None or not shiboken6.isValid(_style):  # the same widgets on every platform, so both palettes look designed
        _style = _Style("Fusion")
    if app.style() is not _style:
        app.setStyle(_style)
    app.setPalette(dark_palette() if _current == "dark" else light_palette(app.style().standardPalette()))
    for widget in app.allWidgets():  # labels inked for the old theme take the new one's ink
        if isinstance(widget, QLabel) and (widget.property(INKED) or role_ink(widget.objectName())):
            _ink_label(widget)
        if widget.styleSheet():  # Qt's style-sheet engine fixed such a widget's palette when it polished
            widget.setStyleSheet(widget.styleSheet())  # it: polished again, it takes the new palette
    notifier().changed.emit(_current)
