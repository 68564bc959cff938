"""Tournaments: creating one (its creator organizes it), editing it, and saving its settings and format.
Clubs: creating and editing one, naming its organizers (who run every tournament of their club)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from engine.core.messages import EngineError
from engine.games import GAMES
from tournaments.core.audit import acting_as
from tournaments.core.engine_messages import engine_error
from tournaments.core.events import TOURNAMENT_FINISHED, TOURNAMENT_REOPENED, TOURNAMENT_SAVED, publish
from tournaments.core.formats import FormatError, format_defaults, validate_format
from tournaments.core.validation import check_version, conflict, invalid, max_length_of, text
from tournaments.draw.models import Round
from tournaments.organizing.models import Club, Tournament, TournamentReopening
from tournaments.organizing.selectors import can_manage_club, club_version


def _checked(tournament: Tournament) -> None:
    """A tournament's texts and format checked together, each refusal naming its field."""
    for name, required in (("name", True), ("venue", False)):
        value = text(
            getattr(tournament, name), name, max_length=max_length_of(Tournament, name), required=required
        )
        setattr(tournament, name, value)
    values = {f.attname: getattr(tournament, f.attname) for f in Tournament._meta.concrete_fields}
    try:
        validate_format(values)
    except FormatError as exc:
        if isinstance(exc.__cause__, EngineError):  # the rules' own refusal, with its code and params
            raise engine_error(exc.field, exc.__cause__, values["game"] or None) from exc
        raise invalid(exc.field, exc.message, params=exc.params) from exc


def tournament_save(tournament: Tournament, *, by: Any, expected_version: int | None = None) -> Tournament:
    """Save a new or edited tournament. Its format decides the standings (scoring, table points,
    tie-breaks, byes), so a saved change marks them stale and they are recomputed. With
    ``expected_version`` an edit made against an older version is refused (no silent overwrite). Once
    round 1 is drawn a change of the format (``FORMAT_FIELDS``) is a conflict naming the field, whoever
    makes it (the site, the API, the admin): the check holds the tournament's lock, which the draw takes
    too, so no round is drawn between the check and the save."""
    _checked(tournament)
    with acting_as(by), transaction.atomic():
        if tournament.pk is not None:
            current = Tournament.objects.select_for_update().get(pk=tournament.pk)
            check_version(current, expected_version, "tournament")
            locked = [  # in the forms' order: the first is named
                name
                for name in EDITABLE_FIELDS
                if name in FORMAT_FIELDS and getattr(tournament, name) != getattr(current, name)
            ]
            if locked and current.rounds.exists():
                raise conflict(locked[0], _("round 1 is drawn: the format can no longer change"))
            _status_change_check(current, tournament.status)
            if current.is_public and not tournament.is_public:
                # a public series shows every result it counts to everyone (issue 32 §3)
                shown_by = current.series_entries.filter(series__is_public=True).values_list(
                    "series__name", flat=True
                )
                if shown_by:
                    raise invalid(
                        "is_public",
                        _("the public series %(series)s counts it: take it out of the series, or make the "
                          "series private, first"),
                        params={"series": shown_by[0]},
                    )  # fmt: skip
            tournament.version = current.version + 1
        tournament.save()
        publish(TOURNAMENT_SAVED, tournament_id=tournament.pk)
    return tournament


#: the statuses an organizer sets by hand, before round 1: a draft, or open for registration
SET_BY_HAND = (Tournament.Status.DRAFT, Tournament.Status.REGISTRATION)
STATUS_FOLLOWS = _(
    "the status follows the tournament: drawing round 1 starts it, finishing ends it, and re-opening "
    "(with a reason) opens a finished one again"
)


def _status_change_check(current: Tournament, status: str) -> None:
    """A status is changed by hand only between draft and registration (issue 32 §1): running, finished
    and back are what drawing, ``tournament_finish`` and ``tournament_reopen`` do, each with what goes
    with it (the final mark, the series, the ratings), so a status set alone cannot half re-open."""
    if status == current.status:
        return
    if not (current.status in SET_BY_HAND and status in SET_BY_HAND):
        raise conflict("status", STATUS_FOLLOWS)


