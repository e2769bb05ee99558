"""Formulas from the papers and what is built on them: ranking, presentation orders and position bias,
OTQS, adequacy, and agreement with human judgements (meta-evaluation). MQM scores live in ``mqm``."""
