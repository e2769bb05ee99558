"""Help › Learn the categories: every MQM category and speech level with its definition and the user's own
examples.
"""
