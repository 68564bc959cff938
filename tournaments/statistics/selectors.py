"""Statistics from the hands already stored (never a hand still in dispute): per player and game, and per
tournament.

What counts: a hand whose result is settled, confirmed or voided (``COUNTED_HAND_STATUSES``, as the score
sheet and the standings count them), with no dispute open on it; a pending or disputed hand never does.
A voided hand counts as a hand played for nothing (0 points, no contract, no bonus), as it does on the
score sheet. A hand entered as typed payments counts its payments but says nothing of contracts or
bonuses (``with_facts`` tells how many hands did). What a hand says happened is the game's
``hand_facts`` (``engine.core.facts``), read from the confirmed summary, or from the summary a record
replays to.

Cost: a player's statistics read the player's seats (one query, which also gives the cache key) and, on a
cache miss, add up the player's share of each of their tournaments: the shares are cached per player, each
with the fingerprint of its tournament (its standings' version, rules and the player's tables), so only the
shares of the tournaments that changed are computed again, from their tables' counted hands with their
confirmed results (one more query), in Python. A change to one of a busy player's 500 tournaments costs
their next view that tournament's hands, not the 30,000 of the season.
The cache key holds the standings' version of each of the player's tournaments: every change that can
change a statistic (a hand confirmed, voided, contested or settled, a tournament's rules or visibility
edited) already bumps it in the same transaction (``HAND_CHANGED``, ``TOURNAMENT_SAVED`` ->
``standings_mark_stale``), and a merge moves seats, which changes the seat list the key is made of. So
nothing needs to invalidate the cache, and a change shows on the next request.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Exists, FilteredRelation, OuterRef, Q

from config.cache import cache_get, cache_set
from engine.core.facts import HandFacts
from engine.core.messages import EngineError
from engine.games import GAMES, game
from tournaments.core.labels import game_word
from tournaments.draw.models import Seat
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player
from tournaments.results.models import COUNTED_HAND_STATUSES, Dispute, Hand, HandSubmission
from tournaments.standings.models import StandingsState

CACHE_SECONDS = 3600
_CONFIRMED = HandSubmission.Status.CONFIRMED


@dataclass(frozen=True)
class ContractLine:
    """One contract: how often it was played (as declarer, for a player) and won."""

    game: str
    contract: str
    played: int
    won: int

    @property
    def label(self) -> str:
        return str(game_word(self.game, self.contract))

    @property
    def won_percent(self) -> float | None:
        return round(100 * self.won / self.played, 1) if self.played else None


@dataclass(frozen=True)
class BonusLine:
    """One bonus (or declared holding): how often it was announced and how often made (silent or
    announced), and how often announced and made; a player's counts are their side's."""

    game: str
    name: str
    announced: int
    made: int
    announced_made: int

    @property
    def label(self) -> str:
        return str(game_word(self.game, self.name))


@dataclass(frozen=True)
class GameStatistics:
    """A player's statistics in one game."""

    game: str
    #: hands the player played (voided ones included, for nothing)
    hands: int = 0
    voided: int = 0
    #: hands whose result says what happened (a summary or a record, not typed payments)
    with_facts: int = 0
    declarer: int = 0
    declarer_won: int = 0
    partner: int = 0
    partner_won: int = 0
    opponent: int = 0
    opponent_won: int = 0
    contracts: tuple[ContractLine, ...] = ()
    bonuses: tuple[BonusLine, ...] = ()
    #: the player's payments per hand played: the sum, the mean, the best and the worst
    payments_total: int = 0
    payments_mean: float | None = None
    payments_best: int | None = None
    payments_worst: int | None = None

    @property
    def name(self) -> str:
        from django.utils.translation import get_language

        return game(self.game).name(get_language() or "en")

    @property
    def declarer_won_percent(self) -> float | None:
        return _percent(self.declarer_won, self.declarer)

    @property
    def partner_won_percent(self) -> float | None:
        return _percent(self.partner_won, self.partner)

    @property
    def opponent_won_percent(self) -> float | None:
        return _percent(self.opponent_won, self.opponent)


