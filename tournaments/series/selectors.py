"""Reads of a series: who may manage one, the public list, a ranking with its freshness (version, "as of",
"being updated"), a player's line with the results counted and dropped, and a player's series lines for
the player page."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from typing import Any

from django.db.models import Q, QuerySet

from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player
from tournaments.series.compute import (
    MAIN_RANKING,
    REGION_PREFIX,
    SeriesRules,
    final_points_for,
    parse_rules,
    region_key,
)
from tournaments.series.models import Series, SeriesStanding, SeriesState


def may_create_unattached(user: Any) -> bool:
    """Who may create a series of no club: whoever may create tournaments (``organizing.services``' rule:
    staff users and superusers), mirrored here."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser))


def may_create_series(user: Any, club: Club | None) -> bool:
    """A club's series: its organizers (and superusers); a series of no club: ``may_create_unattached``."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    if club is None:
        return may_create_unattached(user)
    return club.organizers.filter(pk=user.pk).exists()


def can_manage_series(user: Any, series: Series) -> bool:
    """A superuser, an organizer of the series, or an organizer of its club."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or series.organizers.filter(pk=user.pk).exists():
        return True
    return series.club_id is not None and Club.objects.filter(pk=series.club_id, organizers=user).exists()


def public_series(*, game: str | None = None, club: str | None = None) -> QuerySet[Series]:
    """The public series, newest first; ``club`` is a club's slug."""
    found = Series.objects.filter(is_public=True).select_related("club")
    if game:
        found = found.filter(game=game)
    if club:
        found = found.filter(club__slug=club)
    return found


def series_visible_to(user: Any) -> QuerySet[Series]:
    """The public series, and those ``user`` manages (every one for a superuser)."""
    if not getattr(user, "is_authenticated", False):
        return public_series()
    if user.is_superuser:
        return Series.objects.select_related("club")
    return (
        Series.objects.filter(Q(is_public=True) | Q(organizers=user) | Q(club__organizers=user))
        .select_related("club")
        .distinct()
    )


def series_get(slug: str, user: Any = None) -> Series | None:
    """A series by slug, if ``user`` may see it."""
    return series_visible_to(user).filter(slug=slug).first()


def rules_of(series: Series) -> SeriesRules:
    """The parsed rules (stored already checked; a formula is not tried on its grid again)."""
    return parse_rules(series.rules or {}, check=False)


def series_tournaments(series: Series) -> list[tuple[Tournament, str]]:
    """The member tournaments, in date order, with their region."""
    return [
        (entry.tournament, entry.region)
        for entry in series.entries.select_related("tournament", "tournament__club").order_by(
            "tournament__starts_on", "tournament_id"
        )
    ]


@dataclass(frozen=True)
class Freshness:
    """What a reader says of the stored standings: as of when, and whether they are being updated."""

    version: int
    as_of: datetime | None
    stale: bool


def series_freshness(series: Series) -> Freshness:
    state = SeriesState.objects.filter(series=series).first()
    if state is None:
        return Freshness(0, None, False)
    return Freshness(state.version, state.computed_at, state.stale_since is not None)


@dataclass(frozen=True)
class Ranking:
    """A ranking of a series as stored: its key and name, and its lines (``SeriesStanding`` rows)."""

    key: str
    name: str
    lines: list[SeriesStanding]
    freshness: Freshness


def ranking_names(series: Series) -> list[tuple[str, str]]:
    """(key, name) of every ranking stored or defined: the main one first, the side rankings, regions."""
    rules = rules_of(series)
    names: list[tuple[str, str]] = [(MAIN_RANKING, "")]
    names += [(side.key, side.name) for side in rules.side_rankings]
    regions = sorted(
        {region for region in series.entries.exclude(region="").values_list("region", flat=True) if region}
    )
    names += [(region_key(region), region) for region in regions]
    return names


def ranking_name(series: Series, key: str) -> str | None:
    """The name of ranking ``key`` (``""`` for the main one), None when the series has no such ranking."""
    return dict(ranking_names(series)).get(key)


def series_ranking(series: Series, key: str = MAIN_RANKING) -> Ranking | None:
    """One ranking with its freshness, or None when the series has no ranking ``key``."""
    name = ranking_name(series, key)
    if name is None:
        return None
    lines = list(
        SeriesStanding.objects.filter(series=series, ranking=key)
        .select_related("player", "player__club")
        .order_by("rank", "player__name", "player_id")
    )
    return Ranking(key, name, lines, series_freshness(series))


