"""People's error spans as a source of truth for the judges: readers for the formats annotators export
(WMT/Google MQM TSV, ESA JSON/JSONL, CSV with offsets, LitLens exercise keys, the reviewer's own
decisions), the table that maps their categories onto LitLens's MQM hierarchy, and the matching of their
segments to a project's paragraphs. Qt-free; what cannot be read, placed or mapped is reported."""
