"""Who sees a tournament: the public ones, and the ones a user organizes (named on it, or an organizer of
its club); and the clubs: who manages one, and what its page shows."""

from __future__ import annotations

import zlib
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q, QuerySet

from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player
from tournaments.ratings.models import PlayerRating
from tournaments.series.models import Series


def public_tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.filter(is_public=True).exclude(status=Tournament.Status.DRAFT)


def public_tournament(slug: str) -> Tournament | None:
    return public_tournaments().filter(slug=slug).first()


def is_public(tournament: Tournament) -> bool:
    """What ``public_tournaments`` lists: public and no longer a draft."""
    return tournament.is_public and tournament.status != Tournament.Status.DRAFT


def _organized_by(user: Any) -> Q:
    """The tournaments ``user`` runs: named on the tournament, or an organizer of its club. The one place
    that says it, so the API, the pages, the printables and the admin all follow (subqueries, not joins:
    no duplicate rows, no DISTINCT)."""
    named = Tournament.organizers.through.objects.filter(user_id=user.pk).values("tournament_id")
    clubs = Club.organizers.through.objects.filter(user_id=user.pk).values("club_id")
    return Q(pk__in=named) | Q(club_id__in=clubs)


def tournaments_visible_to(user: Any) -> QuerySet[Tournament]:
    """The public tournaments, plus every tournament ``user`` organizes (all of them for a superuser).
    Another club's private tournaments stay invisible to a club's organizers."""
    if not getattr(user, "is_authenticated", False):
        return public_tournaments()
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(
        Q(is_public=True) & ~Q(status=Tournament.Status.DRAFT) | _organized_by(user)
    )


def is_organizer(user: Any, tournament: Tournament) -> bool:
    """May ``user`` run ``tournament`` (the API, the organizer pages and the admin ask the same)? Its
    organizers, its club's organizers and superusers."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    return Tournament.objects.filter(_organized_by(user), pk=tournament.pk).exists()


def organized_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs (``is_organizer``): a superuser runs every one."""
    if not getattr(user, "is_authenticated", False):
        return Tournament.objects.none()
    found = Tournament.objects.all() if user.is_superuser else Tournament.objects.filter(_organized_by(user))
    return found.order_by("-starts_on", "name")


# --- clubs ---------------------------------------------------------------------------------------------


def clubs_visible() -> QuerySet[Club]:
    """Every club: a club's name, city and page are public (its private tournaments are not)."""
    return Club.objects.order_by("name")


def club_by_slug(slug: str) -> Club | None:
    return Club.objects.filter(slug=slug).first()


def can_manage_club(user: Any, club: Club) -> bool:
    """May ``user`` edit ``club``, name its organizers and create its tournaments? Its organizers and
    superusers (staff status alone is not enough: a club's name is the club's)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or club.organizers.filter(pk=user.pk).exists()


def organized_clubs(user: Any) -> QuerySet[Club]:
    """The clubs ``user`` manages (``can_manage_club``): every club for a superuser."""
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.all() if user.is_superuser else user.organized_clubs.order_by("name")


def may_create_club(user: Any) -> bool:
    """Staff, superusers and anyone who organizes a tournament or a club may add a club (clubs are shared
    by every tournament: a registration names one)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(
        user.is_staff
        or user.is_superuser
        or user.organized_tournaments.exists()
        or user.organized_clubs.exists()
    )


def club_version(club: Club) -> int:
    """The club's version for ETag / If-Match: a digest of what can be edited (name and city), as the club
    has no version column of its own."""
    digest = zlib.crc32(f"{club.name}\x00{club.city}".encode())
    return digest & 0x7FFFFFFF


@dataclass
class MemberRanking:
    """One game's ranking of a club's members: (player, ordinal) best first."""

    game: str
    rows: list[tuple[Player, float]] = field(default_factory=list)


@dataclass
class ClubPage:
    """What a club's page shows: its upcoming (or running) and past tournaments, its series and its
    members' ranking per game of its tournaments (``members`` alphabetically when nobody has a rating)."""

    club: Club
    upcoming: list[Tournament]
    past: list[Tournament]
    series: list[Series]
    rankings: list[MemberRanking]
    members: list[Player]
    members_count: int
    private: list[Tournament] = field(default_factory=list)  # for its organizers only


def club_tournaments(club: Club, user: Any = None) -> QuerySet[Tournament]:
    """The club's tournaments ``user`` may see (the public ones for anyone)."""
    return tournaments_visible_to(user).filter(club=club)


def club_game(club: Club | None) -> str | None:
    """The game a club's new tournament or series is most likely of: the game of its latest tournament
    (a form's first choice, which the organizer sees and may change); None for a club that has none yet,
    whose form then asks for the game."""
    if club is None:
        return None
    return Tournament.objects.filter(club=club).order_by("-created_at").values_list("game", flat=True).first()


def club_members(club: Club) -> QuerySet[Player]:
    """The players who name this club (a merged record counts as the player it was merged into)."""
    return Player.objects.filter(club=club, merged_into__isnull=True).order_by("name", "pk")


def club_page(club: Club, user: Any = None) -> ClubPage:
    """Everything of a club's page in a handful of queries; ``user``'s extra rows (drafts, private
    tournaments) only when they manage the club."""
    public = list(public_tournaments().filter(club=club).order_by("starts_on", "name"))
    upcoming = [t for t in public if t.status != Tournament.Status.FINISHED]
    past = sorted(
        (t for t in public if t.status == Tournament.Status.FINISHED), key=lambda t: t.starts_on, reverse=True
    )
    series = list(Series.objects.filter(club=club, is_public=True).order_by("-created_at", "name"))
    games = sorted(set(Tournament.objects.filter(club=club).values_list("game", flat=True)))
    ratings = (
        PlayerRating.objects.filter(player__club=club, player__merged_into__isnull=True, game__in=games)
        .select_related("player")
        .order_by("game", "-ordinal", "player__name")
    )
    by_game: dict[str, MemberRanking] = {}
    for rating in ratings:
        by_game.setdefault(rating.game, MemberRanking(rating.game)).rows.append(
            (rating.player, rating.ordinal)
        )
    members = club_members(club)
    private: list[Tournament] = []
    if can_manage_club(user, club):
        shown = {t.pk for t in public}
        private = [t for t in organized_tournaments(user).filter(club=club) if t.pk not in shown]
    return ClubPage(
        club=club,
        upcoming=upcoming,
        past=past,
        series=series,
        rankings=[by_game[g] for g in games if g in by_game],
        members=[] if by_game else list(members),
        members_count=members.count(),
        private=private,
    )
