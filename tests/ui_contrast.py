"""WCAG contrast of what a widget tree actually shows: the text colour each visible widget draws with
(its palette after the application and widget style sheets were applied, and any colour written into
rich text) against the background it is drawn on (the nearest ancestor that paints its own)."""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QAbstractScrollArea, QComboBox, QGroupBox,
                               QLabel, QLineEdit, QTableWidget, QTabBar, QTextEdit, QTreeWidget, QWidget)

INLINE = re.compile(r"color:\s*(#[0-9a-fA-F]{6})")
BACKGROUND = re.compile(r"background(?:-color)?:\s*(#[0-9a-fA-F]{6})")


def luminance(c: QColor) -> float:
    def lin(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF())


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _paints_itself(w: QWidget) -> bool:
    return (w.autoFillBackground() or w.isWindow() or "background" in w.styleSheet()
            or isinstance(w.parentWidget(), QAbstractScrollArea) and w is w.parentWidget().viewport())


def background(w: QWidget) -> QColor:
    if isinstance(w, (QLineEdit, QTextEdit, QAbstractItemView)) or (isinstance(w, QComboBox) and w.isEditable()):
        return w.palette().color(QPalette.ColorRole.Base)
    if isinstance(w, (QAbstractButton, QComboBox)) and not isinstance(w, QGroupBox) \
            and type(w).__name__ in ("QPushButton", "QToolButton", "QComboBox"):
        return w.palette().color(QPalette.ColorRole.Button)
    node: QWidget | None = w
    while node is not None:
        if _paints_itself(node):
            return node.palette().color(node.backgroundRole())
        node = node.parentWidget()
    return w.palette().color(QPalette.ColorRole.Window)


def _text(w: QWidget) -> str:
    for attr in ("text", "title", "currentText"):
        fn = getattr(w, attr, None)
        if callable(fn):
            try:
                value = fn()
            except TypeError:
                continue
            if isinstance(value, str):
                return value
    return ""


