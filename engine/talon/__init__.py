"""Talon, a modern tarot trick-taking game by James D. Wickson (``shared/rules/talon.txt``), for 2 to 6
players: its hand summaries, their scoring in victory points, the dealing and the game's descriptor
(``engine.talon.game.DESCRIPTOR``). No trick-by-trick play, records or bots."""
