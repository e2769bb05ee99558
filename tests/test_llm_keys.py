"""API keys: keyring first, session memory when there is no secure store, then environment variables."""

from __future__ import annotations

import keyring
import keyring.backend
import pytest
from keyring.backends import fail

from litlens.app.llm import keys
from litlens.app.llm.base import MissingKeyError
from litlens.app.llm.factory import ProviderSettings, make_provider

SECRET = "sk-live-Hq93kdPz0aX7wVbN4tY1"


class SecureMemoryKeyring(keyring.backend.KeyringBackend):
    """Stands in for the OS keyring (Secret Service, Keychain, Credential Manager)."""

    priority = 5  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.store: dict[tuple[str, str], str] = {}

    def get_password(self, service, username):
        return self.store.get((service, username))

    def set_password(self, service, username, password):
        self.store[(service, username)] = password

    def delete_password(self, service, username):
        self.store.pop((service, username), None)


@pytest.fixture
def isolated(monkeypatch, tmp_path):
    """No real keyring, no inherited keys, HOME and cwd in a temp dir (to prove nothing is written)."""
    previous = keyring.get_keyring()
    for var in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "LITLENS_OPENAI_API_KEY",
                "LITLENS_ANTHROPIC_API_KEY", "LITLENS_COMPAT_API_KEY"):
        monkeypatch.delenv(var, raising=False)
    for var in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.setenv(var, str(tmp_path))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(keys, "_session_keys", {})
    yield tmp_path
    keyring.set_keyring(previous)


def test_environment_lookup(isolated, monkeypatch):
    keyring.set_keyring(fail.Keyring())
    monkeypatch.setenv("OPENAI_API_KEY", SECRET)
    assert keys.get_api_key("openai") == SECRET
    monkeypatch.setenv("LITLENS_OPENAI_API_KEY", "sk-more-specific")
    assert keys.get_api_key("OpenAI") == "sk-more-specific"
    monkeypatch.setenv("LITLENS_COMPAT_API_KEY", "local-key")
    assert keys.get_api_key("compat") == "local-key"


def test_missing_key_is_one_clear_line(isolated, monkeypatch):
    keyring.set_keyring(fail.Keyring())
    monkeypatch.setenv("ANTHROPIC_API_KEY", SECRET)  # another provider's key must not show up either
    with pytest.raises(MissingKeyError) as info:
        keys.get_api_key("openai")
    message = str(info.value)
    assert message == "No API key for openai: set OPENAI_API_KEY or store one with `litlens key set openai`"
    assert SECRET not in message and "\n" not in message


def test_keyring_wins_over_environment(isolated, monkeypatch):
    backend = SecureMemoryKeyring()
    keyring.set_keyring(backend)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-from-env")
    result = keys.set_api_key("openai", SECRET)
    assert result.secure and "system keyring" in result.message
    assert backend.store[("litlens", "openai")] == SECRET
    assert keys.get_api_key("openai") == SECRET
    assert keys.keyring_status()[0] is True
    keys.delete_api_key("openai")
    assert keys.get_api_key("openai") == "sk-from-env"


def test_no_secure_backend_keeps_key_in_memory_only(isolated):
    keyring.set_keyring(fail.Keyring())
    secure, description = keys.keyring_status()
    assert secure is False and "no secure key store" in description
    result = keys.set_api_key("anthropic", SECRET)
    assert result.secure is False
    assert result.message == ("No secure key store on this system; the anthropic key is kept for this "
                              "session only.")
    assert keys.get_api_key("anthropic") == SECRET
    written = [p for p in isolated.rglob("*") if p.is_file()]
    assert all(SECRET not in p.read_text(errors="ignore") for p in written)
    assert written == []


def test_plaintext_backend_is_not_trusted(isolated):
    class PlaintextKeyring(SecureMemoryKeyring):
        pass

    backend = PlaintextKeyring()
    keyring.set_keyring(backend)
    assert keys.keyring_status()[0] is False
    assert keys.set_api_key("openai", SECRET).secure is False
    assert backend.store == {}  # never handed to a backend that writes keys in clear


def test_factory_uses_key_lookup_and_compat_needs_none(isolated):
    keyring.set_keyring(fail.Keyring())
    with pytest.raises(MissingKeyError):
        make_provider(ProviderSettings("openai", "gpt-4o"))
    local = make_provider(ProviderSettings("compat", "llama3", base_url="http://127.0.0.1:9/v1"))
    assert local.name == "compat" and SECRET not in repr(local)
    with pytest.raises(ValueError, match="openai, anthropic, compat"):
        make_provider(ProviderSettings("mistral", "x", api_key="k"))
    settings = ProviderSettings("openai", "gpt-4o", api_key=SECRET)
    assert SECRET not in repr(settings) and SECRET not in repr(make_provider(settings))


def test_bad_provider_names_are_refused(isolated):
    with pytest.raises(ValueError):
        keys.get_api_key("../etc")
