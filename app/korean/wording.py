"""Plain-language explanations of honorific findings, written for a student of translation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from litlens.app.korean.levels import level_gloss, register_word

if TYPE_CHECKING:
    from litlens.app.korean.honorifics import SentenceInfo
    from litlens.app.korean.speakers import Turn


def _who(name: str | None, fallback: str) -> str:
    return name if name else fallback


def _ending(s: SentenceInfo) -> str:
    r = s.result
    return f"‘{r.ending}’ ({r.ending_morpheme})" if r.ending else "its ending"


def mixed_turn_text(turn: Turn, s: SentenceInfo, expected: str, sents: list[SentenceInfo]) -> str:
    example = next((x for x in sents if x.level == expected), None)
    speaker = _who(turn.speaker, "The speaker")
    to = f" to {turn.listener}" if turn.listener else ""
    shown = f", e.g. {_ending(example)}" if example else ""
    return (
        f"{speaker} speaks{to} in {level_gloss(expected)} in this turn{shown}, but this sentence ends in "
        f"{_ending(s)}, which is {level_gloss(s.level)}. Within one speech a speaker does not normally jump "
        f"between {register_word(expected)} and {register_word(s.level or expected)}. Unless the switch is "
        f"meant (sudden anger, a joke, a change in the relationship), end this sentence in {expected} too.")


def shift_text(turn: Turn, level: str, usual: str, usual_turn: Turn) -> str:
    speaker = _who(turn.speaker, "This speaker")
    listener = _who(turn.listener, "the same listener")
    return (
        f"{speaker} addresses {listener} in {level_gloss(usual)} in paragraph {usual_turn.paragraph + 1}, "
        f"but here speaks to {listener} in {level_gloss(level)}. Korean readers hear the speech level as "
        f"part of the relationship, so a change like this says that the relationship itself changed. If "
        f"nothing in the story explains it, keep {speaker}'s speech to {listener} in {usual}. "
        f"(Speaker found: {turn.how or 'from the narration'}; listener: {turn.listener_how or 'from context'}.)")


def drift_text(s: SentenceInfo, expected: str, n_usual: int) -> str:
    return (
        f"The narration is written in {level_gloss(expected)} ({n_usual} sentences), but this narration "
        f"sentence ends in {_ending(s)}, which is {level_gloss(s.level)}. It sounds as if the narrator "
        f"suddenly turned to talk to the reader. Keep the narrator's voice in one level: end it in {expected}.")
