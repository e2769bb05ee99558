"""Locating quoted errors (app/mqm/spans.py), one stage rule at a time: which occurrence is taken, when a
quote is ambiguous, how a looser stage finds further occurrences, the fuzzy stage's threshold and minimum
length, and that nothing is ever placed at a guess."""

from __future__ import annotations

import pytest

from litlens.app.mqm.spans import MIN_FUZZY_LENGTH, SHORT_QUOTE, Location, locate, normalise

TEXT = 'She said "come in." Then she said \u201ccome in.\u201d again, and come in was all she said.'


def test_the_named_occurrence_is_taken_and_none_means_ambiguous():
    first = TEXT.index("come in")
    second = TEXT.index("come in", first + 1)
    third = TEXT.index("come in", second + 1)
    loc = locate(TEXT, "come in", 2)
    assert (loc.start, loc.end, loc.method) == (second, second + 7, "exact")
    assert locate(TEXT, "come in", 3).start == third
    amb = locate(TEXT, "come in")
    assert not amb.located and amb.method == "unlocated" and amb.start is None
    assert amb.alternatives == ((first, first + 7), (second, second + 7), (third, third + 7))
    assert amb.note == "the quoted text occurs 3 times and the answer did not say which occurrence it meant"


def test_a_looser_stage_finds_the_occurrence_the_exact_one_lacks():
    # '"come in."' with straight quotes occurs once exactly; the second (curly) only after normalising
    once = locate(TEXT, '"come in."', 2)
    start = TEXT.index("\u201ccome")
    assert (once.start, once.end, once.method) == (start, start + 10, "normalised")
    only = locate(TEXT, "was all she", 2)
    assert only.located and only.start == TEXT.index("was all she")
    assert only.note == "the answer named occurrence 2, but the text occurs only once"
    beyond = locate(TEXT, "come in", 4)
    assert not beyond.located and "only 3 time(s)" in beyond.note


def test_occurrences_are_counted_without_overlap():
    assert locate("aaaa", "aa", 2).start == 2
    assert not locate("aaaa", "aa", 3).located


def test_edge_whitespace_of_a_quote_is_not_the_error():
    loc = locate("the old house", "  old ")
    assert (loc.start, loc.end, loc.method) == (4, 7, "exact")


def test_fuzzy_threshold_and_case():
    content = "The rain kept falling on the old house all night."
    near = locate(content, "the rain kept falling on the old hose")  # one letter off, other case
    assert near.method == "fuzzy" and near.start == 0 and content[near.start:near.end].startswith("The rain")
    assert 0.85 <= near.score < 1.0
    assert not locate(content, "the snow stopped falling on a new barn").located
    strict = locate(content, "the rain kept falling on the old hose", threshold=0.99)
    assert not strict.located and strict.note == "the quoted text was not found"


def test_short_quotes_are_never_fuzzy():
    assert MIN_FUZZY_LENGTH == 4
    assert not locate("a cat sat", "cxt").located  # 3 characters: exact or nothing
    assert locate("a cat sat", "a cat").method == "exact"


def test_regions_confine_the_search():
    content = "come in. go out. come in."
    loc = locate(content, "come in", regions=[(9, 25)])
    assert (loc.start, loc.end) == (17, 24)  # the one in the region, so not ambiguous
    assert not locate(content, "come in", regions=[(9, 16)]).located


def test_normalise_maps_each_character_back():
    nm = normalise("a \u00a0  b\uff21", 10)
    assert nm.text == "a bA"
    assert nm.original(1, 2) == (11, 15)  # the run of spaces maps to one character
    assert nm.original(3, 4) == (16, 17)


def test_an_occurrence_below_one_is_no_choice():
    assert not locate(TEXT, "come in", 0).located and locate(TEXT, "come in", 0).alternatives
    assert not locate(TEXT, "come in", -1).located


def test_an_empty_quote_is_said_to_be_empty():
    for quote in ("", "   "):
        loc = locate(TEXT, quote)
        assert not loc.located and loc.method == "unlocated" and loc.note == "the answer quoted no text"


def test_a_fuzzy_window_may_grow_past_the_quote_length():
    content = "The rain kept falling on the old house all night."
    quote = "rain kep falling on the old hous"  # a letter short inside, and cut short at the end
    loc = locate(content, quote)
    assert loc.method == "fuzzy" and content[loc.start:loc.end] == "rain kept falling on the old hous"
    assert loc.end - loc.start == len(quote) + 1  # the window took in the missing letter


