"""Slovenian Tarok, three-handed (Dummett–McLeod 16.8 and its supplement's Bled rules).

The tables enter hand summaries (or payments), which this package checks and scores, or play hands live
(``live``: the auction, the talon, announcements and kontras, the play), entering each hand's record, which
``record.replay`` replays; ``bots`` holds the rule bot; ``carry`` the radelci a hand inherits from the
table's earlier hands and leaves to the next (the descriptor's ``carry_next``).
"""
