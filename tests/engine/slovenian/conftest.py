"""Helpers of the Slovenian Tarok tests."""

from __future__ import annotations

from typing import Any

SEATS = ["A", "B", "C"]


def hand(**fields: Any) -> dict[str, Any]:
    """A summary at the table A, B, C (A bids first) with ``fields``."""
    return {"seats": list(SEATS), **fields}


def silent(side: str = "declarer", made: bool = True) -> dict[str, Any]:
    return {"side": side, "announced": False, "made": made}


def announced(side: str = "declarer", made: bool = True) -> dict[str, Any]:
    return {"side": side, "announced": True, "made": made}
