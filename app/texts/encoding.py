"""Turn the bytes of a text file into a str: byte-order marks, strict UTF-8, then a checked guess among
the legacy encodings translators still meet (CP949/EUC-KR, Shift-JIS, GB18030, Big5, Windows-1252)."""

from __future__ import annotations

import codecs
import re
import unicodedata

from charset_normalizer import from_bytes

from .errors import TextReadError

# Checked in this order; the first one wins a tie. Korean comes first because LitLens is used most on
# Korean sources, and a short text can be valid in several CJK encodings at once.
CANDIDATES: tuple[str, ...] = ("cp949", "shift_jis", "cp932", "gb18030", "euc_jp", "big5", "cp1252")

# Narrower names to report when the text fits them (the wider code pages are supersets).
_NARROWER = {"cp949": "euc_kr", "cp932": "shift_jis"}

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32-le"),  # before UTF-16 LE: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)

# File signatures worth naming, so a user who picked the wrong file learns what it is.
_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "a PDF file"),
    (b"PK\x03\x04", "a ZIP archive (a Word .docx file renamed, perhaps?)"),
    (b"\xd0\xcf\x11\xe0", "an old-style Office document (.doc); save it as .docx or .txt"),
    (b"\x89PNG", "a PNG image"),
    (b"\xff\xd8\xff", "a JPEG image"),
    (b"GIF8", "a GIF image"),
    (b"{\\rtf", "an RTF document; save it as .docx or .txt"),
)

# The commonest Hangul syllables and Han characters of running text. Real prose draws a large share of
# its characters from these; bytes of another encoding misread as Korean or Chinese almost never do, and
# that separates decodings that are all made of "valid" characters.
_COMMON_HANGUL = frozenset(
    "이다는의에을하고가지기서한로도사리아를자나일대시수어그인게라정었있해들적것요주보으만전내장부상제과와"
    "성우면소여원거구동무니국말신오문비위방실생데마스개람화치중조유경모연물했였께까야네없안운터던되된될음분"
    "금세발선간학계미재용점저너날번두알월년왜뭐좀더잘못그런저런어떻게지금때문처럼같은다시아니오늘했다요"
)
_COMMON_HAN = frozenset(
    "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里"
    "用道行所然家种事成方多经么去法学如都同现没起她看天把还好心只头面手前当些没想样最开长已见无老意两问"
    "們個這說來為國時會對於後過裡發學現經麼沒見無長開門東京日本月水山"
)

# Below this share of plausible characters a decoding is rejected as garbage.
MIN_PLAUSIBILITY = 0.85
# Share of control characters (other than tab/newline/form feed) above which text is treated as binary.
MAX_CONTROL_SHARE = 0.01


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def decode_bytes(data: bytes, name: str = "") -> tuple[str, str]:
    """Decode a whole file; return (text with ``\\n`` newlines, encoding name) or raise TextReadError."""
    if not data:
        raise TextReadError("the file is empty", name)
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return _finish(_strict(data, enc, name), enc, name)
    for magic, what in _MAGIC:
        if data.startswith(magic):
            raise TextReadError(f"this looks like {what}, not a text file", name)
    if b"\x00" in data:
        guessed = _bomless_utf16(data)
        if guessed:
            return _finish(guessed[0], guessed[1], name)
        raise TextReadError("this looks like a binary file, not text", name)
    try:
        return _finish(data.decode("utf-8"), "utf-8", name)
    except UnicodeDecodeError:
        pass
    text, enc = _guess_legacy(data, name)
    return _finish(text, enc, name)


def _strict(data: bytes, enc: str, name: str) -> str:
    try:
        text = data.decode(enc)
    except UnicodeDecodeError as exc:
        # utf-8-sig counts from after the mark it strips; the user's byte count is the file's
        at = exc.start + (len(codecs.BOM_UTF8) if enc == "utf-8-sig" else 0)
        raise TextReadError(
            f"the file starts with a {enc.replace('-sig', '').upper()} byte-order mark but is not valid "
            f"{enc.replace('-sig', '').upper()} (damaged near byte {at})", name) from None
    # A BOM that survives the codec (utf-16/32 variants keep it) is not part of the text.
    return text.removeprefix("\ufeff")


def _finish(text: str, enc: str, name: str) -> tuple[str, str]:
    text = normalise_newlines(text)
    if not text.strip():
        raise TextReadError("the file is empty (it contains only whitespace)", name)
    controls = len(BAD_CONTROLS.findall(text))  # one C-level pass: a novel has millions of characters
    if controls > MAX_CONTROL_SHARE * len(text):
        raise TextReadError("this looks like a binary file, not text (it is full of control characters)",
                            name)
    return text, enc


