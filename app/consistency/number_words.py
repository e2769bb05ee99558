"""Number words of German, French, Spanish, Chinese and Japanese, as values with offsets.

Like the English reader, "one" (ein/eine, un/une, uno/una, 一) is skipped: it doubles as an article.
European languages: units and tens as whole words, plus German compounds (einundzwanzig) and Spanish
"veintidós". Chinese/Japanese: runs of Han numerals (三, 十二, 二十五, 三百, 五千) read positionally.
"""

from __future__ import annotations

import re

from litlens.app.consistency.numbers import Number

_UNITS = {
    "de": "null ein zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn "
          "sechzehn siebzehn achtzehn neunzehn",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
          "dix-sept dix-huit dix-neuf",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
          "dieciséis diecisiete dieciocho diecinueve",
}
_TENS = {
    "de": {"zwanzig": 20, "dreißig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70,
           "achtzig": 80, "neunzig": 90, "hundert": 100, "tausend": 1000},
    "fr": {"vingt": 20, "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100,
           "mille": 1000, "soixante-dix": 70, "quatre-vingts": 80, "quatre-vingt-dix": 90},
    "es": {"veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70,
           "ochenta": 80, "noventa": 90, "cien": 100, "ciento": 100, "mil": 1000},
}
_ALIASES = {"de": {"eins": 1, "zwo": 2, "sechs": 6, "sieben": 7}, "fr": {}, "es": {"veintiuno": 21}}
_ES_VEINTI = re.compile(r"veinti(\w+)")
_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_HAN_DIGITS = {"〇": 0, "零": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6,
               "七": 7, "八": 8, "九": 9}
_HAN_SCALES = {"十": 10, "百": 100, "千": 1000, "万": 10_000, "萬": 10_000}
_HAN_RUN = re.compile("[" + "".join(_HAN_DIGITS) + "".join(_HAN_SCALES) + "]+")


def _table(lang: str) -> dict[str, int]:
    table = {w: i for i, w in enumerate(_UNITS[lang].split())}
    table.update(_TENS[lang])
    table.update(_ALIASES[lang])
    return table


_TABLES = {lang: _table(lang) for lang in _UNITS}


def _european_value(word: str, lang: str) -> int | None:
    table = _TABLES[lang]
    if word in table:
        return table[word]
    if lang == "de" and "und" in word:  # einundzwanzig = 1 + 20
        unit, _, tens = word.partition("und")
        if unit in table and tens in _TENS["de"] and table[unit] < 10:
            return table[unit] + _TENS["de"][tens]
    if lang == "es" and (m := _ES_VEINTI.fullmatch(word)):
        unit = m.group(1).replace("ó", "o").replace("é", "e")  # veintidós, veintitrés
        if unit in table and table[unit] < 10:
            return 20 + table[unit]
    if lang == "fr" and "-" in word:  # vingt-deux, trente-et-un
        parts = [p for p in word.split("-") if p != "et"]
        if len(parts) == 2 and parts[0] in table and parts[1] in table and table[parts[1]] < 20:
            return table[parts[0]] + table[parts[1]]
    return None


def european_numbers(text: str, offset: int, lang: str) -> list[Number]:
    out = []
    for m in _WORD.finditer(text):
        value = _european_value(m.group(0).casefold(), lang)
        if value is not None and value != 1:
            out.append(Number(float(value), offset + m.start(), offset + m.end(), False))
    return out


def han_value(run: str) -> int:
    """三百二十五 → 325, 十二 → 12, 二〇二四 → 2024 (digit by digit when no scale character)."""
    if not any(ch in _HAN_SCALES for ch in run):
        return int("".join(str(_HAN_DIGITS[ch]) for ch in run))
    total, section, digit = 0, 0, None
    for ch in run:
        if ch in _HAN_DIGITS:
            digit = _HAN_DIGITS[ch]
        elif _HAN_SCALES[ch] == 10_000:
            total += (section + (digit or 0)) * 10_000
            section, digit = 0, None
        else:
            section += (1 if digit is None else digit) * _HAN_SCALES[ch]
            digit = None
    return total + section + (digit or 0)


def han_numbers(text: str, offset: int) -> list[Number]:
    out = []
    for m in _HAN_RUN.finditer(text):
        value = han_value(m.group(0))
        if value != 1:
            out.append(Number(float(value), offset + m.start(), offset + m.end(), False))
    return out


def number_words(text: str, offset: int, lang: str) -> list[Number]:
    """Number words of ``lang`` (de, fr, es, zh, ja); other languages: none."""
    if lang in _TABLES:
        return european_numbers(text, offset, lang)
    if lang in ("zh", "ja"):
        return han_numbers(text, offset)
    return []
