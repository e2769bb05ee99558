"""Korean for what the judge panel says before a run about paragraphs edited since the last one
(ui/runs/controller.py). Read by make_ts.py."""

RUNS_KO = {
    "1 paragraph changed": "문단 1개 바뀜",
    "{0} paragraphs changed": "문단 {0}개 바뀜",
}
