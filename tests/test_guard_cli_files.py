"""The command line, run as a user runs it (a separate process), on a legacy-encoded Korean translation:
the file is read as EUC-KR (not as Windows-1252 mojibake), stored with its encoding, and each sentence's
speech level is read from the decoded words. It exercises the file readers, the encoding guess and the
speech-level rules in a subprocess, which bench/mutation.py counts toward those modules' coverage."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from litlens.app.run.store import Store

SOURCE = "The night was quiet.\n\nShe waited by the door.\n"
KOREAN = "그날 밤은 고요했다.\n\n그녀는 문 옆에서 기다렸습니다.\n"


def test_evaluate_reads_a_cp949_translation_and_reads_its_speech_levels(tmp_path):
    (tmp_path / "src.txt").write_text(SOURCE, encoding="utf-8")
    (tmp_path / "ko.txt").write_bytes(KOREAN.encode("cp949"))
    db = tmp_path / "db.sqlite"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", LITLENS_DB=str(db))
    done = subprocess.run([sys.executable, "-m", "litlens", "--db", str(db), "evaluate", "src.txt", "ko.txt",
                           "--judge", "honorifics", "--source-lang", "en", "--target-lang", "ko",
                           "--format", "json"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    assert out["run"]["status"] == "done"
    (result,) = out["results"]
    levels = [(KOREAN[s["start"]:s["end"]], s["level"]) for s in result["data"]["sentences"]]
    assert levels == [("그날 밤은 고요했다.", "해라체"), ("그녀는 문 옆에서 기다렸습니다.", "하십시오체")]
    store = Store(db)
    try:
        stored = dict(store.db.execute("SELECT content, encoding FROM texts WHERE language = 'ko'").fetchall())
    finally:
        store.close()
    assert stored == {KOREAN: "euc_kr"}
