"""Which sentences may show a register slip, and to whom a sentence inside a turn is said.

A speech level is a choice made toward a listener. Four things in real dialogue look like a change of
level and are not one, and the honorifics judge must not flag them:

- **exclamations**: -구나, -군, -더라 and a bare -다 after an interjection are said half to oneself;
- **weak endings**: a sentence left on a connective (-는데, -고, -니까), or closed by an ending two levels
  share (-네: 해체 or 하게체; -나; -구먼), says little about the level; only a sentence read at
  ``FINDING_CONFIDENCE`` or more can be flagged or set what a turn's usual level is;
- **set phrases**: 잘 먹었습니다, 다녀오겠습니다, 감사합니다… are said in their fixed form by a child who
  otherwise speaks 해체 to the same parent;
- **another addressee**: a turn may turn to someone else by name ("잘했어, 하은아." in a teacher's 해요체
  turn to the class); a sentence with a vocative is compared only with sentences said to the same person.

And a pair that mixes two levels throughout (a child with a parent: 해요체 and 해체 in turn) has no single
usual level: a line is a slip only when the pair's other lines agree (``is_minority``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, TypeVar

from litlens.app.korean.kiwi import get_kiwi

FINDING_CONFIDENCE = 0.65  # below this a sentence's level is a guess between two levels: never a slip

# Said in one fixed form whatever the speaker's level toward the listener otherwise is (spaces removed).
SET_PHRASES = frozenset({
    "잘먹었습니다", "잘먹겠습니다", "다녀오겠습니다", "다녀왔습니다", "감사합니다", "고맙습니다", "죄송합니다",
    "미안합니다", "실례합니다", "안녕하세요", "안녕하십니까", "안녕히계세요", "안녕히가세요", "안녕히주무세요",
    "수고하셨습니다", "수고하세요", "축하합니다", "축하드립니다", "처음뵙겠습니다", "알겠습니다", "어서오세요",
})
_NOT_LETTER = re.compile(r"[^\w]|_")
# endings of exclamation and musing, as speech_levels names them (LevelResult.ending_morpheme)
EXCLAMATIONS = frozenset({"-구나", "-는구나", "-군", "-는군", "-로군", "-더군", "-구먼", "-구만", "-더라", "-더구나",
                          "-는구먼", "-로구나", "-로구먼"})
_INTERJECTION = re.compile(r"\s*(아|어|오|와|아이고|어이구|어머|어머나|에이|이런|저런|참|휴|흠|허|하|음|아아|야)\s*[,!…]")
_GROUP_CALLS = ("여러분", "얘들아", "애들아", "다들")

S = TypeVar("S")


def is_set_phrase(sentence: str) -> bool:
    """A greeting, thanks or apology in its fixed form, alone in its sentence (after an interjection or
    a vocative at most: "엄마, 잘 먹었습니다!")."""
    bare = _NOT_LETTER.sub("", sentence.split(",")[-1])
    return bare in SET_PHRASES


def is_exclamation(sentence: str, ending: str) -> bool:
    """Said to oneself as much as to the listener: an exclamation or a musing (-구나, -군, -더라: "이름이
    뭐였더라."), or a bare -다 after an interjection ("아, 냄새 좋다.")."""
    if ending in EXCLAMATIONS:
        return True
    return ending == "-다" and _INTERJECTION.match(sentence) is not None


def counts(confidence: float, text: str, ending: str = "") -> bool:
    """May a sentence read at ``confidence``, closed by ``ending`` ("-더라"), show (or set) a turn's level?"""
    return confidence >= FINDING_CONFIDENCE and not is_set_phrase(text) and not is_exclamation(text, ending)


def vocative(sentence: str) -> str | None:
    """The name or word the sentence calls someone by (하은아 → "하은", 여러분), or None."""
    for call in _GROUP_CALLS:
        if call in sentence:
            return call
    for t in get_kiwi().tokenize(sentence):
        if t.tag == "JKV":  # the whole word before the vocative particle: 하은아 → 하은, 김 군 → 군
            word_start = max(sentence.rfind(" ", 0, t.start), sentence.rfind(",", 0, t.start)) + 1
            return sentence[word_start:t.start] or None
    return None


def by_addressee(items: list[S], text_of: Callable[[S], str],
                 is_listener: Callable[[str], bool]) -> list[list[S]]:
    """``items`` (a turn's sentences, in order) split by whom they are said to: a sentence calling
    someone other than the turn's listener by name goes with the others said to that person; the rest
    (no vocative, or the listener's own name) stay together. Vocatives are read only when needed."""
    groups: dict[str | None, list[S]] = {}
    for item in items:
        called = vocative(text_of(item))
        key = None if called is None or is_listener(called) else called
        groups.setdefault(key, []).append(item)
    return list(groups.values())


def names_listener(cast: Any, listener: str | None) -> Callable[[str], bool]:
    """Whether a vocative word calls the turn's listener (their name, an alias or an address form of one,
    through the text's cast)."""
    own = (listener or "").replace(" ", "")

    def check(called: str) -> bool:
        c = called.replace(" ", "")
        if own and (c == own or (len(c) > 1 and (c in own or own in c))):
            return True
        person = cast.find(called) if cast is not None and listener else None
        return person is not None and person.name == listener
    return check


def is_minority(off: int, usual: int, off_is_later: bool) -> bool:
    """A pair's off-level lines are slips only when its usual level is established and they are few beside
    it: one line after a single usual one (the first line set the level, as a reader hears it), or up to a
    third as many lines as the usual ones (at least one)."""
    if usual == 1:
        return off == 1 and off_is_later
    return usual >= 2 and off <= max(1, usual // 3)


SCENE_TURNS = 12  # an unattributed line is read against the attributed turns this many either side...
SCENE_PARAGRAPHS = 12  # ...that are this close in paragraphs (one scene, not the chapter)


def two_person_level(lines: list[tuple[str, str | None, int | None, str | None]],
                     gap: int) -> tuple[str, str, int, str, int] | None:
    """(a, b, tier, level, number of lines) when ``lines`` ((speaker, listener, tier, level) of the attributed
    turns around an unattributed one; tier and level None where a turn's level is not read) are an exchange
    between exactly two people who speak to each other, each at least once at a read level, three such
    lines or more in all, all within one tier of each other; otherwise None."""
    people = {sp for sp, _ls, _t, _lv in lines}
    if len(people) != 2 or any(ls not in people or ls == sp for sp, ls, _t, _lv in lines):
        return None
    read = [(sp, t, lv) for sp, _ls, t, lv in lines if t is not None and lv is not None]
    if len(read) < 3 or {sp for sp, _t, _lv in read} != people:
        return None
    tiers = [t for _sp, t, _lv in read]
    if max(tiers) - min(tiers) >= gap:
        return None
    own = {max(set(mine), key=mine.count) for p in people for mine in [[t for sp, t, _lv in read if sp == p]]}
    if len(own) != 1:
        return None  # each speaks to the other at a level of their own (해요체 one way, 하오체 the other)
    a, b = sorted(people)
    usual_tier = max(set(tiers), key=tiers.count)
    levels = [lv for _sp, t, lv in read if t == usual_tier]
    return a, b, usual_tier, max(set(levels), key=levels.count), len(read)


UNSURE = {"how/unknown-uncorroborated", "how/unknown-weak"}  # abstentions for want of evidence, not contradiction


def heard_pair(turn) -> tuple[str, str] | None:
    """Who speaks to whom in ``turn`` as the checks of how a pair speaks read it: its speaker and listener;
    for a turn whose speaker is unknown because the evidence was not sure enough, the reading the attribution
    set aside (``guess``). A line that breaks how a pair speaks is worth showing even when who said it is not
    sure (its explanation says "this speaker", and why the speaker is unknown); the name stays out of the
    ledger. A guess the text contradicts (attribution_checks.contradiction, a line calling its own
    speaker) is not weighed."""
    if turn.speaker:
        return (turn.speaker, turn.listener) if turn.listener else None
    if (getattr(turn, "how_why", None) or {}).get("why") not in UNSURE:
        return None
    guess, to = getattr(turn, "guess", None), getattr(turn, "guess_listener", None)
    return (guess, to) if guess and to and to not in (guess, "group") else None
