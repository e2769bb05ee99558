"""One scrubber for every text a provider hands us, and for every message that could carry a key.

A provider can echo a key back in a normal 200 answer (a model repeating its prompt, a proxy quoting
headers, an error body relayed as content). Whatever came from a provider, or from an exception about
one, passes ``scrub`` before it is stored, logged or shown. Two nets, because neither is enough alone:

- the exact secrets this process knows of: keys handed to a provider, keys read from the keyring or set
  this session (registered by ``app.llm.keys``), and the values of key-like environment variables;
- the common shapes of keys we were never told about: ``sk-…`` (OpenAI, ``sk-proj-``, Anthropic's
  ``sk-ant-``), bearer tokens, and long base64/hex runs right after the word "key", "token" or "secret".

The replacement holds no quote or backslash, so scrubbing JSON text leaves it valid JSON.
"""

from __future__ import annotations

import dataclasses
import os
import re
import threading
from collections.abc import Iterable
from typing import Any, TypeVar

REDACTED = "[redacted]"
_MIN_SECRET = 8  # registered for every later text: shorter values are too likely to be ordinary words
_MIN_ENV_SECRET = 16
_TAIL = 6  # SDKs shorten keys as "sk-abc...wxyz"; the distinctive tail alone must go too

_lock = threading.Lock()
_known: set[str] = set()

# Environment variables whose values are secrets by their name (OPENAI_API_KEY, HF_TOKEN, ...).
_SECRET_ENV = re.compile(r"(?:API_?KEY|ACCESS_?KEY|_TOKEN|^TOKEN(?![A-Za-z])|SECRET|PASSWORD)", re.IGNORECASE)

_HAS_DIGIT = r"(?=[A-Za-z._~+/\-]*\d)"  # real keys carry digits; prose words after "token" do not
_SHAPES = (
    # OpenAI (sk-…, sk-proj-…) and Anthropic (sk-ant-…) keys; 16+ characters after the prefix.
    (re.compile(r"\bsk-[A-Za-z0-9_\-]{16,}"), REDACTED),
    # An Authorization value: keep the scheme word so the sentence still reads.
    (re.compile(r"(\bBearer\s+)" + _HAS_DIGIT + r"[A-Za-z0-9._~+/\-]{16,}=*", re.IGNORECASE),
     r"\1" + REDACTED),
    # "api_key": "…", token=…, "the secret is …": a separator, then a long base64 or hex run.
    (re.compile(r"(\b(?:[A-Za-z]+[_-])?(?:key|token|secret)s?[\"']?(?:\s*[:=]\s*|\s+is\s+|\s+)[\"']?)"
                + _HAS_DIGIT + r"[A-Za-z0-9+/_\-]{24,}=*", re.IGNORECASE), r"\1" + REDACTED),
)

# Every shape above needs a run of at least 16 such characters: a text without one skips the three
# searches (most texts are prose, and a ledger's thousands of sentences pass through here)
_LONG_RUN = re.compile(r"[A-Za-z0-9._~+/_\-]{16,}")
T = TypeVar("T")


def register_secret(value: str | None) -> None:
    """Remember a secret this process uses, so any text that echoes it is scrubbed from now on."""
    if value and len(value.strip()) >= _MIN_SECRET:
        with _lock:
            _known.add(value.strip())


def known_secrets(extra: Iterable[str | None] = ()) -> list[str]:
    """Registered secrets, key-like environment values and ``extra``, longest first (so a key is
    replaced whole before any shorter secret that happens to be part of it)."""
    with _lock:
        found = set(_known)
    # Environment values are only guessed to be secrets from their name: a short one ("changeme") would
    # scrub ordinary words out of translations, and real API keys are long.
    found.update(v.strip() for name, v in os.environ.items()
                 if _SECRET_ENV.search(name) and len(v.strip()) >= _MIN_ENV_SECRET)
    # A secret the caller names is known to be one, so even a short one goes (as it always did in errors).
    found.update(s.strip() for s in extra if s and len(s.strip()) >= 4)
    return sorted(found, key=len, reverse=True)


