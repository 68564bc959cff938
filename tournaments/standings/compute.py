"""Standings as pure computation: from table results (game points per hand, table places) to ranked rows with
ordered tie-breaks, in hundredths of a point. No database here: ``standings.services`` feeds it and stores
what it returns, and the tests drive it directly."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from tournaments.core.formats import rank_table, rules_of, sat_out
from tournaments.organizing.models import Tournament

CENT_TIEBREAKS = frozenset({"best_round", "total", "table_points", "opponents_total"})


def cents(value: Fraction | Decimal | int) -> int:
    """Points in hundredths, the unit stored (two decimals) and summed: exact, and fast to compare."""
    return round(value * 100)


def from_cents(value_cents: int) -> Decimal:
    return Decimal(value_cents) / 100


@dataclass
class RoundLine:
    """One player's part in one round (a table or a bye); table points in hundredths. ``counted`` is
    false for a seat at a table where no hand counts yet: the player is in the standings, the line adds
    nothing (no points, no round entry, no best round, no opponents)."""

    round_number: int
    game_points: int = 0
    table_cents: int = 0
    hands_played: int = 0
    hands_lost: int = 0
    won_table: bool = False  # first place at the table, alone or shared
    place: Fraction = Fraction(0)
    bye: bool = False
    opponents: tuple[int, ...] = ()
    counted: bool = True


@dataclass
class StandingRow:
    """A ranked player; ``total_cents`` and ``table_cents`` are hundredths of a point."""

    player_id: int
    rank: int = 0
    total_cents: int = 0
    table_cents: int = 0
    game_points: int = 0
    penalties: int = 0
    hands_played: int = 0
    rounds: list[dict[str, Any]] = field(default_factory=list)
    tiebreaks: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ScoringFormat:
    scoring: str  # game_points | table_points | both
    tiebreaks: tuple[str, ...]
    bye_table_points: int = 0
    bye_game_points: int = 0

    @classmethod
    def of(cls, tournament: Tournament) -> ScoringFormat:
        return cls(
            tournament.scoring,
            tuple(tournament.tiebreaks),
            tournament.bye_table_points,
            tournament.bye_game_points,
        )

    def round_cents(self, line: RoundLine) -> int:
        if self.scoring == "game_points":
            return line.game_points * 100
        if self.scoring == "table_points":
            return line.table_cents
        return line.table_cents + line.game_points * 100


def table_places(
    positions: Mapping[str, int],
    hands: Iterable[tuple[str, Mapping[str, int]] | tuple[str, Mapping[str, int], str]],
    scale: Sequence[int],
    tournament: Any,
) -> dict[int, RoundLine]:
    """Per player (by id) at one table: game points, hands played/lost and table place points.

    ``positions`` maps position -> player id; ``hands`` yields (dealer position, payments by position and
    the hand's kind) of the counted hands. Who sits a hand out (as ``tournament``'s game deals, a tournament
    or a mapping with its ``game``: at Hungarian Tarokk, a 5-table's dealer) has not played it, unless the
    hand is of a kind every seat plays (a Königrufen Trischaken at five). A table without a counted hand has
    no result (an empty dict): ranking its players all tied at zero would hand each of them the average of
    the scale (7 at a 4-table, 6.4 at a 5-table) for nothing played.
    """
    hands = list(hands)
    if not hands:
        return {}
    game = dict.fromkeys(positions, 0)
    played = dict.fromkeys(positions, 0)
    lost = dict.fromkeys(positions, 0)
    seats = sorted(positions)
    rules = rules_of(tournament)  # once: who sits out, as its rules deal
    for dealer, payments, *kind in hands:
        out = sat_out(seats, dealer, kind[0] if kind else None, tournament, rules)
        for position in positions:
            amount = int(payments.get(position, 0))
            game[position] += amount  # a seat sitting out gets 0, or shares a side's score (Cego, 17.4)
            if position not in out:
                played[position] += 1
                lost[position] += amount < 0
    places = rank_table(game, scale)
    ids = list(positions.values())
    return {
        player_id: RoundLine(
            round_number=0,
            game_points=game[pos],
            table_cents=cents(places[pos].table_points),
            hands_played=played[pos],
            hands_lost=lost[pos],
            won_table=places[pos].won_table,
            place=places[pos].place,
            opponents=tuple(p for p in ids if p != player_id),
        )
        for pos, player_id in positions.items()
    }


def compute_standings(
    fmt: ScoringFormat, lines: Mapping[int, Sequence[RoundLine]], penalties: Mapping[int, int]
) -> list[StandingRow]:
    """Ranked rows from per-round lines. Ties on every tie-break share a rank (1, 2, 2, 4)."""
    rows: dict[int, StandingRow] = {}
    for player_id, player_lines in lines.items():
        row = StandingRow(player_id, penalties=penalties.get(player_id, 0))
        best = None
        wins = lost = total = 0
        for line in sorted(player_lines, key=lambda x: x.round_number):
            if not line.counted:
                continue  # seated at a table where nothing counts yet: listed, nothing added
            score = fmt.round_cents(line)
            total += score
            best = score if best is None or score > best else best
            wins += line.won_table
            lost += line.hands_lost
            row.table_cents += line.table_cents
            row.game_points += line.game_points
            row.hands_played += line.hands_played
            row.rounds.append(
                {
                    "round": line.round_number,
                    "score": score / 100,
                    "game_points": line.game_points,
                    "table_points": line.table_cents / 100,
                    "bye": line.bye,
                    "hands_played": line.hands_played,
                }
            )
        row.total_cents = total + row.penalties * 100
        row.tiebreaks = {
            "best_round": best or 0,
            "table_wins": wins,
            "fewest_hands_lost": lost,
            "total": row.total_cents,
            "table_points": row.table_cents,
            "game_points": row.game_points,
        }
        rows[player_id] = row
    for player_id, row in rows.items():
        row.tiebreaks["opponents_total"] = sum(
            rows[o].total_cents for line in lines[player_id] for o in line.opponents if o in rows
        )

    signs = [1 if name == "fewest_hands_lost" else -1 for name in fmt.tiebreaks]
    names = list(fmt.tiebreaks)

    def key(row: StandingRow) -> tuple[int, ...]:
        values = row.tiebreaks
        return tuple(sign * values[name] for sign, name in zip(signs, names, strict=True))

    keyed = sorted(((key(r), r.player_id, r) for r in rows.values()), key=lambda item: item[:2])
    ordered = [row for _, _, row in keyed]
    for index, (k, _, row) in enumerate(keyed):
        row.rank = ordered[index - 1].rank if index and keyed[index - 1][0] == k else index + 1
    return ordered
