"""The organizer enters the correct result on the dispute page (issue 21 §3), with the engine's preview,
and sees which hands were confirmed on one phone (issue 21 §4); through Django's test client."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments import services
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand, HandSubmission

from .test_organizer import make_dispute, round2

pytestmark = pytest.mark.django_db


@pytest.fixture
def org(client: Any, organizer_user: Any) -> Any:
    client.force_login(organizer_user)
    return client


def test_the_organizer_enters_payments_previews_then_saves_and_the_dispute_is_resolved(
    org: Any, cup: Tournament, organizer_user: Any
) -> None:
    dispute = make_dispute(cup)
    url = f"/t/cup/manage/disputes/{dispute.pk}/"
    page = org.get(url).content.decode()
    assert "Or enter what was really played" in page
    assert 'name="pay_A"' in page
    hand = dispute.hand
    deal = services.next_deal(hand.table, hand.number)
    a, b, c, d = deal.active
    right = {a: 3, b: -3, c: 3, d: -3}
    fields = {f"pay_{p}": str(v) for p, v in right.items()}
    form = {"source": "payments", "kind": "played", "version": dispute.version, **fields}
    wrong = org.post(url, {**form, f"pay_{a}": "4", "action": "enter-preview"})
    assert wrong.status_code == 400
    html = wrong.content.decode()
    assert 'id="error-summary"' in html
    assert f'name="pay_{a}" value="4"' in html
    previewed = org.post(url, {**form, "action": "enter-preview"})
    assert previewed.status_code == 200
    assert "You are saving" in previewed.content.decode()  # payments: what is typed, as it will count
    assert "data-enter-save" in previewed.content.decode()
    assert Dispute.objects.get(pk=dispute.pk).status == "open"  # a preview stores nothing
    saved = org.post(url, {**form, "action": "enter-save", "note": "from the paper sheet"})
    assert saved.status_code == 302
    dispute.refresh_from_db()
    hand.refresh_from_db()
    assert dispute.status == "resolved"
    assert dispute.chosen.submitted_by_id is None
    assert (hand.status, hand.payments) == ("confirmed", right)
    assert dispute.chosen.entered_by == organizer_user
    assert dispute.history.filter(status="resolved").exists()  # audited: the history keeps the change


def test_the_organizer_enters_a_hand_summary_with_the_engines_preview(org: Any, cup: Tournament) -> None:
    dispute = make_dispute(cup)
    url = f"/t/cup/manage/disputes/{dispute.pk}/?enter=summary"
    page = org.get(url).content.decode()
    assert 'name="card_points"' in page
    assert 'name="partner"' in page
    deal = services.next_deal(dispute.hand.table, dispute.hand.number)
    declarer, partner = deal.active[2], deal.active[3]
    form = {
        "source": "summary", "kind": "played", "bid": "two", "declarer": declarer, "partner": partner,
        "game_kontra": "0", "card_points": "52", "tricks": "6", "version": dispute.version,
    }  # fmt: skip
    previewed = org.post(url, {**form, "action": "enter-preview"})
    html = previewed.content.decode()
    assert previewed.status_code == 200, html[:3000]
    assert "The engine scores it so" in html
    saved = org.post(url, {**form, "action": "enter-save"})
    assert saved.status_code == 302
    dispute.refresh_from_db()
    assert dispute.status == "resolved"
    assert dispute.chosen.source == "summary"
    assert dispute.chosen.payments[declarer] == 2


def test_versions_and_the_round_page_show_a_confirmation_on_the_same_phone(org: Any, cup: Tournament) -> None:
    table = round2(cup).tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("position"))
    for number in (1, 2):
        deal = services.next_deal(table, number)
        a, b, c, d = deal.active
        pays = {a: 2, b: -2, c: 2, d: -2}
        entry = services.hand_submit(
            table=table,
            number=number,
            source="payments",
            data={"payments": pays},
            submitted_by=seats[0].player,
        )
        services.hand_confirm(entry, seats[1].player, same_device=True)
    progress = org.get("/t/cup/manage/rounds/2/progress/").content.decode()
    row = progress.split('data-table="1"')[1].split("</tr>")[0]
    assert "2 on one phone" in row
    assert "2 confirmed on the same phone" in progress
    other = round2(cup).tables.get(number=2)
    assert "on one phone" not in progress.split(f'data-table="{other.number}"')[1].split("</tr>")[0]
    services.hand_contest(
        Hand.objects.get(table=table, number=1), contested_by=seats[2].player, reason="it was 4"
    )
    dispute = Dispute.objects.get(hand__table=table)
    page = org.get(f"/t/cup/manage/disputes/{dispute.pk}/").content.decode()
    assert "confirmed on the same device" in page
    assert HandSubmission.objects.filter(same_device=True).count() == 2
