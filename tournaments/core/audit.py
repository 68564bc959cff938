"""Who changed what. Every history row of the domain names its actor: a user (organizer, admin), a table
member (a player), or a named process (the standings worker, the demo, a migration).

Services run their writes inside ``acting_as(actor)``; the ``pre_create_historical_record`` handler below
writes the actor's label into every history row made in that scope, cascades and bulk writes included,
and refuses to write a history row that names no one. So an unattributed change cannot be stored: it
fails, inside the service's transaction, before anything is committed.

The actor is passed down explicitly by the services; the context variable only carries it to the
history rows that Django's signals create.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.db import models

ACTOR_MAX_LENGTH = 200


class AuditError(RuntimeError):
    """A change would be stored without saying who made it."""


@dataclass(frozen=True)
class Actor:
    """Who makes a change: a Django user, a table member (a ``Player``), or a named process."""

    user: Any = None
    player: Any = None
    system: str = ""
    via: str = ""  # how a member acted, e.g. "table code" (optional)

    def label(self) -> str:
        parts = []
        if self.user is not None:
            parts.append(f"user:{self.user.pk}:{self.user.get_username()}")
        if self.player is not None:
            parts.append(f"player:{self.player.pk}:{self.player.name}")
        if self.system:
            parts.append(f"system:{self.system}")
        if self.via:
            parts.append(f"via:{self.via}")
        return " ".join(parts)[:ACTOR_MAX_LENGTH]

    def __bool__(self) -> bool:
        return self.user is not None or self.player is not None or bool(self.system)


def actor_of(who: Any) -> Actor | None:
    """An ``Actor`` for a user, a player, an actor or ``None`` (anonymous users count as no one)."""
    if who is None or isinstance(who, Actor):
        return who or None
    if isinstance(who, apps.get_model("tournaments", "Player")):  # by label: core imports no noun's models
        return Actor(player=who)
    if getattr(who, "is_authenticated", False):
        return Actor(user=who)
    return None


_current: ContextVar[Actor | None] = ContextVar("tournaments_actor", default=None)


@contextmanager
def acting_as(who: Any) -> Iterator[Actor | None]:
    """Attribute every history row written in this block to ``who`` (kept if ``who`` is no one)."""
    actor = actor_of(who) or _current.get()
    token = _current.set(actor)
    try:
        yield actor
    finally:
        _current.reset(token)


def current_actor() -> Actor | None:
    return _current.get()


class AuditedHistory(models.Model):
    """Abstract base of every historical model: the actor's label beside simple-history's user."""

    history_actor = models.CharField(max_length=ACTOR_MAX_LENGTH)

    class Meta:
        abstract = True


def label_history_row(sender: Any, instance: Any, history_instance: Any, **kwargs: Any) -> None:
    """``pre_create_historical_record`` handler: name the actor, or refuse the write."""
    actor = _current.get()
    label = actor.label() if actor else ""
    user = history_instance.history_user
    if actor is not None and actor.user is not None and user is None:
        history_instance.history_user = actor.user
    elif not label and user is not None:  # the admin, through simple-history's request middleware
        label = Actor(user=user).label()
    if not label:
        raise AuditError(f"a change of {type(instance).__name__} {instance.pk} names no one (see audit.py)")
    history_instance.history_actor = label


def bulk_create(model: type[models.Model], objects: list[Any]) -> list[Any]:
    """``bulk_create`` that also writes the history rows, attributed like single saves."""
    from simple_history.utils import bulk_create_with_history

    actor = _current.get()
    if not actor:
        raise AuditError(f"a bulk creation of {model.__name__} names no one (see audit.py)")
    return bulk_create_with_history(
        objects,
        model,
        default_user=actor.user,
        custom_historical_attrs={"history_actor": actor.label()},
    )
