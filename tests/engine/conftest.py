"""Builders for hand summaries used by the scoring, summary and rules tests."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

# A neutral played hand: B declares a three with partner C and takes 60 card points in 5 tricks; nothing
# announced, no bonus made. Tests override what they need.
BASE: dict[str, Any] = {
    "rules": "pagat",
    "seats": ["A", "B", "C", "D"],
    "kind": "played",
    "stake": 1,
    "bid": "three",
    "declarer": "B",
    "partner": "C",
    "game_kontra": 0,
    "announcements": [],
    "declarations": [],
    "result": {
        "declarer_card_points": 60,
        "declarer_tricks": 5,
        "trull": None,
        "four_kings": None,
        "pagat_last_trick": None,
        "xxi_catch": None,
    },
}

Builder = Callable[..., dict[str, Any]]


def build(result: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """BASE with top-level ``fields`` replaced and ``result`` keys merged in."""
    data = copy.deepcopy(BASE)
    data.update(fields)
    if result:
        data["result"].update(result)
    return data


@pytest.fixture(scope="session")
def summary() -> Builder:
    return build
