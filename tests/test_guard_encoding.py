"""Decoding a text file's bytes (app/texts/encoding.py), rule by rule: byte-order marks (UTF-32 before
UTF-16), a damaged BOM named with its byte, file signatures, BOM-less UTF-16, the control-character share
at its edge, the legacy guess per script with the narrower name, and Latin text with accents never read
as CJK (it once came out of a Windows-1252 file as "La rivi鑽e 騁ait calme")."""

from __future__ import annotations

import codecs

import pytest

from litlens.app.texts import TextReadError
from litlens.app.texts import encoding as enc
from litlens.app.texts.encoding import decode_bytes

KO = "그날 밤 강은 고요했다.\n그녀는 등불을 켜고 기다렸다."


@pytest.mark.parametrize("bom, codec, name", [
    (codecs.BOM_UTF8, "utf-8", "utf-8-sig"), (codecs.BOM_UTF32_LE, "utf-32-le", "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "utf-32-be"), (codecs.BOM_UTF16_LE, "utf-16-le", "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "utf-16-be")])
def test_each_byte_order_mark(bom, codec, name):
    assert decode_bytes(bom + KO.encode(codec), "k.txt") == (KO, name)


def test_a_damaged_bom_file_names_the_byte():
    """Counted from the start of the file, the mark included (UTF-8's codec counts after it)."""
    with pytest.raises(TextReadError, match=r"not valid UTF-16-LE \(damaged near byte 4\)"):
        decode_bytes(codecs.BOM_UTF16_LE + b"a\x00\x00\xdc", "bad16.txt")
    with pytest.raises(TextReadError, match=r"starts with a UTF-8 byte-order mark but is not valid UTF-8 "
                                            r"\(damaged near byte 5\)"):
        decode_bytes(codecs.BOM_UTF8 + b"ab\xff", "bad.txt")


@pytest.mark.parametrize("magic, what", [(b"%PDF-1.7", "a PDF file"), (b"PK\x03\x04", "a ZIP archive"),
                                         (b"\xd0\xcf\x11\xe0", "an old-style Office"), (b"\x89PNG", "a PNG image"),
                                         (b"\xff\xd8\xff\xe0", "a JPEG image"), (b"GIF89a", "a GIF image"),
                                         (b"{\\rtf1", "an RTF document")])
def test_file_signatures_are_named(magic, what):
    with pytest.raises(TextReadError, match=f"this looks like {what}"):
        decode_bytes(magic + b" some more bytes", "x.txt")


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be"])
def test_utf16_without_a_bom(codec):
    text = "The river was quiet that night.\nNobody came."
    assert decode_bytes(text.encode(codec), "w.txt") == (text, codec)


def test_odd_length_or_nul_bytes_elsewhere_are_binary():
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes("abc".encode("utf-16-le") + b"x", "odd.txt")
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(b"\x00\x01\x02\x03" * 10, "bin.txt")


def test_empty_and_whitespace_files():
    with pytest.raises(TextReadError, match="the file is empty$"):
        decode_bytes(b"", "e.txt")
    with pytest.raises(TextReadError, match="contains only whitespace"):
        decode_bytes(b" \r\n\t ", "w.txt")


def test_control_characters_up_to_one_percent():
    body = "a" * 99
    assert decode_bytes((body + "\x01").encode(), "ok.txt")[0] == body + "\x01"  # 1 in 100: allowed
    with pytest.raises(TextReadError, match="full of control characters"):
        decode_bytes((body[:-1] + "\x01\x02").encode(), "bad.txt")  # 2 in 100
    assert decode_bytes(("x\t\x0b\x0c" * 10).encode(), "tabs.txt")  # tab, VT, FF are not counted


def test_the_control_pattern_is_exactly_the_control_test():
    for o in range(0xA0):
        ch = chr(o)
        assert bool(enc.BAD_CONTROLS.match(ch)) == enc._is_bad_control(ch), hex(o)


def test_newlines_are_normalised():
    assert decode_bytes(b"a\r\nb\rc\n", "n.txt") == ("a\nb\nc\n", "utf-8")


