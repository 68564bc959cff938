"""The organizer pages through Django's test client: the guard, running a round from draft to closed (the
draft drawn by a job), the tables' progress, disputes side by side with resolve and void, and refusals
that show the service's message and store nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.site_data import finish_round, play_table, played_payments
from tournaments import selectors, services
from tournaments.draw.models import Job, Round, Seat
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand, HandSubmission

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")


@pytest.fixture
def org(client: Any, organizer_user: Any) -> Any:
    client.force_login(organizer_user)
    return client


@pytest.fixture
def post(org: Any, django_capture_on_commit_callbacks: Any) -> Any:
    """POST as the organizer; what the commit sends (the job, the validator) runs as in production."""

    def send(url: str, data: dict[str, Any], **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return org.post(url, data, **kwargs)

    return send


def round2(cup: Tournament) -> Round:
    return cup.rounds.get(number=2)


def close_round2(cup: Tournament, organizer: Any) -> Round:
    return finish_round(round2(cup), organizer)


def make_dispute(cup: Tournament) -> Dispute:
    """Two seats of table 1 of round 2 enter different payments for hand 1."""
    table = round2(cup).tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("position"))
    good = played_payments(table, 1)
    other = {p: -v for p, v in good.items()}
    for seat, payments in ((seats[0], good), (seats[1], other)):
        services.hand_submit(
            table=table, number=1, source="payments", data={"payments": payments}, submitted_by=seat.player
        )
    return Dispute.objects.get(hand__table=table)


# --- the guard -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/t/cup/manage/", "/t/cup/manage/rounds/2/", "/t/cup/manage/disputes/"], ids=str
)
def test_anonymous_visitors_are_sent_to_the_login_page(client: Any, cup: Tournament, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next={path}"


def test_the_login_page_signs_in_and_goes_back(client: Any, cup: Tournament) -> None:
    page = client.get("/accounts/login/?next=/t/cup/manage/")
    assert page.status_code == 200
    assert 'name="next" value="/t/cup/manage/"' in page.content.decode()
    wrong = client.post("/accounts/login/", {"username": "organizer", "password": "nope", "next": "/x/"})
    assert wrong.status_code == 200
    assert "msg-error" in wrong.content.decode()
    response = client.post(
        "/accounts/login/", {"username": "organizer", "password": "pw-org-12345", "next": "/t/cup/manage/"}
    )
    assert (response.status_code, response["Location"]) == (302, "/t/cup/manage/")
    assert client.get("/t/cup/manage/").status_code == 200
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get("/t/cup/manage/").status_code == 302


def test_someone_who_does_not_organize_the_tournament_gets_403(client: Any, cup: Tournament) -> None:
    client.force_login(get_user_model().objects.create_user("player", password="pw-player-123"))
    for path in ("/t/cup/manage/", "/t/cup/manage/rounds/2/", "/t/cup/manage/disputes/"):
        assert client.get(path).status_code == 403
    assert client.post("/t/cup/manage/rounds/2/", {"action": "close", "version": "1"}).status_code == 403
    assert client.get("/t/nope/manage/").status_code == 404


def test_a_superuser_may_manage_any_tournament(client: Any, cup: Tournament) -> None:
    client.force_login(get_user_model().objects.create_superuser("root", password="pw-root-12345"))
    assert client.get("/t/cup/manage/").status_code == 200


# --- the dashboard -------------------------------------------------------------------------------------


def test_the_dashboard_lists_the_rounds_disputes_and_printables(org: Any, cup: Tournament) -> None:
    make_dispute(cup)
    page = org.get("/t/cup/manage/").content.decode()
    assert "/t/cup/manage/rounds/1/" in page
    assert "/t/cup/manage/rounds/2/" in page
    assert "In play" in page
    assert "Closed" in page
    assert "Close round 2 before drawing the next one." in page
    assert '<p class="big-number alert">1</p>' in page
    assert "/t/cup/manage/rounds/2/cards/" in page
    assert "/t/cup/print/standings/" in page


# --- running a round -----------------------------------------------------------------------------------


def test_the_next_round_is_drawn_by_a_job_and_its_draft_shown(
    org: Any, post: Any, cup: Tournament, organizer_user: Any
) -> None:
    close_round2(cup, organizer_user)
    assert "Draw round 3" in org.get("/t/cup/manage/").content.decode()
    response = post("/t/cup/manage/rounds/next/", {"method": "random", "seed": "page-3"})
    job = Job.objects.get()
    assert response["Location"] == f"/t/cup/manage/jobs/{job.pk}/"
    assert (job.status, job.result["round"], job.requested_by) == ("done", 3, organizer_user)
    status = org.get(f"/t/cup/manage/jobs/{job.pk}/status/").json()
    assert (status["status"], status["round_url"]) == ("done", "/t/cup/manage/rounds/3/")
    follow = org.get(response["Location"], follow=True)
    assert follow.redirect_chain[-1][0] == "/t/cup/manage/rounds/3/"
    page = follow.content.decode()
    assert "Round 3 is drawn: check the draft." in page
    round3 = cup.rounds.get(number=3)
    assert round3.status == "draft"
    assert round3.seed == "page-3"
    for seat in Seat.objects.filter(round=round3).select_related("player"):
        assert seat.player.name in page
    assert "first dealer" in page
    assert "Confirm the draw" in page
    assert "page-3" in page


def test_a_job_still_queued_shows_its_progress_and_refreshes(org: Any, cup: Tournament, organizer_user):
    close_round2(cup, organizer_user)
    # requested without running the commit's task: the job stays queued, as while the worker is busy
    job = services.job_request(Job.Kind.GENERATE, cup, by=organizer_user)
    assert job.status == "queued"
    page = org.get(f"/t/cup/manage/jobs/{job.pk}/").content.decode()
    assert "Queued" in page
    assert 'http-equiv="refresh"' in page
    assert "<progress" in page
    assert org.get(f"/t/cup/manage/jobs/{job.pk}/status/").json()["active"] is True
    assert f"/t/cup/manage/jobs/{job.pk}/" in org.get("/t/cup/manage/").content.decode()


def test_a_refused_draw_shows_why_and_stores_nothing(org: Any, post: Any, cup: Tournament) -> None:
    response = post("/t/cup/manage/rounds/next/", {"seed": "x"})  # round 2 is still in play
    assert response.status_code == 409
    assert "close round 2 before drawing round 3" in response.content.decode()
    assert not Job.objects.exists()
    assert cup.rounds.count() == 2


@pytest.fixture
def draft(post: Any, cup: Tournament, organizer_user: Any) -> Round:
    close_round2(cup, organizer_user)
    post("/t/cup/manage/rounds/next/", {"method": "random", "seed": "draft-3"})
    return cup.rounds.get(number=3)


def groups(round_: Round) -> list[list[int]]:
    return [[s.player_id for s in t.seats.order_by("position")] for t in round_.tables.order_by("number")]


def test_redraw_with_a_given_seed(org: Any, post: Any, draft: Round) -> None:
    response = post(
        "/t/cup/manage/rounds/3/", {"action": "redraw", "seed": "again", "version": draft.version}
    )
    job = Job.objects.filter(kind="redraw").get()
    assert response["Location"] == f"/t/cup/manage/jobs/{job.pk}/"
    assert org.get(response["Location"])["Location"] == "/t/cup/manage/rounds/3/"
    draft.refresh_from_db()
    assert (draft.seed, draft.status, draft.version) == ("again", "draft", 2)
    assert "again" in org.get("/t/cup/manage/rounds/3/").content.decode()


def test_edit_swaps_two_players_and_moves_one(org: Any, post: Any, draft: Round) -> None:
    before = groups(draft)
    a, b = before[0][0], before[1][0]
    response = post(
        "/t/cup/manage/rounds/3/", {"action": "edit", "player": a, "target": f"p:{b}", "version": 1}
    )
    assert response.status_code == 302
    draft.refresh_from_db()
    after = groups(draft)
    assert after[0][0] == b
    assert after[1][0] == a
    assert draft.method == "manual"
    assert "The draw was changed by hand." in org.get("/t/cup/manage/rounds/3/").content.decode()
    # moving a player from the 5-table to the 4-table leaves legal tables (4 and 5)
    five = 0 if len(after[0]) == 5 else 1
    mover = after[five][-1]
    response = post(
        "/t/cup/manage/rounds/3/",
        {"action": "edit", "player": mover, "target": f"t:{2 - five}", "version": draft.version},
    )
    assert response.status_code == 302
    draft.refresh_from_db()
    assert groups(draft)[1 - five][-1] == mover


def test_an_edit_the_draw_rules_refuse_shows_the_message_and_stores_nothing(post: Any, draft: Round) -> None:
    before = groups(draft)
    four = 0 if len(before[0]) == 4 else 1
    mover = before[four][0]  # leaves 3 and 6 at the tables
    response = post(
        "/t/cup/manage/rounds/3/",
        {"action": "edit", "player": mover, "target": f"t:{2 - four}", "version": 1},
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was changed" in page
    assert "Tables:" in page
    draft.refresh_from_db()
    assert (groups(draft), draft.version, draft.method) == (before, 1, "random")
    bad = post("/t/cup/manage/rounds/3/", {"action": "edit", "player": mover, "target": "", "version": 1})
    assert bad.status_code == 400
    assert "choose another player to swap with" in bad.content.decode()


def test_a_stale_version_is_a_conflict_and_stores_nothing(org: Any, post: Any, draft: Round) -> None:
    services.round_redraw(draft, seed="meanwhile")  # someone else, after the page was loaded (version 1)
    response = post("/t/cup/manage/rounds/3/", {"action": "confirm", "version": 1})
    assert response.status_code == 409
    page = response.content.decode()
    assert "Someone else changed this round since you opened the page" in page
    draft.refresh_from_db()
    assert (draft.status, draft.version) == ("draft", 2)
    response = post("/t/cup/manage/rounds/3/", {"action": "redraw", "seed": "x", "version": 1})
    assert response.status_code == 409
    assert not Job.objects.filter(kind="redraw").exists()


def test_confirm_publish_and_start_then_watch_the_tables(
    org: Any, post: Any, draft: Round, organizer_user: Any
) -> None:
    url = "/t/cup/manage/rounds/3/"
    for version, action, status in (
        (1, "confirm", "confirmed"),
        (2, "publish", "published"),
        (3, "start", "in_play"),
    ):
        response = post(url, {"action": action, "version": version})
        assert (response.status_code, response["Location"]) == (302, url)
        draft.refresh_from_db()
        assert draft.status == status
    assert draft.started_at
    assert draft.ends_at
    page = org.get(url).content.decode()
    assert "The round has started: the timer runs." in page
    assert "0 of 9 deals done · 0 of 2 tables complete" in page
    assert "Close the round" in page
    table = draft.tables.get(number=1)
    assert selectors.active_table_code(table) in page  # the codes are shown
    # one table plays 2 hands; a seat enters hand 3 (awaiting its confirmation)
    play_table(table, organizer_user, hands=2)
    seat = table.seats.select_related("player").first()
    services.hand_submit(
        table=table, number=3, source="payments", data={"payments": played_payments(table, 3)},
        submitted_by=seat.player,
    )  # fmt: skip
    fragment = org.get(url + "progress/").content.decode()
    assert "2 of 9 deals done" in fragment
    assert "1 awaiting confirmation" in fragment
    row = fragment.split('data-table="1"')[1].split("</tr>")[0]
    deals = 5 if table.seats.count() == 5 else 4
    assert f'<span class="count">2/{deals}</span>' in row


def test_close_is_refused_while_hands_are_missing_and_accepted_once_complete(
    org: Any, post: Any, cup: Tournament, organizer_user: Any
) -> None:
    round_ = round2(cup)
    table1, table2 = round_.tables.order_by("number")
    play_table(table1, organizer_user)
    response = post("/t/cup/manage/rounds/2/", {"action": "close", "version": round_.version})
    assert response.status_code == 409
    page = response.content.decode()
    assert "cannot close" in page
    assert "table 2: 0/" in page
    round_.refresh_from_db()
    assert round_.status == "in_play"
    play_table(table2, organizer_user)
    asked = post("/t/cup/manage/rounds/2/", {"action": "close", "version": round_.version})
    assert asked.status_code == 200  # the timer runs: asked first
    assert "Yes, close it now" in asked.content.decode()
    confirmed = {"action": "close", "version": round_.version, "confirm": "1"}
    response = post("/t/cup/manage/rounds/2/", confirmed)
    assert response.status_code == 302
    round_.refresh_from_db()
    assert round_.status == "closed"
    assert "The round is closed." in org.get("/t/cup/manage/rounds/2/").content.decode()


def test_unknown_rounds_and_actions(org: Any, post: Any, cup: Tournament) -> None:
    assert org.get("/t/cup/manage/rounds/9/").status_code == 404
    assert post("/t/cup/manage/rounds/2/", {"action": "explode", "version": 1}).status_code == 400
    assert post("/t/cup/manage/rounds/2/", {"action": "close"}).status_code == 400


# --- disputes ------------------------------------------------------------------------------------------


def test_the_disputes_list_and_one_dispute_side_by_side(org: Any, cup: Tournament) -> None:
    dispute = make_dispute(cup)
    listing = org.get("/t/cup/manage/disputes/").content.decode()
    assert f"/t/cup/manage/disputes/{dispute.pk}/" in listing
    assert "Round 2, table 1, hand 1" in listing
    page = org.get(f"/t/cup/manage/disputes/{dispute.pk}/").content.decode()
    assert "Version 1" in page
    assert "Version 2" in page
    for seat in dispute.hand.table.seats.select_related("player")[:2]:
        assert seat.player.name in page
    assert "Resolve: choose a version" in page
    assert "Void the hand" in page


def test_resolving_a_dispute_by_choosing_a_version(org: Any, post: Any, cup: Tournament) -> None:
    dispute = make_dispute(cup)
    dispute.refresh_from_db()
    finding = dispute.findings.first()
    url = f"/t/cup/manage/disputes/{dispute.pk}/"
    if finding is not None:  # the validator escalated it: its finding shows
        assert finding.explanation[:40] in org.get(url).content.decode()
    response = post(
        url, {"action": "resolve", "chosen": 2, "note": "sheet checked", "version": dispute.version}
    )
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert (dispute.status, dispute.chosen.version) == ("resolved", 2)
    assert dispute.hand.submissions.get(version=2).status == "confirmed"
    page = org.get(url).content.decode()
    assert "Version 2 is now the hand" in page
    assert "sheet checked" in page
    listing = org.get("/t/cup/manage/disputes/").content.decode()
    assert "No open dispute." in listing
    assert "sheet checked" in listing


def test_voiding_the_hand(org: Any, post: Any, cup: Tournament) -> None:
    dispute = make_dispute(cup)
    url = f"/t/cup/manage/disputes/{dispute.pk}/"
    refused = post(url, {"action": "void", "reason": "  "})
    assert refused.status_code == 400
    assert "Reason: must not be empty" in refused.content.decode()
    assert Dispute.objects.get(pk=dispute.pk).status == "open"
    response = post(url, {"action": "void", "reason": "cards misdealt"})
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert dispute.status == "voided"
    assert Hand.objects.get(pk=dispute.hand_id).status == "voided"
    assert "cards misdealt" in org.get(url).content.decode()


def test_a_stale_dispute_or_no_choice_stores_nothing(post: Any, cup: Tournament) -> None:
    dispute = make_dispute(cup)
    url = f"/t/cup/manage/disputes/{dispute.pk}/"
    stale = post(url, {"action": "resolve", "chosen": 1, "version": dispute.version - 1 or 99})
    assert stale.status_code == 409
    assert "Someone else changed this dispute" in stale.content.decode()
    none = post(url, {"action": "resolve", "version": dispute.version})
    assert none.status_code == 400
    assert "choose one of the versions" in none.content.decode()
    assert Dispute.objects.get(pk=dispute.pk).status == "open"
    assert not HandSubmission.objects.filter(hand=dispute.hand, status="confirmed").exists()


def test_a_record_shows_its_facts_and_scored_items_and_the_validators_decision_can_be_overridden(
    org: Any, post: Any, cup: Tournament, django_capture_on_commit_callbacks: Any
) -> None:
    from engine.hungarian.bots import RuleBot, play_hand
    from tournaments.core.formats import rules_for

    table = round2(cup).tables.get(number=1)
    seats = list(table.seats.select_related("player").order_by("position"))
    deal = services.next_deal(table, 1)
    rules = rules_for("tournament", {}, {"game": "hungarian"})
    hand = play_hand(11, [RuleBot()] * 4, rules=rules, seats=list(deal.active))
    wrong = {seat.position: 0 for seat in seats} | {p: -v for p, v in hand.payments().items()}
    with django_capture_on_commit_callbacks(execute=True):  # the validator runs when the entry commits
        for seat, source, data in (
            (seats[0], "payments", {"payments": wrong}),
            (seats[1], "record", hand.record()),
        ):
            services.hand_submit(table=table, number=1, source=source, data=data, submitted_by=seat.player)
    dispute = Dispute.objects.get()
    assert (dispute.status, dispute.chosen.version) == ("resolved", 2)  # the record decides
    url = f"/t/cup/manage/disputes/{dispute.pk}/"
    page = org.get(url).content.decode()
    assert "Hand record" in page
    assert "What was played" in page  # the record's replay, in the entry form's words
    assert "Card points" in page
    assert "result.declarer_card_points" not in page  # no raw key
    assert "Scored items" in page
    assert "Decided by the validator" in page
    assert "Override the validator" in page
    assert (
        "by the validator" in org.get("/t/cup/manage/disputes/").content.decode() or "the validator" in page
    )
    response = post(url, {"action": "resolve", "chosen": 1, "note": "sheet", "version": dispute.version})
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert dispute.chosen.version == 1
    assert dispute.resolved_by is not None
