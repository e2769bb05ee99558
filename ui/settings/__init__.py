"""Settings: the preferences kept between sessions, the Settings dialog (providers, keys, budget, language,
theme), the local model page and the spaCy pipelines box.
"""
