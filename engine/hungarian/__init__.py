"""Hungarian Tarokk (Paskievics, XX-calling): the rules engine of pagat.com's text, its variations and the
2018 tournament rules. Imports only ``engine.core`` and itself; ``engine.hungarian.game.DESCRIPTOR`` is what
the tournament system asks."""
