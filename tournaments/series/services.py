"""Series: creating and editing one, its tournaments, its standings kept fresh, and its final.

The standings of a series are derived data, kept like a tournament's (``standings.services``):
* ``series_mark_stale``, in the transaction of every change that affects them (the series' rules or
  tournaments changed: ``SERIES_CHANGED``; a member tournament finished: ``TOURNAMENT_FINISHED``), bumps
  the ``SeriesState`` version and, when this makes them stale, publishes ``SERIES_STALE`` (the wiring sends
  a refresh task after the commit);
* ``series_refresh`` (the worker's task, or the sweep) claims the series, recomputes from scratch and
  marks the standings current only if no change came in meanwhile (compare-and-set on the version).

A series counts only finished tournaments: a tournament in play has no final places, and its live
standings would make the series' points move with every hand. Each finished tournament gives its last
standings snapshot (the highest ``after_round``): place = rank, field = the players ranked, total = score,
games = the hands played (the per-games aggregate). How many tournaments the series has, finished or not,
is what a ``best_fraction`` of them reads.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Max, Q
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from engine.core.messages import EngineError
from engine.games import GAMES, game
from tournaments.core.audit import acting_as
from tournaments.core.bulk import JsonText, bulk_insert
from tournaments.core.engine_messages import engine_error
from tournaments.core.events import SERIES_CHANGED, SERIES_STALE, publish
from tournaments.core.freshness import Freshness
from tournaments.core.validation import check_version, conflict, invalid, max_length_of, text
from tournaments.organizing.models import Club, Tournament
from tournaments.organizing.services import tournament_create, tournament_save
from tournaments.participants.models import Player
from tournaments.participants.services import player_register
from tournaments.series.compute import (
    MAIN_RANKING,
    PlayerFacts,
    Result,
    parse_rules,
    series_rankings,
)
from tournaments.series.models import Series, SeriesStanding, SeriesState, SeriesTournament
from tournaments.series.selectors import can_manage_series, may_create_series, rules_of
from tournaments.standings.models import Standing, StandingsState
from tournaments.standings.services import standings_ensure_current

EDITABLE_FIELDS = ("name", "club", "season", "description", "rules", "is_public")
CREATE_FIELDS = (*EDITABLE_FIELDS, "slug", "game")


#: a public series shows every counted result to everyone: a private tournament's would leak through it
PRIVATE_IN_PUBLIC = _(
    "%(name)s is private, and a public series shows its results to everyone: make the tournament public, "
    "or the series private"
)
PUBLIC_WITH_PRIVATE = _(
    "the series counts private tournaments (%(count)s, %(name)s among them): make them public, or take "
    "them out of the series, first"
)


def _refused(by: Any) -> Exception:
    return invalid(
        "user", _("only an organizer of the series or of its club may do this"), code="permission_denied"
    )


def _club(value: Any) -> Club | None:
    if value is None or value == "":
        return None
    if isinstance(value, Club):
        return value
    slug = text(value, "club", max_length=max_length_of(Club, "slug"))
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise invalid("club", _("no club has the slug %(slug)s"), params={"slug": repr(slug)})
    return club


def _clean(fields: Mapping[str, Any], allowed: tuple[str, ...]) -> dict[str, Any]:
    """The fields checked at the boundary (types, lengths, NUL, the rules' own checks)."""
    if not isinstance(fields, Mapping):
        raise invalid("body", _("must be a JSON object"))
    unknown = sorted(set(fields) - set(allowed))
    if unknown:
        raise invalid(str(unknown[0])[:80], _("is not a setting of a series"))
    out: dict[str, Any] = {}
    for name in ("name", "season", "description", "slug"):
        if name in fields:
            limit = 5000 if name == "description" else max_length_of(Series, name)
            out[name] = text(fields[name], name, max_length=limit, required=name in ("name", "slug"))
    if "slug" in out and slugify(out["slug"]) != out["slug"]:
        raise invalid("slug", _("use lowercase letters, digits and hyphens only"))
    if "is_public" in fields:
        if not isinstance(fields["is_public"], bool):
            raise invalid("is_public", _("must be true or false"))
        out["is_public"] = fields["is_public"]
    if "game" in fields:
        try:
            out["game"] = game(fields["game"]).id
        except EngineError as exc:
            raise engine_error("game", exc, None) from exc
    if "rules" in fields:
        out["rules"] = parse_rules(fields["rules"], "rules").as_json()
    if "club" in fields:
        out["club"] = _club(fields["club"])
    return out


def series_create(*, fields: Mapping[str, Any], by: Any) -> Series:
    """A new series organized by its creator: a club's organizers create their club's series; a series of
    no club needs the right to create tournaments (staff)."""
    values = _clean(fields, CREATE_FIELDS)
    for name in ("name", "slug"):
        if name not in values:
            raise invalid(name, _("must not be empty"))
    if not may_create_series(by, values.get("club")):
        raise invalid(
            "club", _("only an organizer of the club may create its series"), code="permission_denied"
        )
    if "game" not in values:
        raise invalid(
            "game", _("choose the game the series counts (%(known)s)"), params={"known": ", ".join(GAMES)}
        )
    values.setdefault("rules", parse_rules({}).as_json())
    with acting_as(by), transaction.atomic():
        if Series.objects.select_for_update().filter(slug=values["slug"]).exists():
            raise conflict("slug", _("%(slug)s is taken by another series"), {"slug": repr(values["slug"])})
        series = Series.objects.create(**values)
        series.organizers.add(by)
        SeriesState.objects.create(series=series)
        publish(SERIES_CHANGED, series_id=series.pk)
    return series


def series_edit(
    series: Series, *, fields: Mapping[str, Any], by: Any, expected_version: int | None = None
) -> Series:
    """Change a series' settings or rules (its rankings are recomputed); with ``expected_version`` a change
    made against an older version is refused."""
    values = _clean(fields, EDITABLE_FIELDS)
    if not can_manage_series(by, series):
        raise _refused(by)
    if "club" in values and values["club"] != series.club and not may_create_series(by, values["club"]):
        raise invalid(
            "club", _("only an organizer of the club may move a series to it"), code="permission_denied"
        )
    with acting_as(by), transaction.atomic():
        current = Series.objects.select_for_update().get(pk=series.pk)
        check_version(current, expected_version, "series")
        if values.get("is_public") and not current.is_public:
            private = Tournament.objects.filter(series_entries__series=current, is_public=False)
            first = private.order_by("starts_on", "pk").first()
            if first is not None:
                raise invalid(
                    "is_public", PUBLIC_WITH_PRIVATE, params={"name": first.name, "count": private.count()}
                )
        for name, value in values.items():
            setattr(current, name, value)
        current.version += 1
        current.save()
        publish(SERIES_CHANGED, series_id=current.pk)
    return current


def _bump(series: Series) -> None:
    Series.objects.filter(pk=series.pk).update(version=F("version") + 1)


def series_tournament_add(
    series: Series, tournament: Tournament, *, region: Any = "", by: Any
) -> SeriesTournament:
    """Count ``tournament`` for ``series`` (of the series' game), in ``region`` (for regional winners)."""
    region = text(region, "region", max_length=max_length_of(SeriesTournament, "region"))
    if not can_manage_series(by, series):
        raise _refused(by)
    if tournament.game != series.game:
        raise invalid(
            "tournament",
            _("is a tournament of %(game)s; the series is of %(series_game)s"),
            params={"game": tournament.game, "series_game": series.game},
        )
    if series.final_id == tournament.pk:
        raise conflict("tournament", _("the series' final does not count for the series"))
    with acting_as(by), transaction.atomic():
        locked = Series.objects.select_for_update().get(pk=series.pk)
        if locked.is_public and not Tournament.objects.select_for_update().get(pk=tournament.pk).is_public:
            raise invalid("tournament", PRIVATE_IN_PUBLIC, params={"name": tournament.name})
        entry, created = SeriesTournament.objects.get_or_create(
            series=series, tournament=tournament, defaults={"region": region}
        )
        if not created and entry.region != region:
            entry.region = region
            entry.save(update_fields=["region"])
        _bump(series)
        publish(SERIES_CHANGED, series_id=series.pk)
    return entry


def series_tournament_remove(series: Series, tournament: Tournament, *, by: Any) -> bool:
    """Stop counting ``tournament`` for ``series``; whether it was counted."""
    if not can_manage_series(by, series):
        raise _refused(by)
    with acting_as(by), transaction.atomic():
        Series.objects.select_for_update().get(pk=series.pk)
        entry = SeriesTournament.objects.filter(series=series, tournament=tournament).first()
        if entry is None:
            return False
        entry.delete()
        _bump(series)
        publish(SERIES_CHANGED, series_id=series.pk)
    return True


# --- freshness ----------------------------------------------------------------------------------------

CLAIM_SECONDS = 30
COALESCE_SECONDS = 0.25
MAX_PASSES = 10
FRESHNESS = Freshness(SeriesState, "series_id", claim_seconds=CLAIM_SECONDS)
NUDGE_AFTER = timedelta(seconds=2)


def series_mark_stale(series_id: int) -> None:
    """Record, in the caller's transaction, that the series' standings must be recomputed; publish
    ``SERIES_STALE`` (a refresh after the commit) when this makes them stale, or when they stayed stale a
    while with no worker holding them (``Freshness.mark_stale``)."""
    if FRESHNESS.mark_stale(series_id, nudge_after=NUDGE_AFTER):
        publish(SERIES_STALE, series_id=series_id)


def series_mark_stale_of_tournament(tournament_id: int) -> None:
    """Every series counting ``tournament_id`` is stale (it finished, or its results changed)."""
    for series_id in SeriesTournament.objects.filter(tournament_id=tournament_id).values_list(
        "series_id", flat=True
    ):
        series_mark_stale(series_id)


def series_results(series: Series) -> tuple[list[Result], dict[int, PlayerFacts]]:
    """The final results of the series' finished tournaments (their last standings snapshot) and what
    the side rankings may ask of their players. A finished tournament whose standings are stale (their
    task was lost) is recomputed first."""
    entries = list(
        SeriesTournament.objects.filter(series=series, tournament__finished_at__isnull=False).select_related(
            "tournament", "tournament__club"
        )
    )
    tournaments = {entry.tournament_id: entry for entry in entries}
    stale = StandingsState.objects.filter(tournament_id__in=tournaments).filter(
        Q(stale_since__isnull=False) | Q(computed_at__isnull=True)
    )
    for tournament_id in stale.values_list("tournament_id", flat=True):
        standings_ensure_current(tournaments[tournament_id].tournament)
    last = dict(
        Standing.objects.filter(tournament_id__in=tournaments)
        .values("tournament_id")
        .annotate(last=Max("after_round"))
        .values_list("tournament_id", "last")
    )
    rows: list[tuple[int, int, int, Any, int]] = []
    if last:
        wanted = Q()
        for tournament_id, after in last.items():
            wanted |= Q(tournament_id=tournament_id, after_round=after)
        rows = list(
            Standing.objects.filter(wanted).values_list(
                "tournament_id", "player_id", "rank", "total", "hands_played"
            )
        )
    field: dict[int, int] = {}
    for tournament_id, *_rest in rows:
        field[tournament_id] = field.get(tournament_id, 0) + 1
    where: dict[int, tuple[str, Any, str]] = {}  # a tournament's region, day and city, read once
    for tournament_id, entry in tournaments.items():
        t = entry.tournament
        where[tournament_id] = (entry.region, t.starts_on, (t.club.city if t.club else "") or t.venue)
    results = []
    make = Result._make
    for tournament_id, player_id, rank, total, games in rows:
        region, day, city = where[tournament_id]
        results.append(
            make((player_id, tournament_id, region, rank, field[tournament_id], total, day, city, games))
        )
    facts = {
        pk: PlayerFacts(gender or "", birth_year, club or "")
        for pk, gender, birth_year, club in Player.objects.filter(
            pk__in={r.player_id for r in results}
        ).values_list("pk", "gender", "birth_year", "club__slug")
    }
    return results, facts


STANDING_FIELDS = ("ranking", "player_id", "rank", "points", "tournaments_played", "eligible", "qualified")
# A stored line as ``core.bulk.bulk_insert`` writes it (no model instance per line).
STANDING_ROW = ("series_id", *STANDING_FIELDS, "results", "tiebreak_values")


def series_recompute(series: Series) -> bool:
    """From scratch: every ranking of the series rewritten in one transaction. Marks the standings
    current if nothing changed since the recompute began (compare-and-set on the version) and releases the
    worker's claim; returns whether they are current now."""
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)  # one writer per series
        state = FRESHNESS.state(series.pk)
        results, facts = series_results(series)
        # every member counts for a best_fraction, the finished and those to come (as ABAKUS's season)
        members = SeriesTournament.objects.filter(series=series).count()
        rankings = series_rankings(rules_of(series), results, facts, tournaments=members)
        SeriesStanding.objects.filter(series=series).delete()
        # a side ranking's line shares its results with the main ranking's: made (and written) once
        shown: dict[int, JsonText] = {}
        bulk_insert(
            SeriesStanding,
            STANDING_ROW,
            [
                (
                    series.pk,
                    key,
                    line.player_id,
                    line.rank,
                    line.points,
                    line.played,
                    line.eligible,
                    line.qualified,
                    shown.get(id(line.results))
                    or shown.setdefault(
                        id(line.results), JsonText(f"[{', '.join(r.as_json_text() for r in line.results)}]")
                    ),
                    line.tiebreaks,
                )
                for key, lines in rankings.items()
                for line in lines
            ],
        )
        return FRESHNESS.settle(state)


