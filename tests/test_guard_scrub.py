"""Key scrubbing, rule by rule: each rule of app/llm/scrub.py by the case it exists for, with a text it
must leave alone beside it (a scrubber that redacts everything would pass the first half)."""

from __future__ import annotations

import dataclasses

import pytest

from litlens.app.llm import scrub as s

KEY = "sk-GUARD-9hT4kLm2Qw8Zx7Vb3Np"


@pytest.fixture(autouse=True)
def _no_known_secrets(monkeypatch):
    monkeypatch.setattr(s, "_known", set())
    for name in list(__import__("os").environ):
        if s._SECRET_ENV.search(name):
            monkeypatch.delenv(name)


def test_a_registered_key_is_replaced_whole_and_ordinary_text_stays():
    s.register_secret(KEY)
    assert s.scrub(f"the proxy said {KEY} twice: {KEY}.") == f"the proxy said {s.REDACTED} twice: {s.REDACTED}."
    assert s.scrub("강은 고요했다. Nobody came.") == "강은 고요했다. Nobody came."


def test_short_values_are_not_registered_and_whitespace_is_stripped():
    s.register_secret("abc1234")  # 7 characters: too likely an ordinary word
    s.register_secret("  ZX81spectrum  ")  # 8 after stripping: a secret, and registered stripped
    assert s.scrub("abc1234 and ZX81spectrum") == f"abc1234 and {s.REDACTED}"
    s.register_secret(None)
    s.register_secret("")
    assert s.known_secrets() == ["ZX81spectrum"]


@pytest.mark.parametrize("masked", [f"sk-GUA...{KEY[-6:]}", f"sk-GUA…{KEY[-6:]}", f"****{KEY[-6:]}",
                                    f"**{KEY[-6:]}"])
def test_a_masked_key_is_redacted_by_its_tail(masked):
    s.register_secret(KEY)
    assert KEY[-6:] not in s.scrub(f"Incorrect API key provided: {masked}. Check it.")
    assert s.scrub(f"key {masked}!").endswith(f"{s.REDACTED}!")


def test_a_bare_tail_inside_a_word_is_left_alone():
    secret = "sk-XXXXXXXXXXXXconnection"  # its tail "ection" is part of ordinary words
    s.register_secret(secret)
    assert s.scrub("the connection failed; a *single* star") == "the connection failed; a *single* star"
    assert s.scrub("one *ection") == "one *ection"  # a single star is not a mask


def test_a_short_secret_does_not_lose_its_tail_to_the_mask_rule():
    s.register_secret("Tiny9secret")  # 11 characters: under twice the tail, so no tail rule
    assert s.scrub("a ...secret of the lake") == "a ...secret of the lake"


def test_longest_secret_first():
    s.register_secret("PART1234")
    s.register_secret("PART1234-and-more-of-it")
    assert s.known_secrets()[0] == "PART1234-and-more-of-it"
    assert s.scrub("x PART1234-and-more-of-it y") == f"x {s.REDACTED} y"


def test_environment_keys_by_name_and_length(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "envsecret-1234567890")
    monkeypatch.setenv("HF_TOKEN", "hf_short")  # under 16: not taken from the environment
    monkeypatch.setenv("HOME_DIRECTORY_NAME", "a-long-ordinary-value-1234")  # not a secret by its name
    found = s.known_secrets()
    assert "envsecret-1234567890" in found and "hf_short" not in found
    assert "a-long-ordinary-value-1234" not in found
    assert s.scrub("said envsecret-1234567890") == f"said {s.REDACTED}"


@pytest.mark.parametrize("name", ["MY_API_KEY", "AWS_ACCESS_KEY", "GITHUB_TOKEN", "TOKEN", "DB_SECRET",
                                  "SMTP_PASSWORD", "apikey"])
def test_secret_environment_names(monkeypatch, name):
    monkeypatch.setenv(name, "value-of-sixteen-chars")
    assert "value-of-sixteen-chars" in s.known_secrets()


@pytest.mark.parametrize("name", ["KEYBOARD_LAYOUT", "TOKENIZER_PATH", "PATH"])
def test_ordinary_environment_names(monkeypatch, name):
    monkeypatch.setenv(name, "value-of-sixteen-chars")
    assert "value-of-sixteen-chars" not in s.known_secrets()


def test_a_named_extra_secret_goes_even_when_short():
    assert s.scrub("pw=abcd now", extra=["abcd"]) == f"pw={s.REDACTED} now"
    assert s.scrub("pw=abc now", extra=["abc", None, ""]) == "pw=abc now"  # under 4: never


