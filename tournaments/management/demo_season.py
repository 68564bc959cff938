"""``manage.py demo --season``: a cup of four qualifiers in four cities and its final, played by the bots.

What a club's year looks like in the project: a series with its own rules (a Punktespiegel, best 3 of the
4 qualifiers, a minimum of 2, a point for taking part; side rankings for women and for the tournaments
outside Budapest; the top 12 and each region's winner qualify), four qualifiers of about twenty players
each (each player comes to some of them), each finished by its club's organizer, so the series' standings
and the ratings follow through the event route as they do on a real installation; then the final, created
from the series and seeded from its ranking, played and finished. Everything goes through the services
the pages, the API and the workers call.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments import selectors, services
from tournaments.core.formats import format_defaults
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player

SERIES_SLUG = "demo-kupa-2026"
QUALIFIERS = 4
POOL = 40  # players of the season; about half come to each qualifier
RULES = {
    "points": {"method": "table", "table": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]},
    "best_of": 3,
    "min_tournaments": 2,
    "participation_points": 1,
    "side_rankings": [
        {"key": "nok", "name": "Nők", "filter": {"gender": "f"}},
        {"key": "videk", "name": "Vidék (Budapesten kívül)", "filter": {"city_not": "Budapest"}},
    ],
    "qualification": {"top": 12, "region_winners": True},
}


def run_season(
    options: dict[str, Any],
    rng: random.Random,
    *,
    clubs: list[Club],
    names: list[str],
    play: Callable[..., None],
    write: Callable[[str], None],
) -> Tournament:
    """Play the season; ``play(tournament, rng, seed=...)`` plays a tournament's rounds (the demo's)."""
    game_id = options["game"]
    organizer = _organizer(clubs)
    with transaction.atomic():
        if _clear_previous():  # the ratings counted the tournaments just deleted: computed again
            services.ratings_rebuild(game_id)
        pool = []
        for index in range(POOL):
            first_name = names[index].split()[-1]
            player, _ = Player.objects.get_or_create(
                name=names[index],
                club=clubs[index % len(clubs)],
                defaults={"rating": rng.randint(1200, 2000), "gender": "f" if first_name in WOMEN else "m"},
            )
            pool.append(player)
        series = services.series_create(
            fields={
                "name": "Demo Kupa 2026",
                "slug": SERIES_SLUG,
                "game": game_id,
                "club": clubs[0],
                "season": "2026",
                "rules": RULES,
            },
            by=organizer,
        )
    start = date(2026, 3, 7)
    for number, club in enumerate(clubs[:QUALIFIERS], start=1):
        fields = {
            **_format(game_id, options),
            "name": f"Demo Kupa 2026 – {number}. forduló, {club.city}",
            "slug": f"{SERIES_SLUG}-{number}",
            "venue": club.city,
            "club": club,
            "starts_on": start + timedelta(weeks=6 * (number - 1)),
        }
        tournament = services.tournament_create(fields=fields, by=organizer)
        # the home club's players come more often than the others
        attending = [p for p in pool if rng.random() < (0.8 if p.club_id == club.pk else 0.45)]
        for player in attending:
            services.player_register(tournament, player, check_in=True, by=organizer)
        services.series_tournament_add(series, tournament, region=club.city, by=organizer)
        write(f"\n{tournament.name}: {len(attending)} players")
        play(tournament, rng, seed=f"{options['seed']}-{number}")
        services.tournament_finish(tournament, by=organizer)
        leader = selectors.series_ranking(series).lines[0]
        write(f"  finished; the series is led by {leader.player.name} ({float(leader.points):g} points)")
    final = services.series_final_create(
        series,
        name="Demo Kupa 2026 – Döntő",
        slug=f"{SERIES_SLUG}-donto",
        starts_on=start + timedelta(weeks=6 * QUALIFIERS),
        by=organizer,
    )
    short = {k: v for k, v in _format(game_id, options).items() if k.startswith(("rounds_", "deals_"))}
    final = services.tournament_edit(final, changes=short, by=organizer)  # the demo's short format
    for registration in final.registrations.all():  # the finalists arrive
        services.registration_check_in(registration, by=organizer)
    write(f"\n{final.name}: {final.registrations.count()} qualified, round 1 seeded from the series")
    play(final, rng, seed=f"{options['seed']}-final")
    services.tournament_finish(final, by=organizer)
    return final


def _format(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """A short format: 3 rounds of 8 deals at a table of four (the other sizes in proportion)."""
    from engine.games import GAMES

    fields = {**format_defaults(game_id, options["preset"]), "game": game_id}
    fields["rounds_planned"] = options["rounds"] or 3
    deals = options["deals"] or 8
    main = GAMES[game_id].main_table_size
    for size in GAMES[game_id].table_sizes:
        fields[f"deals_per_round_{size}"] = max(1, deals * size // main)
    fields["pairing_methods"] = ["random", "swiss"]
    return fields


def _organizer(clubs: list[Club]) -> Any:
    """The demo's organizer: a staff user who organizes the demo's clubs (no password: cannot sign in)."""
    user, created = get_user_model().objects.get_or_create(
        username="demo-organizer", defaults={"is_staff": True, "first_name": "Demo"}
    )
    if created:
        user.set_unusable_password()
        user.save()
    for club in clubs:
        club.organizers.add(user)
    return user


def _clear_previous() -> bool:
    """A second run replaces the first season (its series and tournaments); whether there was one."""
    from tournaments.series.models import Series

    series = Series.objects.filter(slug=SERIES_SLUG).first()
    if series is not None:
        final = series.final
        series.delete()
        if final is not None:
            final.delete()
    deleted, _ = Tournament.objects.filter(slug__startswith=f"{SERIES_SLUG}-").delete()
    return series is not None or deleted > 0


WOMEN = {"Anna", "Dóra", "Flóra", "Hajnalka", "Judit", "Lilla", "Nóra", "Petra", "Réka", "Vilma", "Ágnes",
         "Cecília", "Erika"}  # fmt: skip