# What an organizer may set on a tournament; the slug and the game only when creating it (URLs and ETags
# name the slug; every hand, draw and standing of a tournament is of its one game).
EDITABLE_FIELDS = (
    "name",
    "venue",
    "starts_on",
    "ends_on",
    "status",
    "is_public",
    "rules_preset",
    "rules_options",
    "rounds_planned",
    "deals_per_round_2",
    "deals_per_round_3",
    "deals_per_round_4",
    "deals_per_round_5",
    "deals_per_round_6",
    "table_sizes",
    "round_minutes",
    "deals_within_time",
    "pairing_methods",
    "scoring",
    "table_points_2",
    "table_points_3",
    "table_points_4",
    "table_points_5",
    "table_points_6",
    "point_value_cents",
    "kontras_to_box",
    "tiebreaks",
    "bye_table_points",
    "bye_game_points",
    "final_table",
    "placement_tables",
    "seed_by",
    "live_spectators",
    "live_bot_hands",
    "live_grace_seconds",
    "live_clock_seconds",
)

# What stays editable while the tournament runs: its details and the length of its next rounds. The rest
# is the format the players are drawn and ranked by, fixed once round 1 is drawn (a changed table size,
# deal count or scale would rank one round by another format than the next).
DETAIL_FIELDS = (
    "name",
    "venue",
    "starts_on",
    "ends_on",
    "status",
    "is_public",
    "round_minutes",
    "live_spectators",
    "live_grace_seconds",
    "live_clock_seconds",
)
FORMAT_FIELDS = frozenset(EDITABLE_FIELDS) - frozenset(DETAIL_FIELDS)


def _may_create(user: Any, club: Club | None = None) -> bool:
    """Without a club: staff or superusers. For a club: its organizers (``can_manage_club``), staff or not,
    and nobody else: a staff user of one club cannot open events under another club's name."""
    if club is not None:
        return can_manage_club(user, club)
    return bool(getattr(user, "is_authenticated", False) and (user.is_staff or user.is_superuser))


def tournament_create(*, fields: dict[str, Any], by: Any) -> Tournament:
    """A new tournament organized by its creator; only staff or superusers create tournaments, so an
    arbitrary account cannot open events under the club's name. A tournament of a club (``fields["club"]``,
    set once, here) is created by that club's organizers, who all organize it."""
    club = fields.get("club")
    if club is not None and not isinstance(club, Club):
        raise invalid("club", _("must be a club"))
    if not _may_create(by, club):
        if club is not None:
            raise invalid(
                "club", _("only the organizers of %(club)s may create its tournaments"),
                code="permission_denied", params={"club": club.name},
            )  # fmt: skip
        raise invalid("user", _("only staff users may create tournaments"), code="permission_denied")
    slug = text(fields.get("slug"), "slug", max_length=max_length_of(Tournament, "slug"), required=True)
    if slugify(slug) != slug:
        raise invalid("slug", _("use lowercase letters, digits and hyphens only"))
    unknown = set(fields) - set(EDITABLE_FIELDS) - {"slug", "game", "club"}
    if unknown:
        raise invalid(sorted(unknown)[0], _("is not a tournament setting"))
    defaults = _format_of_game(fields)
    with transaction.atomic():
        if Tournament.objects.select_for_update().filter(slug=slug).exists():
            raise conflict("slug", _("%(slug)s is taken by another tournament"), {"slug": repr(slug)})
        tournament = Tournament(**{**defaults, **fields, "slug": slug})
        tournament_save(tournament, by=by)
        with acting_as(by):
            tournament.organizers.add(by)
    return tournament


def _format_of_game(fields: dict[str, Any]) -> dict[str, Any]:
    """The format a new tournament of ``fields["game"]`` starts with: its preset's event (the game's event
    preset where none is named, ``formats.event_preset``); the organizer's own fields win. The game is
    required: there is no default game."""
    if "game" not in fields:
        raise invalid(
            "game", _("choose the game the tournament plays (%(known)s)"), params={"known": ", ".join(GAMES)}
        )
    game_id = fields["game"]
    preset = fields.get("rules_preset")
    try:
        defaults = format_defaults(game_id, preset if type(preset) is str else None)
    except EngineError as exc:  # an unknown game
        raise engine_error("game", exc, None) from exc
    return {**defaults, "game": game_id}


