"""TransEvalnia (seed 004): span evaluation, Likert scores and rankings with their position bias."""