# exactly the characters _is_bad_control accepts: category Cc (U+0000-001F, U+007F-009F) but tab, newline,
# vertical tab and form feed
BAD_CONTROLS = re.compile("[\x00-\x08\x0d-\x1f\x7f-\x9f]")


def _is_bad_control(ch: str) -> bool:
    return unicodedata.category(ch) == "Cc" and ch not in "\t\n\x0b\x0c"


def _bomless_utf16(data: bytes) -> tuple[str, str] | None:
    """UTF-16 saved without a BOM shows as a NUL in every other byte when the text is mostly ASCII."""
    if len(data) % 2 or len(data) < 4:
        return None
    even, odd = data[0::2], data[1::2]
    # (high bytes, codec): little-endian ASCII has its zeros in the odd positions. A zero low byte is no
    for zeros, enc in ((odd, "utf-16-le"), (even, "utf-16-be")):  # sign of binary (가 is U+AC00)
        if zeros.count(0) >= 0.7 * len(zeros):
            try:
                text = data.decode(enc)
            except UnicodeDecodeError:
                continue
            if _score(text) >= MIN_PLAUSIBILITY and not any(_is_bad_control(c) for c in text):
                return text, enc
    return None


def _guess_legacy(data: bytes, name: str) -> tuple[str, str]:
    """Pick the most plausible strict decoding among CANDIDATES.

    charset-normalizer's chaos measure is good on long texts but ties (or picks wrongly) on short CJK
    ones, so its verdict is one input: every candidate must decode strictly and read as a coherent
    script, and the declared order breaks ties.
    """
    chaos: dict[str, float] = {}
    try:
        for match in from_bytes(data[:200_000], cp_isolation=list(CANDIDATES)):
            chaos[codecs.lookup(match.encoding).name] = match.chaos
    except Exception:  # the detector is a hint only; a failure in it must not stop reading the file
        chaos = {}
    best: tuple[float, int, str, str] | None = None
    for rank, enc in enumerate(CANDIDATES):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        score = _score(text) - chaos.get(codecs.lookup(enc).name, 0.0)
        if best is None or score > best[0] + 1e-9:
            best = (score, rank, enc, text)
    if best is None or best[0] < MIN_PLAUSIBILITY:
        raise TextReadError(
            "the text encoding could not be recognised (tried UTF-8, UTF-16, EUC-KR/CP949, Shift-JIS, "
            "GB18030, EUC-JP, Big5 and Windows-1252); save the file as UTF-8 and try again", name)
    _, _, enc, text = best
    narrower = _NARROWER.get(enc)
    if narrower:
        try:
            if data.decode(narrower) == text:
                enc = narrower
        except UnicodeDecodeError:
            pass
    return text, enc


def _char_weight(ch: str) -> tuple[float, str]:
    """How believable one non-ASCII character is in running text, and which script it belongs to."""
    o = ord(ch)
    if 0xAC00 <= o <= 0xD7A3:
        # Syllables outside the 2,350 of KS X 1001 are rare in real Korean; they are what other CJK
        # encodings turn into when misread as CP949.
        # (Python's euc_kr codec spells the others as 8-byte jamo sequences, hence the length test.)
        return (1.0 if len(ch.encode("euc_kr")) == 2 else 0.3), "hangul"
    if 0x3131 <= o <= 0x318E:
        return 0.5, "hangul"  # lone jamo: ㅋㅋ, ㅠㅠ in dialogue, but mostly a sign of misdecoding
    if 0x3041 <= o <= 0x30FF:
        return 1.0, "kana"
    if 0xFF61 <= o <= 0xFF9F:
        return 0.2, "kana"  # half-width katakana: what CP949/GBK bytes look like through Shift-JIS
    if 0x4E00 <= o <= 0x9FFF:
        return 1.0, "han"
    if 0x3000 <= o <= 0x303F or 0xFF01 <= o <= 0xFF5E or 0x2010 <= o <= 0x206F:
        return 1.0, ""  # CJK and general punctuation, full-width forms
    cat = unicodedata.category(ch)
    if cat.startswith("L") and o < 0x2000:
        return 1.0, "alpha"  # Latin, Greek, Cyrillic, Hebrew, Arabic... letters
    if cat.startswith("Z"):
        return 1.0, ""
    if ch in "«»‹›¡¿°§–—·€£":
        return 1.0, ""
    return 0.0, ""


def _cjk(ch: str) -> bool:
    o = ord(ch)
    return 0xAC00 <= o <= 0xD7A3 or 0x3041 <= o <= 0x30FF or 0x4E00 <= o <= 0x9FFF or 0xFF61 <= o <= 0xFF9F


