"""A rating made for tables of 3 to 6: each table is one free-for-all of its seats, ranked by their places
(ties shared), and a Weng–Lin Bayesian update under the Plackett–Luce model (``openskill``) moves every
player's skill estimate ``mu`` and its uncertainty ``sigma``. Why this model: a table of tarokk is a ranking
of 3 to 6 individuals, which Plackett–Luce describes directly (Elo and Glicko rate pairs); ``sigma`` says how
sure the estimate is, so a newcomer moves fast and a regular slowly; and the update is closed-form, so a
200-player tournament is rated in milliseconds. The shown rating is the conservative ``ordinal``
(mu − 3·sigma), which a player cannot raise by playing little.

Pure Python on plain values (no database): the services feed it the finished tournament's tables, in round
order, and store what it returns.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

PlayerId = Hashable


@dataclass(frozen=True)
class Rating:
    """A player's skill estimate: ``mu`` and its uncertainty ``sigma`` (openskill's scale: 25 ± 8.33 new)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and ranked by: mu − 3·sigma (0 for a newcomer)."""
        return self.mu - 3 * self.sigma


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def new_rating() -> Rating:
    fresh = model().rating()
    return Rating(fresh.mu, fresh.sigma)


def rate_round(
    ratings: Mapping[PlayerId, Rating], tables: Iterable[Sequence[tuple[PlayerId, float]]]
) -> dict[PlayerId, Rating]:
    """The ratings after one round: each table a list of (player, place) (1 the best; shared places equal),
    rated as one free-for-all; players not seated keep theirs. Tables of one player tell nothing."""
    out = dict(ratings)
    m = model()
    for table in tables:
        if len(table) < 2:
            continue
        teams = []
        for player, _place in table:
            known = ratings.get(player) or new_rating()
            teams.append([m.rating(mu=known.mu, sigma=known.sigma)])
        rated = m.rate(teams, ranks=[float(place) for _player, place in table])
        for (player, _place), (after,) in zip(table, rated, strict=True):
            out[player] = Rating(after.mu, after.sigma)
    return out


def rate_tournament(
    ratings: Mapping[PlayerId, Rating], rounds: Iterable[Iterable[Sequence[tuple[PlayerId, float]]]]
) -> dict[PlayerId, Rating]:
    """The ratings after a tournament: its rounds in order, each round's tables rated together."""
    current = dict(ratings)
    for tables in rounds:
        current = rate_round(current, tables)
    return current
