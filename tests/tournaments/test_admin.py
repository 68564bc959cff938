"""Organizer tools driven through the admin over HTTP, as an organizer would use them."""

from __future__ import annotations

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import services
from tournaments.draw.models import Round
from tournaments.participants.models import Registration
from tournaments.results.models import Dispute, Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client: Client) -> Client:
    user = get_user_model().objects.create_superuser("organizer", password="pw-organizer-1")
    client.force_login(user)
    return client


def enter(table, a: int, **who):
    """Hand 1 at ``table``: A and C win ``a`` each from B and D."""
    return services.hand_submit(
        table=table, number=1, source="payments", data={"payments": {"A": a, "B": -a, "C": a, "D": -a}}, **who
    )


def action(client: Client, model: str, name: str, ids: list[int], **form):
    url = reverse(f"admin:tournaments_{model}_changelist")
    data = {"action": name, "_selected_action": ids, **({"apply": "Apply", **form} if form else {})}
    return client.post(url, data, follow=True)


def test_it_imports_players_from_a_csv_upload(organizer: Client) -> None:
    tournament = TournamentFactory()
    upload = SimpleUploadedFile("players.csv", "name,club\nKiss Anna,Szeged\nNagy Béla,Pécs\n".encode())
    url = reverse("admin:tournaments_tournament_import_players", args=[tournament.pk])
    response = organizer.post(url, {"file": upload, "check_in": "on"}, follow=True)
    assert response.status_code == 200
    assert "2 new" in response.content.decode()
    assert tournament.registrations.filter(status=Registration.Status.CHECKED_IN).count() == 2


def test_it_checks_in_generates_publishes_and_closes_a_round(organizer: Client) -> None:
    tournament = TournamentFactory(deals_per_round_4=1, deals_per_round_5=1)
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player)
    action(organizer, "registration", "check_in", list(tournament.registrations.values_list("pk", flat=True)))
    assert tournament.registrations.filter(status=Registration.Status.CHECKED_IN).count() == 8
    action(organizer, "tournament", "generate_next_round", [tournament.pk])
    round_ = Round.objects.get(tournament=tournament)
    assert round_.status == Round.Status.DRAFT
    old_seed = round_.seed
    action(organizer, "round", "redraw", [round_.pk])
    round_.refresh_from_db()
    assert round_.seed != old_seed
    for name in ("confirm", "publish", "start"):
        action(organizer, "round", name, [round_.pk])
    round_.refresh_from_db()
    assert round_.status == Round.Status.IN_PLAY
    response = action(organizer, "round", "close", [round_.pk])
    assert "cannot close: table 1: 0/1 deals confirmed" in response.content.decode()
    for table in round_.tables.all():
        positions = list(table.seats.values_list("position", flat=True))
        services.hand_submit(
            table=table,
            number=1,
            source="payments",
            data={"payments": dict.fromkeys(positions, 0)},
            trusted=True,
        )
    action(organizer, "round", "close", [round_.pk])
    round_.refresh_from_db()
    assert round_.status == Round.Status.CLOSED
    response = action(organizer, "round", "verify", [round_.pk])
    assert "matches its seed" in response.content.decode()


def test_it_resolves_a_dispute_and_exports_standings(organizer: Client) -> None:
    tournament = TournamentFactory(deals_per_round_4=1)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    enter(table, 1, submitted_by=players[0])
    enter(table, 2, submitted_by=players[1])
    dispute = Dispute.objects.get()
    page = action(organizer, "dispute", "resolve", [dispute.pk])  # asks which version, and why
    assert "version" in page.content.decode()
    assert Dispute.objects.get().status == Dispute.Status.OPEN
    action(organizer, "dispute", "resolve", [dispute.pk], version=2, note="B's sheet is right")
    assert Dispute.objects.get().status == Dispute.Status.RESOLVED
    assert Hand.objects.get().payments["A"] == 2
    action(organizer, "tournament", "recompute_standings", [tournament.pk])
    response = action(organizer, "tournament", "export_standings_csv", [tournament.pk])
    lines = response.content.decode().splitlines()
    assert lines[0].startswith("rank,player,club,total,round_1")
    assert len(lines) == 5
    assert response["Content-Type"].startswith("text/csv")


def test_it_shows_the_history_of_a_hand_with_before_and_after(organizer: Client) -> None:
    tournament = TournamentFactory(deals_per_round_4=1)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    enter(table, 1, trusted=True)
    enter(table, 2, trusted=True)
    hand = Hand.objects.get()
    response = organizer.get(reverse("admin:tournaments_hand_history", args=[hand.pk]))
    assert response.status_code == 200
    assert hand.history.count() >= 3


