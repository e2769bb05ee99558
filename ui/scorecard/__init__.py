"""The scorecard dock: each candidate's MQM scorecard under a QA profile, from the findings as reviewed so
far (app/mqm/scorecard.py does the counting)."""
