"""Webhooks through the API: organizers register, read and deactivate them; nobody else sees them."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from tournaments import services
from tournaments.webhooks.models import WebhookDelivery, WebhookSubscription

from .conftest import player_client, table_client

pytestmark = pytest.mark.django_db

HOOKS = "/api/v1/tournaments/cup/webhooks/"
URL = "https://hooks.example.org/tarokk"


def organizer_user():
    return get_user_model().objects.get(username="organizer")


def test_it_registers_a_webhook_and_shows_its_secret_only_in_that_answer(organizer, tournament) -> None:
    response = organizer.post(
        HOOKS, {"url": URL, "events": ["round.closed", "round.published"]}, format="json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    subscription = WebhookSubscription.objects.get()
    assert body == {
        "id": subscription.pk,
        "url": URL,
        "events": ["round.published", "round.closed"],
        "active": True,
        "created_by": "organizer",
        "created_at": body["created_at"],
        "deactivated_at": None,
        "secret": subscription.secret,
    }
    assert response["Location"].endswith(f"{HOOKS}{subscription.pk}/")

    listing = organizer.get(HOOKS)
    assert listing.status_code == 200
    assert listing.json()["count"] == 1
    detail = organizer.get(f"{HOOKS}{subscription.pk}/")
    assert detail.status_code == 200
    for answer in (listing, detail):
        assert subscription.secret not in answer.content.decode()
        assert "secret" not in answer.content.decode()


def test_it_subscribes_to_every_event_when_none_are_named(organizer, tournament) -> None:
    response = organizer.post(HOOKS, {"url": URL}, format="json")
    assert response.status_code == 201
    assert response.json()["events"] == [
        "round.published",
        "round.closed",
        "standings.updated",
        "dispute.opened",
        "dispute.resolved",
    ]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "ftp://hooks.example.org/x"}, "url"),
        ({"url": "https://user:pw@hooks.example.org/x"}, "url"),
        ({"url": "https://" + "x" * 600 + ".org/"}, "url"),
        ({}, "url"),
        ({"url": URL, "events": ["round.exploded"]}, "events.0"),
        ({"url": URL, "events": []}, "events"),
    ],
)
def test_it_refuses_bad_input_naming_the_field_and_stores_nothing(organizer, tournament, body, field) -> None:
    response = organizer.post(HOOKS, body, format="json")
    assert response.status_code == 400, response.content
    assert [e["field"] for e in response.json()["errors"]] == [field]
    assert not WebhookSubscription.objects.exists()


def test_it_refuses_a_private_address_in_production(organizer, tournament, settings) -> None:
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = False
    response = organizer.post(HOOKS, {"url": "http://169.254.169.254/latest/meta-data/"}, format="json")
    assert response.status_code == 400
    [error] = response.json()["errors"]
    assert error["field"] == "url"
    assert "private, loopback or link-local" in error["message"]
    assert not WebhookSubscription.objects.exists()


def test_it_answers_409_for_a_url_already_subscribed(organizer, tournament) -> None:
    assert organizer.post(HOOKS, {"url": URL}, format="json").status_code == 201
    response = organizer.post(HOOKS, {"url": URL}, format="json")
    assert response.status_code == 409
    assert response.json()["errors"][0]["field"] == "url"
    assert WebhookSubscription.objects.count() == 1


def test_it_shows_a_webhooks_recent_deliveries(organizer, tournament) -> None:
    subscription = services.webhook_subscribe(tournament, URL, by=organizer_user())
    services.event_publish(tournament, "round.published", {"round": 1})
    services.event_publish(tournament, "round.closed", {"round": 1})
    response = organizer.get(f"{HOOKS}{subscription.pk}/")
    assert response.status_code == 200
    deliveries = response.json()["recent_deliveries"]
    assert [d["event"] for d in deliveries] == ["round.closed", "round.published"]  # newest first
    newest = WebhookDelivery.objects.get(event="round.closed")
    assert deliveries[0] == {
        "id": newest.pk,
        "delivery": str(newest.uuid),
        "event": "round.closed",
        "status": "pending",
        "attempts": 0,
        "next_attempt_at": deliveries[0]["next_attempt_at"],
        "last_status_code": None,
        "last_error": "",
        "delivered_at": None,
        "created_at": deliveries[0]["created_at"],
        "payload": {"tournament": "cup", "round": 1},
    }


def test_it_deactivates_a_webhook_and_a_repeat_changes_nothing(organizer, tournament) -> None:
    subscription = services.webhook_subscribe(tournament, URL, by=organizer_user())
    response = organizer.post(f"{HOOKS}{subscription.pk}/deactivate/")
    assert response.status_code == 200
    assert response.json()["active"] is False
    first = response.json()["deactivated_at"]
    again = organizer.post(f"{HOOKS}{subscription.pk}/deactivate/")
    assert again.status_code == 200
    assert again.json()["deactivated_at"] == first
    assert WebhookSubscription.objects.get().active is False  # kept, not deleted
    assert organizer.get(HOOKS).json()["results"][0]["active"] is False


def test_it_lets_only_the_organizers_read_the_webhooks(
    anonymous, organizer, other_organizer, superuser, tournament, table1
) -> None:
    subscription = services.webhook_subscribe(tournament, URL, by=organizer_user())
    cases = [
        (anonymous, 401),
        (table_client(table1), 403),
        (player_client(table1, "A"), 403),
        (other_organizer, 403),
        (organizer, 200),
        (superuser, 200),
    ]
    for client, status in cases:
        for path in (HOOKS, f"{HOOKS}{subscription.pk}/"):
            response = client.get(path)
            assert response.status_code == status, (path, status, response.content)
            if status != 200:
                assert URL not in response.content.decode()


def test_it_finds_no_webhook_of_another_tournament(organizer, tournament, other_organizer) -> None:
    from tournaments.organizing.models import Tournament

    other = Tournament.objects.get(slug="other-cup")
    foreign = services.webhook_subscribe(
        other, URL, by=get_user_model().objects.get(username="other-organizer")
    )
    assert organizer.get(f"{HOOKS}{foreign.pk}/").status_code == 404
    assert organizer.post(f"{HOOKS}{foreign.pk}/deactivate/").status_code == 404
    assert WebhookSubscription.objects.get(pk=foreign.pk).active


def test_it_hides_a_private_tournaments_webhooks_from_the_public(anonymous, organizer, tournament) -> None:
    tournament.is_public = False
    tournament.save(update_fields=["is_public"])
    assert anonymous.get(HOOKS).status_code == 404
    assert organizer.get(HOOKS).status_code == 200