def tournament_names(series: Series) -> dict[int, Tournament]:
    """The member tournaments by id (to name a line's results)."""
    return {t.pk: t for t, _ in series_tournaments(series)}


def line_final_points(
    series: Series, line: SeriesStanding, rules: SeriesRules | None = None
) -> Decimal | None:
    """What a stored line of the main ranking carries into the final (the rules' ``final_points``)."""
    if line.ranking != MAIN_RANKING:
        return None
    return final_points_for(rules or rules_of(series), line.rank, line.eligible)


def series_player_line(series: Series, player_id: int, key: str = MAIN_RANKING) -> SeriesStanding | None:
    return (
        SeriesStanding.objects.filter(series=series, ranking=key, player_id=player_id)
        .select_related("player")
        .first()
    )


@dataclass(frozen=True)
class PlayerSeriesLine:
    """A player's line in one ranking of a series, for the player page: ``counted`` and ``dropped`` are the
    results (dicts: tournament_id, date, place, players, total, points, counted, region)."""

    series: Series
    ranking: str
    ranking_name: str
    rank: int
    points: Decimal
    played: int
    eligible: bool
    qualified: bool
    counted: list[dict[str, Any]]
    dropped: list[dict[str, Any]]


def player_series_lines(player: Player) -> list[PlayerSeriesLine]:
    """Every public series' line of ``player``: the main ranking first, then its side rankings (regions'
    rankings are left out: the main line says where the player played)."""
    rows = (
        SeriesStanding.objects.filter(player=player, series__is_public=True)
        .exclude(ranking__startswith=REGION_PREFIX)
        .select_related("series")
        .order_by("-series__created_at", "series_id", "ranking")
    )
    out = []
    names: dict[int, dict[str, str]] = {}
    for row in rows:
        if row.series_id not in names:
            names[row.series_id] = dict(ranking_names(row.series))
        out.append(
            PlayerSeriesLine(
                series=row.series,
                ranking=row.ranking,
                ranking_name=names[row.series_id].get(row.ranking, row.ranking),
                rank=row.rank,
                points=row.points,
                played=row.tournaments_played,
                eligible=row.eligible,
                qualified=row.qualified,
                counted=[r for r in row.results if r.get("counted")],
                dropped=[r for r in row.results if not r.get("counted")],
            )
        )
    return out


def _cell(value: Any) -> str:
    """A CSV cell a spreadsheet will not run as a formula (a name beginning with = + - @)."""
    shown = str(value)
    return f"'{shown}" if shown[:1] in ("=", "+", "-", "@", "\t", "\r") and not _is_number(shown) else shown


def _is_number(value: str) -> bool:
    try:
        Decimal(value)
    except ArithmeticError:
        return False
    return True


def series_csv(series: Series, key: str = MAIN_RANKING) -> str:
    """A ranking as CSV: rank, player, club, points, tournaments played, eligible, qualified, the final
    points when the rules give them (the main ranking), then one column per member tournament (its points,
    in brackets when dropped)."""
    ranking = series_ranking(series, key)
    rules = rules_of(series)
    final = bool(rules.final_points) and key == MAIN_RANKING
    tournaments = [t for t, _region in series_tournaments(series)]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(
        [
            "rank",
            "player",
            "club",
            "points",
            "played",
            "eligible",
            "qualified",
            *(["final_points"] if final else []),
            *[t.slug for t in tournaments],
        ]
    )
    for line in ranking.lines if ranking else []:
        by_tournament = {r["tournament_id"]: r for r in line.results}
        cells = []
        for t in tournaments:
            r = by_tournament.get(t.pk)
            cells.append("" if r is None else r["points"] if r["counted"] else f"({r['points']})")
        writer.writerow(
            [
                line.rank,
                _cell(line.player.name),
                _cell(line.player.club.name if line.player.club_id else ""),
                line.points,
                line.tournaments_played,
                "true" if line.eligible else "false",
                "true" if line.qualified else "false",
                *([_final_cell(series, line, rules)] if final else []),
                *cells,
            ]
        )
    return out.getvalue()


def _final_cell(series: Series, line: SeriesStanding, rules: SeriesRules) -> str:
    points = line_final_points(series, line, rules)
    return "" if points is None else str(points)
