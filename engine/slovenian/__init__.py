"""Slovenian Tarok, three-handed (Dummett–McLeod 16.8 and its supplement's Bled rules): a score-sheet kit.

The tables enter hand summaries (or payments); this package checks and scores them. It replays no records
and has no bots.
"""
