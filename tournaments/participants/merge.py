"""Two records of one person made one, and undone: ``player_merge`` and ``player_merge_undo``.

Every row that names a player is found by looking, not by a list: ``player_links()`` walks every model's
foreign keys to ``Player`` (the history tables of simple-history included), so a foreign key added later
follows a merge without anyone remembering this module (``tests/players`` checks the list is complete).
Two links never move: ``Player.merged_into`` (which record a merged one points to, and its history) and
``PlayerMerge.kept``/``merged`` (the merges themselves).

What a merge writes, in ``PlayerMerge``:

* ``moved``: ``{"rows": {"<app.model>.<field>": [primary keys]}, "dropped": {...}, "filled": [...],
  "tournament_ids": [...]}``: the rows moved (an undo moves exactly these back), the derived rows of the
  merged record deleted because the kept record has the same one (a series' line, a game's rating: both
  are recomputed; kept serialized so an undo restores them), the fields of the kept record it filled;
* ``kept_before`` and ``merged_before``: both records' own fields as they were.

The rows move with ``QuerySet.update``: no history row is written per moved row (their history moves
with them); the merge itself is audited by ``PlayerMerge`` (who, when, why) and by both players' history
rows (``acting_as(by)``). Rating rows (``PlayerRating``, ``RatingChange``) move like any row (a colliding
``PlayerRating`` of the same game is dropped); the ratings' own reaction to ``PLAYERS_MERGED`` rebuilds
them from the tournaments.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from django.apps import apps
from django.core import serializers
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalChanges

from tournaments.core.audit import acting_as
from tournaments.core.events import PLAYERS_MERGED, publish
from tournaments.core.validation import invalid, max_length_of, text
from tournaments.organizing.models import Tournament
from tournaments.participants.models import Player, PlayerMerge

#: What never moves: the merge's own bookkeeping (label, field).
NOT_MOVED = {
    ("tournaments.player", "merged_into"),
    ("tournaments.historicalplayer", "merged_into"),
    ("tournaments.playermerge", "kept"),
    ("tournaments.playermerge", "merged"),
}
#: Rows computed from others: when the merged record's row collides with the kept record's (the same
#: series' ranking, the same game's rating), it is dropped, not refused; its recompute redoes it.
DERIVED = {
    "tournaments.tableresult",
    "tournaments.standing",
    "tournaments.seriesstanding",
    "tournaments.playerrating",
    "tournaments.ratingchange",
}
#: The player's own fields a merge fills on the kept record when it has none (and the merged one has).
FILLED = ("club", "external_id", "gender", "birth_year", "rating", "user")
SNAPSHOT = ("name", *FILLED)
#: How a row reaches its tournament, by the first of these fields the model has.
TOURNAMENT_PATHS = (
    ("tournament", "tournament_id"),
    ("round", "round__tournament_id"),
    ("table", "table__round__tournament_id"),
    ("hand", "hand__table__round__tournament_id"),
)


@functools.cache
def player_links() -> tuple[tuple[type[models.Model], models.ForeignKey], ...]:
    """Every foreign key to ``Player`` that a merge moves (the live tables and their history tables),
    looked up once the models are loaded."""
    links = []
    for model in apps.get_models():
        for field in model._meta.get_fields():
            if (
                isinstance(field, models.ForeignKey)  # OneToOneField included
                and field.concrete
                and field.remote_field.model is Player
                and (model._meta.label_lower, field.name) not in NOT_MOVED
            ):
                links.append((model, field))
    return tuple(links)


def _key(model: type[models.Model], field: models.Field) -> str:
    return f"{model._meta.label_lower}.{field.name}"


def _is_history(model: type[models.Model]) -> bool:
    return issubclass(model, HistoricalChanges)


def _tournament_path(model: type[models.Model]) -> str | None:
    names = {f.name for f in model._meta.get_fields()}
    return next((path for name, path in TOURNAMENT_PATHS if name in names), None)


def player_tournament_ids(player_id: int) -> set[int]:
    """Every tournament a record played, entered or was penalised in (its live rows only)."""
    found: set[int] = set()
    for model, field in player_links():
        path = _tournament_path(model)
        if path and not _is_history(model):
            found |= set(model.objects.filter(**{field.name: player_id}).values_list(path, flat=True))
    found.discard(None)  # type: ignore[arg-type]
    return found


def _snapshot(player: Player) -> dict[str, Any]:
    return {name: player.serializable_value(name) for name in SNAPSHOT}


def _empty(value: Any) -> bool:
    return value in (None, "")


def _unique_sets(model: type[models.Model], field: models.Field) -> list[list[str]]:
    """The unique field sets of ``model`` that include ``field`` (a move could collide on them)."""
    sets = [list(c.fields) for c in model._meta.total_unique_constraints]
    sets += [list(together) for together in model._meta.unique_together]
    sets += [[f.name] for f in model._meta.concrete_fields if f.unique and not f.primary_key]
    return [s for s in sets if field.name in s]


def _collisions(model: type[models.Model], field: models.Field, kept: Player, rows: list[Any]) -> list[Any]:
    """The rows of ``rows`` (the merged record's) that the kept record has too, on a unique set."""
    found = []
    for unique in _unique_sets(model, field):
        others = [name for name in unique if name != field.name]
        for row in rows:
            match = {
                model._meta.get_field(name).attname: getattr(row, model._meta.get_field(name).attname)
                for name in others
            }
            if row not in found and model.objects.filter(**match, **{field.name: kept}).exists():
                found.append(row)
    return found


def _lock(*players: Player) -> dict[int, Player]:
    """Both records, locked in the order of their ids (two merges of the same pair never deadlock)."""
    ids = sorted(p.pk for p in players)
    return {p.pk: p for p in Player.objects.select_for_update().filter(pk__in=ids).order_by("pk")}


def _refuse(field: str, message: Any, **params: Any) -> None:
    raise invalid(field, message, code="conflict", params=params)


def player_merge(kept: Player, merged: Player, *, by: Any, reason: Any = "") -> PlayerMerge:
    """Make ``merged`` a record of the person ``kept`` is: every row naming it moves to ``kept``, its
    empty fields filled from ``merged``; refused (naming why, nothing changed) when both records played
    or entered one tournament (a person cannot sit twice), or either is merged already."""
    reason = text(reason, "reason", max_length=max_length_of(PlayerMerge, "reason"))
    if not isinstance(kept, Player):
        raise invalid("kept", _("choose a player"))
    if not isinstance(merged, Player):
        raise invalid("merged", _("choose a player"))
    if kept.pk == merged.pk:
        raise invalid("merged", _("choose two different records"))
    with acting_as(by), transaction.atomic():
        locked = _lock(kept, merged)
        if len(locked) != 2:
            raise invalid("merged", _("no such player"))
        kept, merged = locked[kept.pk], locked[merged.pk]
        if merged.merged_into_id is not None:
            _refuse("merged", _("%(name)s is merged into another record already"), name=merged.name)
        if kept.merged_into_id is not None:
            _refuse(
                "kept",
                _("%(name)s is merged into another record: merge into that one"),
                name=kept.name,
            )
        both = player_tournament_ids(kept.pk) & player_tournament_ids(merged.pk)
        if both:
            names = ", ".join(sorted(Tournament.objects.filter(pk__in=both).values_list("name", flat=True)))
            _refuse(
                "merged",
                _(
                    "both records played or entered %(tournament)s: "
                    "a person cannot sit twice in one tournament"
                ),
                tournament=names,
            )
        kept_before, merged_before = _snapshot(kept), _snapshot(merged)
        tournament_ids = sorted(player_tournament_ids(merged.pk))
        moved: dict[str, list[Any]] = {}
        dropped: dict[str, Any] = {}
        for model, field in player_links():
            rows = model.objects.filter(**{field.name: merged})
            if not _is_history(model) and _unique_sets(model, field):
                clashing = _collisions(model, field, kept, list(rows))
                if clashing:
                    if model._meta.label_lower not in DERIVED:
                        _refuse(
                            "merged",
                            _("both records have a %(what)s that cannot be one"),
                            what=str(model._meta.verbose_name),
                        )
                    dropped[_key(model, field)] = json.loads(serializers.serialize("json", clashing))
                    model.objects.filter(pk__in=[r.pk for r in clashing]).delete()
            pks = list(rows.values_list("pk", flat=True))
            if pks:
                model.objects.filter(pk__in=pks).update(**{field.name: kept})
                moved[_key(model, field)] = pks
        filled = [name for name in FILLED if _empty(kept_before[name]) and not _empty(merged_before[name])]
        if "external_id" in filled or "user" in filled:  # unique: taken off the merged record first
            merged.external_id = None if "external_id" in filled else merged.external_id
            merged.user = None if "user" in filled else merged.user
            merged.save()
        for name in filled:
            setattr(kept, Player._meta.get_field(name).attname, merged_before[name])
        if filled:
            kept.save()
        merged.merged_into = kept
        merged.save()
        merge = PlayerMerge.objects.create(
            kept=kept,
            merged=merged,
            moved={"rows": moved, "dropped": dropped, "filled": filled, "tournament_ids": tournament_ids},
            kept_before=kept_before,
            merged_before=merged_before,
            merged_by=by if getattr(by, "is_authenticated", False) else None,
            reason=reason,
        )
        publish(PLAYERS_MERGED, kept_id=kept.pk, merged_id=merged.pk, tournament_ids=tournament_ids)
    return merge


def player_merge_undo(merge: PlayerMerge, *, by: Any) -> PlayerMerge:
    """Undo ``merge``: exactly the rows it moved go back, the rows it dropped come back, both records'
    fields are as before. Refused while a later merge of either record is in force (undo that first)."""
    if not isinstance(merge, PlayerMerge):
        raise invalid("merge", _("choose a merge"))
    with acting_as(by), transaction.atomic():
        merge = PlayerMerge.objects.select_for_update().get(pk=merge.pk)
        if merge.undone_at is not None:
            _refuse("merge", _("this merge was undone already"))
        locked = _lock(merge.kept, merge.merged)
        kept, merged = locked[merge.kept_id], locked[merge.merged_id]
        later = (
            PlayerMerge.objects.filter(undone_at__isnull=True, pk__gt=merge.pk)
            .filter(models.Q(kept__in=(kept, merged)) | models.Q(merged__in=(kept, merged)))
            .select_related("kept", "merged")
            .first()
        )
        if later is not None:
            _refuse(
                "merge",
                _("a later merge (%(later)s) involves these records: undo it first"),
                later=str(later),
            )
        links = {_key(model, field): (model, field) for model, field in player_links()}
        moved = merge.moved.get("rows", {})
        for key, pks in moved.items():
            if key in links:
                model, field = links[key]
                model.objects.filter(pk__in=pks, **{field.name: kept}).update(**{field.name: merged})
        for key, rows in merge.moved.get("dropped", {}).items():
            if key in links:
                _restore(links[key][0], rows)
        filled = merge.moved.get("filled", [])
        if "external_id" in filled or "user" in filled:  # unique: taken off the kept record first
            kept.external_id = (
                merge.kept_before["external_id"] if "external_id" in filled else kept.external_id
            )
            kept.user_id = merge.kept_before["user"] if "user" in filled else kept.user_id
            kept.save()
        for name in filled:
            setattr(kept, Player._meta.get_field(name).attname, merge.kept_before[name])
        if filled:
            kept.save()
        merged.merged_into = None
        for name in ("external_id", "user"):
            if name in filled:
                setattr(merged, Player._meta.get_field(name).attname, merge.merged_before[name])
        taken = Player.objects.filter(external_id=merged.external_id).exclude(pk=merged.pk)
        if merged.external_id and taken.exists():
            _refuse("external_id", _("%(id)s belongs to another player now"), id=repr(merged.external_id))
        merged.save()
        merge.undone_at = timezone.now()
        merge.undone_by = by if getattr(by, "is_authenticated", False) else None
        merge.save(update_fields=["undone_at", "undone_by"])
        publish(
            PLAYERS_MERGED,
            kept_id=kept.pk,
            merged_id=merged.pk,
            tournament_ids=list(merge.moved.get("tournament_ids", [])),
        )
    return merge


def _restore(model: type[models.Model], rows: list[dict[str, Any]]) -> None:
    """Rows dropped by a merge, written back (under a new key if theirs was taken meanwhile)."""
    for found in serializers.deserialize("json", json.dumps(rows)):
        obj = found.object
        if model.objects.filter(pk=obj.pk).exists():
            obj.pk = None
        obj.save(force_insert=True)
