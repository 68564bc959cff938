"""Raw values people read (a draw method, a status, a source, a rules preset ...) by their labels in the
reader's language: one place for them, used by the pages (the ``label`` filter), the print, the projector,
the admin, the API's added labels and the services' messages (``messages.Labelled``). The raw values stay
what is stored and what the API reads and writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import (
    Dispute,
    DisputeFinding,
    Hand,
    HandSubmission,
    Job,
    Registration,
    Round,
    Tournament,
)

#: the draw methods as the organizer chooses one (the options of the dashboard's draw form)
METHOD_CHOICES: dict[str, Any] = {
    "random": _("Random (clubs kept apart)"),
    "swiss": _("Swiss (by the standings)"),
    "balanced": _("Balanced schedule"),
}

VOCABULARIES: dict[str, Mapping[str, Any]] = {
    #: a round's draw method as it reads on every page (public draws, the organizer's rounds, a job)
    "method": {
        "random": _("random draw"),
        "swiss": _("Swiss (by the standings)"),
        "balanced": _("balanced (fewest repeat opponents)"),
        "manual": _("edited by hand"),
        "final": _("final stage by the standings"),
    },
    "rules_preset": {
        "tournament": _("Hungarian tournament rules (2018)"),
        "pagat": _("the rules of pagat.com"),
        "kegl": _("Kégl's rules (as on Board Game Arena)"),
    },
    # statuses as they read inside a sentence ("round 3 is closed: ...", "the dispute is already resolved")
    "round_state": {
        "draft": pgettext_lazy("status in a sentence", "a draft"),
        "confirmed": pgettext_lazy("status in a sentence", "confirmed"),
        "published": pgettext_lazy("status in a sentence", "published"),
        "in_play": pgettext_lazy("status in a sentence", "in play"),
        "closed": pgettext_lazy("status in a sentence", "closed"),
    },
    "submission_state": {
        "pending": pgettext_lazy("status in a sentence", "pending"),
        "confirmed": pgettext_lazy("status in a sentence", "confirmed"),
        "disputed": pgettext_lazy("status in a sentence", "disputed"),
        "superseded": pgettext_lazy("status in a sentence", "superseded"),
        "rejected": pgettext_lazy("status in a sentence", "rejected"),
    },
    "dispute_state": {
        "open": pgettext_lazy("status in a sentence", "open"),
        "resolved": pgettext_lazy("status in a sentence", "resolved"),
        "voided": pgettext_lazy("status in a sentence", "closed (the hand was voided)"),
    },
    "job_state": {
        "queued": pgettext_lazy("status in a sentence", "queued"),
        "running": pgettext_lazy("status in a sentence", "running"),
        "done": pgettext_lazy("status in a sentence", "done"),
        "failed": pgettext_lazy("status in a sentence", "failed"),
    },
    #: the fields a service's refusal names, as an organizer's page introduces the refusal ("Round: ...")
    "field": {
        "round": pgettext_lazy("field", "Round"),
        "status": pgettext_lazy("field", "Status"),
        "method": pgettext_lazy("field", "Pairing"),
        "players": pgettext_lazy("field", "Players"),
        "stage": pgettext_lazy("field", "Stage"),
        "tables": pgettext_lazy("field", "Tables"),
        "final_table": pgettext_lazy("field", "Final table"),
        "seed": pgettext_lazy("field", "Seed"),
        "number": pgettext_lazy("field", "Hand"),
        "dispute": pgettext_lazy("field", "Dispute"),
        "chosen": pgettext_lazy("field", "Version"),
        "note": pgettext_lazy("field", "Note"),
        "reason": pgettext_lazy("field", "Reason"),
        "payments": pgettext_lazy("field", "Payments"),
        "kind": pgettext_lazy("field", "Kind of hand"),
        "file": pgettext_lazy("field", "File"),
        "player": pgettext_lazy("field", "Player"),
        "points": pgettext_lazy("field", "Points"),
    },
    "tournament_status": dict(Tournament.Status.choices),
    "registration_status": dict(Registration.Status.choices),
    "round_status": dict(Round.Status.choices),
    "round_stage": dict(Round.Stage.choices),
    "hand_status": dict(Hand.Status.choices),
    "source": dict(HandSubmission.Source.choices),
    "submission_status": dict(HandSubmission.Status.choices),
    "dispute_status": dict(Dispute.Status.choices),
    "outcome": dict(DisputeFinding.Outcome.choices),
    "job_kind": dict(Job.Kind.choices),
    "job_status": dict(Job.Status.choices),
}


def label(vocabulary: str, value: Any) -> Any:
    """``value``'s label in the reader's language (lazy), or the value itself when it has none."""
    found = VOCABULARIES.get(vocabulary, {}).get(value)
    if found is None:
        from tournaments.messages import vocabularies

        found = vocabularies().get(vocabulary, {}).get(value)
    return value if found is None else found
