"""What every game's rules share: a game's ``Rules`` is a frozen value named after its preset, resolved from a
preset name or a stored spec ``{"preset": NAME, "options": {...}}``; anything wrong with one is a
``RulesError``."""

from __future__ import annotations

from engine.core.messages import EngineError


class RulesError(EngineError):
    """An unknown preset or option, or an option value out of range: ``RulesError(option, message)``."""
