"""API keys: the system keyring first, then this session's memory, then environment variables.

Keys are never written to a file by LitLens. When the system has no secure keyring (a headless box with
only the fail/null backend, or a plaintext file backend), a key the user sets is kept in process memory
for this session only, and the caller is told so in plain words.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

import keyring
import keyring.backend
from keyring.backends import chainer, fail, null

from litlens.app.llm.base import MissingKeyError
from litlens.app.llm.scrub import register_secret

SERVICE = "litlens"
_VENDOR_ENV = {"openai": "OPENAI_API_KEY", "anthropic": "ANTHROPIC_API_KEY"}
_NAME = re.compile(r"^[a-z0-9][a-z0-9_-]{0,40}$")
_session_keys: dict[str, str] = {}  # only used when there is no secure keyring


@dataclass(frozen=True)
class KeyStoreResult:
    """Where ``set_api_key`` put the key; ``message`` is a sentence to show the user."""

    secure: bool
    message: str


def _check(provider: str) -> str:
    name = provider.strip().lower()
    if not _NAME.match(name):
        raise ValueError(f"Not a provider name: {provider!r}")
    return name


def env_names(provider: str) -> list[str]:
    """Environment variables consulted for ``provider``, most specific first."""
    name = _check(provider)
    names = [f"LITLENS_{name.upper().replace('-', '_')}_API_KEY"]
    if name in _VENDOR_ENV:
        names.append(_VENDOR_ENV[name])
    return names


def _is_insecure(backend: keyring.backend.KeyringBackend) -> bool:
    if isinstance(backend, (fail.Keyring, null.Keyring)):
        return True
    if isinstance(backend, chainer.ChainerBackend):
        return not any(not _is_insecure(b) for b in backend.backends)
    # keyrings.alt ships file backends that store keys readable on disk; we refuse to use them for secrets.
    return "plaintext" in type(backend).__name__.lower()


def keyring_status() -> tuple[bool, str]:
    """(secure, description) of the keyring LitLens would use, for the settings dialog and `litlens key`."""
    backend = keyring.get_keyring()
    desc = f"{type(backend).__module__}.{type(backend).__name__}"
    if _is_insecure(backend):
        return False, f"no secure key store ({desc})"
    return True, f"system keyring ({desc})"


def _keyring_get(provider: str) -> str | None:
    if not keyring_status()[0]:
        return None
    try:
        return keyring.get_password(SERVICE, provider) or None
    except Exception:  # noqa: BLE001 - backends raise anything from D-Bus errors to locked-vault prompts
        return None


def get_api_key(provider: str) -> str:
    """The key for ``provider``: keyring, then a key set this session, then the environment."""
    name = _check(provider)
    key = _keyring_get(name) or _session_keys.get(name)
    if key:
        register_secret(key)  # a key in use must never come back to the user inside an answer
        return key
    for var in env_names(name):
        value = os.environ.get(var, "").strip()
        if value:
            register_secret(value)
            return value
    raise MissingKeyError(f"No API key for {name}: set {env_names(name)[-1]} "
                          f"or store one with `litlens key set {name}`")


def set_api_key(provider: str, key: str) -> KeyStoreResult:
    """Store ``key`` in the system keyring, or in memory for this session when there is no secure one."""
    name = _check(provider)
    key = key.strip()
    if not key:
        raise ValueError("The API key is empty")
    register_secret(key)
    secure, _ = keyring_status()
    if secure:
        try:
            keyring.set_password(SERVICE, name, key)
            _session_keys.pop(name, None)
            return KeyStoreResult(True, f"The {name} key is stored in the system keyring.")
        except Exception:  # noqa: BLE001 - a locked or broken backend: fall back to memory, never to a file
            pass
    _session_keys[name] = key
    return KeyStoreResult(False, f"No secure key store on this system; the {name} key is kept for this "
                                 "session only.")


def delete_api_key(provider: str) -> None:
    """Forget the stored key (keyring and session memory); environment variables are left alone."""
    name = _check(provider)
    _session_keys.pop(name, None)
    if keyring_status()[0]:
        try:
            keyring.delete_password(SERVICE, name)
        except Exception:  # noqa: BLE001 - nothing stored, or the backend cannot delete: nothing to undo
            pass
