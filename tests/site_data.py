"""A small tournament as the site's tests see it: 9 players (a 5-table and a 4-table), round 1 played and
closed, round 2 in play with nothing entered yet, so every page has something to show and the tables of
round 2 have entry codes. Built through the services, as an organizer would."""

from __future__ import annotations

from datetime import date
from typing import Any

from tournaments import services
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player

NAMES = [
    ("Kovács Anna", "Budapesti Tarokk Egyesület"),
    ("Szabó Bence", "Budapesti Tarokk Egyesület"),
    ("Tóth Csaba", "Szegedi Tarokk Kör"),
    ("Horváth Dóra", "Szegedi Tarokk Kör"),
    ("Varga Endre", "Pécsi Pagát Klub"),
    ("Kiss Flóra", "Pécsi Pagát Klub"),
    ("Molnár Gábor", "Debreceni Skíz Társaság"),
    ("Németh Hajnalka", "Debreceni Skíz Társaság"),
    ("Farkas István", "Budapesti Tarokk Egyesület"),
]


def played_payments(table: Table, number: int) -> dict[str, int]:
    """A plausible result of deal ``number``: one active seat wins 2 from each other active seat (the
    winner rotates), the dealer of a 5-table sits out with 0."""
    deal = services.next_deal(table, number)
    positions = [seat.position for seat in table.seats.all()]
    payments = dict.fromkeys(positions, 0)
    winner = deal.active[number % len(deal.active)]
    for position in deal.active:
        payments[position] = 2 * (len(deal.active) - 1) if position == winner else -2
    return payments


def _enter_played(table: Table, numbers: range, organizer: Any) -> None:
    """Enter the deals ``numbers`` of the table as played, from an organizer's score sheet."""
    for number in numbers:
        services.hand_submit(
            table=table,
            number=number,
            source="payments",
            data={"payments": played_payments(table, number)},
            entered_by=organizer,
            trusted=True,
        )


def play_table(table: Table, organizer: Any, hands: int | None = None) -> None:
    """Enter ``hands`` (default: all) of the table's deals as an organizer's score sheet."""
    limit = table.round.tournament.deals_per_round(table.seats.count())
    _enter_played(table, range(1, (hands if hands is not None else limit) + 1), organizer)


def finish_round(round_: Round, organizer: Any) -> Round:
    """Enter every missing hand of the round as an organizer's score sheet, then close it."""
    for table in round_.tables.all():
        entered = table.hands.exclude(kind="").count()
        limit = round_.tournament.deals_per_round(table.seats.count())
        _enter_played(table, range(entered + 1, limit + 1), organizer)
    services.round_close(round_, by=organizer)
    return round_


def start_round(tournament: Tournament, organizer: Any, seed: str) -> Round:
    round_ = services.round_generate(tournament, seed=seed, by=organizer)
    for step in (services.round_confirm, services.round_publish, services.round_start):
        step(round_, by=organizer)
    return round_


def site_tournament(organizer: Any, slug: str = "cup") -> Tournament:
    tournament = Tournament.objects.create(
        game="hungarian",
        rules_preset="tournament",
        name="Őszi Kupa 2026",
        slug=slug,
        venue="Budapest, Tarokk Klub",
        starts_on=date(2026, 11, 21),
        rounds_planned=3,
        deals_per_round_4=4,
        deals_per_round_5=5,
        pairing_methods=["random", "swiss"],
    )
    tournament.organizers.add(organizer)
    for name, club in NAMES:
        club_obj, _ = Club.objects.get_or_create(name=club)
        player = Player.objects.create(name=name, club=club_obj)
        services.player_register(tournament, player, check_in=True, by=organizer)
    round1 = start_round(tournament, organizer, "site-1")
    for table in round1.tables.all():
        play_table(table, organizer)
    services.round_close(round1, by=organizer)
    start_round(tournament, organizer, "site-2")
    tournament.refresh_from_db()
    return tournament