@dataclass(frozen=True)
class PlayerStatistics:
    """A player's statistics, game by game (the games they played, in the registry's order)."""

    player_id: int
    games: tuple[GameStatistics, ...] = ()
    #: only public tournaments' hands counted
    public_only: bool = True


@dataclass(frozen=True)
class TournamentStatistics:
    """A tournament's distribution of contracts (by how often played) and bonuses made."""

    tournament_id: int
    game: str
    hands: int = 0
    voided: int = 0
    with_facts: int = 0
    #: hands with a declarer (the shares of ``contracts`` are of these)
    declared: int = 0
    contracts: tuple[ContractLine, ...] = ()
    bonuses: tuple[BonusLine, ...] = ()
    #: hands without a declarer, by kind (passed out, Trischaken, Räuber, Klop ...)
    other: tuple[tuple[str, int], ...] = ()

    def share(self, line: ContractLine) -> float | None:
        return _percent(line.played, self.declared)

    @property
    def shares(self) -> list[tuple[ContractLine, float | None]]:
        return [(line, self.share(line)) for line in self.contracts]

    @property
    def other_labelled(self) -> list[tuple[str, str, int]]:
        return [(kind, str(game_word(self.game, kind)), n) for kind, n in self.other]


def _percent(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


# ---------------------------------------------------------------- reading hands


def _counted_hands(tables: Q) -> Iterable[dict[str, Any]]:
    """The counted hands (confirmed or voided, no dispute open) of the tables ``tables`` selects, each with
    its confirmed result's source and payload (one query: a left join on the one confirmed submission)."""
    open_dispute = Dispute.objects.filter(hand_id=OuterRef("pk"), status=Dispute.Status.OPEN)
    return (
        Hand.objects.filter(tables, status__in=COUNTED_HAND_STATUSES)
        .annotate(
            result=FilteredRelation(
                "submissions", condition=Q(submissions__status=HandSubmission.Status.CONFIRMED)
            )
        )
        .filter(~Exists(open_dispute))
        .values("id", "table_id", "dealer", "status", "kind", "payments", "result__source", "result__payload")
        .order_by()
    )


class _Rules:
    """Each tournament's rules, resolved once (a tournament whose rules no longer resolve has none)."""

    def __init__(self) -> None:
        self._rules: dict[int, Any] = {}

    def of(self, tournament_id: int, game_id: str, preset: str, options: Any) -> Any:
        if tournament_id not in self._rules:
            try:
                self._rules[tournament_id] = game(game_id).resolve_rules(preset, dict(options or {}))
            except (EngineError, TypeError, ValueError):
                self._rules[tournament_id] = None
        return self._rules[tournament_id]


def hand_facts_of(game_id: str, source: str | None, payload: Any, rules: Any) -> HandFacts | None:
    """What a stored result says happened (its game's ``hand_facts``), or None: typed payments, a void, or a
    payload the engine refuses now (stored under older rules code)."""
    descriptor = GAMES.get(game_id)
    if descriptor is None or descriptor.hand_facts is None or rules is None:
        return None
    try:
        if source == HandSubmission.Source.SUMMARY:
            return descriptor.hand_facts(dict(payload), rules)
        if source == HandSubmission.Source.RECORD:
            return descriptor.hand_facts(dict(descriptor.replay(payload).summary), rules)
    except (EngineError, TypeError, ValueError, KeyError):
        return None
    return None


def _plays(
    facts: HandFacts | None, position: str, hand: Mapping[str, Any], game_id: str, rules: Any = None
) -> bool:
    """Whether the seat at ``position`` played the hand (a dealer sitting out did not, as ``rules`` deal)."""
    if facts is not None:
        return position in facts.seats
    descriptor = game(game_id)
    if hand["kind"] in descriptor.everyone_plays_kinds:
        return True
    positions = sorted(hand["payments"] or {})
    if position not in positions:
        return True  # a void has no payments: it counts as played, for nothing
    return position not in descriptor.sitting_out(positions, hand["dealer"], rules)


# ---------------------------------------------------------------- a player


def player_statistics(
    player: Player | int, *, game: str | None = None, public_only: bool = True
) -> PlayerStatistics:
    """The player's statistics per game (only ``game`` when given), from the counted hands of the tables
    they sat at; with ``public_only`` (the public's view) only public tournaments' hands count."""
    player_id = player if isinstance(player, int) else player.pk
    seats = Seat.objects.filter(player_id=player_id)
    if game is not None:
        seats = seats.filter(round__tournament__game=game)
    if public_only:
        # as ``organizing.selectors.public_tournaments``: public and no longer a draft
        seats = seats.filter(round__tournament__is_public=True).exclude(
            round__tournament__status=Tournament.Status.DRAFT
        )
    rows = list(
        seats.values_list(
            "table_id",
            "position",
            "round__tournament_id",
            "round__tournament__game",
            "round__tournament__rules_preset",
            "round__tournament__rules_options",
            "round__tournament__standings_state__version",
        ).order_by("table_id")
    )
    key = _key("player", player_id, game, public_only, [(r[0], r[1], r[2], r[6], r[4], r[5]) for r in rows])
    cached = cache_get(key)
    if cached is not None:
        return cached
    result = _player_statistics(player_id, rows, public_only)
    cache_set(key, result, CACHE_SECONDS)
    return result


def _key(*parts: Any) -> str:
    return "stats:" + hashlib.sha256(repr(parts).encode()).hexdigest()


class _Tally:
    def __init__(self) -> None:
        self.count: Counter[str] = Counter()
        self.contracts: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        self.bonuses: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
        #: the payments per hand played: their sum, how many, the best and the worst
        self.paid = 0
        self.paid_hands = 0
        self.best: int | None = None
        self.worst: int | None = None

    def bonus(self, name: str, announced: bool, made: bool) -> None:
        line = self.bonuses[name]
        line[0] += announced
        line[1] += made
        line[2] += announced and made

    def pay(self, amount: int) -> None:
        self.paid += amount
        self.paid_hands += 1
        self.best = amount if self.best is None else max(self.best, amount)
        self.worst = amount if self.worst is None else min(self.worst, amount)

    def share(self) -> tuple[Any, ...]:
        """What this tally holds, as plain values (what the cache keeps of a tournament's share)."""
        return (
            dict(self.count),
            {name: tuple(line) for name, line in self.contracts.items()},
            {name: tuple(line) for name, line in self.bonuses.items()},
            (self.paid, self.paid_hands, self.best, self.worst),
        )

    def add(self, share: tuple[Any, ...]) -> None:
        """Add a share (``share()`` of another tally) to this one."""
        count, contracts, bonuses, (paid, paid_hands, best, worst) = share
        self.count.update(count)
        for name, (played, won) in contracts.items():
            line = self.contracts[name]
            line[0] += played
            line[1] += won
        for name, (announced, made, announced_made) in bonuses.items():
            line = self.bonuses[name]
            line[0] += announced
            line[1] += made
            line[2] += announced_made
        self.paid += paid
        self.paid_hands += paid_hands
        if best is not None:
            self.best = best if self.best is None else max(self.best, best)
        if worst is not None:
            self.worst = worst if self.worst is None else min(self.worst, worst)


# A player's statistics are the sum of their tournaments' shares: what the player's seats in one
# tournament count (a tally of its game). A miss of the player's key (any of their tournaments changed)
# recomputes only the shares whose tournament changed: the shares are kept, per player, under a key of
# their own (``_shares_key``), each with the fingerprint it was computed for (the tournament, its game,
# rules and standings' version, the player's tables and positions in it), and one whose fingerprint no
# longer matches is computed again. A share is exact for its fingerprint, so a share written by a
# concurrent request, or an old one, is never wrong: at worst it is computed again.
SHARES_SECONDS = 7 * 24 * 3600
SHARES_FORMAT = 1  # the layout of ``_Tally.share()``: a new one must not read the shares an older one kept


def _shares_key(player_id: int) -> str:
    return _key("player-shares", SHARES_FORMAT, player_id)


def _player_statistics(player_id: int, rows: list[tuple[Any, ...]], public_only: bool) -> PlayerStatistics:
    by_tournament: dict[int, dict[int, tuple[Any, ...]]] = {}
    for row in rows:  # by table, as the rows come (a second seat at one table would be the last one)
        by_tournament.setdefault(row[2], {})[row[0]] = row
    fingerprints = {
        tournament_id: (
            seats[next(iter(seats))][3:],  # game, preset, options, standings' version
            tuple((table_id, row[1]) for table_id, row in seats.items()),
        )
        for tournament_id, seats in by_tournament.items()
    }
    kept: dict[int, tuple[Any, Any]] = cache_get(_shares_key(player_id)) or {}
    shares = {
        tournament_id: kept[tournament_id][1]
        for tournament_id, fingerprint in fingerprints.items()
        if tournament_id in kept and kept[tournament_id][0] == fingerprint
    }
    missing = [tournament_id for tournament_id in by_tournament if tournament_id not in shares]
    if missing:
        shares.update(_shares(by_tournament, missing))
        kept = {**kept, **{t: (fingerprints[t], shares[t]) for t in missing}}
        cache_set(_shares_key(player_id), kept, SHARES_SECONDS)
    tallies: dict[str, _Tally] = {}
    for tournament_id, seats in by_tournament.items():
        share = shares[tournament_id]
        if share is not None:  # None: no counted hand at the player's tables
            tallies.setdefault(seats[next(iter(seats))][3], _Tally()).add(share)
    games = tuple(_game_line(game_id, tallies[game_id]) for game_id in GAMES if game_id in tallies)
    return PlayerStatistics(player_id=player_id, games=games, public_only=public_only)


def _shares(
    by_tournament: dict[int, dict[int, tuple[Any, ...]]], tournament_ids: list[int]
) -> dict[int, tuple[Any, ...] | None]:
    """The shares of ``tournament_ids``: one query for the counted hands of the player's tables there."""
    seat_of = {table_id: row for t in tournament_ids for table_id, row in by_tournament[t].items()}
    tallies: dict[int, _Tally] = {}
    rules = _Rules()
    for hand in _counted_hands(Q(table_id__in=list(seat_of))):
        _table_id, position, tournament_id, game_id, preset, options, _version = seat_of[hand["table_id"]]
        tally = tallies.setdefault(tournament_id, _Tally())
        if hand["status"] == Hand.Status.VOIDED:
            tally.count["hands"] += 1
            tally.count["voided"] += 1
            tally.pay(0)
            continue
        hand_rules = rules.of(tournament_id, game_id, preset, options)
        facts = hand_facts_of(game_id, hand["result__source"], hand["result__payload"], hand_rules)
        if not _plays(facts, position, hand, game_id, hand_rules):
            continue
        tally.count["hands"] += 1
        tally.pay(int((hand["payments"] or {}).get(position, 0)))
        if facts is None:
            continue
        tally.count["with_facts"] += 1
        _count_player(tally, facts, position)
    return {t: tallies[t].share() if t in tallies else None for t in tournament_ids}


def _count_player(tally: _Tally, facts: HandFacts, position: str) -> None:
    for result in facts.results:
        if result.seat == position:
            tally.count["declarer"] += 1
            tally.count["declarer_won"] += result.won
            line = tally.contracts[result.contract]
            line[0] += 1
            line[1] += result.won
    if position in facts.partners:
        tally.count["partner"] += 1
        tally.count["partner_won"] += bool(facts.won)
    elif facts.declarers and position not in facts.declarers and position in facts.seats:
        tally.count["opponent"] += 1
        tally.count["opponent_won"] += facts.won is False
    for bonus in facts.bonuses:
        if position in bonus.seats:
            tally.bonus(bonus.name, bonus.announced, bonus.made)


def _game_line(game_id: str, tally: _Tally) -> GameStatistics:
    c = tally.count
    return GameStatistics(
        game=game_id,
        hands=c["hands"],
        voided=c["voided"],
        with_facts=c["with_facts"],
        declarer=c["declarer"],
        declarer_won=c["declarer_won"],
        partner=c["partner"],
        partner_won=c["partner_won"],
        opponent=c["opponent"],
        opponent_won=c["opponent_won"],
        contracts=_contract_lines(game_id, tally),
        bonuses=_bonus_lines(game_id, tally),
        payments_total=tally.paid,
        payments_mean=round(tally.paid / tally.paid_hands, 2) if tally.paid_hands else None,
        payments_best=tally.best,
        payments_worst=tally.worst,
    )


def _contract_lines(game_id: str, tally: _Tally) -> tuple[ContractLine, ...]:
    lines = [ContractLine(game_id, name, played, won) for name, (played, won) in tally.contracts.items()]
    return tuple(sorted(lines, key=lambda line: (-line.played, line.contract)))


def _bonus_lines(game_id: str, tally: _Tally) -> tuple[BonusLine, ...]:
    lines = [BonusLine(game_id, name, *counts) for name, counts in tally.bonuses.items()]
    return tuple(sorted(lines, key=lambda line: (-line.made, -line.announced, line.name)))


# ---------------------------------------------------------------- a tournament


def tournament_statistics(tournament: Tournament) -> TournamentStatistics:
    """The tournament's distribution of contracts (how often each was declared, its share of the hands
    with a declarer, how often won) and of bonuses (announced, made: each side's bonus once per hand)."""
    version = (
        StandingsState.objects.filter(tournament_id=tournament.pk).values_list("version", flat=True).first()
    )
    key = _key(
        "tournament",
        tournament.pk,
        version,
        tournament.game,
        tournament.rules_preset,
        tournament.rules_options,
    )
    cached = cache_get(key)
    if cached is not None:
        return cached
    result = _tournament_statistics(tournament)
    cache_set(key, result, CACHE_SECONDS)
    return result


def _tournament_statistics(tournament: Tournament) -> TournamentStatistics:
    game_id = tournament.game
    rules = _Rules().of(tournament.pk, game_id, tournament.rules_preset, tournament.rules_options)
    tally = _Tally()
    other: Counter[str] = Counter()
    for hand in _counted_hands(Q(table__round__tournament=tournament)):
        tally.count["hands"] += 1
        if hand["status"] == Hand.Status.VOIDED:
            tally.count["voided"] += 1
            continue
        facts = hand_facts_of(game_id, hand["result__source"], hand["result__payload"], rules)
        if facts is None:
            continue
        tally.count["with_facts"] += 1
        if not facts.declarers:
            other[facts.contract or facts.kind] += 1
            continue
        tally.count["declared"] += 1
        for result in facts.results:
            line = tally.contracts[result.contract]
            line[0] += 1
            line[1] += result.won
        for bonus in facts.bonuses:
            tally.bonus(bonus.name, bonus.announced, bonus.made)
    c = tally.count
    return TournamentStatistics(
        tournament_id=tournament.pk,
        game=game_id,
        hands=c["hands"],
        voided=c["voided"],
        with_facts=c["with_facts"],
        declared=c["declared"],
        contracts=_contract_lines(game_id, tally),
        bonuses=_bonus_lines(game_id, tally),
        other=tuple(sorted(other.items(), key=lambda kv: (-kv[1], kv[0]))),
    )
