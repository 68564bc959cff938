"""Hungarian Tarokk rules engine: a pure-Python library with no Django in it.

The tournament system uses it three ways: scoring hand summaries (``engine.hungarian.scoring``), replaying
hand
records (``engine.hungarian.record``) and live play with bots (``engine.hungarian.state``,
``engine.hungarian.bots``).
"""
