"""Building Talon summaries for the tests."""

from __future__ import annotations

from typing import Any

from engine.talon.scoring import score_summary

SEATS = "ABCDEF"


def hand(size: int = 4, **keys: Any) -> dict[str, Any]:
    """A played hand at a table of ``size`` (seats A.., A the forehand) with ``keys`` on top."""
    summary: dict[str, Any] = {"seats": list(SEATS[:size]), "kind": "played"}
    summary.update(keys)
    return {k: v for k, v in summary.items() if v is not None}


def pay(size: int = 4, rules: Any = None, **keys: Any) -> dict[str, int]:
    """The payments of ``hand(size, **keys)``."""
    result = score_summary(hand(size, **keys), rules)
    assert sum(result["payments"].values()) == 0
    return result["payments"]


def items(size: int = 4, rules: Any = None, **keys: Any) -> list[dict[str, Any]]:
    return score_summary(hand(size, **keys), rules)["items"]


def bonus(side: str = "declarer", announced: bool = False, made: bool = True) -> dict[str, Any]:
    return {"side": side, "announced": announced, "made": made}