def test_every_curly_quote_folds_to_its_straight_form():
    """One straight quote each: the double prime was split by NFKC into two single quotes, and an acute
    accent typed as an apostrophe ("don\u00b4t") became a space and a combining mark, never matched."""
    assert normalise("\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033\u301d\u301e").text == '"' * 9
    assert normalise("\u2018\u2019\u201a\u201b\u2032\u2039\u203a`\u00b4").text == "'" * 9
    loc = locate("I don\u00b4t know, she said.", "don't know")
    assert (loc.start, loc.end, loc.method) == (2, 12, "normalised")


def test_a_variation_selector_stays_with_its_character():
    nm = normalise("\u263a\ufe0f!")
    assert nm.starts[:2] == [0, 0] and nm.ends[:2] == [2, 2] and nm.original(2, 3) == (2, 3)


def test_a_long_quote_missing_characters_is_placed_from_its_first_word():
    """A 111-character quote with 13 characters missing from its middle: placed from its first word, on
    a window longer than the quote (tightening moves the edges by up to 12 characters)."""
    words = ("the lamp the river winter harbour quiet she waited by the door salt letter never came brother "
             "clock stopped night boats rain")
    content = "Prologue. " + words + " Epilogue follows here."
    quote = words[:40] + words[53:]
    loc = locate(content, quote)
    assert loc.method == "fuzzy" and loc.start == content.index("the lamp")
    assert len(quote) < loc.end - loc.start <= len(quote) + 12


@pytest.mark.parametrize("o", [0x0300, 0x1160, 0x11FF, 0xD7B0, 0xD7FF, 0xFE00, 0xFE0F])
def test_combining_marks_jamo_and_selectors_stay_with_the_character_before(o):
    nm = normalise("a" + chr(o) + "b")
    assert nm.starts[0] == 0 and nm.ends[0] == 2 and nm.starts[-1] == 2
    assert all(s == 0 for s in nm.starts[:-1])


@pytest.mark.parametrize("o", [0x02FF, 0x115F, 0x1200, 0xD7AF, 0xD800, 0xFDFF, 0xFE10])
def test_characters_just_outside_those_ranges_start_their_own_cluster(o):
    nm = normalise("a" + chr(o) + "b")
    assert nm.starts == [0, 1, 2] and nm.ends == [1, 2, 3]


def test_decomposed_hangul_maps_back_to_its_three_jamo():
    nm = normalise("\u1100\u1161\u11a8x", 5)
    assert nm.text == "각x" and nm.starts == [5, 8] and nm.ends == [8, 9]
    loc = locate("그는 \u1100\u1161\u11a8 했다", "각")
    assert (loc.start, loc.end, loc.method) == (3, 6, "normalised")


def test_regions_are_searched_in_text_order_whatever_order_they_are_given_in():
    content = "come in. go out. come in."
    loc = locate(content, "come in", 2, regions=[(9, 25), (0, 8)])
    assert (loc.start, loc.end) == (17, 24)


def test_a_fuzzy_match_chosen_by_occurrence_carries_its_own_score():
    first = "The rain kept falling on the old house."
    second = "The rain kept fallin on the ol house."
    third = "The rain kept falling on the old horse."
    quote = "the rain kept falling on the old hose"
    content = f"{first} {second} {third}"
    alone = [locate(part, quote) for part in (first, second, third)]
    assert all(a.method == "fuzzy" for a in alone) and alone[0].score != alone[1].score
    for k in (1, 2, 3):
        got = locate(content, quote, k)
        assert got.method == "fuzzy" and got.score == pytest.approx(alone[k - 1].score)


# ---- the fuzzy stage at its boundaries ---------------------------------------------------------------
def test_a_quote_of_the_minimum_length_is_matched_fuzzily_one_shorter_is_not():
    """Case is folded only in the fuzzy stage, so a re-capitalised quote shows which lengths reach it."""
    content = "the cats sat on the mat"
    four = locate(content, "CATS")
    assert (four.start, four.end, four.method, four.score) == (4, 8, "fuzzy", 1.0)
    assert not locate(content, "CAT").located and not locate(content, "SAT").located
    assert locate(content, "SAT ON").method == "fuzzy"


