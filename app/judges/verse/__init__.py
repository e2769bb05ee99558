"""VERSE (seed 000, step 2): summary, verification questions, classification, 1–3 answers, radar data."""
