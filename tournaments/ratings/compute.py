"""The rating: each player's skill in one game as a normal belief N(mu, sigma²), moved after every table by
what the table showed: **by how much** each seat did better or worse than the others, against **whom**
(the opponents' current skill estimates), and how sure both were.

Why this model, and not the places alone (the Plackett–Luce rating it replaces, issue 32 §4): a table's
places throw away its margins. Winning a table by 300 points and by 2 points are the same first place,
and over a season the summed game points, which keep the margins, ranked simulated players closer to
their hidden skill than the place-only rating did (``benchmarks/rating_study.py``, ``docs/ratings.md``).
A published rating should know at least what the club's own totals know, and what they cannot: whom
each result was earned against, and how little a player's few tournaments say.

Per tournament (``observe``), each seat's result at each table is read two ways, each made scale-free and
bounded by its **normal score** (the standard normal quantile of its rank among every result of the
tournament): its **margin**, the game points minus the table's mean over the square root of the hands
played (so tables of 16 and 20 hands compare), and its **place** at the table. Normal scores make the
rating blind to the game's point scale (a Hungarian hand pays a few points, a Königrufen hand hundreds:
multiplying every point by 100 changes nothing) and bound what one lucky hand can do: a solo worth ten
hands lifts a seat at most to the best result of the tournament. Under normally distributed results
they lose almost nothing (their asymptotic efficiency is 1). Where a few big hands decide most tables,
the margins are mostly those hands' luck and the places say more; so each tournament is read by the one
of the two that repeats better across its own rounds (``repeatability``, the players' intraclass
correlation), blended when they are close, by its margins when it cannot tell (one round).

Per table (``update_table``, a Gaussian, Kalman-style update): a seat's result is ``skill − the table's
level + noise``, the level an unknown of its own (a flat prior: a table tells only how its seats
differ), the noise from ``SKILL_SHARE``, the share of a table's spread of results the seats' skill
explains (the rest is the cards). The joint posterior of the table's seats is exact and closed-form (the
precision matrix is diagonal minus rank one: a Sherman–Morrison inverse, O(seats)); each player then
keeps its own mean and variance (the assumed-density step of TrueSkill and openskill). So a result
against strong opponents counts more than the same result against weak ones, a newcomer (large sigma)
moves fast and a regular slowly, and results against newcomers, whose skill is unsure, say less.

Skill changes: before each tournament a player's variance grows by ``DRIFT``² (never beyond a
newcomer's), so the rating weighs roughly the last twenty tournaments most and never freezes.

Incremental by construction: a tournament is rated from its players' stored (mu, sigma) and its own
tables only (its scale and its reading are its own), so rating the tournaments one by one equals a
rebuild. The scale is openskill's, which the pages already show: a newcomer has mu = 25, sigma = 25/3
(the spread of skill in the field: 8.3 rating points is one standard deviation of the players), and
the ranking shows the conservative ``ordinal`` mu − 3·sigma (0 for a newcomer), which nobody can raise
by playing little. Why not openskill itself: its models take a table's ranks (its ``scores`` become
ranks), not its margins; this update is a few dozen lines of arithmetic on floats, and the place-only
openskill rating stays in the study as the baseline it is measured against.

Pure Python on plain values (no database): the services feed it a finished tournament's tables, in round
order, and store what it returns. A tournament without any game points (places entered by hand) is read
by its places.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from statistics import NormalDist

PlayerId = Hashable

MU = 25.0  # a newcomer's skill: the field's mean (openskill's scale, kept so the stored ratings read alike)
SIGMA = 25 / 3  # a newcomer's uncertainty: the spread of skill among the players
CONSERVATIVE = 3  # the ordinal shown and ranked by: mu − 3·sigma
SKILL_SHARE = 0.4  # the share of a 4-table's spread of results the seats' skill explains (the rest: cards)
DRIFT = SIGMA / 50  # how far a skill may wander between two tournaments (one standard deviation)
BLEND = 100  # how sharply a tournament turns to the more repeatable of its readings (margins or places)

_SLOPE = math.sqrt(SKILL_SHARE / (1 - 1 / 4)) / SIGMA  # k: a score's change per rating point of skill
_NOISE = 1 - SKILL_SHARE  # the variance of a score that skill does not explain
_NORMAL = NormalDist()


@dataclass(frozen=True)
class Rating:
    """A player's skill estimate: ``mu`` and its uncertainty ``sigma`` (25 ± 8.33 for a newcomer)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating shown and ranked by: mu − 3·sigma (0 for a newcomer)."""
        return self.mu - CONSERVATIVE * self.sigma