def problems(root: QWidget, minimum: float = 4.5) -> list[str]:
    """Every visible, enabled text of ``root``'s tree that falls under ``minimum``: one line each."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or not w.isEnabled():
            continue
        w.ensurePolished()
        text = _text(w)
        if isinstance(w, (QLabel, QAbstractButton, QGroupBox, QLineEdit, QComboBox)) and text.strip():
            fg = w.palette().color(w.foregroundRole() if not isinstance(w, (QLineEdit, QComboBox))
                                   else QPalette.ColorRole.Text)
            if isinstance(w, QComboBox) and not w.isEditable():
                fg = w.palette().color(QPalette.ColorRole.ButtonText)
            bg = background(w)
            own = BACKGROUND.findall(w.styleSheet())
            if own:
                bg = QColor(own[-1])
            inks = [fg] + [QColor(c) for c in INLINE.findall(text)] if isinstance(w, QLabel) else [fg]
            tints = [QColor(c) for c in BACKGROUND.findall(text)] if isinstance(w, QLabel) else []
            for ink in inks:
                if not tints and contrast(ink, bg) < minimum:
                    out.append(f"{type(w).__name__} {text[:50]!r}: {ink.name()} on {bg.name()} "
                               f"= {contrast(ink, bg):.2f}")
        if isinstance(w, QTabBar):
            bg, fg = w.palette().color(QPalette.ColorRole.Window), w.palette().color(QPalette.ColorRole.WindowText)
            if contrast(fg, bg) < minimum:
                out.append(f"tab bar: {fg.name()} on {bg.name()}")
        if isinstance(w, QTableWidget):
            base = w.palette().color(QPalette.ColorRole.Base)
            for r in range(min(w.rowCount(), 60)):
                for col in range(w.columnCount()):
                    item = w.item(r, col)
                    if item is None or not item.text():
                        continue
                    brush, back = item.foreground(), item.background()
                    ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else w.palette().color(
                        QPalette.ColorRole.Text)
                    bgc = back.color() if back.style() != Qt.BrushStyle.NoBrush else base
                    if contrast(ink, bgc) < minimum:
                        out.append(f"table cell {item.text()[:30]!r}: {ink.name()} on {bgc.name()} = "
                                   f"{contrast(ink, bgc):.2f}")
        if isinstance(w, QTreeWidget):
            base = w.palette().color(QPalette.ColorRole.Base)
            for i in range(min(w.topLevelItemCount(), 50)):
                item = w.topLevelItem(i)
                for col in range(w.columnCount()):
                    if not item.text(col):
                        continue
                    brush = item.foreground(col)
                    ink = brush.color() if brush.style() != Qt.BrushStyle.NoBrush else w.palette().color(QPalette.ColorRole.Text)
                    back = item.background(col)
                    bgc = back.color() if back.style() != Qt.BrushStyle.NoBrush else base
                    if contrast(ink, bgc) < minimum:
                        out.append(f"{type(w).__name__} item {item.text(col)[:30]!r}: {ink.name()} on "
                                   f"{bgc.name()} = {contrast(ink, bgc):.2f}")
    return out


# ---- measured from pixels ------------------------------------------------------------------------------
# The checks above read what a widget declares. What follows reads what it draws: each region (a label, a
# button's face, a check box's text and its indicator, a tab, a header section, an item view's cell, a line
# of rich text) is grabbed, its background is the colour most of its pixels have, and its inks are found by
# direction: antialiased pixels of one ink lie between the background and that ink, so pixels are grouped
# by the direction they depart from the background in, and each group's furthest pixel is its ink. A flat
# colour covering much of a region (a tint behind a word, a chip) is a background of its own and measured
# inside its bounds. Text needs 4.5:1 (3:1 from 18 pt, or 14 pt bold); indicators and other parts of a
# control 3:1 against what surrounds them (WCAG 2.1, 1.4.3 and 1.4.11).

import unicodedata  # noqa: E402

import numpy as np  # noqa: E402
from PySide6.QtCore import QRect  # noqa: E402
from PySide6.QtGui import QImage  # noqa: E402
from PySide6.QtWidgets import (QCheckBox, QHeaderView, QPlainTextEdit, QRadioButton, QStyle,  # noqa: E402
                               QStyleOptionButton, QStyleOptionComboBox, QStyleOptionGroupBox)

TEXT, LARGE, PART = 4.5, 3.0, 3.0


def _pixels(widget: QWidget) -> np.ndarray:
    img = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    ratio = img.devicePixelRatio()
    if ratio != 1:
        img = img.scaled(round(img.width() / ratio), round(img.height() / ratio))
    h, w = img.height(), img.width()
    raw = np.frombuffer(img.constBits(), dtype=np.uint8, count=img.sizeInBytes()).reshape(h, img.bytesPerLine())
    return raw[:, :w * 4].reshape(h, w, 4)[:, :, 2::-1].astype(np.int32)  # BGRA in memory -> RGB


def _lum(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    lin = np.where(c <= 0.03928, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ np.array([0.2126, 0.7152, 0.0722])


def _ratio(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    la, lb = _lum(a), _lum(b)
    return (np.maximum(la, lb) + 0.05) / (np.minimum(la, lb) + 0.05)


def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(int(v) for v in rgb)


def _flats(pixels: np.ndarray, bg: np.ndarray) -> list[np.ndarray]:
    """Colours other than ``bg`` that fill an area (a 5×5 square somewhere), not strokes of text."""
    colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    out = []
    for colour in colours[(counts >= 25) & ~(colours == bg).all(axis=1)]:
        mask = (pixels == colour).all(axis=2)
        core = mask[2:-2, 2:-2].copy()
        for dy in range(-2, 3):
            for dx in range(-2, 3):
                core &= mask[2 + dy:mask.shape[0] - 2 + dy, 2 + dx:mask.shape[1] - 2 + dx]
        if core.sum() >= 4:
            out.append(colour)
    return out


def inks(pixels: np.ndarray, background=None, depth: int = 0) -> list[tuple[str, str, float]]:
    """(ink, background, contrast) for each ink drawn in ``pixels`` (an h×w×3 array)."""
    if pixels.size == 0:
        return []
    pixels = pixels.copy()
    colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
    bg = np.asarray(background) if background is not None else colours[counts.argmax()]
    found: list[tuple[str, str, float]] = []
    if depth == 0:
        for colour in _flats(pixels, bg):  # a tint behind a word, a chip: what is on it is measured on it
            where = np.argwhere((pixels == colour).all(axis=2))
            if not len(where):
                continue  # inside an area already measured
            (y0, x0), (y1, x1) = where.min(axis=0), where.max(axis=0)
            found += inks(pixels[y0:y1 + 1, x0:x1 + 1], colour, depth + 1)
            pixels[y0:y1 + 1, x0:x1 + 1] = bg
    # a button's face is a vertical gradient: each row's own commonest colour is what its ink sits on
    under = np.empty_like(pixels)
    for y in range(pixels.shape[0]):
        if background is not None:
            under[y] = bg
            continue
        row_colours, row_counts = np.unique(pixels[y], axis=0, return_counts=True)
        under[y] = row_colours[row_counts.argmax()]
    flat, under = pixels.reshape(-1, 3), under.reshape(-1, 3)
    away = flat - under
    distance = np.sqrt((away ** 2).sum(axis=1))
    drawn = distance > 24  # farther from the background than a faint shade
    if drawn.sum() < 4:
        return found
    pairs, counts = np.unique(np.hstack([flat[drawn], under[drawn]]), axis=0, return_counts=True)
    ink, base = pairs[:, :3], pairs[:, 3:]
    ratios = _ratio(ink, base)
    directions = (ink - base) / np.sqrt(((ink - base) ** 2).sum(axis=1))[:, None]
    # one ink per direction away from the background: antialiased edges of an ink (blended with gamma,
    # so not exactly on the line to it) lie within a narrow angle of it and are weaker
    clusters: list[list] = []  # [direction, peak colour, its background, peak ratio, pixels]
    for i in np.argsort(-ratios):
        for cluster in clusters:
            if float(cluster[0] @ directions[i]) > 0.8:
                cluster[4] += int(counts[i])
                break
        else:
            clusters.append([directions[i], ink[i], base[i], float(ratios[i]), int(counts[i])])
    found += [(_hex(c[1]), _hex(c[2]), c[3]) for c in clusters if c[4] >= 4]
    return found


def _needed(widget: QWidget) -> float:
    font = widget.font()
    size = font.pointSizeF() if font.pointSizeF() > 0 else font.pixelSize() * 0.75
    return LARGE if size >= 18 or (font.bold() and size >= 14) else TEXT


def _regions(w: QWidget) -> list[tuple[str, QRect, float]]:
    """(what, rectangle in ``w``, contrast needed) for the parts of ``w`` to measure."""
    style, out = w.style(), []
    if isinstance(w, (QCheckBox, QRadioButton)):
        opt = QStyleOptionButton()
        w.initStyleOption(opt)
        box = QCheckBox is type(w) or isinstance(w, QCheckBox)
        se = QStyle.SubElement
        indicator = style.subElementRect(se.SE_CheckBoxIndicator if box else se.SE_RadioButtonIndicator, opt, w)
        contents = style.subElementRect(se.SE_CheckBoxContents if box else se.SE_RadioButtonContents, opt, w)
        out.append(("indicator", indicator.adjusted(-2, -2, 2, 2), PART))
        if w.text().strip():
            out.append(("text", contents, _needed(w)))
    elif isinstance(w, QGroupBox):
        if w.title().strip():
            opt = QStyleOptionGroupBox()
            w.initStyleOption(opt)
            cc = QStyle.ComplexControl.CC_GroupBox
            out.append(("title", style.subControlRect(cc, opt, QStyle.SubControl.SC_GroupBoxLabel, w), _needed(w)))
            if w.isCheckable():
                out.append(("indicator", style.subControlRect(cc, opt, QStyle.SubControl.SC_GroupBoxCheckBox, w)
                            .adjusted(-2, -2, 2, 2), PART))
    elif isinstance(w, QLabel):
        text = w.text().strip()
        if text and w.pixmap().isNull():
            # a lone symbol (ⓘ) is an icon: a graphic needs 3:1 (1.4.11)
            icon = len(text) == 1 and unicodedata.category(text)[0] not in "LN"
            out.append(("icon" if icon else "text", w.contentsRect(), PART if icon else _needed(w)))
    elif isinstance(w, QComboBox):
        if _text(w).strip():
            opt = QStyleOptionComboBox()
            w.initStyleOption(opt)
            field = style.subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                         QStyle.SubControl.SC_ComboBoxEditField, w)
            out.append(("text", field, _needed(w)))
    elif isinstance(w, QAbstractButton):
        text = w.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
        if text.strip():
            # the words only: a default button's face is a gradient with a light bevel
            inner = w.rect().adjusted(3, 3, -3, -3)
            words = style.itemTextRect(w.fontMetrics(), inner, int(Qt.AlignmentFlag.AlignCenter), True, text)
            if not w.icon().isNull():
                words = QRect(inner.left(), words.top(), inner.width(), words.height())
            out.append(("text", words.adjusted(-1, -1, 1, 1).intersected(inner), _needed(w)))
    elif isinstance(w, QLineEdit):
        if w.text().strip():
            out.append(("text", w.rect().adjusted(3, 3, -3, -3), _needed(w)))
    elif isinstance(w, QTabBar):
        for i in range(w.count()):
            text = w.tabText(i).replace("&&", "\0").replace("&", "").replace("\0", "&")
            if text.strip():  # the words only, not the tab's bevel
                inner = w.tabRect(i).adjusted(3, 3, -3, -3)
                words = style.itemTextRect(w.fontMetrics(), inner, int(Qt.AlignmentFlag.AlignCenter), True, text)
                out.append((f"tab {text!r}", words.intersected(inner), _needed(w)))
    elif isinstance(w, QHeaderView):
        horizontal = w.orientation() == Qt.Orientation.Horizontal
        for i in range(w.count()):
            if w.isSectionHidden(i) or w.sectionSize(i) <= 4:
                continue
            pos, size = w.sectionViewportPosition(i), w.sectionSize(i)
            rect = QRect(pos, 0, size, w.height()) if horizontal else QRect(0, pos, w.width(), size)
            out.append((f"header {i}", rect.adjusted(2, 2, -2, -2), _needed(w)))
    return out


def _cells(view: QAbstractItemView) -> list[tuple[str, QRect, float]]:
    """Each visible cell of an item view that has text, in the viewport's coordinates."""
    model, out = view.model(), []
    if model is None:
        return out
    area = view.viewport().rect()

    def walk(parent, depth):
        try:
            columns = model.columnCount(parent)
        except TypeError:  # a list model keeps it private: one column
            columns = 1
        for r in range(min(model.rowCount(parent), 80)):
            for c in range(columns):
                index = model.index(r, c, parent)
                text = index.data()
                rect = view.visualRect(index)
                if isinstance(text, str) and text.strip() and rect.intersects(area):
                    out.append((f"cell {text[:30]!r}", rect.intersected(area).adjusted(1, 1, -1, -1), _needed(view)))
                if c == 0 and depth < 2 and hasattr(view, "isExpanded") and view.isExpanded(index):
                    walk(index, depth + 1)
    from PySide6.QtCore import QModelIndex
    walk(QModelIndex(), 0)
    return out


