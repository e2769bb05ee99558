"""Korean for the Runs dock's run numbers within the project (ui/runs/history.py): the comparison's column
headers and the tooltip that gives the store's id for the command line. Read by make_ts.py."""

RUN_NUMBERS_KO = {
    "Run {0}": "실행 {0}",
    "Run {0} of this project. On the command line it is run {1}: litlens show {1}, litlens report {1}":
        "이 프로젝트의 실행 {0}. 명령줄에서는 실행 {1}입니다: litlens show {1}, litlens report {1}",
}
