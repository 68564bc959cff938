"""Migration 0021: Cego's live hands dealt before the three-handed deal became 51 cards keep their 54-card
deal (their moves replay on it); hands of four active seats, hands that name their pack and other games'
hands are left as they are."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model

from tests.factories import ClubFactory
from tournaments.live import replay
from tournaments.live import services as live
from tournaments.live.models import LiveHand

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("tournaments.migrations.0021_cego_live_hands_keep_their_pack")


def first_hand(game_id: str, players: int, rules: dict[str, Any]) -> LiveHand:
    organizer = get_user_model().objects.create_user(
        f"org-{LiveHand.objects.count()}", password="pw-123456789"
    )
    club = ClubFactory()
    club.organizers.add(organizer)
    table = live.practice_table_start(
        club=club,
        by=organizer,
        game_id=game_id,
        preset=rules["preset"],
        players=[f"P{i}" for i in range(players)],
        hands=1,
    )
    hand = table.hands.get(number=1)
    LiveHand.objects.filter(pk=hand.pk).update(rules=rules)  # as a hand dealt before the option was stored
    return hand


def test_three_handed_cego_hands_keep_the_54_card_deal() -> None:
    old = first_hand("cego", 3, {"preset": "ichenheim", "options": {}})
    named = first_hand("cego", 3, {"preset": "ichenheim", "options": {"three_handed_pack": "51"}})
    four = first_hand("cego", 4, {"preset": "four_handed", "options": {}})
    other = first_hand("slovenian", 3, {"preset": "bled", "options": {}})
    assert len(old.active) == 3
    assert len(four.active) == 4

    MIGRATION.keep_the_54_card_deal(apps, None)

    for hand in (old, named, four, other):
        hand.refresh_from_db()
    assert old.rules == {"preset": "ichenheim", "options": {"three_handed_pack": "54"}}
    assert named.rules["options"] == {"three_handed_pack": "51"}
    assert four.rules["options"] == {}
    assert other.rules["options"] == {}
    replay.clear()
    dealt = replay.state(old, "cego")
    assert dealt.deal.rules.three_handed_pack == "54"
    assert sum(len(cards) for cards in dealt.hands.values()) == 39  # 13 each; the Blinde holds the 15 left