@pytest.mark.parametrize("text, codec, name", [
    (KO, "cp949", "euc_kr"),  # reported by the narrower name when the text fits it
    ("뷁 하고 말았다. 그는 웃었다.", "cp949", "cp949"),  # 뷁 is outside EUC-KR: the wider name
    ("その夜、川は静かだった。誰も来なかった。", "shift_jis", "shift_jis"),
    ("その夜、川は静かだった。誰も来なかった。", "euc_jp", "euc_jp"),
    ("那天晚上河很安静。她点了灯在门口等着。", "gb18030", "gb18030"),
    ("那天晚上河很安靜。她點了燈在門口等著。", "big5", "big5"),
    ("La rivière était calme. Elle attendit près de la porte, mais personne ne vint.", "cp1252", "cp1252"),
    ("Über die Brücke gingen wir, müde und still.", "cp1252", "cp1252"),
    ("¿Dónde está la niña? Allí, junto al río.", "cp1252", "cp1252"),
    ("TV를 봤다. CD도 샀다.", "cp949", "euc_kr"),  # Latin acronyms next to Hangul are ordinary Korean
    ("Tシャツを買った。", "shift_jis", "shift_jis"),
])
def test_legacy_encodings_are_recognised(text, codec, name):
    assert decode_bytes(text.encode(codec), "legacy.txt") == (text, name)


def test_plausibility_of_scripts():
    assert enc.plausibility("plain ASCII") == 1.0
    assert enc.plausibility("강은 고요했다") > 1.0  # common Hangul earns the bonus
    assert enc.plausibility("ㅋㅋㅋ") == pytest.approx(0.5)  # lone jamo only
    assert enc.plausibility("ｱｲｳ") == pytest.approx(0.2 + 0.3)  # half-width kana, with the kana bonus
    assert enc.plausibility("rivi鑽e") < 0.5  # a Han character inside a Latin word
    assert enc.plausibility("ÀÌ°Ç") < enc.MIN_PLAUSIBILITY  # CP949 bytes read as Windows-1252
    assert enc.plausibility("\u0080\u0081") == 0.0  # C1 controls carry no weight
    assert enc.plausibility("漢字강은") < enc.plausibility("강은 고요했다")  # an even Hangul/Han blend


def test_unrecognisable_bytes_name_every_encoding_tried():
    with pytest.raises(TextReadError, match="tried UTF-8, UTF-16, EUC-KR/CP949, Shift-JIS, GB18030, EUC-JP, "
                                            "Big5 and Windows-1252"):
        decode_bytes(KO.split("\n")[0].encode("utf-8") + b"\n" + KO.split("\n")[1].encode("cp949"), "m.txt")


def test_plausibility_bonus_for_common_characters_by_hand():
    # every character common and in KS X 1001: 1.0 weight + 0.3 x (2 common / 2 Hangul)
    assert enc.plausibility("이다") == pytest.approx(1.3)
    assert enc.plausibility("的是") == pytest.approx(1.3)  # Han without kana: the common-Han bonus
    assert enc.plausibility("的뷁") < 1.0  # an even blend of Hangul and Han is penalised


@pytest.mark.parametrize("ch", ["\u3041", "\u30ff", "\u4e00", "\u9fff", "\uff61", "\uff9f", "\uac00", "\ud7a3"])
def test_every_cjk_block_edge_counts_as_glued_inside_a_latin_word(ch):
    assert enc.plausibility(f"ab{ch}cd") < enc.plausibility(f"ab {ch} cd")


@pytest.mark.parametrize("ch", ["\u3000", "\u303f", "\uff01", "\uff5e", "\u2010", "\u206f", "\u00a0", "«", "€"])
def test_cjk_and_general_punctuation_and_spaces_are_believable_at_both_edges_of_their_blocks(ch):
    assert enc.plausibility(ch) == 1.0


@pytest.mark.parametrize("ch", ["\uabff", "\ud7a4", "\u3040", "\u2fff", "\uff60"])
def test_characters_just_outside_the_hangul_kana_and_punctuation_blocks_carry_no_weight(ch):
    assert enc.plausibility(ch) == 0.0