def test_it_rejects_an_invalid_format_in_the_tournament_form(organizer: Client) -> None:
    tournament = TournamentFactory()
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = organizer.get(url)
    assert "Import players from CSV" in page.content.decode()
    form = page.context["adminform"].form
    data = {
        k: json.dumps(v) if isinstance(v, list | dict) else v  # JSON fields as the page writes them
        for k, v in form.initial.items()
        if v is not None and k not in ("organizers",)
    }
    data.update(
        {
            "starts_on": "2026-11-21",
            "pairing_methods": '["random", "dutch"]',
            "table_points_4": "[10, 8, 6, 4]",
            "table_points_5": "[10, 8, 6, 4, 4]",
            "tiebreaks": '["total"]',
            "rules_options": "{}",
            "registrations-TOTAL_FORMS": "0",
            "registrations-INITIAL_FORMS": "0",
        }
    )
    response = organizer.post(url, data)
    assert response.status_code == 200  # the form is shown again with the error
    assert "unknown method(s) dutch; use random" in response.content.decode()
    data.update({"pairing_methods": '["random"]', "deals_per_round_4": "0"})  # issue 21 §7: a constraint 500
    response = organizer.post(url, data)
    assert response.status_code == 200
    assert "must be a whole number from 1 to 500" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.deals_per_round_4 != 0


def test_it_changes_results_disputes_and_penalties_only_through_the_services(organizer: Client) -> None:
    tournament = TournamentFactory(deals_per_round_4=1)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    enter(table, 1, submitted_by=players[0])
    enter(table, 2, submitted_by=players[1])
    hand, dispute = Hand.objects.get(), Dispute.objects.get()
    # The change forms are read-only: a forged POST changes nothing.
    url = reverse("admin:tournaments_hand_change", args=[hand.pk])
    organizer.post(url, {"payments": '{"A": 9, "B": -9, "C": 9, "D": -9}', "status": "confirmed", "stake": 4})
    hand.refresh_from_db()
    assert (hand.status, hand.stake, hand.payments) == (Hand.Status.DISPUTED, 1, {})
    url = reverse("admin:tournaments_dispute_change", args=[dispute.pk])
    organizer.post(url, {"status": "resolved", "reason": "x"})
    assert Dispute.objects.get().status == Dispute.Status.OPEN
    # Nothing that counts can be deleted.
    for model, pk in (("hand", hand.pk), ("dispute", dispute.pk), ("tournament", tournament.pk)):
        response = organizer.post(reverse(f"admin:tournaments_{model}_delete", args=[pk]), {"post": "yes"})
        assert response.status_code == 403
    assert Hand.objects.count() == Dispute.objects.count() == 1
    # The void action asks for a reason and calls the service.
    action(organizer, "hand", "void", [hand.pk], reason="both sheets lost")
    hand.refresh_from_db()
    assert hand.status == Hand.Status.VOIDED
    assert Dispute.objects.get().status == Dispute.Status.VOIDED
    assert hand.submissions.get(status="confirmed").note == "both sheets lost"


def test_it_awards_and_withdraws_a_penalty_through_the_services(
    organizer: Client, django_capture_on_commit_callbacks
) -> None:
    from tournaments.results.models import Penalty
    from tournaments.standings.models import Standing

    tournament = TournamentFactory(deals_per_round_4=1)
    players = PlayerFactory.create_batch(4)
    table = seated_table(tournament, players)
    with django_capture_on_commit_callbacks(execute=True):
        enter(table, 1, trusted=True)
    add = reverse("admin:tournaments_penalty_add")
    with django_capture_on_commit_callbacks(execute=True):
        response = organizer.post(
            add,
            {"tournament": tournament.pk, "player": players[0].pk, "points": -3, "reason": "late"},
            follow=True,
        )
    assert response.status_code == 200
    penalty = Penalty.objects.get()
    assert penalty.awarded_by.username == "organizer"
    assert Standing.objects.get(player=players[0]).penalties == -3
    response = organizer.post(reverse("admin:tournaments_penalty_delete", args=[penalty.pk]), {"post": "yes"})
    assert response.status_code == 403
    with django_capture_on_commit_callbacks(execute=True):
        action(organizer, "penalty", "withdraw", [penalty.pk], reason="the clock was wrong")
    penalty.refresh_from_db()
    assert penalty.withdrawal_reason == "the clock was wrong"
    assert penalty.withdrawn_by.username == "organizer"
    assert Standing.objects.get(player=players[0]).penalties == 0
    assert penalty.history.first().history_actor.startswith("user:")