def test_a_text_shorter_than_threshold_times_the_quote_cannot_hold_it():
    quote = "abcdefghijklmnopqrst"  # 20 characters: 0.85 x 20 = 17
    held = locate("abcdefghijklmnopq", quote)  # 17 characters, every one of them in the quote
    assert (held.start, held.end, held.method) == (0, 17, "fuzzy") and held.score == pytest.approx(34 / 37)
    short = locate("abcdefghijklmnop", quote)  # 16: similar enough (32/36) but too short to be the quote
    assert not short.located and short.note == "the quoted text was not found"


def test_the_threshold_is_inclusive():
    """Three letters of twenty changed: similarity 2 x 17 / 40 = 0.85 exactly, placed; four: 0.8, not."""
    quote = "abcdefghijklmnopqrst"
    at = locate("abcdefgXijkXmnopXrst", quote)
    assert (at.start, at.end, at.method) == (0, 20, "fuzzy") and at.score == pytest.approx(0.85)
    assert not locate("abcdefgXijkXmnXpXrst", quote).located
    inside = locate("... abcdefgXijkXmnopXrst ...", quote)
    assert (inside.start, inside.end) == (4, 24)
    assert not locate("abcdefgXijkXmnopXrst", quote, threshold=0.86).located
    assert locate("abcdefgXijkXmnXpXrst", quote, threshold=0.8).located


@pytest.mark.parametrize("quote, expected", [("SHE READ THE LETTER", "She read the letter"),
                                             ("BY THE WINDOW.", "by the window."),
                                             ("she red the letter twice by the window.",
                                              "She read the letter twice by the window.")])
def test_a_fuzzy_match_reaches_the_first_and_last_character_of_its_region_and_no_further(quote, expected):
    paras = ["The ferry left at dawn with the mail.", "She read the letter twice by the window.",
             "By the window. She read the letter."]
    content = "\n\n".join(paras)
    start = content.index(paras[1])
    region = (start, start + len(paras[1]))
    loc = locate(content, quote, regions=[region])
    assert loc.method == "fuzzy" and content[loc.start:loc.end] == expected
    assert region[0] <= loc.start and loc.end <= region[1]


def test_edited_quotes_in_several_paragraphs_are_placed_in_each_and_counted_across_them():
    """Several paragraphs, the quote with an edit in each of two of them: both windows are found with
    their original offsets, the quote is ambiguous without an occurrence, and each occurrence picks its
    own paragraph, as does confining the search to it."""
    paras = ["The ferry left at dawn with the mail.", "She read the letter twice by the window.",
             "He read the leter twice by the windows, then slept.", "Nothing else happened."]
    content = "\n\n".join(paras)
    regions, pos = [], 0
    for p in paras:
        regions.append((pos, pos + len(p)))
        pos += len(p) + 2
    quote = "she read the letter twice by the windw"
    second = (content.index("She read"), content.index("She read") + len("She read the letter twice by the window"))
    third = (content.index("He read"), content.index("He read") + len("He read the leter twice by the window"))
    amb = locate(content, quote, regions=regions)
    assert not amb.located and amb.alternatives == (second, third) and "2 times" in amb.note
    assert (locate(content, quote, 1, regions=regions).start, locate(content, quote, 1, regions=regions).end) == second
    last = locate(content, quote, 2, regions=regions)
    assert (last.start, last.end, last.method) == (*third, "fuzzy") and last.score < 1.0
    alone = locate(content, quote, regions=[regions[2]])
    assert (alone.start, alone.end) == third
    assert not locate(content, quote, 3, regions=regions).located


def test_a_fuzzy_match_is_trimmed_of_the_spaces_at_its_edges():
    content = "x  the rain kept falling on the old house  y"
    loc = locate(content, " the rain kept falling on the old hose ")
    assert loc.method == "fuzzy" and content[loc.start:loc.end] == "the rain kept falling on the old house"


def test_a_fuzzy_window_grows_by_at_most_the_refine_radius():
    """Tightening moves a window's edges by at most 12 characters (speed against precision, stated in
    the module): a 111-character quote with 13 characters missing near its start gets a window 12
    characters longer than itself, ending one short of the passage's end, never 13."""
    words = ("the lamp the river winter harbour quiet she waited by the door salt letter never came brother "
             "clock stopped night boats rain")
    content = "Prologue. " + words + " Epilogue follows here."
    quote = words[:20] + words[33:]
    loc = locate(content, quote)
    assert loc.method == "fuzzy" and loc.start == content.index("the lamp")
    assert loc.end - loc.start == len(quote) + 12 and loc.end == content.index(" Epilogue") - 1


