"""Running judges: the judge and provider panel with each judge's options, the run controller (start, cancel,
estimate, load results, drop stale ones), the run actions of the window, the run bar, and the run history with
its comparison of two runs.
"""