@pytest.mark.parametrize("text, expected", [
    ("key sk-abcdefghijklmnop1234 end", f"key {s.REDACTED} end"),
    ("sk-ant-api03-abcdefghijklmnopqrstuv", s.REDACTED),
    ("Authorization: Bearer abcdefghij0123456789xyz", f"Authorization: Bearer {s.REDACTED}"),
    ('{"api_key": "QWERTYUIOPASDFGHJKL1234567890"}', f'{{"api_key": "{s.REDACTED}"}}'),
    ("token=abcdefghijklmnopqrstuvwxyz0123", f"token={s.REDACTED}"),
    ("the secret is ABCDEFGHIJKLMNOPQRSTUVWX9", f"the secret is {s.REDACTED}"),
])
def test_shapes_of_unknown_keys(text, expected):
    assert s.scrub(text) == expected


@pytest.mark.parametrize("text", [
    "sk-short1234",  # fewer than 16 after the prefix
    "Bearer abcdefghijklmnopqrstuvwxyz",  # no digit: prose, not a token
    "the token was passed around the table for hours",  # words after "token"
    "key ABCDEFGHIJKLMNOPQRSTUV1",  # 23 characters after "key": under the 24 a key needs
    "",
])
def test_texts_that_only_look_a_little_like_keys(text):
    assert s.scrub(text) == text


@dataclasses.dataclass(frozen=True)
class Note:
    text: str
    count: int
    derived: str = dataclasses.field(default="", init=False)


def test_scrub_value_reaches_dict_keys_lists_tuples_and_dataclasses():
    s.register_secret(KEY)
    value = {KEY: [f"said {KEY}", (KEY, 3)], "plain": Note(f"n {KEY}", 2), "n": 5, "none": None}
    out = s.scrub_value(value)
    assert out == {s.REDACTED: [f"said {s.REDACTED}", (s.REDACTED, 3)], "plain": Note(f"n {s.REDACTED}", 2),
                   "n": 5, "none": None}
    assert type(out[s.REDACTED][1]) is tuple
    assert KEY in str(value)  # a copy: the input is unchanged


def test_scrub_value_of_a_dataclass_class_is_the_class():
    assert s.scrub_value(Note) is Note


def test_the_replacement_keeps_json_valid():
    import json
    s.register_secret(KEY)
    assert json.loads(s.scrub(json.dumps({"e": f'he said "{KEY}"\\'}))) == {"e": f'he said "{s.REDACTED}"\\'}


def test_the_replacement_is_the_documented_marker():
    s.register_secret(KEY)
    assert s.scrub(f"a {KEY} b") == "a [redacted] b"


def test_length_limits_at_their_boundaries(monkeypatch):
    s.register_secret("Eight8ch")  # exactly 8: registered
    assert s.scrub("say Eight8ch") == "say [redacted]"
    monkeypatch.setenv("SERVICE_API_KEY", "sixteen-chars-16")  # exactly 16: taken from the environment
    monkeypatch.setenv("OTHER_API_KEY", "fifteen-chars15")  # 15: not
    found = s.known_secrets()
    assert "sixteen-chars-16" in found and "fifteen-chars15" not in found


def test_the_mask_rule_starts_at_twice_the_tail():
    s.register_secret("Twelve-ch-12")  # 12 characters = 2 x 6: its masked tail goes
    assert s.scrub("Twe...-ch-12 was sent") == "Twe[redacted] was sent"  # the shown prefix is no secret
    s.register_secret("Eleven-ch11")  # 11: too short for the tail rule
    assert s.scrub("Ele...-ch11 was sent") == "Ele...-ch11 was sent"


def test_empty_strings_inside_values_stay_strings():
    assert s.scrub_value({"a": "", "b": [""]}) == {"a": "", "b": [""]}


R = "[redacted]"


