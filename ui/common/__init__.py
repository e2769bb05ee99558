"""Small pieces every feature shares, importing no feature: the open project's state (``Document``), the task
runner and its one crossing to the GUI thread, theme and palette roles, the interface language, severity and
speech-level colours, judge names and explanations in the interface language, lazy refresh, the wheel guard,
the payloads of the shown results and the one-call window action.
"""