def tournament_edit(
    tournament: Tournament, *, changes: dict[str, Any], by: Any, expected_version: int | None = None
) -> Tournament:
    """Apply an organizer's changes through ``tournament_save`` (format checks and lock, version, stale
    standings); a format field sent with its current value is no change."""
    unknown = set(changes) - set(EDITABLE_FIELDS)
    if unknown:
        raise invalid(sorted(unknown)[0], _("cannot be changed"))
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        check_version(tournament, expected_version, "tournament")
        for name, value in changes.items():
            setattr(tournament, name, value)
        return tournament_save(tournament, by=by, expected_version=expected_version)


def tournament_finish_check(tournament: Tournament, *, skip_final: bool = False) -> None:
    """What ``tournament_finish`` refuses: a finished tournament, a planned round not played and closed,
    and a final stage the format has that is neither played and closed nor explicitly skipped."""
    if tournament.finished_at is not None:
        raise conflict("tournament", gettext_lazy("the tournament is already finished"))
    rounds = list(tournament.rounds.order_by("number"))
    open_round = next((r for r in rounds if r.status != Round.Status.CLOSED), None)
    if open_round is not None:
        raise conflict(
            "round",
            gettext_lazy("close round %(number)s before finishing the tournament"),
            params={"number": open_round.number},
        )
    qualifying = [r for r in rounds if r.stage == Round.Stage.QUALIFYING]
    if len(qualifying) < tournament.rounds_planned:
        raise conflict(
            "round",
            gettext_lazy("play all %(planned)s planned rounds first (%(played)s played)"),
            params={"planned": tournament.rounds_planned, "played": len(qualifying)},
        )
    has_final = any(r.stage == Round.Stage.FINAL for r in rounds)
    if tournament.final_table and not has_final and not skip_final:
        raise conflict(
            "final_stage",
            gettext_lazy("the format has a final stage: draw and play it, or finish without it explicitly"),
        )


def tournament_finish(
    tournament: Tournament, *, by: Any, skip_final: Any = False, confirm: Any = True
) -> Tournament:
    """End the tournament once its planned rounds (and its final stage, unless ``skip_final``) are played
    and closed: ``finished_at`` is set and the status becomes finished, the standings are final (every
    page, the projector, the print and the API mark them so), no round can be drawn or started and the
    results are frozen. Audited (the tournament's history names who and when). With ``confirm=False``
    (the organizer's page passes what its user confirmed) a tournament that could finish is not finished:
    a conflict on ``confirm`` says what finishing does, as closing a round whose timer runs asks first."""
    if not getattr(by, "is_authenticated", False):
        raise invalid("by", gettext_lazy("an organizer must be named"))
    if not isinstance(skip_final, bool):
        raise invalid("skip_final", gettext_lazy("must be true or false"))
    if not isinstance(confirm, bool):
        raise invalid("confirm", gettext_lazy("must be true or false"))
    with acting_as(by), transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        # Entries in flight hold a share lock on their round: the finish waits for them, and they,
        # once it has committed, find the tournament finished.
        list(tournament.rounds.select_for_update().values_list("pk", flat=True))
        tournament_finish_check(tournament, skip_final=skip_final)
        if not confirm:
            raise conflict(
                "confirm",
                gettext_lazy(
                    "finishing makes the standings final and freezes every result: confirm to finish %(name)s"
                ),
                params={"name": tournament.name},
            )
        tournament.finished_at = timezone.now()
        tournament.status = Tournament.Status.FINISHED
        tournament.version += 1
        tournament.save(update_fields=["finished_at", "status", "version"])
        publish(TOURNAMENT_FINISHED, tournament_id=tournament.pk)
    return tournament


REOPEN_REASON_MAX = 500


def tournament_reopen(
    tournament: Tournament, *, by: Any, reason: Any, expected_version: int | None = None
) -> TournamentReopening:
    """Re-open a finished tournament to correct it (issue 32 §1): the reason is required and kept with who
    and when (``TournamentReopening``, shown on its pages); the final mark is cleared and the status is
    running again, so entries, corrections, penalties and draws are accepted once more; its series stop
    counting it and the ratings of its game are rebuilt without it (``TOURNAMENT_REOPENED``). Finishing it
    again (``tournament_finish``) is the undo: the series count it and it is rated again."""
    if not getattr(by, "is_authenticated", False):
        raise invalid("by", gettext_lazy("an organizer must be named"))
    reason = text(reason, "reason", max_length=REOPEN_REASON_MAX, required=True)
    with acting_as(by), transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        check_version(tournament, expected_version, "tournament")
        if tournament.finished_at is None:
            raise conflict(
                "tournament", gettext_lazy("the tournament is not finished: there is nothing to re-open")
            )
        reopening = TournamentReopening.objects.create(
            tournament=tournament, reopened_by=by, reason=reason, finished_at=tournament.finished_at
        )
        tournament.finished_at = None
        tournament.status = Tournament.Status.RUNNING
        tournament.version += 1
        tournament.save(update_fields=["finished_at", "status", "version"])
        publish(TOURNAMENT_REOPENED, tournament_id=tournament.pk, game=tournament.game)
    return reopening


