"""``manage.py demo [--game G]``: a realistic tournament played end to end by the engine's bots.

22 players from 4 clubs (so 4- and 5-player tables), 4 rounds (a random draw, then swiss), every hand
played by the engine's bots and entered as a hand record through the same services a table uses: one
member submits, another confirms. Prints the final standings. Deterministic for a given ``--seed``.
With ``--live`` (what ``quickstart`` loads) the last round stays in play, half of its deals entered.

``--season`` plays a season instead: a cup of four qualifiers and its final (``demo_season.py``).

``--game`` plays another game of ``engine.games`` in the format of its default preset's event (``--preset``
another): a game without bots that play whole hands has each hand's summary made up by its own
``sample_summary`` (a plausible contract, card points and bonuses) and entered as a summary, which the
engine scores.
"""

from __future__ import annotations

import random
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from engine.games import GAMES
from tournaments import selectors, services
from tournaments.core.audit import Actor, acting_as
from tournaments.core.formats import format_defaults, game_of, rules_of
from tournaments.draw.models import Round
from tournaments.management.demo_season import run_season
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player
from tournaments.series.compute import REGION_PREFIX
from tournaments.templatetags.tarokk import PROVISIONAL_SIGN

CLUBS = [
    ("Budapesti Tarokk Egyesület", "Budapest"),
    ("Szegedi Tarokk Kör", "Szeged"),
    ("Pécsi Pagát Klub", "Pécs"),
    ("Debreceni Skíz Társaság", "Debrecen"),
]
FIRST = [
    "Anna",
    "Bence",
    "Csaba",
    "Dóra",
    "Endre",
    "Flóra",
    "Gábor",
    "Hajnalka",
    "István",
    "Judit",
    "Kálmán",
    "Lilla",
    "Márton",
    "Nóra",
    "Ottó",
    "Petra",
    "Réka",
    "Sándor",
    "Tamás",
    "Ubul",
    "Vilma",
    "Zsolt",
    "Ágnes",
    "Béla",
    "Cecília",
    "Dénes",
    "Erika",
    "Ferenc",
]
LAST = [
    "Kovács",
    "Szabó",
    "Tóth",
    "Horváth",
    "Varga",
    "Kiss",
    "Molnár",
    "Németh",
    "Farkas",
    "Balogh",
    "Papp",
    "Takács",
    "Juhász",
    "Lakatos",
    "Mészáros",
    "Oláh",
    "Simon",
    "Rácz",
    "Fekete",
    "Szilágyi",
]