def plausibility(text: str) -> float:
    """How much the non-ASCII part of ``text`` reads like one coherent writing system (about 0..1.3).

    Each character is weighted by how believable it is; mixtures that only misdecoding produces are
    penalised; a bonus goes to text drawing on the commonest characters of its script (kana count as
    common: Japanese without kana is rare, and no other candidate produces them by accident).
    """
    sample = text[:100_000]
    total = 0.0
    weight = 0.0
    scripts: dict[str, int] = {}
    ascii_letters = 0
    for ch in sample:
        if ch < "\x80":
            ascii_letters += ch.isalpha()
            continue
        w, script = _char_weight(ch)
        total += 1
        weight += w
        if script:
            scripts[script] = scripts.get(script, 0) + 1
    if total == 0:
        return 1.0
    score = weight / total
    hangul, han = scripts.get("hangul", 0), scripts.get("han", 0)
    if hangul:
        score += 0.3 * sum(1 for ch in sample if ch in _COMMON_HANGUL) / hangul
    elif han and not scripts.get("kana"):
        score += 0.3 * sum(1 for ch in sample if ch in _COMMON_HAN) / han
    elif scripts.get("kana"):
        score += 0.3
    if hangul and han:
        # Korean mixes in some Hanja, but a near-even Hangul/Han blend is GBK or Big5 misread as CP949.
        score -= min(hangul, han) / (hangul + han)
    if scripts.get("han") or scripts.get("kana") or hangul:
        # An accented letter of a Latin word read through a CJK code page becomes a CJK character inside
        # the word ("rivière" -> "rivi鑽e"); real CJK text meets lower-case Latin letters only at the edges
        # of whole Latin words, and seldom.
        glued = sum(1 for i, ch in enumerate(sample) if _cjk(ch) and (
            (i > 0 and "a" <= sample[i - 1] <= "z") or (i + 1 < len(sample) and "a" <= sample[i + 1] <= "z")))
        score -= glued / total
    alpha = scripts.get("alpha", 0)
    if alpha > 0.3 * ascii_letters:
        # A Latin-script text is mostly ASCII with a few accents; accented letters everywhere mean CJK
        # bytes read as Windows-1252. (UTF-8 Cyrillic or Greek never reaches this guess.)
        score -= 0.5
    return max(score, 0.0)


# ---- short texts --------------------------------------------------------------------------------------
# Two penalties of plausibility() weigh one share of characters against another: accented letters against
# ASCII ones (Latin text read through a CJK code page) and Hangul against Han (GBK or Big5 read as CP949).
# A line of a few words has too few characters for a share to mean anything: "Noël" (one accent, three
# ASCII letters) and "그는 大韓民國의 國民이다" (five Hangul, six Han) lost them and a one-line file of
# either was refused, or read as another script. A text with fewer than SHORT_TEXT non-ASCII characters
# gets back a penalty its own characters contradict; longer texts are scored by plausibility() alone.
SHORT_TEXT = 24
_WIDE = re.compile("[^\x00-\x7f]")
_ASCII_LETTER = re.compile("[A-Za-z]")
# a space between two words of Hangul or Han
_WORD_GAP = re.compile("[\uac00-\ud7a3\u4e00-\u9fff] +[\uac00-\ud7a3\u4e00-\u9fff]")


def _score(text: str) -> float:
    """plausibility(), with a short text's contradicted penalty given back (see SHORT_TEXT)."""
    from itertools import islice
    score = plausibility(text)
    wide = [m.group() for m in islice(_WIDE.finditer(text), SHORT_TEXT)]  # a long text stops here
    if len(wide) >= SHORT_TEXT:
        return score
    weights = [_char_weight(ch) for ch in wide]
    if wide and all(w == (1.0, "alpha") for w in weights) and _ASCII_LETTER.search(text):
        # nothing but Latin letters beside ASCII ones ("Noël", "déjà"): CJK bytes read as Windows-1252
        # also give symbols (° ± ² ¸ ¦ ...), and no ASCII letters of their own
        return 1.0
    hangul = [ch for ch, w in zip(wide, weights) if w[1] == "hangul"]
    both = len(hangul) + sum(w[1] == "han" for w in weights)
    if both and _WORD_GAP.search(text) and sum(ch in _COMMON_HANGUL for ch in hangul) >= 0.5 * len(hangul):
        # Korean words around Hanja ones: a space between words (Chinese, which misread GBK or Big5 bytes
        # come from, writes none) and Hangul that is half or more the commonest particles and endings
        return score + min(len(hangul), both - len(hangul)) / both
    return score
