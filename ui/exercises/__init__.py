"""Exercises for students: making one from a reviewed project, taking it, grades with their reasons in the
interface language, progress over time, and the window's exercise menu entries.
"""
