"""Hungarian Tarokk rules engine: a pure-Python library with no Django in it.

The tournament system uses it three ways: scoring hand summaries (``engine.scoring``), replaying hand
records (``engine.record``) and live play with bots (``engine.state``, ``engine.bots``).
"""