def scrub(text: str, extra: Iterable[str | None] = ()) -> str:
    """``text`` with every known secret, its tail, and anything shaped like a key replaced."""
    return _scrub(text, known_secrets(extra)) if text else text


def _scrub(text: str, secrets: list[str]) -> str:
    if not text:
        return text
    for secret in secrets:
        if secret in text:
            text = text.replace(secret, REDACTED)
        if len(secret) >= 2 * _TAIL and secret[-_TAIL:] in text:
            # only the masked form ("sk-abc...wxyz", "****wxyz"): a bare tail can be part of a word
            # ("…ection" in "connection"), and replacing it there would corrupt the text
            text = re.sub(r"(?:\.\.\.|…|\*{2,})" + re.escape(secret[-_TAIL:]), REDACTED, text)
    if _LONG_RUN.search(text):
        for pattern, replacement in _SHAPES:
            text = pattern.sub(replacement, text)
    return text


def scrub_value(value: T, extra: Iterable[str | None] = ()) -> T:
    """A copy of ``value`` (JSON-like data or dataclasses of it) with every string scrubbed, dict keys
    included; ``value`` itself when scrubbing would change none of its strings (a copy would be equal).
    The secrets are gathered once per call, not once per string (a speech-level ledger holds thousands
    of strings), and the copy is made only when needed: copying a book's result (every dict, list and
    dataclass of it) cost 1.5 s of the run's thread while the window waited for the GIL."""
    secrets = known_secrets(extra)
    return _scrub_value(value, secrets) if _changes(value, secrets) else value


def _scrub_value(value: T, secrets: list[str]) -> T:
    if isinstance(value, str):
        return _scrub(value, secrets)  # type: ignore[return-value]
    if isinstance(value, dict):
        return {_scrub_value(k, secrets): _scrub_value(v, secrets) for k, v in value.items()}  # type: ignore[return-value]
    if isinstance(value, (list, tuple)):
        return type(value)(_scrub_value(v, secrets) for v in value)  # type: ignore[return-value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: _scrub_value(getattr(value, f.name), secrets)
                   for f in dataclasses.fields(value) if f.init}
        return dataclasses.replace(value, **changes)  # type: ignore[return-value]
    return value



_INIT_FIELDS: dict[type, tuple[str, ...]] = {}
_ATOMS = frozenset((int, float, bool, type(None)))


def _changes(value: object, secrets: list[str]) -> bool:
    """Whether scrubbing would change a string anywhere in ``value`` (what ``_scrub_value`` walks). One
    pass without recursion; each distinct string is scrubbed once (a ledger repeats its level names and
    keys thousands of times), numbers are passed over by their exact type."""
    clean: set[str] = set()
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        v = pop()
        kind = type(v)
        if kind is str:
            if v not in clean:
                if _scrub(v, secrets) != v:  # type: ignore[arg-type]
                    return True
                clean.add(v)  # type: ignore[arg-type]
        elif kind is dict:
            extend(v.keys())  # type: ignore[attr-defined]
            extend(v.values())  # type: ignore[attr-defined]
        elif kind is list or kind is tuple:
            extend(v)  # type: ignore[call-overload]
        elif kind in _ATOMS:
            continue
        elif isinstance(v, str):  # a str subclass: scrubbed as a str is
            if _scrub(v, secrets) != v:
                return True
        elif isinstance(v, dict):
            extend(v.keys())
            extend(v.values())
        elif isinstance(v, (list, tuple)):
            extend(v)
        elif dataclasses.is_dataclass(v) and not isinstance(v, type):
            names = _INIT_FIELDS.get(kind)
            if names is None:
                names = _INIT_FIELDS[kind] = tuple(f.name for f in dataclasses.fields(v) if f.init)
            extend(getattr(v, n) for n in names)
    return False
