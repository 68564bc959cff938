"""Plausible hand summaries of a case, from the game's descriptor only: ``sample_summary`` drawn with a
seeded generator for one deal, one kept per distinct (kind, contract) as ``hand_facts`` names them, plus
one with an announced bonus, one with a kontra and one with a valat where the draws produced them."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.core.descriptor import Deal, GameDescriptor
from engine.games import GAMES

#: draws of a deal at most, and how many draws in a row without anything new end them earlier: enough for
#: the rarest contract of a game (Königrufen's Quapilrufer, about 1 in 100) to show in a game's cases
MOST_DRAWS = 2500
ENOUGH_WITHOUT_NEWS = 300
#: a hand of a case's table needs a handful of distinct samples only (the coverage is test_summaries')
FEW_DRAWS = 60
VALAT_WORDS = frozenset({"valat", "volat"})


def completed(game: GameDescriptor, summary: Mapping[str, Any], deal: Deal, preset: str) -> dict[str, Any]:
    """``summary`` with what the table fills in (docs/games.md): the seats in play (with the seats sitting
    out for a kind everyone plays), the stake, who sits out, the rules."""
    out = dict(summary)
    seats = list(deal.active)
    if out.get("kind") in game.everyone_plays_kinds:
        seats += list(deal.sitting_out)
    out["seats"], out["stake"] = seats, deal.stake
    if deal.sitting_out:
        out["sitting_out"] = deal.sitting_out[0]
    out["rules"] = {"preset": preset, "options": {}}
    return out


def contract_vocabulary(game: GameDescriptor) -> str:
    """The vocabulary that names the game's contracts (Hungarian Tarokk calls them bids)."""
    return "contract" if "contract" in game.vocabularies else "bid"


@dataclass(frozen=True)
class Sample:
    """A drawn summary with what the engine says of it."""

    game_id: str
    summary: dict[str, Any]
    kind: str
    contract: str | None
    payments: dict[str, int]
    items: list[dict[str, Any]]
    announced: bool
    kontra: bool
    valat: bool

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.kind, self.contract)

    @property
    def thrown_in(self) -> bool:
        """A hand thrown in (passed out, annulled): the same seat deals again."""
        return self.kind in GAMES[self.game_id].thrown_in_kinds


def assess(game: GameDescriptor, summary: dict[str, Any], deal: Deal, preset: str) -> Sample:
    """The engine's view of one summary: its facts (kind, contract, announced bonuses), its score (the
    payments, the items and their kontras)."""
    full = completed(game, summary, deal, preset)
    rules = game.resolve_rules(preset)
    facts = game.hand_facts(full, rules)
    scored = game.score(full, rules)
    items = list(scored["items"])
    names = {i.get("name") for i in items} | {b.name for b in facts.bonuses if b.made}
    return Sample(
        game_id=game.id,
        summary=summary,
        kind=facts.kind,
        contract=facts.contract,
        payments={p: int(v) for p, v in scored["payments"].items()},
        items=items,
        announced=any(b.announced for b in facts.bonuses),
        kontra=any(int(i.get("kontra") or 0) > 0 for i in items),
        valat=bool(names & VALAT_WORDS) or facts.contract in VALAT_WORDS,
    )


@dataclass
class Drawn:
    """What the draws of one deal produced: a sample per distinct key, and the first of each special."""

    by_key: dict[tuple[str, str | None], Sample] = field(default_factory=dict)
    announced: Sample | None = None
    kontra: Sample | None = None
    valat: Sample | None = None
    draws: int = 0

    def representatives(self) -> list[Sample]:
        """One per distinct (kind, contract), then the specials not among them, in a stable order."""
        out = list(self.by_key.values())
        for special in (self.announced, self.kontra, self.valat):
            if special is not None and all(special is not s for s in out):
                out.append(special)
        return out


def _news(drawn: Drawn, sample: Sample) -> bool:
    new = False
    if sample.key not in drawn.by_key:
        drawn.by_key[sample.key] = sample
        new = True
    for name in ("announced", "kontra", "valat"):
        if getattr(sample, name) and getattr(drawn, name) is None:
            setattr(drawn, name, sample)
            new = True
    return new


@lru_cache(maxsize=256)
def draw(
    game_id: str,
    preset: str,
    deal: Deal,
    seed: str,
    most: int = MOST_DRAWS,
    enough: int = ENOUGH_WITHOUT_NEWS,
) -> Drawn:
    """The distinct samples of ``deal`` under ``preset``: draws until ``enough`` in a row brought nothing
    new (or ``most``), with a generator seeded by ``seed`` (the same every run)."""
    game = GAMES[game_id]
    rules = game.resolve_rules(preset)
    rng = random.Random(seed)
    drawn, quiet = Drawn(), 0
    while drawn.draws < most and quiet < enough:
        summary = game.sample_summary(rng, rules, deal)
        drawn.draws += 1
        quiet = 0 if _news(drawn, assess(game, summary, deal, preset)) else quiet + 1
    return drawn


def richest(samples: list[Sample]) -> Sample:
    """The sample a table's phone shows most with: played, with scored items, an announced bonus and a
    kontra if any has them (then the most items)."""
    played = [s for s in samples if s.items and not s.thrown_in] or samples
    return max(played, key=lambda s: (s.announced and s.kontra, s.announced, s.kontra, len(s.items)))
