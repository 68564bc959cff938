"""The rating's reads: a game's ranking list (by the conservative ordinal, paginated: the ``rating_ranking``
index serves the page straight, so 20,000 rated players cost one short index scan), a player's current
rating in each game, and a player's rating over time in one game (the player page's chart)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db.models import Count, QuerySet
from django.utils.translation import gettext_lazy as _

from tournaments.core.validation import invalid, no_surrogates, text
from tournaments.participants.models import Player
from tournaments.ratings.models import PlayerRating, RatingChange

PER_PAGE = 50
PER_PAGE_MAX = 200
SEARCH_MAX = 120  # a player's name is at most this long


@dataclass(frozen=True)
class RankingRow:
    """One line of a ranking: the rank shares ties (equal ordinals rank alike)."""

    rank: int
    player_id: int
    name: str
    club_id: int | None
    club: str
    club_slug: str
    ordinal: float
    mu: float
    sigma: float
    tournaments: int


@dataclass(frozen=True)
class RankingPage:
    game: str
    rows: list[RankingRow]
    page: int
    pages: int
    total: int
    per_page: int


@dataclass(frozen=True)
class HistoryPoint:
    """A player's rating after one rated tournament (``public``: whether its tournament may be named)."""

    tournament_id: int
    tournament: str
    slug: str
    date: date
    mu: float
    sigma: float
    ordinal: float
    public: bool


def _ranked(game: str, club: int | None, min_tournaments: int) -> QuerySet[PlayerRating]:
    """The players who rank: rated in ``game``, not merged into another record, public or not (a
    rating carries no private data), optionally of one club and with enough rated tournaments."""
    rows = PlayerRating.objects.filter(game=game, player__merged_into__isnull=True)
    if club is not None:
        rows = rows.filter(player__club_id=club)
    if min_tournaments:
        rows = rows.filter(tournaments__gte=min_tournaments)
    return rows


def ranking(
    game: str,
    *,
    club: int | None = None,
    min_tournaments: int = 0,
    search: str = "",
    page: int = 1,
    per_page: int = PER_PAGE,
) -> RankingPage:
    """A page of ``game``'s ranking, best ordinal first (ties by more tournaments, then name). ``search``
    keeps the players whose name contains it, each still shown with their rank in the whole list.
    Pages past the end give the last page."""
    per_page = max(1, min(int(per_page), PER_PAGE_MAX))
    base = _ranked(game, club, int(min_tournaments))
    shown = base
    search = (search or "").strip()[:SEARCH_MAX]
    if search:
        shown = shown.filter(player__name__icontains=search)
    total = shown.count()
    pages = max(1, -(-total // per_page))
    page = max(1, min(int(page), pages))
    offset = (page - 1) * per_page
    lines = list(
        shown.order_by("-ordinal", "-tournaments", "player__name", "player_id").values_list(
            "player_id",
            "player__name",
            "player__club_id",
            "player__club__name",
            "player__club__slug",
            "ordinal",
            "mu",
            "sigma",
            "tournaments",
        )[offset : offset + per_page]
    )
    rows: list[RankingRow] = []
    for i, (pid, name, club_id, club_name, club_slug, ordinal, mu, sigma, played) in enumerate(lines):
        if rows and rows[-1].ordinal == ordinal:
            rank = rows[-1].rank
        elif search or i == 0:
            rank = base.filter(ordinal__gt=ordinal).count() + 1  # one indexed count: the rank in all
        else:
            rank = offset + i + 1
        rows.append(
            RankingRow(rank, pid, name, club_id, club_name or "", club_slug or "", ordinal, mu, sigma, played)
        )
    return RankingPage(game=game, rows=rows, page=page, pages=pages, total=total, per_page=per_page)


PAGE_MAX = 1_000_000


def _whole(params: Mapping[str, Any], name: str, default: int, low: int, high: int) -> int:
    raw = params.get(name)
    if raw is None or raw == "":
        return default
    if not (
        isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 9 and low <= int(raw) <= high
    ):
        raise invalid(name, _("must be between %(low)s and %(high)s"), params={"low": low, "high": high})
    return int(raw)


def ranking_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A ranking's query (``q`` or ``search``, ``page``, ``page_size``, ``club``, ``min_tournaments``) as
    ``ranking``'s keyword arguments; a bad value is refused naming its field."""
    search = params.get("q") or params.get("search") or ""
    club = _whole(params, "club", 0, 1, 2**31 - 1) if params.get("club") else None
    return {
        "search": no_surrogates(text(search, "search", max_length=SEARCH_MAX), "search"),
        "page": _whole(params, "page", 1, 1, PAGE_MAX),
        "per_page": _whole(params, "page_size", PER_PAGE, 1, PER_PAGE_MAX),
        "club": club,
        "min_tournaments": _whole(params, "min_tournaments", 0, 0, 10_000),
    }


def rated_games() -> dict[str, int]:
    """Each game that has a rating, and how many players it rates."""
    rows = (
        PlayerRating.objects.filter(player__merged_into__isnull=True)
        .values("game")
        .annotate(n=Count("id"))
        .order_by("game")
    )
    return {row["game"]: row["n"] for row in rows}


def player_ratings(player: Player | int) -> list[PlayerRating]:
    """A player's current rating in each game they are rated in, the best ordinal first."""
    player_id = player if isinstance(player, int) else player.pk
    return list(PlayerRating.objects.filter(player_id=player_id).order_by("-ordinal", "game"))


def rating_history(player: Player | int, game: str) -> list[HistoryPoint]:
    """A player's rating after each rated tournament of ``game``, in the order they were rated (the
    date is the tournament's first day)."""
    player_id = player if isinstance(player, int) else player.pk
    rows = (
        RatingChange.objects.filter(player_id=player_id, game=game)
        .order_by("run__sequence")
        .values_list(
            "tournament_id",
            "tournament__name",
            "tournament__slug",
            "tournament__starts_on",
            "mu_after",
            "sigma_after",
            "ordinal_after",
            "tournament__is_public",
        )
    )
    return [HistoryPoint(*row) for row in rows]