def test_two_fuzzy_matches_back_to_back_are_both_found():
    """Windows that start exactly a quote's length apart, or touch end to start, are two occurrences."""
    quote = "the rain kept falling on the old hose"  # case differs: only the fuzzy stage sees them
    first, second = "The rain kept falling on the old hose", "THE rain kept falling on the old hose"
    both = locate(first + second, quote)
    assert not both.located and both.alternatives == ((0, 37), (37, 74))
    took = locate(first + second, quote, 2)
    assert (took.start, took.end, took.method, took.score) == (37, 74, "fuzzy", 1.0)
    assert locate(first + " " + second, quote).alternatives == ((0, 37), (37 + 1, 74 + 1))
    # the better match found first, the worse one ending exactly where it starts: still both
    worse = "The rain kept fxlling on the old hose"
    pair = locate(worse + second, quote)
    assert pair.alternatives == ((0, 37), (37, 74))
    assert locate(worse + second, quote, 1).score == pytest.approx(72 / 74)


def test_a_quote_mark_that_nfkc_produces_is_folded_too():
    """A full-width grave accent becomes "`" only under NFKC; it is then folded like a typed one."""
    assert normalise("it\uff40s").text == "it's"
    loc = locate("it\uff40s late", "it's")
    assert (loc.start, loc.end, loc.method) == (0, 4, "normalised")


def test_a_leading_run_of_whitespace_is_one_space_mapped_to_the_whole_run():
    nm = normalise("  \t a", 3)
    assert nm.text == " a" and nm.starts == [3, 7] and nm.ends == [7, 8]


def test_curly_quotes_and_case_together_reach_the_fuzzy_stage_at_full_score():
    loc = locate("\u201cCome in,\u201d he said.", '"come in," HE SAID')
    assert (loc.start, loc.end, loc.method, loc.score) == (0, 18, "fuzzy", 1.0)


# ---- short quotes (under SHORT_QUOTE characters): every window that can reach the threshold ----------
def test_the_short_quote_rule_covers_quotes_of_four_to_nine_characters():
    assert (MIN_FUZZY_LENGTH, SHORT_QUOTE) == (4, 10)


@pytest.mark.parametrize("written, score", [("beauutiful", 18 / 19), ("beauuutiful", 18 / 20),
                                            ("beauuuutiful", 18 / 21)])
def test_a_short_quote_is_placed_on_the_whole_word_however_many_letters_the_text_adds(written, score):
    """'beautiful' (9 characters) against a text with one to three letters more: the span is the whole
    written word, not a window of the quote's own length with an edge moved by one."""
    content = f"It was a {written} day."
    loc = locate(content, "beautiful")
    assert (loc.start, loc.end, loc.method) == (9, 9 + len(written), "fuzzy")
    assert loc.score == pytest.approx(score)


def test_a_short_quote_the_text_adds_four_letters_to_is_not_placed():
    loc = locate("It was a beauuuuutiful day.", "beautiful")  # 18/22 < 0.85, and no part of it is closer
    assert not loc.located and loc.note == "the quoted text was not found"


def test_a_short_quote_with_letters_the_text_lacks_is_placed_on_the_shorter_word():
    content = "He sat on the sofa by the fire."
    loc = locate(content, "sofaa")
    assert (loc.start, loc.end, loc.method) == (14, 18, "fuzzy") and loc.score == pytest.approx(8 / 9)
    two = locate(content, "the sfa by")  # a letter lacking inside and an edge the text has not
    assert content[two.start:two.end] == "the sofa by"


def test_a_short_window_below_the_minimum_length_is_never_a_match():
    """'sand' against 'and' is 6/7 similar, but a three-letter window is mostly chance."""
    assert not locate("he sat on and off", "sand").located
    assert locate("he sat on sand off", "SAND").start == 10  # four letters (only case differs): placed


def test_a_short_window_may_be_at_most_twice_the_quote():
    """With a loose threshold (0.6) 'abcd' reaches 8/12 in an 8-letter window and is placed there; in a
    9-letter one it would reach 8/13 (still above 0.6), but that window is over twice the quote."""
    assert (locate("abXXXXcd", "abcd", threshold=0.6).start, locate("abXXXXcd", "abcd", threshold=0.6).end) \
        == (0, 8)
    assert not locate("abXXXXXcd", "abcd", threshold=0.6).located


