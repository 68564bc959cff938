"""Final means final (issue 32 §1), the way an organizer meets it through the API: a finished tournament
refuses every change that counts, re-opening is one explicit action with a reason (kept, audited, shown),
which clears the final mark, marks its series and its game's ratings stale in its own transaction and is
undone by finishing again; a status changed any other way is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.api.conftest import client_with_token
from tests.factories import PlayerFactory
from tests.series.helpers import finished_tournament, staff
from tournaments import services
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament, TournamentReopening
from tournaments.participants.models import Registration
from tournaments.ratings.models import RatingRun, RatingState
from tournaments.results.models import Penalty
from tournaments.series.models import SeriesStanding, SeriesState

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(django_capture_on_commit_callbacks: Any) -> dict[str, Any]:
    """A finished one-table tournament (A wins, D last) counted by a series, with its organizer's client,
    a penalty awarded while it ran, and the series' and the ratings' state after the finish."""
    organizer = staff()
    players = PlayerFactory.create_batch(4)
    tournament = finished_tournament(
        players, (30, 10, -10, -30), by=organizer, finish=False, capture=django_capture_on_commit_callbacks
    )
    tournament.organizers.add(organizer)
    penalty = services.penalty_award(
        tournament=tournament, player=players[3], points=-1, reason="late", by=organizer
    )
    with django_capture_on_commit_callbacks(execute=True):
        series = services.series_create(
            fields={"name": "Cup", "slug": "cup-series", "game": tournament.game, "rules": {}}, by=organizer
        )
        services.series_tournament_add(series, tournament, by=organizer)
    with django_capture_on_commit_callbacks(execute=True):
        services.tournament_finish(tournament, by=organizer)
    tournament.refresh_from_db()
    return {
        "tournament": tournament,
        "players": players,
        "penalty": penalty,
        "series": series,
        "client": client_with_token(organizer),
        "organizer": organizer,
        "url": f"/api/v1/tournaments/{tournament.slug}/",
    }


def _series_places(series: Any) -> dict[int, int]:
    return dict(SeriesStanding.objects.filter(series=series, ranking="").values_list("player_id", "rank"))


def _refused(response: Any, field: str = "tournament") -> str:
    assert response.status_code == 409, response.content
    error = response.json()["errors"][0]
    assert error["field"] == field
    return str(error["message"])


def test_a_finished_tournament_refuses_every_change_that_counts(cup: dict[str, Any]) -> None:
    client, url, tournament = cup["client"], cup["url"], cup["tournament"]
    a, _b, _c, d = cup["players"]
    standings = client.get(f"{url}standings/").json()
    series_before = _series_places(cup["series"])
    assert series_before[a.pk] == 1
    penalties, versions = Penalty.objects.count(), tournament.version
    registration = Registration.objects.get(tournament=tournament, player=a)
    table = Round.objects.get(tournament=tournament).tables.get()
    late = PlayerFactory(name="Late Comer")

    attempts = {
        "penalty": client.post(
            f"{url}penalties/", {"player": a.pk, "points": -50, "reason": "after the end"}, format="json"
        ),
        "penalty withdrawn": client.post(
            f"{url}penalties/{cup['penalty'].pk}/withdraw/", {"reason": "forgiven"}, format="json"
        ),
        "withdrawal": client.post(f"{url}registrations/{registration.pk}/withdraw/", {}, format="json"),
        "no-show": client.post(f"{url}registrations/{registration.pk}/no-show/", {}, format="json"),
        "new player": client.post(f"{url}registrations/", {"player": late.pk}, format="json"),
        "hand voided": client.post(
            f"{url}rounds/1/tables/{table.number}/hands/1/void/", {"reason": "x"}, format="json"
        ),
        "score sheet": client.post(
            f"{url}rounds/1/tables/{table.number}/hands/",
            {"hands": [{"number": 1, "payments": {"A": 5, "B": -5, "C": 0, "D": 0}}]},
            format="json",
        ),
        "round drawn": client.post(f"{url}rounds/", {"extra_reason": "one more"}, format="json"),
    }
    for what, response in attempts.items():
        assert response.status_code == 409, (what, response.status_code, response.content)
        message = response.json()["errors"][0]["message"]
        assert "the tournament is finished" in message, (what, message)

    # the status changes only through finishing and re-opening
    for status in ("running", "registration", "draft"):
        message = _refused(client.patch(url, {"status": status}, format="json"), "status")
        assert "re-opening" in message
    # nothing was stored: standings, penalties, registrations, the series and the version as they were
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    assert tournament.finished_at is not None
    assert tournament.version == versions
    assert Penalty.objects.count() == penalties
    assert Penalty.objects.get(pk=cup["penalty"].pk).withdrawn_at is None
    assert Registration.objects.get(pk=registration.pk).status == registration.status
    assert client.get(f"{url}standings/").json() == standings
    assert _series_places(cup["series"]) == series_before
    assert not Registration.objects.filter(tournament=tournament, player__name="Late Comer").exists()
    # a detail that counts for nothing may still change
    renamed = client.patch(url, {"name": "The Cup, 2026"}, format="json")
    assert renamed.status_code == 200
    assert Penalty.objects.filter(player=d).count() == 1


def test_reopening_needs_a_reason_and_is_kept_audited_and_shown(
    cup: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    client, url, tournament = cup["client"], cup["url"], cup["tournament"]
    finished_at = tournament.finished_at
    wrong = ({"reason": 123}, {"reason": ["x"]}, {"reason": "a\ud800b"}, {"reason": None})
    blank_or_nul = ({}, {"reason": "  "}, {"reason": "x\x00"})
    for body in (*blank_or_nul, *wrong):  # as JSON text: a lone surrogate travels escaped, as a phone's would
        response = client.post(f"{url}reopen/", json.dumps(body), content_type="application/json")
        assert response.status_code == 400, (body, response.content)
        assert response.json()["errors"][0]["field"] == "reason"
    assert client.post(f"{url}reopen/", {"reason": "x" * 501}, format="json").status_code == 400
    assert APIClient().post(f"{url}reopen/", {"reason": "hack"}, format="json").status_code in (401, 403)
    assert not TournamentReopening.objects.exists()

    reopened = client.post(f"{url}reopen/", {"reason": "table 1 hand 1 was written wrong"}, format="json")
    assert reopened.status_code == 200, reopened.content
    body = reopened.json()
    assert body["status"] == "running"
    assert body["finished_at"] is None
    assert [r["reason"] for r in body["reopenings"]] == ["table 1 hand 1 was written wrong"]
    record = TournamentReopening.objects.get()
    assert record.reopened_by == cup["organizer"]
    assert record.finished_at == finished_at
    history = tournament.history.order_by("-history_date").first()
    assert history.history_user == cup["organizer"]
    assert history.finished_at is None
    # in the re-opening's own transaction (no worker has run yet): the series and the ratings are stale
    assert SeriesState.objects.get(series=cup["series"]).stale_since is not None
    assert RatingState.objects.get(game=tournament.game).stale_since is not None
    assert client.get(f"{url}standings/").json()["final"] is False
    # shown to everyone on its page, with the reason
    page = APIClient().get(f"/t/{tournament.slug}/")
    assert "table 1 hand 1 was written wrong" in page.content.decode()
    # a second re-open: nothing to re-open
    again = client.post(f"{url}reopen/", {"reason": "twice"}, format="json")
    assert "not finished" in _refused(again)


def test_reopen_then_correct_then_finish_again_counts_the_correction_everywhere(
    cup: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    client, url, tournament = cup["client"], cup["url"], cup["tournament"]
    a, b, _c, _d = cup["players"]
    assert RatingRun.objects.filter(tournament=tournament).exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"{url}reopen/", {"reason": "A cheated"}, format="json").status_code == 200
    # the series stops counting it; the ratings are rebuilt without it (the refresh ran after the commit)
    assert _series_places(cup["series"]) == {}
    assert not RatingRun.objects.filter(tournament=tournament).exists()
    assert RatingState.objects.get(game=tournament.game).stale_since is None
    # corrections are accepted again: A loses 50 points and falls behind B
    with django_capture_on_commit_callbacks(execute=True):
        penalty = client.post(
            f"{url}penalties/", {"player": a.pk, "points": -50, "reason": "cheating"}, format="json"
        )
    assert penalty.status_code == 201, penalty.content
    with django_capture_on_commit_callbacks(execute=True):
        finished = client.post(f"{url}finish/", {}, format="json")
    assert finished.status_code == 200, finished.content
    assert finished.json()["status"] == "finished"
    assert finished.json()["finished_at"]
    places = _series_places(cup["series"])
    assert places[b.pk] == 1
    assert places[a.pk] > 1
    assert RatingRun.objects.filter(tournament=tournament).exists()
    rows = client.get(f"{url}standings/").json()
    assert rows["final"] is True
    tournament.refresh_from_db()
    assert tournament.reopenings.count() == 1  # finishing again keeps the record of the re-opening


def test_the_organizers_page_reopens_with_a_reason_and_keeps_what_was_typed(cup: dict[str, Any]) -> None:
    from django.test import Client

    tournament = cup["tournament"]
    browser = Client()
    browser.force_login(cup["organizer"])
    page = browser.get(f"/t/{tournament.slug}/manage/")
    assert "Re-open the tournament" in page.content.decode()
    refused = browser.post(
        f"/t/{tournament.slug}/manage/reopen/", {"reason": "   ", "version": tournament.version}
    )
    assert refused.status_code == 400
    assert "Nothing was changed" in refused.content.decode()
    done = browser.post(
        f"/t/{tournament.slug}/manage/reopen/",
        {"reason": "wrong hand", "version": tournament.version},
        follow=True,
    )
    assert done.status_code == 200
    text = done.content.decode()
    assert "open again" in text
    assert "wrong hand" in text
    assert Tournament.objects.get(pk=tournament.pk).finished_at is None


def test_a_change_to_counted_standings_marks_the_series_stale_in_its_transaction(
    cup: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    """The wiring's promise (the services refuse such changes while finished; a repair that changed them
    anyway would still reach the series): a penalty, a withdrawal or a setting of a finished tournament
    marks its series stale with the change; of a tournament in play, which no series counts yet, nothing."""
    from tournaments.core import events

    series_state = SeriesState.objects.get(series=cup["series"])
    assert series_state.stale_since is None
    for event in (events.PENALTY_CHANGED, events.REGISTRATION_CHANGED, events.TOURNAMENT_SAVED):
        SeriesState.objects.update(stale_since=None)
        events.publish(event, tournament_id=cup["tournament"].pk)
        assert SeriesState.objects.get(pk=series_state.pk).stale_since is not None, event
    with django_capture_on_commit_callbacks(execute=True):
        cup["client"].post(f"{cup['url']}reopen/", {"reason": "recount"}, format="json")
    version = SeriesState.objects.get(pk=series_state.pk).version
    events.publish(events.PENALTY_CHANGED, tournament_id=cup["tournament"].pk)  # in play again
    assert SeriesState.objects.get(pk=series_state.pk).version == version


def test_the_admin_reopens_with_a_reason_through_the_service(cup: dict[str, Any]) -> None:
    from django.test import Client

    tournament, staff = cup["tournament"], cup["organizer"]
    staff.is_superuser = True
    staff.save()
    admin = Client()
    admin.force_login(staff)
    url = "/admin/tournaments/tournament/"
    asked = admin.post(url, {"action": "reopen", "_selected_action": [tournament.pk]})
    assert asked.status_code == 200
    assert "reason" in asked.content.decode()  # asks for the reason first; nothing changed yet
    assert Tournament.objects.get(pk=tournament.pk).finished_at is not None
    admin.post(
        url, {"action": "reopen", "_selected_action": [tournament.pk], "apply": "Apply", "reason": "recount"}
    )
    reopened = Tournament.objects.get(pk=tournament.pk)
    assert reopened.finished_at is None
    assert reopened.reopenings.get().reason == "recount"