def test_it_lists_webhooks_deliveries_and_dead_letters_read_only_and_deactivates_through_the_service(
    organizer: Client,
) -> None:
    from tournaments.core.models import DeadLetter
    from tournaments.core.reliability import dead_letter_record
    from tournaments.webhooks.models import WebhookDelivery, WebhookSubscription

    tournament = TournamentFactory()
    user = get_user_model().objects.get(username="organizer")
    subscription = services.webhook_subscribe(tournament, "https://hooks.example.org/x", by=user)
    delivery = services.event_publish(tournament, "round.published", {"round": 1})[0]
    dead_letter_record("tournaments.webhook_deliver", args=[delivery.pk], exc=RuntimeError("gone"))
    for model, obj in (("webhooksubscription", subscription), ("webhookdelivery", delivery)):
        assert organizer.get(reverse(f"admin:tournaments_{model}_changelist")).status_code == 200
        page = organizer.get(reverse(f"admin:tournaments_{model}_change", args=[obj.pk]))
        assert page.status_code == 200
        assert subscription.secret not in page.content.decode()
    letters = organizer.get(reverse("admin:tournaments_deadletter_changelist"))
    assert "tournaments.webhook_deliver" in letters.content.decode()
    for model in ("webhooksubscription", "webhookdelivery", "deadletter"):
        assert organizer.get(reverse(f"admin:tournaments_{model}_add")).status_code == 403
    letter = DeadLetter.objects.get()
    assert organizer.post(reverse("admin:tournaments_deadletter_delete", args=[letter.pk])).status_code == 403

    action(organizer, "webhooksubscription", "deactivate", [subscription.pk])
    subscription.refresh_from_db()
    assert not subscription.active
    assert WebhookDelivery.objects.get().status == WebhookDelivery.Status.FAILED
    assert WebhookSubscription.objects.count() == 1
    assert subscription.history.first().history_actor.startswith(f"user:{user.pk}:")


def test_the_format_of_a_drawn_tournament_is_read_only_in_the_admin_and_refused_by_the_service(
    organizer: Client,
) -> None:
    """Once round 1 is drawn the format is fixed wherever it is edited: the admin shows it read-only and
    saves the details, and ``tournament_save`` (which the admin calls) refuses a format change."""
    tournament = TournamentFactory(deals_per_round_4=2)
    seated_table(tournament, PlayerFactory.create_batch(4))
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = organizer.get(url)
    form = page.context["adminform"].form
    assert "deals_per_round_4" not in form.fields
    assert "pairing_methods" not in form.fields
    data = {
        k: json.dumps(v) if isinstance(v, list | dict) else v
        for k, v in form.initial.items()
        if v is not None and k in form.fields and k != "organizers"
    }
    data.update(
        {
            "name": "Renamed Cup",
            "starts_on": "2026-11-21",
            "deals_per_round_4": "9",  # a read-only field posted anyway is ignored
            "registrations-TOTAL_FORMS": "0",
            "registrations-INITIAL_FORMS": "0",
        }
    )
    response = organizer.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert (tournament.name, tournament.deals_per_round_4) == ("Renamed Cup", 2)

    tournament.deals_per_round_4 = 3
    with pytest.raises(ValidationError) as refused:
        services.tournament_save(tournament, by=get_user_model().objects.get(username="organizer"))
    assert "deals_per_round_4" in refused.value.message_dict
    tournament.refresh_from_db()
    assert tournament.deals_per_round_4 == 2


def test_it_marks_registrations_as_not_come_through_the_service(organizer: Client) -> None:
    tournament = TournamentFactory()
    registrations = [
        services.player_register(tournament, p, check_in=True) for p in PlayerFactory.create_batch(2)
    ]
    response = action(organizer, "registration", "no_show", [registrations[0].pk])
    assert response.status_code == 200
    statuses = dict(tournament.registrations.values_list("pk", "status"))
    assert statuses == {registrations[0].pk: Registration.Status.NO_SHOW, registrations[1].pk: "checked_in"}
    assert registrations[0].history.count() >= 2  # who and when, before and after


def test_a_tournament_added_in_the_admin_starts_with_its_games_format(organizer: Client) -> None:
    """The admin's add form asks what the site's form asks and creates through ``tournament_create``: a Cego
    tournament plays Cego's tables and deals, not the model's column defaults (a Hungarian format)."""
    from tournaments.core.formats import format_defaults
    from tournaments.organizing.models import Tournament

    url = reverse("admin:tournaments_tournament_add")
    form = organizer.get(url).context["adminform"].form
    assert set(form.fields) == {
        "name",
        "slug",
        "game",
        "rules_preset",
        "starts_on",
        "venue",
        "club",
        "is_public",
    }
    new = {"name": "Cego-nap", "slug": "cego-nap", "game": "cego", "starts_on": "2026-12-05"}
    new["is_public"] = "on"
    wrong = organizer.post(url, {**new, "rules_preset": "tournament"})  # a Hungarian preset
    assert wrong.status_code == 200
    assert 'id="id_rules_preset_error"' in wrong.content.decode()
    assert not Tournament.objects.filter(slug="cego-nap").exists()
    response = organizer.post(url, new)
    assert response.status_code == 302, re.findall(r"errorlist.*?</ul>", response.content.decode(), re.S)
    cego = Tournament.objects.get(slug="cego-nap")
    expected = format_defaults("cego", None)
    assert cego.rules_preset == expected["rules_preset"]
    assert (cego.deals_per_round_3, cego.deals_within_time) == (expected["deals_per_round_3"], False)
    assert cego.organizers.filter(username="organizer").exists()
    assert cego.history.first().history_user.username == "organizer"