@dataclass(frozen=True)
class Seat:
    """One player's result at one table: the place (1 the best, shared places averaged), the game points
    and the hands the seat played (0: unknown, the table's longest is taken)."""

    player: PlayerId
    place: float
    game_points: float = 0
    hands: int = 0


Table = Sequence[Seat]


@dataclass(frozen=True)
class Observation:
    """What one table says of one seat on the rating's scale: ``margin``, the skill above the table's mean
    its result shows (rating points), and ``weight``, how sure that is (the inverse of its variance)."""

    player: PlayerId
    margin: float
    weight: float


def new_rating() -> Rating:
    return Rating(MU, SIGMA)


def _normal_scores(values: Sequence[float]) -> list[float]:
    """Each value's normal score: the standard normal quantile of its rank (ties share their mean rank)."""
    order = sorted(range(len(values)), key=values.__getitem__)
    scores = [0.0] * len(values)
    n = len(values)
    i = 0
    while i < n:
        j = i
        while j + 1 < n and values[order[j + 1]] == values[order[i]]:
            j += 1
        score = _NORMAL.inv_cdf(((i + j) / 2 + 0.5) / n)
        for k in range(i, j + 1):
            scores[order[k]] = score
        i = j + 1
    return scores


def repeatability(scores: Sequence[float], players: Sequence[PlayerId]) -> float | None:
    """How much of the spread of ``scores`` (one per player and round) is the players' own: the intraclass
    correlation ICC(1) of a one-way analysis of variance with the players as groups. None when it cannot
    be told (fewer than 3 players, or nobody played twice)."""
    groups: dict[PlayerId, list[float]] = {}
    for player, score in zip(players, scores, strict=True):
        groups.setdefault(player, []).append(score)
    n, p = len(scores), len(groups)
    if p < 3 or n - p < 1:
        return None
    grand = sum(scores) / n
    between = within = squares = 0.0
    for values in groups.values():
        mean = sum(values) / len(values)
        between += len(values) * (mean - grand) ** 2
        within += sum((v - mean) ** 2 for v in values)
        squares += len(values) ** 2
    between, within = between / (p - 1), within / (n - p)
    size = (n - squares / n) / (p - 1)  # the mean group size, corrected for unequal groups
    denominator = between + (size - 1) * within
    return (between - within) / denominator if denominator > 0 else None