def test_a_short_window_exactly_at_the_threshold_is_placed():
    """'abcd' in 'abXYcd': 8/10 = 0.8 exactly; placed at threshold 0.8, not at 0.81."""
    at = locate("abXYcd", "abcd", threshold=0.8)
    assert (at.start, at.end, at.method) == (0, 6, "fuzzy") and at.score == pytest.approx(0.8)
    assert not locate("abXYcd", "abcd", threshold=0.81).located


def test_a_short_window_neither_starts_nor_ends_on_a_space():
    """'x we she' is closest to ' we she' (a space where the x is); a span never begins with a space, so
    the word before is taken in. 'x she' would only fit ' she': it is not placed."""
    loc = locate("a we she by he", "x we she")
    assert (loc.start, loc.end) == (0, 8) and loc.score == pytest.approx(14 / 16)
    assert not locate("is mat he me she", "x she").located
    assert not locate("she me he is mat", "she x").located


def test_a_short_quote_found_twice_is_ambiguous_and_each_occurrence_is_its_own_word():
    content = "She sat on the sofa, then on the other sofa."
    first, second = (15, 19), (39, 43)
    amb = locate(content, "sofaa")
    assert not amb.located and amb.alternatives == (first, second) and "2 times" in amb.note
    assert (locate(content, "sofaa", 2).start, locate(content, "sofaa", 2).end) == second
    assert (locate(content, "sofaa", 1).start, locate(content, "sofaa", 1).end) == first


def test_short_fuzzy_matches_side_by_side_are_both_kept_whichever_is_better():
    """Windows that touch end to start are two matches, whether the better one comes first or second."""
    assert locate("sofasofa", "SOFA").alternatives == ((0, 4), (4, 8))
    pair = locate("beautiflbeautiful", "BEAUTIFUL")  # the second is the better: kept first, then the first
    assert pair.alternatives == ((0, 8), (8, 17))
    # listed in text order whichever is the better
    assert locate("beautiful beautifl", "BEAUTIFUL").alternatives == ((0, 9), (10, 18))


def test_from_ten_characters_on_a_window_is_tightened_from_the_quote_length():
    """The short-quote rule ends at 9 characters: 'beautiful' is placed on all of 'beauuuutiful' (three
    letters more), while the 10-character 'remarkable' against 'remmarkkablle' keeps the bounded
    tightening of longer quotes (two characters at each edge) and is placed two letters short."""
    content = "It was remmarkkablle weather."
    loc = locate(content, "remarkable")
    assert content[loc.start:loc.end] == "remmarkkabl" and loc.score == pytest.approx(18 / 21)


def test_the_better_of_overlapping_short_windows_is_the_one_placed():
    """'tppedha' is closer to 'topped ha' (the whole written span) than to the earlier 'stopped h' or any
    shorter part of it."""
    content = "the clock stopped harbour"
    loc = locate(content, "tppedha")
    assert content[loc.start:loc.end] == "topped ha"


def test_short_quotes_at_the_edges_of_a_paragraph_stay_inside_it():
    paras = ["He sat on the sofa", "And then he slept on it."]
    content = "\n\n".join(paras)
    loc = locate(content, "the sofaa", regions=[(0, len(paras[0]))])
    assert (loc.start, loc.end) == (10, 18)  # ends on the paragraph's last character
    start = len(paras[0]) + 2
    head = locate(content, "Andd then", regions=[(start, len(content))])
    assert (head.start, head.end) == (start, start + 8)  # starts on its first
    assert not locate(content, "sofaa and", regions=[(0, len(paras[0]))]).located


