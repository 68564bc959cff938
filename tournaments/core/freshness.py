"""Whether derived data is current: a tournament's standings, a series' rankings. One rule for both.

The owner (a tournament, a series) has one state row with ``version``, ``stale_since``, ``computed_version``,
``computed_at``, ``claimed_until`` and ``recomputations``. A change bumps the version and sets
``stale_since`` in its own transaction. A worker claims a stale owner with a compare-and-set update (a
second worker finds the claim taken and stops: the holder will see its change), recomputes, and marks the
data current only if the version is still the one it read first (``settle``); otherwise it recomputes again
after a short pause that gathers a burst of changes. A sweep finds what stayed stale with no live claim
(``due``): a lost task never leaves data stale for good.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Model, Q
from django.utils import timezone


class Freshness:
    """The freshness rules over ``model`` (the state rows), whose owner is ``owner`` (e.g.
    ``"tournament_id"``); a claim lasts ``claim_seconds`` (longer than a recompute: a killed worker's claim
    lapses and the sweep takes over)."""

    def __init__(self, model: type[Model], owner: str, *, claim_seconds: float) -> None:
        self.model = model
        self.owner = owner
        self.claim_seconds = claim_seconds

    def state(self, owner_id: Any) -> Any:
        """The owner's state row, made on first use (one made by a concurrent transaction is read)."""
        try:
            with transaction.atomic():
                return self.model.objects.get_or_create(**{self.owner: owner_id})[0]
        except IntegrityError:
            return self.model.objects.get(**{self.owner: owner_id})

    def mark_stale(self, owner_id: Any, *, nudge_after: timedelta) -> bool:
        """In the caller's transaction (it commits or rolls back with the change): the version bumped and the
        data stale since now unless it already was. Whether a refresh should be sent: this made it stale, or
        it has stayed stale ``nudge_after`` with no worker holding it (its task was lost); otherwise a worker
        is on it, or the task that made it stale is on its way, and either sees this change by the version."""
        now = timezone.now()
        self.state(owner_id)
        state = self.model.objects.select_for_update().get(**{self.owner: owner_id})
        became_stale = state.stale_since is None
        unattended = (
            not became_stale
            and state.stale_since < now - nudge_after
            and (state.claimed_until is None or state.claimed_until < now)
        )
        self.model.objects.filter(pk=state.pk).update(
            version=F("version") + 1, stale_since=state.stale_since or now
        )
        return became_stale or unattended

    def _unclaimed(self, now: datetime) -> Q:
        return Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)

    def claim(self, owner_id: Any, *, renew: bool = False) -> bool:
        """Take (or, ``renew``, extend) the claim on a stale owner; whether this worker holds it now."""
        now = timezone.now()
        stale = self.model.objects.filter(**{self.owner: owner_id, "stale_since__isnull": False})
        if not renew:
            stale = stale.filter(self._unclaimed(now))
        return bool(stale.update(claimed_until=now + timedelta(seconds=self.claim_seconds)))

    def due(self, older_than: timedelta) -> list[Any]:
        """Owners stale for ``older_than`` that no worker holds (the sweep's)."""
        now = timezone.now()
        stale = self.model.objects.filter(self._unclaimed(now), stale_since__lt=now - older_than)
        return list(stale.values_list(self.owner, flat=True))

    def settle(self, state: Any) -> bool:
        """After a recompute that began at ``state.version``: current if no change came in meanwhile
        (compare-and-set), and the claim released; otherwise still stale, but saying it counts at least
        that version (a steady flow of changes would otherwise never show a newer one). Whether current."""
        now = timezone.now()
        rows = self.model.objects.filter(pk=state.pk)
        current = rows.filter(version=state.version).update(
            stale_since=None,
            computed_version=state.version,
            computed_at=now,
            claimed_until=None,
            recomputations=F("recomputations") + 1,
        )
        if not current:
            rows.update(recomputations=F("recomputations") + 1)
            rows.filter(computed_version__lt=state.version).update(
                computed_version=state.version, computed_at=now
            )
        return bool(current)

    def refresh(
        self,
        owner_id: Any,
        recompute: Callable[[Any], bool],
        load: Callable[[int], Any],
        *,
        passes: int,
        pause: float,
        hand_over: Callable[[], None],
    ) -> bool:
        """The worker's job: claim the stale owner (another worker holding it, or nothing stale: stop, the
        holder sees the change), ``load`` it, ``recompute(owner)`` until it settles current, at most
        ``passes`` times ``pause`` seconds apart; still changing after that, release the claim and
        ``hand_over()`` (a new task, or the sweep, goes on). Returns whether it recomputed."""
        if not self.claim(owner_id):
            return False
        owner = load(owner_id)
        if owner is None:
            return False
        for _ in range(passes):
            if recompute(owner):
                return True
            time.sleep(pause)
            self.claim(owner_id, renew=True)
        self.model.objects.filter(**{self.owner: owner_id}).update(claimed_until=None)
        hand_over()
        return True
