"""Pairing jobs in the admin: the actions "... in the worker" ask for a job and name it; "Jobs" lists every
job with its status, its round once done, or the reason it failed; a job is never edited there."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.draw.models import Job, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer(client: Client) -> Client:
    client.force_login(get_user_model().objects.create_superuser("organizer", password="pw-organizer-1"))
    return client


def action(client: Client, model: str, name: str, ids: list[int]) -> str:
    url = reverse(f"admin:tournaments_{model}_changelist")
    response = client.post(url, {"action": name, "_selected_action": ids}, follow=True)
    assert response.status_code == 200
    return response.content.decode()


def test_it_asks_the_worker_for_draws_and_lists_the_jobs(
    organizer: Client, django_capture_on_commit_callbacks
) -> None:
    tournament = TournamentFactory()
    for player in PlayerFactory.create_batch(8):
        services.player_register(tournament, player, check_in=True)
    with django_capture_on_commit_callbacks(execute=True):
        page = action(organizer, "tournament", "generate_next_round_in_worker", [tournament.pk])
    job = Job.objects.get()
    assert f"job {job.pk}</a> queued" in page  # answered before the commit that sends it
    assert (job.status, job.kind, job.requested_by.username) == ("done", "generate", "organizer")
    round_ = Round.objects.get(tournament=tournament)

    with django_capture_on_commit_callbacks(execute=True):
        action(organizer, "round", "redraw_in_worker", [round_.pk])
    assert Job.objects.filter(kind="redraw", status="done").count() == 1

    refused = action(organizer, "tournament", "generate_final_stage_in_worker", [tournament.pk])
    assert "this tournament has no final stage" in refused
    assert Job.objects.count() == 2

    listing = organizer.get(reverse("admin:tournaments_job_changelist")).content.decode()
    assert listing.count(">round 1</a>") == 2
    detail = organizer.get(reverse("admin:tournaments_job_change", args=[job.pk]))
    assert detail.status_code == 200
    assert "round 1" in detail.content.decode()
    assert organizer.get(reverse("admin:tournaments_job_add")).status_code == 403
    assert organizer.post(reverse("admin:tournaments_job_delete", args=[job.pk])).status_code == 403
