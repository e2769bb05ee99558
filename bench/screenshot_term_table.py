"""Renders the term table offscreen for the bundled sample plus a name spelt two ways, and saves a PNG.

Usage: python bench/screenshot_term_table.py [OUT.png]
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    out = args[0] if args else "screenshots/term_table.png"
    from PySide6.QtWidgets import QApplication

    from litlens.app.consistency import analyse_candidate
    from litlens.app.texts import build_project, text_from_string
    from litlens.ui.views.terms import TermTable

    app = QApplication.instance() or QApplication(["term-table"])
    src = ("Sir Charles Grandison reached London at dusk.\n\nGrandison asked for Harriet.\n\n"
           "Harriet Byron was not at home, and Grandison waited.\n\nGrandison left London at dawn.")
    tgt = ("찰스 그랜디슨 경은 해 질 녘 런던에 닿았다.\n\n그란디손은 해리엇을 찾았다.\n\n"
           "해리엇 바이런은 집에 없었고, 그랜디슨은 기다렸다.\n\n그랜디슨은 새벽에 런던을 떠났다.")
    project = build_project("demo", text_from_string(src, "en"), [("Draft", text_from_string(tgt, "ko"))])
    report = analyse_candidate(project, project.candidates[0])
    widget = TermTable()
    widget.set_term_table({"Draft": report.term_table}, report.terms.note)
    widget.resize(520, 260)
    widget.show()
    app.processEvents()
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    widget.grab().save(out)
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