def observe(rounds: Sequence[Sequence[Table]]) -> list[list[list[Observation]]]:
    """A tournament's tables (rounds of tables of seats; tables of one dropped) as observations of skill.

    Two readings of each seat's result, each made scale-free by its normal score among every result of
    the tournament: its **margin**, the game points minus the table's mean over the square root of the
    hands played, and its **place** at the table (centred, so tables of 3 and 5 compare). The tournament
    is read by the one more repeatable across its own rounds (``repeatability``: when the margins are
    mostly the cards, as when a few solos decide every table, the places repeat better), blended when the
    two are within a few hundredths; by its margins when that cannot be told (a one-round tournament), by
    its places when it has no game points (places entered by hand). Each result, scaled to unit spread,
    becomes a margin on the rating's scale with its weight (``SKILL_SHARE``; a seat that played fewer
    hands than the tournament's typical seat weighs less)."""
    tables = [[table for table in tables if len(table) >= 2] for tables in rounds]
    margins: list[float] = []
    centred: list[float] = []
    hands: list[float] = []
    players: list[PlayerId] = []
    no_points = True  # every table's game points level: places entered by hand
    for tables_ in tables:
        for table in tables_:
            longest = max(seat.hands for seat in table) or 1
            mean = sum(seat.game_points for seat in table) / len(table)
            middle = (len(table) + 1) / 2
            for seat in table:
                played = seat.hands or longest
                no_points = no_points and seat.game_points == table[0].game_points
                margins.append((seat.game_points - mean) / math.sqrt(played))
                centred.append(middle - seat.place)
                hands.append(played)
                players.append(seat.player)
    if not margins:
        return [[] for _ in tables]
    by_margin = _normal_scores(margins)
    by_place = _normal_scores(centred)
    if no_points:
        margin_weight = 0.0
    else:
        margin_icc, place_icc = repeatability(by_margin, players), repeatability(by_place, players)
        if margin_icc is None or place_icc is None:
            margin_weight = 1.0
        else:
            margin_weight = 1 / (1 + math.exp(-BLEND * (margin_icc - place_icc)))
    scores = [margin_weight * m + (1 - margin_weight) * p for m, p in zip(by_margin, by_place, strict=True)]
    spread = math.sqrt(sum(s * s for s in scores) / len(scores)) or 1.0
    typical = sorted(hands)[len(hands) // 2]
    out: list[list[list[Observation]]] = []
    k = 0
    for tables_ in tables:
        round_out = []
        for table in tables_:
            observed = []
            for seat in table:
                slope = _SLOPE * math.sqrt(hands[k] / typical)
                observed.append(Observation(seat.player, scores[k] / spread / slope, slope * slope / _NOISE))
                k += 1
            round_out.append(observed)
        out.append(round_out)
    return out


def update_table(ratings: Mapping[PlayerId, Rating], table: Sequence[Observation]) -> dict[PlayerId, Rating]:
    """The ratings of one table's seats after it: the exact Gaussian posterior of the model
    ``margin_i = skill_i + table + noise_i`` (the table's level unknown, a flat prior), each seat keeping
    its own mean and variance. O(seats): the precision matrix is diagonal minus rank one."""
    if len(table) < 2:
        return {}
    fresh = new_rating()
    prior = [ratings.get(o.player) or fresh for o in table]
    total = sum(o.weight for o in table)
    level = sum(o.weight * o.margin for o in table) / total  # the table's level the margins show
    # precision D − w·wᵀ/total, D = 1/σ² + w; information h = μ/σ² + w·(margin − level)
    d = [1 / (r.sigma * r.sigma) + o.weight for r, o in zip(prior, table, strict=True)]
    h = [
        r.mu / (r.sigma * r.sigma) + o.weight * (o.margin - level) for r, o in zip(prior, table, strict=True)
    ]
    q = [o.weight / di for o, di in zip(table, d, strict=True)]
    gamma = sum(o.weight * (1 - qi) for o, qi in zip(table, q, strict=True))  # total − wᵀD⁻¹w > 0
    qh = sum(qi * hi for qi, hi in zip(q, h, strict=True))
    return {
        o.player: Rating(hi / di + qi * qh / gamma, math.sqrt(1 / di + qi * qi / gamma))
        for o, di, hi, qi in zip(table, d, h, q, strict=True)
    }


def drift(rating: Rating) -> Rating:
    """A rating at the start of a tournament: its uncertainty grown by ``DRIFT`` (up to a newcomer's)."""
    return Rating(rating.mu, min(SIGMA, math.sqrt(rating.sigma * rating.sigma + DRIFT * DRIFT)))


def rate_tournament(
    ratings: Mapping[PlayerId, Rating], rounds: Iterable[Sequence[Table]]
) -> dict[PlayerId, Rating]:
    """The ratings after a tournament (``rounds``: its rounds in order, each a list of tables of seats):
    every seated player's uncertainty grows by the drift once, then the rounds are applied in order, each
    table from the ratings before it. Players not seated, and tables of one, change nothing."""
    rounds = [list(tables) for tables in rounds]
    current = dict(ratings)
    observed = observe(rounds)
    seated = {o.player for tables in observed for table in tables for o in table}
    for player in seated:
        if player in current:
            current[player] = drift(current[player])
    for tables in observed:
        for table in tables:
            current.update(update_table(current, table))
    return current
