"""`litlens rank` through a small argparse harness (the lead wires app.cli_rank.register into app/cli.py):
winners per order, B and the overall ranking, JSON output, and clear errors for bad input."""

from __future__ import annotations

import argparse
import json

import pytest
from test_transevalnia import prefer, prefer_first

from litlens.app.cli.main import CliError
from litlens.app.cli.rank import register


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="litlens")
    parser.add_argument("--db")
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(argv)


@pytest.fixture
def files(tmp_path):
    source = "The lamp went out. Nobody moved.\n\nThen the clock struck nine.\n"
    (tmp_path / "src.txt").write_text(source, encoding="utf-8")
    for lab in "ABC":
        text = f"{lab}번 등불이 꺼졌다. 아무도 움직이지 않았다.\n\n{lab}번 그때 시계가 아홉 시를 쳤다.\n"
        (tmp_path / f"{lab}.txt").write_text(text, encoding="utf-8")
    return tmp_path


def argv(files, server, *extra: str) -> list[str]:
    out = ["--db", str(files / "db.sqlite"), "rank", str(files / "src.txt")]
    for lab in "ABC":
        out += ["--candidate", f"{lab}={files / f'{lab}.txt'}"]
    return out + ["--provider", "compat", "--model", "gpt-4o", "--base-url", server.openai_base_url,
                  "--source-lang", "en", "--target-lang", "ko", "--quiet", *extra]


def test_rank_prints_winners_b_and_overall_ranking(files, fake_server, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_server.responder = prefer("C")
    args = parse(argv(files, fake_server, "--method", "two-step", "--orders", "3", "--no-scores"))
    assert args.handler(args) == 0
    out = capsys.readouterr().out
    assert "winner in each presentation order" in out and "1:C  2:C  3:C" in out
    assert "position bias" in out and "B = 1.00: the same winner in every order" in out
    overall = out[out.index("overall (majority"):]
    assert overall.splitlines()[3].split()[:2] == ["1", "C"]


def test_rank_json_shows_a_tie_when_the_model_follows_position(files, fake_server, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_server.responder = prefer_first
    args = parse(argv(files, fake_server, "--method", "no-reasoning", "--no-scores", "--format", "json"))
    assert args.handler(args) == 0
    data = json.loads(capsys.readouterr().out)
    sums = {s["title"]: s["data"] for s in data["summaries"]["transevalnia"]}
    bias = next(v for k, v in sums.items() if "position bias" in k)
    assert bias["B"] == pytest.approx(3.0) and bias["orders"] == 3  # the paper's p for three candidates
    overall = next(v for k, v in sums.items() if "overall (majority" in k)
    assert overall["text"] == "A = B = C"


def test_rank_all_orders_and_sentence_spans(files, fake_server, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    fake_server.responder = prefer_first
    args = parse(argv(files, fake_server, "--method", "two-step", "--no-scores", "--all-orders",
                      "--spans", "sentences", "--format", "json"))
    assert args.handler(args) == 0
    data = json.loads(capsys.readouterr().out)
    bias = next(s["data"] for s in data["summaries"]["transevalnia"] if "position bias" in s["title"])
    assert bias["orders"] == 6 and bias["B"] == pytest.approx(3.0)
    evals = [c for c in fake_server.calls if "The spans, in order" in c.user]
    assert len(evals) == 3 * len(open(files / "src.txt", encoding="utf-8").read().split("\n\n"))


def test_rank_by_scores_needs_no_ranking_calls(files, fake_server, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    args = parse(argv(files, fake_server, "--method", "scores"))
    assert args.handler(args) == 0
    assert fake_server.count == 12  # 6 evaluations + 6 scorings, no rankings
    assert "score-based ranking: overall" in capsys.readouterr().out


@pytest.mark.parametrize("extra,why", [
    (["--orders", "0"], "--orders"),
])
def test_bad_input_is_one_clear_error(files, fake_server, extra, why):
    args = parse(argv(files, fake_server, *extra))
    with pytest.raises(CliError, match=why):
        args.handler(args)


def test_rank_needs_two_candidates_and_a_provider(files):
    args = parse(["rank", str(files / "src.txt"), "--candidate", f"A={files / 'A.txt'}",
                  "--provider", "openai", "--model", "gpt-4o"])
    with pytest.raises(CliError, match="at least two"):
        args.handler(args)
    args = parse(["rank", str(files / "src.txt"), "--candidate", f"A={files / 'A.txt'}",
                  "--candidate", f"B={files / 'B.txt'}"])
    with pytest.raises(CliError, match="--provider"):
        args.handler(args)
