"""Formulas from the papers, one module per family: MQM scores, ranking and position bias, OTQS, and
agreement with human judgements. Pure functions over plain numbers and results; no I/O."""
