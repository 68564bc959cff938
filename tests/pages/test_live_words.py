"""Every announcement a live hand of any game makes reads as words on the phone and in the replay, in each
language (issue 34: the other games' codes were shown partly raw: ``declare pane``, ``contra contract``).

Hands of every live game and preset are played by a mix of rule and random bots (the random bot kontras
and declares what the rule bot never does); each announcement code they make is put into words the way the
replay page does (``live.js`` looks the same ``said`` words up first) and must not be the code itself, nor
hold an underscore, a placeholder or a ``%``."""

from __future__ import annotations

import random
from functools import cache

import pytest
from django.utils import translation

from engine.core.live import LiveDeal
from engine.games import GAMES
from tournaments.pages.live_cards import card_faces, client_words
from tournaments.pages.live_replay import _announcement_text

OTHER_GAMES = [g for g in GAMES.values() if g.live is not None and g.id != "hungarian"]
HANDS = 30


@cache
def _announcements(game_id: str, preset: str) -> frozenset[str]:
    """The announcement codes ``HANDS`` hands of ``preset`` make at the game's largest table."""
    descriptor = GAMES[game_id]
    seats = tuple("ABCDEF"[: max(descriptor.table_sizes)])
    said: set[str] = set()
    for seed in range(HANDS):
        dealt = descriptor.replay(descriptor.bot_record(seed, descriptor.presets[preset], seats, 1)).hand.deal
        hand = descriptor.live.start(
            LiveDeal(seed=seed, rules=dealt.rules, seats=dealt.seats, dealer=dealt.dealer)
        )
        rng = random.Random(seed)
        while not hand.done:
            hand.apply(hand.bot_move("random" if rng.random() < 0.5 else "rule", rng))
        said |= {item["say"] for item in hand.public_view().get("announcements") or []}
    return frozenset(said)


@pytest.mark.parametrize("descriptor", OTHER_GAMES, ids=lambda d: d.id)
@pytest.mark.parametrize("language", ["en", "hu", "de"])
def test_every_announcement_reads_as_words(descriptor, language: str) -> None:
    codes = set().union(*(_announcements(descriptor.id, preset) for preset in descriptor.presets))
    with translation.override(language):
        words = client_words(descriptor.id)
        faces = card_faces(descriptor.id)
        levels: dict[str, int] = {}
        raw = {}
        for code in sorted(codes):
            text = _announcement_text(words, code, levels, faces)
            if (text == code and code != "pass") or "_" in text or "{" in text or "%" in text:
                raw[code] = text
    assert raw == {}
    if descriptor.id != "cego":  # Cego announces nothing: its contracts are all said in the auction
        assert len(codes) > 3