@pytest.mark.parametrize("glued, apart", [("ab鑽", "ab 鑽"), ("鑽cd", "鑽 cd"), ("z鑽", "z 鑽"), ("鑽z", "鑽 z"),
                                          ("a鑽", "a 鑽"), ("鑽a", "鑽 a")])
def test_a_cjk_character_touching_a_lower_case_latin_letter_on_either_side_is_penalised(glued, apart):
    assert enc.plausibility(glued) < enc.plausibility(apart)


def test_upper_case_latin_next_to_cjk_is_not_glued():
    assert enc.plausibility("TV鑽") == enc.plausibility("TV 鑽")


def test_bomless_utf16_must_be_mostly_ascii_and_free_of_nul_characters():
    # Korean in UTF-16 without a mark has zeros in well under 70% of its high bytes: not guessed, binary
    korean = "그들은 밤새 이야기했다. 그녀는 웃었다. 아무도 오지 않았다."
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(korean.encode("utf-16-le"), "k16.txt")
    # mostly ASCII with one Hangul word is found
    mixed = "The river was quiet that night, said 강은."
    assert decode_bytes(mixed.encode("utf-16-le"), "m16.txt") == (mixed, "utf-16-le")


@pytest.mark.parametrize("ch, value", [
    ("\u3131", 0.5), ("\u318e", 0.5),  # ㄱ and the last compatibility jamo: half weight, no bonus
    ("\u3130", 0.0), ("\u318f", 0.0),  # just outside the compatibility jamo block
    ("\u3041", 1.3), ("\u30ff", 1.3),  # kana, with the kana bonus
    ("\uff61", 0.5), ("\uff9f", 0.5),  # half-width katakana: 0.2 and the kana bonus
    ("\uffa0", 0.0),  # half-width Hangul filler, just after them
    ("\u4e00", 1.3), ("\u9fff", 1.0),  # Han: 一 is a common character, U+9FFF is not
    ("\u4dff", 0.0), ("\ua000", 0.0),  # a hexagram before the Han block, a Yi syllable after it
    ("\uac00", 1.3), ("\ud7a3", 0.3), ("똠", 0.3),  # 가 is common; 힣 and 똠 are outside KS X 1001
    ("\uff5f", 0.0), ("\u200f", 0.0), ("\u2070", 0.0),  # just outside the punctuation ranges
    ("é", 0.5), ("\u1ffc", 0.5),  # a letter below U+2000 alone (no ASCII around it) loses 0.5
    ("\u2071", 0.0), ("¤", 0.0),  # a letter above U+2000; a currency sign not in the list
])
def test_the_weight_of_one_character_at_each_edge_of_its_range(ch, value):
    assert enc.plausibility(ch) == pytest.approx(value)


@pytest.mark.parametrize("ch", ["\uabff", "\ud7a4", "\u3040", "\u3100", "\u4dff", "\ua000", "\uff60", "\uffa0"])
def test_a_character_just_outside_a_cjk_block_is_not_glued_to_latin_letters(ch):
    # both weigh nothing; only a CJK character inside a Latin word costs more (the Hangul makes it checked)
    assert enc.plausibility(f"가 ab{ch}cd") == enc.plausibility("가 ab\u00a4cd")
    assert enc.plausibility("가 ab\uff61cd") < enc.plausibility("가 ab\u00a4cd")


def test_shift_jis_is_reported_as_cp932_only_when_it_needs_the_wider_code_page():
    plain = "その夜、川は静かだった。誰も来なかった。"
    assert decode_bytes(plain.encode("cp932"), "j.txt") == (plain, "shift_jis")
    nec = "その夜①、川は静かだった。誰も来なかった。"  # ① exists in CP932 only
    assert decode_bytes(nec.encode("cp932"), "j.txt") == (nec, "cp932")