def test_a_short_quote_of_a_paragraph_edited_since_is_placed_on_what_it_became_or_nowhere():
    """The quote was taken before an edit: placed on the edited words when they are close enough, left
    unplaced (never guessed) when the edit changed too much; each paragraph on its own."""
    paras = ["She wore the gray coat.", "She wore the grey wool coat.", "She wore the grey coat."]
    content = "\n\n".join(paras)
    regions, pos = [], 0
    for p in paras:
        regions.append((pos, pos + len(p)))
        pos += len(p) + 2
    spelled = locate(content, "grey coat", regions=[regions[0]])  # 16/18
    assert content[spelled.start:spelled.end] == "gray coat" and spelled.method == "fuzzy"
    assert not locate(content, "grey coat", regions=[regions[1]]).located
    kept = locate(content, "grey coat", regions=regions)  # the unedited one is found exactly
    assert (kept.start, kept.method) == (content.index("grey coat"), "exact")
    both = locate(content, "GREY COAT", regions=regions)  # fuzzy everywhere: the edited and the kept one
    assert both.alternatives == ((spelled.start, spelled.end),
                                 (content.index("grey coat"), content.index("grey coat") + 9))


def test_the_most_similar_rough_window_seeds_the_tightening_not_the_first_that_passes():
    """'he roof ab cde' (14 characters): the windows of its length that pass the rough test overlap; the
    best of them is tightened, giving 'he roof abcde' (26/27), not the earlier 'the roof abcde' (26/28)."""
    content = "uvwxyzthe roof abcdeXghij"
    loc = locate(content, "he roof ab cde")
    assert (loc.start, loc.end, loc.method) == (7, 20, "fuzzy") and loc.score == pytest.approx(26 / 27)


@pytest.mark.parametrize("content, quote, expected", [
    ("the rail klmnopqrst", "z rail kYmnopqrs", "rail klmnopqrs"),
    ("tsrqponmlk liar eht", "srqponmYk liar z", "srqponmlk liar")])
def test_a_tightened_window_that_takes_in_a_space_at_an_edge_is_trimmed_of_it(content, quote, expected):
    """The best window of 'z rail kYmnopqrs' is ' rail klmnopqrs' (its space stands for the quote's space
    after z); the span placed starts at the word (and the mirror case ends at it)."""
    loc = locate(content, quote)
    assert content[loc.start:loc.end] == expected and loc.score == pytest.approx(28 / 31)


def test_a_text_that_begins_with_a_mark_or_a_trailing_jamo_keeps_it():
    """A region cut mid-syllable begins with the vowel and final jamo: they are normalised as the text's
    first cluster (mapped to offset 0), not dropped, so a quote that takes them in starts at 0."""
    nm = normalise("\u0301a\u1161b", 3)
    assert nm.text == "\u0301a\u1161b" and nm.starts == [3, 4, 4, 6] and nm.ends == [4, 6, 6, 7]
    content = "\u1161\u11a8 \u201cend\u201d"
    loc = locate(content, '\u1161\u11a8 "end"')
    assert (loc.start, loc.end, loc.method) == (0, 8, "normalised")


def test_a_location_is_a_value_it_cannot_be_changed_and_can_be_kept_in_a_set():
    loc = locate("the old house", "old")
    with pytest.raises(AttributeError):
        loc.start = 0  # type: ignore[misc]
    assert {loc, locate("the old house", "old")} == {loc}


def test_a_location_is_placed_only_when_both_its_ends_are_known():
    assert Location(3, 7, "exact").located
    assert not Location(3, None, "unlocated").located and not Location(None, 7, "unlocated").located


def test_a_rough_window_exactly_at_the_rough_bound_is_tightened():
    """A 10-character quote is first compared with windows of its own length, which may score up to 0.08
    below the threshold and still be tightened. At threshold 0.88 that bound is 0.8 exactly: every
    10-letter window of 'abcdXefgYhij' holds 8 of 'abcdefghij' (0.8), and the tightened window, all 12
    letters, reaches 20/22; at threshold 0.9 the bound is 0.82 and nothing is placed."""
    loc = locate("abcdXefgYhij", "abcdefghij", threshold=0.88)
    assert (loc.start, loc.end, loc.method) == (0, 12, "fuzzy") and loc.score == pytest.approx(20 / 22)
    assert not locate("abcdXefgYhij", "abcdefghij", threshold=0.9).located


def test_a_tightened_window_may_start_the_full_reach_after_its_seed():
    """'af klmnopa qrstuvwxyzk' (22 characters, tightened by up to 4): its best window, 'f klmnopqrstuvwxyzk'
    (38/41), starts further from the rough seed than one character short of the reach."""
    content = "the roof klmnopqrstuvwxyzklmnopqrstthe rain fell on "
    loc = locate(content, "af klmnopa qrstuvwxyzk")
    assert (loc.start, loc.end) == (7, 26) and loc.score == pytest.approx(38 / 41)
