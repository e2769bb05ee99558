"""A line that says who is speaking: "나야, 캐럴 이모.", "저예요, 민재요.", "저는 김수진이라고 합니다.", "나 민재야."

On the telephone, at a door, in a letter read aloud, the speaker names themself where no narration does.
The words are read from the line alone; app.korean.attribution ties them to a character of the cast (a
name no character has is no clue).
"""

from __future__ import annotations

import re

from litlens.app.korean.people import plain_name

_NAME = r"([가-힣]{1,4}(?: [가-힣]{1,4})?)"
_PATTERNS = (
    # 나야, 캐럴 이모. / 저예요, 민재요. / 접니다, 김 서방입니다.
    re.compile(rf"(?:^|[\s,.!?…])(?:나야|나예요|저예요|저야|접니다|저입니다)[,.!…]+\s*{_NAME}"
               r"(?:요|입니다|이에요|예요|이야|야)?[.!…]*(?:\s|$)"),
    # 저는 김수진이라고 합니다. / 난 민재라고 해.
    re.compile(rf"(?:^|[\s,.!?…])(?:저는|나는|전|난)\s+{_NAME}(?:이라고|라고)\s+(?:합니다|해요|하오|해|하네)"),
    # 나 민재야. / 나, 캐럴이야.
    re.compile(r"(?:^|[\s.!?…])나,?\s+([가-힣]{1,4})(?:이야|야)(?:[.!…]+|$)"),
    # 불효자 태식은 잘 있습니다. / 소자 명환이 문안드립니다: a humble word for oneself, then one's own name
    # (letters and formal speech to a parent or a superior; not 소녀, which is also "a girl": 저 소녀 은비가)
    re.compile(r"(?:^|[\s,.!?…])(?:불효자|불초자|소자|소인|소생|쇤네)\s+([가-힣]{1,4})(?:은|는|이|가)\s"),
)


def self_named(line: str) -> str | None:
    """The words a line names its own speaker by, or None."""
    for rx in _PATTERNS:
        m = rx.search(line)
        if m:
            name = m.group(1).strip()
            for tail in ("입니다", "이에요", "예요", "이야", "요", "야"):  # 민재요 → 민재, when the pattern left it
                if name.endswith(tail) and len(name) > len(tail) + 1:
                    name = name[: -len(tail)]
                    break
            return plain_name(name)  # 김수진이라고 → 김수진
    return None
