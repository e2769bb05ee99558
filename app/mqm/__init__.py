"""MQM: the error typology of seed 002 (Table 8), locating quoted spans in a text, and span-based scores."""
