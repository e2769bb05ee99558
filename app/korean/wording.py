"""Plain-language explanations of honorific findings, written for a student of translation.

Each is an explanation fragment (app.explanations): the template's key and its arguments — names, the
ending, the levels as fragments of their glosses — so the window can word it in the interface language.
``render`` gives the English the judge stores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from litlens.app.explanations import Fragment, why
from litlens.app.korean.levels import gloss_why, register_why

if TYPE_CHECKING:
    from litlens.app.korean.speakers import Turn
    from litlens.app.korean.speech_levels import LevelResult


class SentenceInfo(Protocol):
    """What a wording needs of a classified sentence (honorifics.SentenceInfo, which imports this module)."""

    @property
    def level(self) -> str | None: ...

    @property
    def result(self) -> LevelResult: ...


def _who(name: str | None, fallback: str) -> Any:
    return name if name else why(fallback)


def _ending(s: SentenceInfo) -> Fragment:
    r = s.result
    return why("honorifics/ending", ending=r.ending, morpheme=r.ending_morpheme) if r.ending \
        else why("honorifics/its-ending")


def mixed_turn_why(turn: Turn, s: SentenceInfo, expected: str, sents: list[SentenceInfo]) -> Fragment:
    example = next((x for x in sents if x.level == expected), None)
    return why("honorifics/mixed-turn", speaker=_who(turn.speaker, "honorifics/the-speaker"),
               to=why("honorifics/to-listener", listener=turn.listener) if turn.listener else "",
               expected_style=gloss_why(expected),
               example=why("honorifics/example", ending=_ending(example)) if example else "",
               ending=_ending(s), style=gloss_why(s.level), expected_register=register_why(expected),
               register=register_why(s.level or expected), expected=expected)


def shift_why(turn: Turn, level: str, usual: str, usual_turn: Turn) -> Fragment:
    return why("honorifics/speaker-shift", speaker=_who(turn.speaker, "honorifics/this-speaker"),
               listener=_who(turn.listener, "honorifics/the-same-listener"), usual_style=gloss_why(usual),
               paragraph=usual_turn.paragraph + 1, style=gloss_why(level), usual=usual,
               speaker_how=_how(turn.how, turn.how_why, "honorifics/from-narration"),
               listener_how=_how(turn.listener_how, turn.listener_how_why, "honorifics/from-context"))


def conversation_why(a: str, b: str, usual: str, level: str, lines: int) -> Fragment:
    return why("honorifics/conversation-shift", a=a, b=b, usual_style=gloss_why(usual), lines=lines,
               style=gloss_why(level), usual=usual)


def _how(text: str, fragment: Fragment | None, fallback: str) -> Any:
    """How a speaker or listener was found: its fragment, else (should a text come without one) the text
    as it is, else the fallback's fragment."""
    return fragment or text or why(fallback)


def drift_why(s: SentenceInfo, expected: str, n_usual: int) -> Fragment:
    return why("honorifics/narration-drift", expected_style=gloss_why(expected), sentences=n_usual,
               ending=_ending(s), style=gloss_why(s.level), expected=expected)