def series_refresh(series_id: int) -> bool:
    """The worker's job, coalesced like ``standings_refresh`` (``core.freshness``): claim the stale series,
    recompute, and again while changes came in meanwhile. Returns whether it recomputed."""
    return FRESHNESS.refresh(
        series_id,
        series_recompute,
        lambda pk: Series.objects.filter(pk=pk).first(),
        passes=MAX_PASSES,
        pause=COALESCE_SECONDS,
        hand_over=lambda: publish(SERIES_STALE, series_id=series_id),
    )


def series_due(older_than: timedelta) -> list[int]:
    """Series whose standings stayed stale for ``older_than`` and that no worker holds (the sweep)."""
    return FRESHNESS.due(older_than)


def series_ensure_current(series: Series) -> bool:
    """Recompute unless the stored standings already count every change; whether it recomputed."""
    state = SeriesState.objects.filter(series=series).first()
    if state is not None and state.stale_since is None and state.computed_at is not None:
        return False
    series_recompute(series)
    return True


# --- the final ----------------------------------------------------------------------------------------


def series_final_create(series: Series, *, name: Any, slug: Any, starts_on: Any, by: Any) -> Tournament:
    """The series' final: a tournament of the project (the series' game, its club), its qualified players
    registered with their seed = their place in the series' main ranking (1, 2, 3 ... in ranking order;
    players sharing a rank are seeded by name), round 1 drawn "seeded" from those seeds."""
    if not can_manage_series(by, series):
        raise _refused(by)
    if isinstance(starts_on, str):
        try:
            starts_on = date.fromisoformat(starts_on)
        except ValueError as exc:
            raise invalid("starts_on", _("must be a date (YYYY-MM-DD)")) from exc
    if not isinstance(starts_on, date):
        raise invalid("starts_on", _("must be a date (YYYY-MM-DD)"))
    name = text(name, "name", max_length=max_length_of(Tournament, "name"), required=True)
    if series.final_id is not None:
        raise conflict("final", _("the series already has its final"))
    series_ensure_current(series)
    qualified = list(
        SeriesStanding.objects.filter(series=series, ranking=MAIN_RANKING, qualified=True)
        .order_by("rank", "player__name", "player_id")
        .values_list("player_id", flat=True)
    )
    if not qualified:
        raise conflict("final", _("nobody has qualified for the final yet"))
    with acting_as(by), transaction.atomic():
        locked = Series.objects.select_for_update().get(pk=series.pk)
        if locked.final_id is not None:
            raise conflict("final", _("the series already has its final"))
        # a club's series has its final in the club (its organizers may create it without being staff)
        club = {"club": series.club} if series.club_id else {}
        final = tournament_create(
            fields={"name": name, "slug": slug, "starts_on": starts_on, "game": series.game, **club}, by=by
        )
        methods = list(final.pairing_methods or ["seeded"])
        final.pairing_methods = ["seeded", *methods[1:]]
        final.seed_by = Tournament.SeedBy.SEEDS
        final = tournament_save(final, by=by)
        players = Player.objects.in_bulk(qualified)
        for seed, player_id in enumerate(qualified, start=1):
            registration = player_register(final, players[player_id], by=by)
            registration.seed = seed
            registration.save(update_fields=["seed"])  # a history row: who seeded whom
        locked.final = final
        locked.version += 1
        locked.save(update_fields=["final", "version"])
        publish(SERIES_CHANGED, series_id=locked.pk)
    return final
