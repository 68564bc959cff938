"""Talon, a modern tarot trick-taking game by James D. Wickson (``shared/rules/talon.txt``), for 2 to 6
players: its hand summaries, their scoring in victory points, the dealing and the game's descriptor
(``engine.talon.game.DESCRIPTOR``), and its live play trick by trick (``engine.talon.live``): the deal, the
auction, the talon, announcements and the play, hand records and their replay, and the rule bot
(``engine.talon.bots``)."""