class Command(BaseCommand):
    help = "Create a demo tournament, play every hand with the engine's bots and print the standings."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--game", choices=sorted(GAMES), default="hungarian", help="the game to play (hungarian)"
        )
        parser.add_argument("--preset", default=None, help="a preset of the game (default: the game's own)")
        parser.add_argument("--players", type=int, default=None, help="default: 22 (Cego 13, Slovenian 12)")
        parser.add_argument("--rounds", type=int, default=None, help="default: 4, or the preset's rounds")
        parser.add_argument("--seed", default="demo")
        parser.add_argument("--slug", default="demo")
        parser.add_argument(
            "--deals",
            type=int,
            default=None,
            help="deals per round at a 4-table (a 5-table plays 5/4 as many); default 16",
        )
        parser.add_argument(
            "--season",
            action="store_true",
            help="a season instead: a cup of four qualifiers in four cities and its final, seeded from the "
            "cup's ranking (tournaments/management/demo_season.py)",
        )
        parser.add_argument(
            "--live",
            action="store_true",
            help="leave the last round in play with half of its deals entered (a tournament in progress, as "
            "players see it at the venue: live standings, tables with entry codes and hands to enter)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with acting_as(Actor(system="demo")):
            self._run(options)

    def _run(self, options: dict[str, Any]) -> None:
        rng = random.Random(options["seed"])
        if options["season"]:
            self._season(options, rng)
            return
        tournament = self._create(options, rng)
        self._play(tournament, rng, seed=options["seed"], live=options["live"])
        self._print_standings(tournament)

    def _season(self, options: dict[str, Any], rng: random.Random) -> None:
        clubs = [Club.objects.get_or_create(name=name, defaults={"city": city})[0] for name, city in CLUBS]
        names = [f"{last} {first}" for first in FIRST for last in LAST]
        rng.shuffle(names)
        final = run_season(options, rng, clubs=clubs, names=names, play=self._play, write=self.stdout.write)
        series = final.final_of
        self._print_series(series)
        self._print_standings(final)
        top = selectors.ranking(series.game, per_page=5).rows
        self.stdout.write(
            f"\nRating ({series.game}, mu - 3 sigma after {series.entries.count() + 1} tournaments):"
        )
        for row in top:
            self.stdout.write(
                f"{row.rank:>3}  {row.name:<24} {row.ordinal:>6.1f}  (mu {row.mu:.1f} ± {row.sigma:.1f})"
            )
        self.stdout.write(
            f"\nOn the site: /series/{series.slug}/ (the cup), /players/{top[0].player_id}/ (a player's "
            f"page), /ratings/{series.game}/ (the ranking), /clubs/{series.club.slug}/ (the club)"
        )

    def _print_series(self, series: Any) -> None:
        """The series' ranking as its page shows it: points, and each qualifier's points with the dropped
        ones in brackets; the side rankings' leaders; who qualified for the final."""
        ranking = selectors.series_ranking(series)
        qualifiers = [t.pk for t in series.tournaments.exclude(pk=series.final_id).order_by("starts_on")]
        self.stdout.write(f"\n{series.name}: {len(ranking.lines)} players, qualifiers 1-{len(qualifiers)}")
        self.stdout.write(f"{'#':>3}  {'player':<24} {'points':>6}  qualifiers (dropped in brackets)")
        for line in ranking.lines:
            results = {r["tournament_id"]: r for r in line.results}
            cells = " ".join(_series_cell(results.get(pk)) for pk in qualifiers)
            rank = f"{line.rank:>3}" if line.eligible else f"{'–':>3}"
            mark = "  → final" if line.qualified else ""
            self.stdout.write(f"{rank}  {line.player.name:<24} {float(line.points):>6g}  {cells}{mark}")
        for key, name in selectors.ranking_names(series)[1:]:
            if key.startswith(REGION_PREFIX):
                continue  # a region's winner qualifies: marked above
            side = selectors.series_ranking(series, key)
            top = ", ".join(f"{line.rank}. {line.player.name}" for line in side.lines[:3] if line.eligible)
            self.stdout.write(f"{name}: {top or '–'}")

    def _play(self, tournament: Tournament, rng: random.Random, *, seed: str, live: bool = False) -> None:
        """Draw, play and close every round (the last one left in play, half entered, if ``live``)."""
        rules = rules_of(tournament)
        for number in range(1, tournament.rounds_planned + 1):
            round_ = services.round_generate(tournament, seed=f"{seed}-round-{number}")
            services.round_confirm(round_)
            services.round_publish(round_)
            services.round_start(round_)
            in_play = live and number == tournament.rounds_planned
            self._play_round(round_, rules, rng, share=0.5 if in_play else 1.0)
            if not in_play:
                services.round_close(round_)
            self.stdout.write(
                f"Round {number}: {round_.tables.count()} tables, method {round_.method}, seed {round_.seed}"
                + (" (in play: half of its deals entered)" if in_play else "")
            )

    def _create(self, options: dict[str, Any], rng: random.Random) -> Tournament:
        game_id = options["game"]
        with transaction.atomic():
            Tournament.objects.filter(slug=options["slug"]).delete()
            clubs = [
                Club.objects.get_or_create(name=name, defaults={"city": city})[0] for name, city in CLUBS
            ]
            if game_id == "hungarian" and options["preset"] is None:  # the 2018 rules' demo day
                deals = options["deals"] or 16
                fields: dict[str, Any] = {
                    "name": "Demo Kupa 2026",
                    "venue": "Budapest, Tarokk Klub",
                    "game": game_id,
                    "rules_preset": "tournament",
                    "rounds_planned": options["rounds"] or 4,
                    "deals_per_round_4": deals,
                    "deals_per_round_5": deals * 5 // 4,
                    "scoring": "table_points",
                }
            else:
                fields = _game_fields(game_id, options)
            tournament = Tournament.objects.create(
                slug=options["slug"],
                starts_on=date(2026, 11, 21),
                **{"pairing_methods": ["random", "swiss"], **fields},
            )
            names = [f"{last} {first}" for first in FIRST for last in LAST]
            rng.shuffle(names)
            for index in range(options["players"] or DEMO_PLAYERS.get(game_id, 22)):
                player, _ = Player.objects.get_or_create(
                    name=names[index],
                    club=clubs[index % len(clubs)],
                    defaults={"rating": rng.randint(1200, 2000)},
                )
                services.player_register(tournament, player, check_in=True)
        return tournament

    def _play_round(self, round_: Round, rules: Any, rng: random.Random, share: float = 1.0) -> None:
        """Play ``share`` of each table's deals; each is submitted by one seat and confirmed by another."""
        tournament = round_.tournament
        for table in round_.tables.prefetch_related("seats__player"):
            seats = {seat.position: seat.player for seat in table.seats.all()}
            deals = round(tournament.deals_per_round(len(seats)) * share)
            game = game_of(tournament)
            for number in range(1, deals + 1):
                deal = services.next_deal(table, number)
                if game.bot_record is not None:
                    source = "record"
                    data = game.bot_record(rng.getrandbits(32), rules, deal.active, deal.stake)
                else:  # the game's plausible summary of this deal, scored by the engine
                    source, data = "summary", game.sample_summary(rng, rules, deal)
                submitter, confirmer = seats[deal.active[0]], seats[deal.active[1]]
                submission = services.hand_submit(
                    table=table,
                    number=number,
                    source=source,
                    data=data,
                    submitted_by=submitter,
                    idempotency_key=f"demo-{round_.number}-{table.number}-{number}",
                )
                services.hand_confirm(submission, confirmer)

    def _print_standings(self, tournament: Tournament) -> None:
        """The standings as the pages show them: during a round in play they count the hands confirmed
        so far and are provisional (the round's points marked with the pages' sign)."""
        table = selectors.standings_table(tournament)
        when = "during" if table.live else "after"
        self.stdout.write(f"\nStandings of {tournament.name} {when} round {table.after_round}:")
        if table.provisional:
            self.stdout.write(
                f"(provisional: round {table.after_round} is still being played; {PROVISIONAL_SIGN} marks "
                "its points, which count the hands confirmed so far and become final when it closes)"
            )
        self.stdout.write(f"{'#':>3}  {'player':<24} {'club':<28} {'total':>6}  rounds        game  hands")
        for row in table.rows:
            by_round = {r["round"]: r for r in row.rounds}
            rounds = " ".join(_round_cell(by_round.get(n)) for n in table.round_numbers)
            club = row.player.club.name if row.player.club else ""
            self.stdout.write(
                f"{row.rank:>3}  {row.player.name:<24} {club:<28} {row.total:>6}  {rounds:<13} "
                f"{row.game_points:>5} {row.hands_played:>5}"
            )


# A demo tournament of each game: its name and venue (the events its presets are named after), its field.
DEMO_EVENTS = {
    "koenigrufen": ("Wiener Tarockcup – Demo", "Wien, Café Sperl"),
    "cego": ("Cego-Meisterschaft Ichenheim – Demo", "Ichenheim, Gasthaus Rebstock"),
    "slovenian": ("Tarok turnir Bled – Demo", "Bled"),
    "texas": ("Taylor Tarock Tournament – Demo", "Taylor, Texas, SPJST Lodge"),
    "talon": ("Talon Open – Demo", "Budapest"),
}
DEMO_PLAYERS = {"cego": 13, "slovenian": 12, "texas": 16, "talon": 20}


def _game_fields(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """A demo tournament of ``game_id`` in its preset's format; ``--rounds`` and ``--deals`` (deals at a
    table of the size the draw fills first, the other sizes in proportion) as asked."""
    name, venue = DEMO_EVENTS.get(game_id, (f"{GAMES[game_id].names['en']} – Demo", ""))
    fields = {**format_defaults(game_id, options["preset"]), "game": game_id, "name": name, "venue": venue}
    if options["rounds"] or "rounds_planned" not in fields:
        fields["rounds_planned"] = options["rounds"] or 4
    if options["deals"]:
        main = GAMES[game_id].main_table_size
        for size in GAMES[game_id].table_sizes:
            fields[f"deals_per_round_{size}"] = max(1, options["deals"] * size // main)
    return fields


def _series_cell(result: dict[str, Any] | None) -> str:
    """A qualifier's points in the series' console table: "[..]" when dropped, "-" when not played."""
    if result is None:
        return f"{'-':>5}"
    points = f"{float(result['points']):g}"
    return f"{points:>5}" if result.get("counted") else f"{'[' + points + ']':>5}"


def _round_cell(entry: dict[str, Any] | None) -> str:
    """A round's points in the console table: "–" where it adds nothing, the sign where provisional."""
    if entry is None:
        return f"{'–':>3}"
    return f"{entry['score']:>3g}" + (PROVISIONAL_SIGN if entry.get("provisional") else "")
