"""A dispute at a table of another game (issue 23 §2: the validator weighs it with the game's scorer): two
seats disagree about a Cego hand; the validator scores the summary with Cego's schedule and writes its
finding in the reader's language; the organizer sees it through the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from tests.api.conftest import table_client
from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.core.formats import format_defaults
from tournaments.results.models import Dispute, DisputeFinding

pytestmark = pytest.mark.django_db


def test_a_cego_dispute_is_weighed_by_the_engines_score(django_capture_on_commit_callbacks: Any) -> None:
    tournament = TournamentFactory(slug="ichenheim", game="cego", **format_defaults("cego"))
    table = seated_table(tournament, PlayerFactory.create_batch(3))
    services.table_codes_issue(table.round)
    deal = services.next_deal(table, 1)
    declarer = deal.active[0]
    summary = {"kind": "played", "contract": "solo", "declarer": declarer, "card_points": 52}
    engine, _kind, _items = services.hand_preview(table, 1, "summary", summary)
    phone = table_client(table)
    url = f"/api/v1/tournaments/ichenheim/rounds/1/tables/{table.number}/hands/1/submissions/"
    wrong = {p: -v for p, v in engine.items()}  # a seat wrote the hand the wrong way round
    with django_capture_on_commit_callbacks(execute=True):
        first = phone.post(url, {"entered_by": deal.active[1], "payments": wrong}, format="json")
        second = phone.post(url, {"entered_by": deal.active[2], "summary": summary}, format="json")
    assert (first.status_code, second.status_code) == (201, 201), second.content
    dispute = Dispute.objects.get()
    finding = DisputeFinding.objects.get(dispute=dispute)
    assert finding.outcome in ("decided", "escalated")
    assert str(engine[declarer]) in str(finding.differences) or finding.outcome == "decided"
    body = phone.get(url.replace("submissions/", "")).json()
    (shown,) = body["disputes"]
    assert shown["findings"][0]["explanation"]
    with translation.override("hu"):
        hungarian = phone.get(url.replace("submissions/", ""), HTTP_ACCEPT_LANGUAGE="hu").json()
    assert hungarian["disputes"][0]["findings"][0]["explanation"] != shown["findings"][0]["explanation"]
