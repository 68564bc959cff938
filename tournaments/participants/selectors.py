"""Reads of who plays: the registrations active in a round, a tournament's player; finding a player
across clubs (``players_find``), who may merge two records, the tournaments of one person."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from tournaments.core.text import fold
from tournaments.draw.models import RELEASED_ROUND_STATUSES, Seat
from tournaments.organizing.models import Club, Tournament
from tournaments.organizing.selectors import is_organizer
from tournaments.participants.models import Player, PlayerMerge, Registration
from tournaments.standings.models import Standing


def present_registrations(tournament: Tournament, round_number: int) -> QuerySet[Registration]:
    """The players present for ``round_number``, the one definition every draw uses (random, Swiss,
    balanced, seeded, a hand-edited draw, the final stage): checked in (registered is not arrived), late
    entries from their first round on, withdrawn players up to the round after which they withdrew; never
    a player who did not come (``NO_SHOW``)."""
    return (
        tournament.registrations.filter(first_round__lte=round_number)
        .filter(
            Q(status=Registration.Status.CHECKED_IN)
            | Q(status=Registration.Status.WITHDRAWN, withdrawn_after_round__gte=round_number)
        )
        .select_related("player", "player__club")
        .order_by("player_id")
    )


def tournament_player(tournament: Tournament, player_id: int) -> Any:
    """The ``Player`` registered in ``tournament`` (with the club), or ``None``."""
    registration = (
        tournament.registrations.filter(player_id=player_id).select_related("player", "player__club").first()
    )
    return registration.player if registration else None


# --- one person across tournaments and clubs (issue 24) ----------------------------------------------------

FIND_LIMIT_MAX = 100


def kept_player_ids(ids: Iterable[int]) -> dict[int, int]:
    """Each of ``ids`` -> the record that holds its person now: itself, or (a merged record) the record
    it was merged into, followed to the end of a chain of merges."""
    wanted = set(ids)
    found: dict[int, int | None] = {}
    while wanted:
        rows = dict(Player.objects.filter(pk__in=wanted).values_list("pk", "merged_into_id"))
        found.update(rows)
        wanted = {target for target in rows.values() if target is not None and target not in found}
    result = {}
    for start in ids:
        current, seen = start, set()
        while found.get(current) is not None and current not in seen:
            seen.add(current)
            current = found[current]  # type: ignore[assignment]
        result[start] = current
    return result


def players_find(
    query: str = "", *, club: Any = None, external_id: str | None = None, limit: int = 20
) -> list[Player]:
    """The players an organizer may mean: every word of ``query`` in the name or the club's name, folded
    (``core.text.fold``: "kovacs" finds "Kovács"), or ``query`` equal to an external id; ``club`` (a
    ``Club`` or a club's name, folded, in part) and ``external_id`` (exact) narrow it. A merged record is
    never offered: its kept record is, once.

    Names are folded in Python, not in SQL: neither SQLite nor a PostgreSQL without ``unaccent`` folds
    accents, and the project adds no column for it. One query of three short columns per search reads
    20,000 players in some tens of milliseconds, enough for an organizer's form."""
    words = fold(query or "").split()
    query = (query or "").strip()
    rows = Player.objects.all()
    if isinstance(club, Club):
        rows = rows.filter(club=club)
    if external_id:
        rows = rows.filter(external_id=external_id)
    club_words = fold(club).split() if isinstance(club, str) else []
    matched: list[int] = []
    for pk, name, club_name, ext in rows.values_list("pk", "name", "club__name", "external_id").order_by(
        "name", "pk"
    ):
        folded_club = fold(club_name or "")
        if club_words and not all(word in folded_club for word in club_words):
            continue
        haystack = f"{fold(name)} {folded_club}"
        if not words or all(word in haystack for word in words) or (ext and ext == query):
            matched.append(pk)
    kept = kept_player_ids(matched)
    ordered = list(dict.fromkeys(kept[pk] for pk in matched))[: max(1, min(limit, FIND_LIMIT_MAX))]
    players = Player.objects.select_related("club").in_bulk(ordered)
    return [players[pk] for pk in ordered if pk in players]


def players_named(names: Iterable[str]) -> dict[str, list[Player]]:
    """The records of each of ``names`` (folded as ``players_find`` folds: "kovacs anna" is "Kovács
    Anna"), keyed by the folded name: what a pasted list of players is matched against, in one read of
    the names instead of a search per line. A merged record stands for its kept record, once."""
    wanted = {fold(name) for name in names}
    matched: dict[str, list[int]] = {}
    for pk, name in Player.objects.values_list("pk", "name").order_by("name", "pk"):
        folded = fold(name)
        if folded in wanted:
            matched.setdefault(folded, []).append(pk)
    kept = kept_player_ids([pk for pks in matched.values() for pk in pks])
    players = Player.objects.select_related("club").in_bulk(set(kept.values()))
    return {
        folded: [players[pk] for pk in dict.fromkeys(kept[pk] for pk in pks) if pk in players]
        for folded, pks in matched.items()
    }


def may_merge_players(user: Any, kept: Player, merged: Player) -> bool:
    """Who may make two records one person: superusers and staff users; and an organizer of the club of
    each record (``Club.organizers``): a club's organizer merges its own members' records, never a
    record of another club or of no club (that person may be anyone's)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or user.is_staff:
        return True
    clubs = {kept.club_id, merged.club_id}
    if None in clubs:
        return False
    return Club.objects.filter(pk__in=clubs, organizers=user).count() == len(clubs)


def may_merge_some(user: Any) -> bool:
    """Whether ``user`` may merge any records at all (the merge pages and the API's list ask)."""
    if not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or user.is_staff or Club.objects.filter(organizers=user).exists()


def player_merges(user: Any) -> QuerySet[PlayerMerge]:
    """The merges ``user`` may see and undo: all of them for staff, else those of their clubs' records."""
    merges = PlayerMerge.objects.select_related("kept__club", "merged__club", "merged_by", "undone_by")
    if getattr(user, "is_superuser", False) or getattr(user, "is_staff", False):
        return merges
    if not getattr(user, "is_authenticated", False):
        return merges.none()
    clubs = Club.objects.filter(organizers=user)
    return merges.filter(kept__club__in=clubs, merged__club__in=clubs)


@dataclass
class PlayedTournament:
    """One tournament of a player's page: when, which game, how it went."""

    tournament: Tournament
    rank: int | None
    total: Any
    field_size: int
    finished: bool


def player_tournaments(player: Player, tournaments: QuerySet[Tournament]) -> list[PlayedTournament]:
    """The tournaments among ``tournaments`` (e.g. the public ones) that ``player`` played or entered,
    newest first, each with the player's rank and total in its latest standings and the field's size.
    Three queries, whatever the number of tournaments."""
    entered = tournaments.filter(registrations__player=player).distinct().order_by("-starts_on", "-pk")
    entered = list(entered)
    latest: dict[int, tuple[int, int, Any]] = {}  # tournament -> (after_round, rank, total)
    for tournament_id, after, rank, total in (
        Standing.objects.filter(player=player, tournament__in=[t.pk for t in entered])
        .order_by("tournament_id", "after_round")
        .values_list("tournament_id", "after_round", "rank", "total")
    ):
        latest[tournament_id] = (after, rank, total)  # the last snapshot wins
    sizes = {
        (tournament_id, after): n
        for tournament_id, after, n in Standing.objects.filter(
            tournament_id__in=list(latest), after_round__in={after for after, _, _ in latest.values()}
        )
        .values("tournament_id", "after_round")
        .annotate(n=Count("*"))  # COUNT(*): answered from the (tournament, after_round, rank) index
        .values_list("tournament_id", "after_round", "n")
    }
    lines = []
    for tournament in entered:
        after, rank, total = latest.get(tournament.pk, (None, None, None))
        lines.append(
            PlayedTournament(
                tournament=tournament,
                rank=rank,
                total=total,
                field_size=sizes.get((tournament.pk, after), 0),
                finished=tournament.status == Tournament.Status.FINISHED,
            )
        )
    return lines


def may_find_players(user: Any) -> bool:
    """Who may search every player record (the organizers' search, ``players_find``): staff users and
    organizers of a tournament or a club. The public sees players only by name, in public tournaments."""
    if not getattr(user, "is_authenticated", False):
        return False
    return (
        user.is_superuser
        or user.is_staff
        or Tournament.objects.filter(organizers=user).exists()
        or Club.objects.filter(organizers=user).exists()
    )


def may_edit_player(user: Any, player: Player, tournament: Tournament | None) -> bool:
    """Who may change a person's record (name, club, rating, gender, birth year), which every tournament of
    theirs shows: staff users and superusers; the organizers of the player's club; and an organizer of
    ``tournament`` while the player is registered there and in no other tournament (the record is then only
    this tournament's, e.g. a newcomer entered today)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or user.is_staff:
        return True
    if player.club_id is not None and Club.objects.filter(pk=player.club_id, organizers=user).exists():
        return True
    if tournament is None or not is_organizer(user, tournament):
        return False
    tournaments = set(Registration.objects.filter(player=player).values_list("tournament_id", flat=True))
    return tournaments == {tournament.pk}


@dataclass
class DeskLine:
    """A registration as the organizer's desk lists it: whether the player has played (a released round
    seats them: they leave by withdrawing) and the draft round that seats them, if any (redraw it after a
    change)."""

    registration: Registration
    played: bool
    in_draft: int | None


def registration_desk(tournament: Tournament) -> tuple[list[DeskLine], int]:
    """Every registration of ``tournament`` by name, as ``DeskLine``s, and the last round the players have
    seen (0 before the first: a withdrawal now is "after" it). Four queries, whatever the field's size."""
    released = RELEASED_ROUND_STATUSES
    seats = Seat.objects.filter(round__tournament=tournament)
    played = set(seats.filter(round__status__in=released).values_list("player_id", flat=True))
    drafts = dict(
        seats.exclude(round__status__in=released)
        .values_list("player_id", "round__number")
        .order_by("round__number")
    )
    last = (
        tournament.rounds.filter(status__in=released)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    registrations = tournament.registrations.select_related("player__club").order_by("player__name", "pk")
    lines = [DeskLine(r, r.player_id in played, drafts.get(r.player_id)) for r in registrations]
    return lines, last or 0
