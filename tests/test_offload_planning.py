"""Planning a Korean project (and checking its languages) in the window never loads Kiwi, spaCy or lingua
in the window's process.

Kiwi and spaCy hold the GIL while they load (seconds) and lingua while its models load (half a second),
so in the window those loads belong in the analyser process (app/judges/offload.py). Each check runs in a
fresh interpreter, where nothing has been imported yet, and compares the plans with the same planning
done in-process (the CLI's way): the answers must be identical.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent('''
    import json, sys
    from litlens.app.judges import offload
    from litlens.app.judges.common import ledger_summary
    from litlens.app.judges.da_mqm import DaMqmJudge
    from litlens.app.judges.gemba_mqm import GembaMqmJudge, sentence_count
    from litlens.app.judges.transevalnia.judge import TransEvalniaJudge
    from litlens.ui.shell.language_notice import check_languages
    from litlens.app.texts.project import build_project, text_from_string

    src = "\\n\\n".join([
        "\\"Seoyeon, please sit here,\\" said Jiho. The rain fell.",
        "\\"Thank you,\\" Seoyeon answered. Nobody else came.",
        "Jiho looked at Seoyeon. \\"Drink your tea.\\""])
    a = "\\n\\n".join([
        "\\"서연 씨, 여기 앉으세요.\\" 지호가 말했다. 비가 내렸다.",
        "\\"고마워요.\\" 서연이 대답했다. 아무도 오지 않았다.",
        "지호가 서연을 보았다. \\"차 마셔.\\""])
    b = "\\n\\n".join([
        "\\"서연아, 여기 앉아.\\" 지호가 말했다. 비가 왔다.",
        "\\"고맙습니다.\\" 서연이 대답했습니다. 아무도 안 왔어요.",
        "지호는 서연을 바라보았다. \\"차 드세요.\\""])
    project = build_project("planning", text_from_string(src, "en"),
                            [("A", text_from_string(a, "ko")), ("B", text_from_string(b, "ko"))])

    def plans():
        out = {}
        for judge, options in ((GembaMqmJudge(), {"ledger_context": True}),
                               (DaMqmJudge(), {"ledger_context": True}),
                               (TransEvalniaJudge(), {"spans": "sentences", "method": "no-reasoning"})):
            units = judge.plan(project, judge.Options(**options))
            out[judge.id] = [[u.key, u.candidate, u.input_hash, u.est_input_tokens] for u in units]
        out["ledger"] = ledger_summary(project, "A", "test")
        out["sentences"] = [sentence_count(project, (i,)) for i in range(3)]  # GEMBA's denominators
        out["languages"] = check_languages(project)  # what the window checks when a project opens
        return out

    if sys.argv[1] == "window":
        offload.use_processes(True)
    result = plans()
    offload.shutdown()
    loaded = sorted(m for m in ("kiwipiepy", "spacy", "lingua") if m in sys.modules)
    print(json.dumps({"plans": result, "loaded": loaded}))
''')


def _plan_in_fresh_process(mode: str) -> dict:
    done = subprocess.run([sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_planning_in_the_window_loads_no_analyser_here_and_plans_the_same():
    window = _plan_in_fresh_process("window")
    cli = _plan_in_fresh_process("cli")
    assert window["loaded"] == []  # Kiwi, spaCy and lingua stayed in the analyser process
    assert "kiwipiepy" in cli["loaded"] and "spacy" in cli["loaded"]  # the CLI's way: in-process, as before
    assert window["plans"] == cli["plans"]
    plans = cli["plans"]
    assert plans["ledger"]  # the Korean analyser really ran and found who speaks to whom
    assert plans["sentences"] == [2, 2, 2]
    assert all(plans[j] for j in ("gemba-mqm", "da-mqm", "transevalnia"))
