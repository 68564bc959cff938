"""Helpers for the Texas Tarock tests: a summary with sensible defaults, scored under a preset."""

from __future__ import annotations

from typing import Any

import pytest

SEATS = ["D", "C", "B", "A"]  # dealer A: counter-clockwise, D (the dealer's right) bids first


def summary(**fields: Any) -> dict[str, Any]:
    """A played Povenost by D with partner B, unless ``fields`` say otherwise (None removes a key)."""
    base: dict[str, Any] = {
        "seats": list(SEATS),
        "contract": "povenost",
        "declarer": "D",
        "partner": "B",
        "card_points": 60,
    }
    base.update(fields)
    return {k: v for k, v in base.items() if v is not None}


@pytest.fixture
def build() -> Any:
    return summary