# --- clubs ---------------------------------------------------------------------------------------------


def _club_fields(name: Any, city: Any) -> tuple[str, str]:
    return (
        text(name, "name", max_length=max_length_of(Club, "name"), required=True),
        text(city, "city", max_length=max_length_of(Club, "city")),
    )


def _name_taken(name: str, club: Club | None = None) -> None:
    others = Club.objects.filter(name__iexact=name)
    if club is not None:
        others = others.exclude(pk=club.pk)
    if others.exists():
        raise conflict("name", _("a club named %(name)s exists"), {"name": repr(name)})


def club_create(*, name: Any, city: Any = "", by: Any = None) -> Club:
    """A club; a taken name is a conflict, not a database error. A creator who may create tournaments
    (staff, superuser) becomes its first organizer; anyone else's club has none until a superuser names
    them, so adding a club never grants the right to open tournaments under its name."""
    name, city = _club_fields(name, city)
    with acting_as(by), transaction.atomic():
        _name_taken(name)
        club = Club.objects.create(name=name, city=city)
        if _may_create(by):
            club.organizers.add(by)
    return club


CLUB_EDITABLE_FIELDS = ("name", "city")


def club_edit(club: Club, *, changes: dict[str, Any], by: Any, expected_version: int | None = None) -> Club:
    """Rename a club or change its city (its organizers, superusers). Its slug stays: links to its page
    keep working. ``expected_version`` (``club_version``) refuses an edit made against an older read."""
    if not can_manage_club(by, club):
        raise invalid("club", _("only the club's organizers may change it"), code="permission_denied")
    unknown = set(changes) - set(CLUB_EDITABLE_FIELDS)
    if unknown:
        raise invalid(sorted(unknown)[0], _("cannot be changed"))
    with acting_as(by), transaction.atomic():
        current = Club.objects.select_for_update().get(pk=club.pk)
        current.version = club_version(current)  # type: ignore[attr-defined]
        check_version(current, expected_version, "club")
        name, city = _club_fields(changes.get("name", current.name), changes.get("city", current.city))
        _name_taken(name, current)
        current.name, current.city = name, city
        current.save(update_fields=["name", "city"])
    return current


def _user_named(username: Any) -> Any:
    username = text(username, "username", max_length=150, required=True)
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise invalid("username", _("no active user is called %(username)s"), params={"username": username})
    return user


def club_organizer_add(club: Club, user: Any, *, by: Any) -> Club:
    """Name ``user`` (a user, or a username) an organizer of ``club``: from then on they run every
    tournament of the club. Only the club's organizers (and superusers) may; adding one twice is no change."""
    if not can_manage_club(by, club):
        raise invalid(
            "club", _("only the club's organizers may name its organizers"), code="permission_denied"
        )
    if not hasattr(user, "pk"):
        user = _user_named(user)
    with acting_as(by), transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        club.organizers.add(user)
    return club


def club_organizer_remove(club: Club, user: Any, *, by: Any) -> Club:
    """Take ``user`` off the club's organizers (they may remove themselves). A club keeps at least one
    organizer once it has one: removing the last is a conflict (a superuser names another first)."""
    if not can_manage_club(by, club):
        raise invalid(
            "club", _("only the club's organizers may name its organizers"), code="permission_denied"
        )
    if not hasattr(user, "pk"):
        user = _user_named(user)
    with acting_as(by), transaction.atomic():
        Club.objects.select_for_update().filter(pk=club.pk).first()
        if not club.organizers.filter(pk=user.pk).exists():
            raise invalid(
                "username",
                _("%(username)s does not organize this club"),
                params={"username": user.get_username()},
            )
        if club.organizers.count() == 1:
            raise conflict("username", _("a club keeps at least one organizer: name another one first"))
        club.organizers.remove(user)
    return club