@pytest.mark.parametrize("text, expected", [
    # sk-: exactly 16 characters after the prefix go, 15 stay; underscores and hyphens are part of the key
    ("x sk-abcdefgh12345678 y", f"x {R} y"),
    ("x sk-abcdefgh1234567 y", "x sk-abcdefgh1234567 y"),
    ("sk-proj-ab_cd-ef_gh-ij_kl-mn", R),
    ("(sk-ABCDEFGHIJKLMNOP)", f"({R})"),  # no digit needed after sk-
    ("task-abcdefghijklmnop1234", "task-abcdefghijklmnop1234"),  # "sk-" inside a word is not a key
    # Bearer: 16 characters with a digit go (and any = padding), the scheme word stays, in any case
    ("Bearer abcdefghijklmno1", f"Bearer {R}"),
    ("bearer abcdefghijklmno1==", f"bearer {R}"),
    ("BEARER  a.b~c+d/e-f_g0123456789", f"BEARER  {R}"),
    ("Bearer abcdefghijklmn1", "Bearer abcdefghijklmn1"),  # 15
    ("Bearerabcdefghijklmno1", "Bearerabcdefghijklmno1"),  # no space: not an Authorization value
    # key / token / secret: 24 characters with a digit go, 23 stay; any case, a name before, plural, quotes
    ("key ABCDEFGHIJKLMNOPQRSTUVW1", f"key {R}"),
    ("API_KEY=ABCDEFGHIJKLMNOPQRSTUVW1==", f"API_KEY={R}"),
    ("access-token: 'abcdefghijklmnopqrstuvw1'", f"access-token: '{R}'"),
    ("Secrets ABCDEFGHIJKLMNOPQRSTUVW1", f"Secrets {R}"),
    ("the key is 0123456789abcdef01234567", f"the key is {R}"),
    ("token = abcdefghijklmnopqrstuvw1", f"token = {R}"),
    ("key ABCDEFGHIJKLMNOPQRSTUVWXYZ", "key ABCDEFGHIJKLMNOPQRSTUVWXYZ"),  # no digit: a word, not a key
    ("monkey ABCDEFGHIJKLMNOPQRSTUVW1", "monkey ABCDEFGHIJKLMNOPQRSTUVW1"),  # "key" inside a word
    ("the keyboard ABCDEFGHIJKLMNOPQRSTUVW1", "the keyboard ABCDEFGHIJKLMNOPQRSTUVW1"),
])
def test_each_key_shape_at_its_length_and_its_near_misses(text, expected):
    assert s.scrub(text) == expected


@pytest.mark.parametrize("masked, expected", [
    ("...Xy9Zq4", R), ("…Xy9Zq4", R), ("**Xy9Zq4", R), ("*****Xy9Zq4", R),
    ("..Xy9Zq4", "..Xy9Zq4"), ("*Xy9Zq4", "*Xy9Zq4"), ("Xy9Zq4", "Xy9Zq4"), ("...Xy9Zq", "...Xy9Zq"),
])
def test_only_a_masked_tail_of_the_last_six_characters_goes(masked, expected):
    s.register_secret("longsecret-Xy9Zq4")
    assert s.scrub(f"seen {masked} here") == f"seen {expected} here"


def test_every_occurrence_of_every_secret_goes_longest_first():
    s.register_secret("alpha-secret-1")
    s.register_secret("beta-secret-22")
    s.register_secret("alpha-secret-1-and-beta")
    text = "alpha-secret-1, beta-secret-22, alpha-secret-1-and-beta and alpha-secret-1"
    assert s.scrub(text) == f"{R}, {R}, {R} and {R}"


@pytest.mark.parametrize("name", ["openai_api_key", "ACCESSKEY", "GH_TOKEN", "TOKEN_FILE", "App_Secret",
                                  "DB_PASSWORD_X"])
def test_more_secret_environment_names(monkeypatch, name):
    monkeypatch.setenv(name, "  value-of-sixteen-chars  ")
    assert "value-of-sixteen-chars" in s.known_secrets()  # stripped
    assert s.scrub("is value-of-sixteen-chars.") == f"is {R}."


@pytest.mark.parametrize("name", ["TOKENS", "MONKEY", "KEYS_DIR", "PASS"])
def test_more_ordinary_environment_names(monkeypatch, name):
    monkeypatch.setenv(name, "value-of-sixteen-chars")
    assert "value-of-sixteen-chars" not in s.known_secrets()


def test_extra_secrets_are_stripped_and_scrub_value_uses_them_everywhere():
    out = s.scrub_value({"pw abcd": ["x abcd", ("abcd",)]}, extra=["  abcd "])
    assert out == {f"pw {R}": [f"x {R}", (R,)]}
    assert s.scrub("pw=abcd", extra=[" abc "]) == "pw=abcd"  # 3 after stripping: never a secret


def test_values_without_strings_come_back_as_they_were():
    value = {1: [2.5, None, True], 2: (3,)}
    assert s.scrub_value(value) == value
    assert s.scrub_value(7) == 7 and s.scrub_value(None) is None
    assert s.scrub(None) is None  # type: ignore[arg-type]
