"""A corpus of awkward and hostile input files, generated into a folder on demand (nothing large is kept in
the repository): empty, binary, oversized (sparse), legacy and mixed encodings, damaged Word files, a zip
bomb, right-to-left and combining characters, mismatched paragraph counts, and hostile XML.

Each case is a (source, translation) pair with the outcome a user should get: ``opens`` (with text that
must survive reading) or ``error`` (one clear message naming the bad file).
"""

from __future__ import annotations

import io
import unicodedata
import zipfile
from dataclasses import dataclass
from pathlib import Path

EN = "The river was quiet that night.\n\nShe lit the lamp and waited by the door.\n\nNobody came."
KO = "그날 밤 강은 고요했다.\n\n그녀는 등불을 켜고 문가에서 기다렸다.\n\n아무도 오지 않았다."


@dataclass(frozen=True)
class Case:
    name: str
    source: Path
    translation: Path
    outcome: str  # "opens" | "error"
    expect: str = ""  # opens: text the loaded translation must contain; error: words the message must hold
    bad: str = ""  # file name the error message must name


def _docx_bytes(paragraphs: list[str]) -> bytes:
    import docx
    doc = docx.Document()
    for p in paragraphs:
        doc.add_paragraph(p)
    buf = io.BytesIO()
    doc.save(buf)
    return buf.getvalue()


def _zip_bomb(path: Path) -> None:
    """A .docx-shaped zip whose document.xml inflates ~1000×: refused before anything is unpacked."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        with zf.open("word/document.xml", "w") as part:
            chunk = b"\0" * (1 << 20)
            for _ in range(24):  # 24 MB of zeros compress to a few dozen KB
                part.write(chunk)


def build(folder: Path) -> list[Case]:
    folder.mkdir(parents=True, exist_ok=True)

    def put(name: str, data: bytes | str, encoding: str = "utf-8") -> Path:
        p = folder / name
        p.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
        return p

    en = put("source_en.txt", EN)
    ko = put("good_ko.txt", KO)
    cases = [
        Case("empty", en, put("empty.txt", b""), "error", "empty", "empty.txt"),
        Case("whitespace-only", en, put("blank.txt", " \n\n\t \n"), "error", "empty", "blank.txt"),
        Case("binary", en, put("image.txt", bytes(range(256)) * 64), "error", "binary", "image.txt"),
        Case("control-chars", en, put("noise.txt", "".join(chr(i % 31 + 1) for i in range(4000))), "error",
             "binary", "noise.txt"),
        Case("png-renamed", en, put("picture.txt", b"\x89PNG\r\n\x1a\n" + b"\0" * 64), "error", "png",
             "picture.txt"),
        Case("pdf", en, put("book.pdf", b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "error", "pdf", "book.pdf"),
        Case("missing-file", en, folder / "nowhere.txt", "error", "not found", "nowhere.txt"),
        Case("folder", en, folder, "error", "folder", folder.name),
        Case("cp949", en, put("legacy_cp949.txt", KO, "cp949"), "opens", "아무도 오지 않았다"),
        Case("shift-jis", en, put("legacy_sjis.txt", "その夜、川は静かだった。\n\n誰も来なかった。", "shift_jis"),
             "opens", "誰も来なかった"),
        Case("utf16-bom", en, put("wide.txt", KO, "utf-16"), "opens", "등불을 켜고"),
        Case("utf8-bom-crlf", en, put("windows.txt", "\ufeff" + KO.replace("\n", "\r\n")), "opens",
             "등불을 켜고"),
        Case("mixed-encodings", en, put("mixed.txt", KO.split("\n\n")[0].encode("utf-8") + b"\n\n"
                                        + KO.split("\n\n")[1].encode("cp949")), "either", "", "mixed.txt"),
        Case("rtl-arabic", en, put("arabic.txt", "كان النهر هادئا تلك الليلة.\n\nأشعلت المصباح وانتظرت عند الباب."
                                   "\n\nلم يأت أحد."), "opens", "لم يأت أحد"),
        Case("rtl-hebrew-bidi", en, put("hebrew.txt", "הנהר היה שקט באותו לילה.\n\n\u202bהיא הדליקה את "
                                        "המנורה (lamp) וחיכתה.\u202c\n\nאיש לא בא."), "opens", "איש לא בא"),
        # read as NFC: a composed search term must find it (issue 20, defect 5)
        Case("combining-nfd", en, put("nfd_ko.txt", unicodedata.normalize("NFD", KO)), "opens",
             unicodedata.normalize("NFC", "아무도")),
        Case("combining-latin", put("source_ko.txt", KO),
             put("accents_fr.txt", "La rivie\u0300re e\u0301tait calme.\n\nElle attendit.\n\nPersonne ne "
                 "vint. Z\u0351\u0352\u0353a\u0300\u0301\u0302\u0303l\u0304\u0305go\u0306."), "opens",
             "Personne ne vint"),
        Case("mismatched-paragraphs", en, put("short_ko.txt", "그날 밤 강은 고요했다. 그녀는 등불을 켜고 "
                                              "기다렸다.\n\n아무도 오지 않았다."), "opens", "아무도 오지 않았다"),
        Case("good-docx", en, put("story_ko.docx", _docx_bytes(KO.split("\n\n"))), "opens", "등불을 켜고"),
        Case("truncated-docx", en, put("cut.docx", _docx_bytes(KO.split("\n\n"))[:3000]), "error", "damaged",
             "cut.docx"),
        Case("docx-not-word", en, put("archive.docx", _zip_of({"readme.txt": "hello"})), "error",
             "not a word document", "archive.docx"),
        Case("docx-garbage-xml", en, put("broken.docx", _zip_of({"[Content_Types].xml": "<Types",
                                                                 "word/document.xml": "<w:document><<<"})),
             "error", "damaged", "broken.docx"),
        Case("zip-bomb", en, _bomb(folder / "bomb.docx"), "error", "zip bomb", "bomb.docx"),
        Case("huge-sparse", en, _sparse(folder / "huge.txt", 51 * 1024 * 1024), "error", "too large",
             "huge.txt"),
        Case("bad-source", put("source_binary.txt", b"\0\1\2\3" * 500), ko, "error", "binary",
             "source_binary.txt"),
    ]
    return cases


def _zip_of(parts: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, text in parts.items():
            zf.writestr(name, text)
    return buf.getvalue()


def _bomb(path: Path) -> Path:
    _zip_bomb(path)
    return path


def _sparse(path: Path, size: int) -> Path:
    """A file of ``size`` bytes that occupies almost no disk: a hole, then one line of text."""
    with path.open("wb") as f:
        f.seek(size - 6)
        f.write(b"hello\n")
    return path


# ---- hostile XML for app.formats (XLIFF/TMX import), used only when that package exists ------------

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
<!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>
<xliff version="1.2"><file source-language="en" target-language="ko"><body>
<trans-unit id="1"><source>&lol4;</source><target>x</target></trans-unit></body></file></xliff>"""