def _lines(edit: QTextEdit | QPlainTextEdit) -> list[tuple[str, QRect, float]]:
    """Each visible line of a text view, in its viewport's coordinates."""
    out: list[tuple[str, QRect, float]] = []
    area = edit.viewport().rect()
    doc = edit.document()
    layout = doc.documentLayout()
    dx, dy = edit.horizontalScrollBar().value(), edit.verticalScrollBar().value()
    block = doc.begin()
    while block.isValid():
        if isinstance(edit, QPlainTextEdit):
            top = edit.blockBoundingGeometry(block).translated(edit.contentOffset()).topLeft()
            x0, y0 = top.x(), top.y()
        else:
            box = layout.blockBoundingRect(block)
            x0, y0 = box.x() - dx, box.y() - dy
        lay = block.layout()
        for i in range(lay.lineCount() if block.text().strip() else 0):
            line = lay.lineAt(i)
            r = line.naturalTextRect().translated(x0, y0).toAlignedRect()
            if r.intersects(area):
                text = block.text()[line.textStart():line.textStart() + line.textLength()]
                out.append((f"line {text[:30]!r}", r.intersected(area), TEXT))
        block = block.next()
    return out


def _measure(widget: QWidget, pixels: np.ndarray, what: str, rect: QRect, needed: float) -> list[str]:
    h, w = pixels.shape[:2]
    x0, y0 = max(rect.left(), 0), max(rect.top(), 0)
    x1, y1 = min(rect.right() + 1, w), min(rect.bottom() + 1, h)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return []
    out = []
    if what == "indicator":
        # an unticked box is only its outline, measured against what surrounds the control
        colours, counts = np.unique(pixels.reshape(-1, 3), axis=0, return_counts=True)
        around = colours[counts.argmax()]
        box = pixels[y0:y1, x0:x1].reshape(-1, 3)
        ratios = _ratio(box, around[None, :])
        best = ratios.argmax()
        found = [(_hex(box[best]), _hex(around), float(ratios[best]))]
    else:
        found = inks(pixels[y0:y1, x0:x1])
    for ink, bg, ratio in found:
        if ratio < needed:
            out.append(f"{type(widget).__name__} {what}: {ink} on {bg} = {ratio:.2f} (needs {needed})")
    return out


def rendered_problems(root: QWidget) -> list[str]:
    """Every region of ``root``'s visible, enabled widgets whose measured contrast is under WCAG AA."""
    out: list[str] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.isVisible() or not w.isEnabled() or w.width() < 2 or w.height() < 2:
            continue
        if not w.visibleRegion().boundingRect().isValid():
            continue  # behind another dock tab, scrolled away
        regions = _regions(w)
        target = w
        if isinstance(w, QAbstractItemView) and not isinstance(w, QHeaderView):
            regions, target = _cells(w), w.viewport()
        elif isinstance(w, (QTextEdit, QPlainTextEdit)) and type(w).__name__ not in ("PairText",):
            regions, target = _lines(w), w.viewport()
        if not regions:
            continue
        pixels = _pixels(target)
        for what, rect, needed in regions:
            out += [f"{w.objectName() or ''}{p}" for p in _measure(w, pixels, what, rect, needed)]
    return out
