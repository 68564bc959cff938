"""The rules engines of the tarot games: a pure-Python library with no Django in it.

``engine.core`` holds what every game shares (actions, packs and tricks, messages, the record envelope,
scoring helpers and the ``GameDescriptor``); each game is a package beside it that imports only
``engine.core`` (``engine.hungarian``: Hungarian Tarokk). ``engine.games`` is the registry the tournament
system asks (``game("hungarian")``): a game's table sizes, deal sequence, entry kinds, summary schema,
scorer, replayer, terms and presets; ``engine.rules.resolve_rules`` is the one way to turn a preset name,
a stored spec or a ``Rules`` value into rules.
"""