XXE = """<?xml version="1.0"?>
<!DOCTYPE x [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<xliff version="1.2"><file source-language="en" target-language="ko"><body>
<trans-unit id="1"><source>&secret;</source><target>x</target></trans-unit></body></file></xliff>"""

MALFORMED = """<?xml version="1.0"?>
<xliff version="1.2"><file source-language="en" target-language="ko"><body>
<trans-unit id="1"><source>The river</source><target>강은"""

WRONG_ROOT = """<?xml version="1.0"?><html><body><p>not a translation file</p></body></html>"""

GOOD_XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file source-language="en" target-language="ko" datatype="plaintext" original="story"><body>
<trans-unit id="1"><source>The river was quiet.</source><target>강은 고요했다.</target></trans-unit>
<trans-unit id="2"><source>Nobody came.</source><target>아무도 오지 않았다.</target></trans-unit>
</body></file></xliff>"""


def xml_cases(folder: Path) -> list[tuple[str, Path, str]]:
    """(name, path, outcome) for XLIFF import: "opens" or "error"."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, text, outcome in (("billion-laughs", BILLION_LAUGHS, "error"), ("xxe", XXE, "error"),
                                ("malformed", MALFORMED, "error"), ("wrong-root", WRONG_ROOT, "error"),
                                ("empty-xliff", "", "error"), ("good", GOOD_XLIFF, "opens")):
        p = folder / f"{name}.xlf"
        p.write_text(text, encoding="utf-8")
        out.append((name, p, outcome))
    return out
