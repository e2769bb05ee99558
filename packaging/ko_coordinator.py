"""Korean for strings added while integrating this round's work (run failures after the start). Read by
make_ts.py."""

COORDINATOR_KO = {
    "The run failed: {0}": "실행이 실패했습니다: {0}",
}