@pytest.mark.parametrize("data, text, codec", [
    (b"\xff\xfe\x00\x00a\x00\x00\x00", "a", "utf-32-le"),  # UTF-32 LE, not UTF-16 LE and a NUL
    (b"\xff\xfea\x00b\x00", "ab", "utf-16-le"),
    (b"\xfe\xff\x00a\x00b", "ab", "utf-16-be"),
    (b"\x00\x00\xfe\xff\x00\x00\x00a", "a", "utf-32-be"),
    (b"\xef\xbb\xbfab", "ab", "utf-8-sig"),
    (b"a\x00b\x00c\x00d\x00", "abcd", "utf-16-le"),  # no mark: the zeros say which order
    (b"\x00a\x00b\x00c\x00d", "abcd", "utf-16-be"),
])
def test_the_exact_bytes_that_tell_the_unicode_encodings_apart(data, text, codec):
    assert decode_bytes(data, "u.txt") == (text, codec)


def test_short_utf16_without_a_mark_is_binary():
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(b"a\x00", "u.txt")  # under four bytes: too little to tell
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(b"a\x00b\x00c\x00\x00\x00", "u.txt")  # a NUL character in the text


def test_a_known_signature_is_named_in_a_whole_sentence():
    with pytest.raises(TextReadError) as info:
        decode_bytes(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3", "book.txt")
    assert str(info.value) == "book.txt: this looks like a PDF file, not a text file"


def test_a_near_even_blend_of_hangul_and_han_loses_the_share_of_the_smaller_script():
    """Korean with a little Hanja keeps most of its score; an even blend (what GBK or Big5 bytes read
    as CP949 look like) loses min/(hangul + han) and falls below the acceptance threshold."""
    # by hand: every character weighs 1.0 and 이, 다, 는 are common (+0.3 x 2/2 or 3/3)
    assert enc.plausibility("이다的是") == pytest.approx(1.0 + 0.3 - 2 / 4)  # two of each: half lost
    assert enc.plausibility("이다的是") < enc.MIN_PLAUSIBILITY
    assert enc.plausibility("이다는 的") == pytest.approx(1.0 + 0.3 - 1 / 4)  # one Han among four


def test_accented_letters_count_against_a_latin_text_above_thirty_percent_of_its_ascii_letters():
    # "déjà fini": 2 accented letters, 6 ASCII letters (33%): read as CJK bytes misdecoded, 0.5 lost
    assert enc.plausibility("déjà fini") == pytest.approx(0.5)
    # "déjà finis": 2 accented letters, 7 ASCII letters (29%): ordinary Latin text
    assert enc.plausibility("déjà finis") == 1.0


def test_four_bytes_of_utf16_without_a_mark_are_enough_to_read():
    assert decode_bytes("OK".encode("utf-16-le"), "ok.txt") == ("OK", "utf-16-le")
    assert decode_bytes("OK".encode("utf-16-be"), "ok.txt") == ("OK", "utf-16-be")


def test_a_guess_exactly_at_the_plausibility_threshold_is_accepted_and_one_just_below_is_not(monkeypatch):
    monkeypatch.setattr(enc, "from_bytes", lambda data, **kw: [])  # no hint from the detector
    monkeypatch.setattr(enc, "plausibility", lambda text: enc.MIN_PLAUSIBILITY)
    assert decode_bytes(KO.encode("cp949"), "k.txt") == (KO, "euc_kr")
    assert decode_bytes("Quiet.".encode("utf-16-le"), "q.txt") == ("Quiet.", "utf-16-le")  # no mark either
    monkeypatch.setattr(enc, "plausibility", lambda text: enc.MIN_PLAUSIBILITY - 1e-6)
    with pytest.raises(TextReadError, match="could not be recognised"):
        decode_bytes(KO.encode("cp949"), "k.txt")
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes("Quiet.".encode("utf-16-le"), "q.txt")


class _Match:
    def __init__(self, encoding: str, chaos: float) -> None:
        self.encoding, self.chaos = encoding, chaos


def test_a_detector_that_fails_part_way_leaves_no_hint_behind(monkeypatch):
    """The detector is a hint only: when it raises, what it said before the failure is dropped too, and
    the candidates are judged by their plausibility alone."""
    def failing(data, **kw):
        yield _Match("cp949", 5.0)  # a wild verdict against Korean, then a crash
        raise RuntimeError("detector bug")
    monkeypatch.setattr(enc, "from_bytes", failing)
    assert decode_bytes(KO.encode("cp949"), "k.txt") == (KO, "euc_kr")

    def crashing(data, **kw):
        raise ValueError("no encoding fits")
    monkeypatch.setattr(enc, "from_bytes", crashing)
    assert decode_bytes(KO.encode("cp949"), "k.txt") == (KO, "euc_kr")


def test_the_first_c1_control_is_not_ascii_and_weighs_nothing():
    assert enc.plausibility("\u0080") == 0.0  # a Windows-1252 euro byte read as Latin-1
    assert enc.plausibility("abc\u0080") == 0.0


def test_the_penalty_for_glued_cjk_is_the_share_of_glued_characters():
    # 的 and 是 are common Han (1.0 + 0.3); 是 touches "ab", 的 does not: one in two glued
    assert enc.plausibility("的 是ab") == pytest.approx(1.3 - 1 / 2)


def test_lone_jamo_count_as_hangul_when_the_common_syllables_are_shared_out():
    # 좋 and 아 weigh 1.0, each ㅋ 0.5; only 아 is common, over four Hangul characters (the jamo included)
    assert enc.plausibility("좋아ㅋㅋ") == pytest.approx((1 + 1 + 0.5 + 0.5) / 4 + 0.3 * 1 / 4)


def test_the_character_just_before_the_full_width_forms_carries_no_weight():
    assert enc.plausibility("\uff00") == 0.0  # unassigned; U+FF01 (！) is the first full-width form


def test_bomless_utf16_needs_seventy_percent_ascii_exactly():
    seven = "강은 said, 다"  # 7 of 10 characters ASCII: zero high bytes in exactly 70%
    assert decode_bytes(seven.encode("utf-16-le"), "s.txt") == (seven, "utf-16-le")
    six = "강은 said 다다"  # 6 of 10
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(six.encode("utf-16-le"), "s.txt")


def test_bomless_utf16_with_a_broken_surrogate_is_binary_not_a_crash():
    data = "The river was quiet".encode("utf-16-le") + b"\x01\xdc"  # a lone low surrogate at the end
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(data, "broken16.txt")


def test_bomless_utf16_must_be_plausible_and_free_of_control_characters_both():
    escaped = ("The river was quiet that night and nobody came to the door at all.\x1b"
               + "And so it stayed until the morning. " * 2)
    assert len(enc.BAD_CONTROLS.findall(escaped)) <= enc.MAX_CONTROL_SHARE * len(escaped)  # under 1%
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(escaped.encode("utf-16-le"), "esc16.txt")
    boxes = "┌──┐ ab └──┘ cd ─ ef ─ gh ─ ij"  # mostly ASCII, but the rest weighs nothing
    with pytest.raises(TextReadError, match="binary"):
        decode_bytes(boxes.encode("utf-16-le"), "box16.txt")


def test_a_later_candidate_must_beat_an_earlier_one_by_more_than_rounding(monkeypatch):
    """Scores within 1e-9 of each other are a tie, and a tie goes to the earlier candidate (CP949 first)."""
    monkeypatch.setattr(enc, "from_bytes", lambda data, **kw: [])
    monkeypatch.setattr(enc, "plausibility", lambda text: 1.0 if text == KO else 1.0 + 1e-9)
    assert decode_bytes(KO.encode("cp949"), "k.txt") == (KO, "euc_kr")


def test_plausibility_reads_the_first_hundred_thousand_characters_only():
    assert enc.plausibility("a" * 99_998 + " 가") == pytest.approx(1.3)  # the 100,000th: read
    assert enc.plausibility("a" * 99_999 + " ㅋ") == 1.0  # the 100,001st: not read


@pytest.mark.parametrize("text", ["The river was quiet that night, 가 said.",  # 가 is U+AC00: bytes 00 AC
                                  "Chapter 一: The river was quiet that night.",  # 一 is U+4E00
                                  "Ā, the long vowel, said the teacher to the class."])  # U+0100
def test_bomless_utf16_with_a_character_whose_low_byte_is_zero_is_read(text):
    """A zero in the low byte of a character is not a NUL: only the decoded text's NUL characters (and
    other controls) make it binary. Such texts were once refused as binary files."""
    assert decode_bytes(text.encode("utf-16-le"), "z16.txt") == (text, "utf-16-le")
    assert decode_bytes(text.encode("utf-16-be"), "z16.txt") == (text, "utf-16-be")


def test_the_detector_is_shown_the_first_200_000_bytes_of_a_long_file(monkeypatch):
    seen: list[int] = []
    monkeypatch.setattr(enc, "from_bytes", lambda data, **kw: seen.append(len(data)) or [])
    novel = (KO + "\n") * 6_000  # about 330,000 bytes in CP949
    assert decode_bytes(novel.encode("cp949"), "novel.txt") == (novel, "euc_kr")
    assert seen == [200_000]


# ---- short texts (app/texts/encoding._score): a one-line file is read, not refused -------------------------

@pytest.mark.parametrize("text, codec, name", [
    ("Noël", "cp1252", "cp1252"),  # plausibility 0.5: one accent against three ASCII letters
    ("Où est-il ? Déjà là.", "cp1252", "cp1252"),
    ("그는 大韓民國의 國民이다", "cp949", "euc_kr"),  # plausibility 0.845, and once read as GB18030 mojibake
    ("Noël", "utf-16-le", "utf-16-le"),  # the BOM-less UTF-16 guess scores the same way
])
def test_a_one_line_file_in_a_latin_or_korean_script_is_read(text, codec, name):
    assert decode_bytes(text.encode(codec), "short.txt") == (text, name)


def test_a_short_latin_text_gets_back_the_accent_penalty_only_when_its_letters_say_latin():
    assert enc.plausibility("Noël") == pytest.approx(0.5) and enc._score("Noël") == 1.0
    assert enc._score("ÇÑ") == pytest.approx(0.5)  # 한 read as Windows-1252: no ASCII letter of its own
    assert enc._score("ÀÌ°Ç") == pytest.approx(enc.plausibility("ÀÌ°Ç"))  # a symbol among the letters
    assert enc._score("TV를") == pytest.approx(enc.plausibility("TV를")) == pytest.approx(1.3)  # no Latin


def test_a_text_is_short_below_twenty_four_non_ascii_characters():
    assert enc._score("é" * 23 + "a") == 1.0
    assert enc._score("é" * 24 + "a") == pytest.approx(0.5)  # long enough for the share to count


def test_short_korean_with_hanja_words_gets_back_the_blend_penalty():
    # by hand: 5 Hangul (all common) and 6 Han: plausibility 1.3 - 5/11, given back
    assert enc._score("그는 大韓民國의 國民이다") == pytest.approx(1.3)
    # 5 Hangul, 2 Han: 2/7 lost, 2/7 given back
    assert enc.plausibility("大韓의 나라이다") == pytest.approx(1.3 - 2 / 7)
    assert enc._score("大韓의 나라이다") == pytest.approx(1.3)
    # half the Hangul common is enough (2/4 given back); one in four is not
    assert enc._score("大韓 흙다") == pytest.approx(enc.plausibility("大韓 흙다") + 2 / 4)
    assert enc._score("大韓 흙닭밟다") == pytest.approx(enc.plausibility("大韓 흙닭밟다"))


def test_no_blend_penalty_is_given_back_without_a_space_between_words_or_without_hangul_and_han():
    assert enc._score("國民이다") == pytest.approx(enc.plausibility("國民이다")) == pytest.approx(0.8)
    assert enc._score("ｱｲｳ") == pytest.approx(enc.plausibility("ｱｲｳ"))  # neither script: nothing to give back
    assert enc.plausibility("이다的是") < enc.MIN_PLAUSIBILITY  # the blend rule itself is unchanged
