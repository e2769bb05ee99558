"""A folder of the user's templates replaces built-in prompts by name: checked before any call (unknown
or missing placeholders refused, named), recorded in every result's prompt version, said on the card."""

from __future__ import annotations

import pytest

from litlens.app.core import prompts
from litlens.app.judges.gemba_mqm import GembaMqmJudge
from litlens.app.llm.factory import ProviderSettings
from litlens.app.run import service
from litlens.app.run.store import Store
from litlens.app.texts import build_project, text_from_string

VERBATIM = ("You are an annotator for the quality of machine translation from {{ source_language }} to "
            "{{ target_language }}. (a paper's own words would go here)\n")


@pytest.fixture(autouse=True)
def builtins_after():
    yield
    prompts.use_prompts(None)


def _folder(tmp_path, files):
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def _run(tmp_path, server):
    server.responder = lambda call: {"errors": []}
    store = Store(tmp_path / "db.sqlite")
    project = build_project("p", text_from_string("It rained. Nobody came.", "en"),
                            [("A", text_from_string("비가 왔다. 아무도 오지 않았다.", "ko"))])
    settings = ProviderSettings(provider="openai", model="gpt-4o", base_url=server.openai_base_url,
                                api_key="sk-test")
    summary = service.execute(service.RunRequest(project=project, judges=["gemba-mqm"], provider=settings),
                              store)
    return store, summary


def test_a_users_template_replaces_the_built_in_one_and_is_recorded(tmp_path, fake_server):
    builtin = GembaMqmJudge.prompt_version
    names = prompts.use_prompts(_folder(tmp_path / "mine", {"gemba_mqm/system.j2": VERBATIM}))
    assert names == ["gemba_mqm/system.j2"]
    store, summary = _run(tmp_path, fake_server)
    call = fake_server.calls[0]
    assert call.system.startswith("You are an annotator for the quality of machine translation from English")
    version = GembaMqmJudge().prompt_version
    assert version.startswith(builtin + "+custom:") and version != builtin
    stored = {r[0] for r in store.db.execute("SELECT prompt_version FROM results")}
    assert stored == {version}
    card = "\n".join(GembaMqmJudge.protocol.lines(version))
    assert "Custom prompt:" in card
    prompts.use_prompts(None)
    assert GembaMqmJudge().prompt_version == builtin
    assert "Custom prompt" not in "\n".join(GembaMqmJudge.protocol.lines(builtin))


@pytest.mark.parametrize("files,said", [
    ({"gemba_mqm/system.j2": VERBATIM + "{{ glossary }}"}, "unknown placeholder {{ glossary }}"),
    ({"gemba_mqm/user.j2": "{{ source | data('source') }}\nRate it."}, "missing placeholder {{ translation }}"),
    ({"gemba_mqm/sytem.j2": VERBATIM}, "no built-in prompt has this name"),
    ({"gemba_mqm/system.j2": "{% if %}"}, "not a valid template"),
])
def test_a_bad_template_is_refused_before_any_call_with_its_placeholder_named(tmp_path, fake_server, files,
                                                                               said):
    with pytest.raises(prompts.PromptOverrideError) as exc:
        prompts.use_prompts(_folder(tmp_path / "mine", files))
    assert said in str(exc.value) and list(files)[0] in str(exc.value)
    _run(tmp_path, fake_server)  # nothing was replaced: the built-in prompt is sent
    assert "<translation>" in fake_server.calls[0].user and "annotator for the quality" not in \
        fake_server.calls[0].system


def test_included_built_ins_and_loops_count_as_given(tmp_path):
    """A replacement may include a built-in rubric and loop over the items its built-in loops over."""
    names = prompts.use_prompts(_folder(tmp_path, {
        "verse/answer_system.j2": "Score it.\n{% include 'verse/rubric.j2' %}\n",
        "transevalnia/rank_no_reasoning.j2": "{{ source | data('source') }}\n{% for it in items %}"
                                             "{{ it.name }}: {{ it.text | data('translation') }}{% endfor %}\n"}))
    assert len(names) == 2
    with pytest.raises(prompts.PromptOverrideError, match=r"missing placeholder \{\{ items \}\}"):
        prompts.use_prompts(_folder(tmp_path / "b", {"transevalnia/rank_no_reasoning.j2":
                                                     "{{ source | data('source') }}\nWhich is best?\n"}))


def test_cli_prompts_option(tmp_path, capsys):
    from litlens.app.cli.main import main
    good = _folder(tmp_path / "good", {"gemba_mqm/system.j2": VERBATIM})
    assert main(["--prompts", str(good), "judges", "--details", "gemba-mqm"]) == 0
    out = capsys.readouterr().out
    assert "+custom:" in out and "Custom prompt:" in out
    bad = _folder(tmp_path / "bad", {"sqm/system.j2": "Rate {{ translation_quality }}.\n"})
    prompts.use_prompts(None)
    code = main(["--prompts", str(bad), "judges", "--details", "sqm"])
    err = capsys.readouterr().err
    assert code == 3 and "sqm/system.j2: unknown placeholder {{ translation_quality }}" in err


def test_an_estimate_made_in_another_process_uses_the_windows_templates(tmp_path, fake_server):
    """The analyser process that plans the window's estimates follows the window's template folder, so the
    units it counts carry the prompt version the window's run will store (else every stored result of a
    run with the user's templates would read as missing, and be estimated again)."""
    from litlens.app.run.estimate_elsewhere import estimate_stored
    prompts.use_prompts(_folder(tmp_path / "mine", {"gemba_mqm/system.j2": VERBATIM}))
    store, summary = _run(tmp_path, fake_server)
    assert summary.status == "done"
    request = service.RunRequest(project=store.load_project(store.list_projects()[0]["id"]),
                                 judges=["gemba-mqm"], provider=ProviderSettings("openai", "gpt-4o"))
    folder = prompts.current_folder()
    assert folder is not None
    prompts.use_prompts(None)  # the other process starts with the built-ins
    est, _check = estimate_stored(request, str(tmp_path / "db.sqlite"), folder)
    assert est.stored > 0 and est.units == 0  # what the run stored with the user's templates is found
    assert prompts.current_folder() == folder
    prompts.use_prompts(None)
    est, _check = estimate_stored(request, str(tmp_path / "db.sqlite"), None)
    assert est.stored == 0 and est.units > 0 and prompts.current_folder() is None  # another version
