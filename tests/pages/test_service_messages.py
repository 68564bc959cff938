"""The services' messages in the reader's language (issue 21 §6), the way people meet them: a refusal on a
Hungarian and a German page and in the API (``Accept-Language``), with the code and the raw params the
same in every language; a dispute's reason and the validator's finding, written while a German player was
entering, read by a Hungarian organizer on the dispute page and through the API; a finding stored before
findings were kept as data still reads as it was stored; raw values (the draw method) by their labels."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils import translation

from tests.api.conftest import client_with_token, table_client
from tests.pages.conftest import cup_of_the_cup, organizer_user_of_the_cup
from tests.pages.test_entry import hand_url, payments_form, round2_tables, seated
from tests.pages.test_organizer import make_dispute, round2
from tests.site_data import play_table, played_payments
from tournaments import services
from tournaments.organizing.models import Tournament
from tournaments.results.models import DisputeFinding, HandSubmission
from tournaments.results.services.disputes import dispute_validate

pytestmark = pytest.mark.django_db

# every test starts from the site's cup: it is built once for the module (tests/pages/conftest.py)
organizer_user = pytest.fixture(organizer_user_of_the_cup, name="organizer_user")
cup = pytest.fixture(cup_of_the_cup, name="cup")

#: words of the English templates that no Hungarian or German rendering of them contains
ENGLISH = re.compile(r"\b(must|the|is|are|cannot|round|hand|payments|version|table|deals|only|gave)\b")


def english_free(text: str) -> None:
    words = ENGLISH.findall(text)
    assert not words, f"English in {text!r}: {words}"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("hu", "a kifizetések összegének nullának kell lennie (az összegük 2)"),
        ("de", "die Zahlungen müssen null ergeben (sie ergeben 2)"),
        ("en", "payments must sum to zero (they sum to 2)"),
    ],
)
def test_a_refused_entry_reads_in_the_language_of_the_phone(
    cup: Tournament, language: str, expected: str
) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    payments = dict.fromkeys("ABCD", 0) | {"A": 3, "B": -1}
    bad = phone.post(
        hand_url(four, 1, "payments"), payments_form(four, 1, payments, "z1"), HTTP_ACCEPT_LANGUAGE=language
    )
    assert bad.status_code == 400
    html = bad.content.decode()
    assert f'<html lang="{language}"' in html
    assert expected in html
    if language != "en":
        assert "payments must sum to zero" not in html
    assert not HandSubmission.objects.filter(hand__table__round__number=2).exists()


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("hu", ["Forduló: nem zárható le:", "2. asztal: 0/"]),
        ("de", ["Runde: kann nicht abgeschlossen werden:", "Tisch 2: 0/"]),
    ],
)
def test_the_organizer_reads_why_a_round_cannot_close_in_their_language(
    client: Any, cup: Tournament, organizer_user: Any, language: str, expected: list[str]
) -> None:
    client.force_login(organizer_user)
    round_ = round2(cup)
    table1, _ = round_.tables.order_by("number")
    play_table(table1, organizer_user)
    response = client.post(
        "/t/cup/manage/rounds/2/",
        {"action": "close", "version": round_.version},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 409
    page = response.content.decode()
    for text in expected:
        assert text in page
    assert "cannot close" not in page
    assert "deals confirmed" not in page
    assert "round: " not in page  # the field it names reads translated too
    round_.refresh_from_db()
    assert round_.status == "in_play"


def test_a_refused_draw_and_the_draw_method_read_in_the_organizers_language(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    client.force_login(organizer_user)
    response = client.post("/t/cup/manage/rounds/next/", {"seed": "x"}, HTTP_ACCEPT_LANGUAGE="de")
    assert response.status_code == 409
    assert "schließe Runde 2 ab, bevor du Runde 3 auslost" in response.content.decode()
    assert "close round 2" not in response.content.decode()
    dashboard = client.get("/t/cup/manage/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    labels = {
        "random": "véletlen sorsolás",
        "swiss": "Svájci (a tabella alapján)",
        "balanced": "kiegyensúlyozott (a lehető legkevesebb ismétlődő ellenféllel)",
    }
    for round_ in cup.rounds.all():  # the rounds' list names each draw method by its label
        cell = '<td role="cell" data-label="Párosítás">'
        assert f"{cell}{labels[round_.method]} <span" in dashboard
        assert f"{cell}{round_.method} <span" not in dashboard


SAMPLES = [
    # (what is sent, the field, the code, the params)
    ({"entered_by": "A", "payments": {"A": 3, "B": -1, "C": 0, "D": 0}}, "payments", "zero_sum", {"sum": 2}),
    (
        {"entered_by": "A", "payments": {"A": 99999, "B": -99999, "C": 0, "D": 0}},
        "payments.A",
        "invalid",
        None,
    ),
    ({"entered_by": "A", "payments": {"A": "x", "B": 0, "C": 0, "D": 0}}, "payments.A", "invalid", {}),
    ({"entered_by": "A", "payments": {"A": 0, "B": 0}}, "payments", "invalid", {"positions": "A, B, C, D"}),
]


@pytest.mark.parametrize("sample", range(len(SAMPLES)))
def test_the_apis_refusals_read_in_the_requests_language_with_the_same_code_and_params(
    cup: Tournament, sample: int
) -> None:
    body, field, code, params = SAMPLES[sample]
    _, four = round2_tables(cup)
    api = table_client(four)
    path = f"/api/v1/tournaments/cup/rounds/2/tables/{four.number}/hands/1/submissions/"
    answers = {}
    for language in ("en", "hu", "de"):
        response = api.post(path, body, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 400, response.content
        assert response["Content-Language"] == language
        (error,) = response.json()["errors"]
        assert (error["field"], error["code"]) == (field, code)
        if params is not None:
            assert error["params"] == params
        answers[language] = error
    assert answers["hu"]["params"] == answers["de"]["params"] == answers["en"]["params"]
    for language in ("hu", "de"):
        assert answers[language]["message"] != answers["en"]["message"]
        english_free(answers[language]["message"])
    assert not HandSubmission.objects.filter(hand__table=four).exists()


def test_a_finding_written_in_german_reads_in_hungarian_to_the_organizer(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    with translation.override("de"):  # a German phone enters, and the validator weighs it meanwhile
        dispute = make_dispute(cup)
        finding = dispute_validate(dispute.pk)
    assert finding is not None
    assert finding.explanation_data
    assert "The organizer decides." in finding.explanation  # the English text is kept beside the data

    client.force_login(organizer_user)
    page = client.get(f"/t/cup/manage/disputes/{dispute.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "az asztal két játékosa eltérő eredményt írt be" in page  # the reason
    assert "csak kifizetéseket adott meg, és ezek eltérnek" in page  # the finding
    assert "A szervező dönt." in page
    for english in ("two table members", "gave only payments", "The organizer decides", "Spielerpartei"):
        assert english not in page
    listing = client.get("/t/cup/manage/disputes/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "az asztal két játékosa eltérő eredményt írt be" in listing

    hand = dispute.hand
    api = client_with_token(organizer_user)
    hands = f"/api/v1/tournaments/cup/rounds/2/tables/{hand.table.number}/hands/"
    url = f"{hands}{hand.number}/disputes/{dispute.pk}/"
    body = api.get(url, HTTP_ACCEPT_LANGUAGE="hu").json()
    assert body["reason"] == "az asztal két játékosa eltérő eredményt írt be"
    (found,) = body["findings"]
    assert found["explanation"].endswith("A szervező dönt.")
    english_free(found["explanation"].split("(")[0])
    assert found["explanation_data"]["t"] == "%(why)s The organizer decides."
    german = api.get(url, HTTP_ACCEPT_LANGUAGE="de").json()
    assert german["findings"][0]["explanation"].endswith("Die Turnierleitung entscheidet.")


def test_a_finding_stored_as_text_before_still_reads_as_it_was_stored(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    dispute = make_dispute(cup)
    finding = dispute_validate(dispute.pk)
    assert finding is not None
    DisputeFinding.objects.filter(pk=finding.pk).update(  # a row from before explanation_data
        explanation="Escalated by an older validator. The organizer decides.", explanation_data=None
    )
    dispute.__class__.objects.filter(pk=dispute.pk).update(reason="we disagree", reason_data=None)
    client.force_login(organizer_user)
    page = client.get(f"/t/cup/manage/disputes/{dispute.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "Escalated by an older validator. The organizer decides." in page
    assert "we disagree" in page


def test_the_organizers_entry_in_a_dispute_is_noted_in_the_readers_language(
    client: Any, cup: Tournament, organizer_user: Any
) -> None:
    dispute = make_dispute(cup)
    table = dispute.hand.table
    with translation.override("de"):
        entered = services.dispute_resolve(
            dispute,
            resolved_by=organizer_user,
            data={"payments": played_payments(table, 1)},
            source="payments",
        )
    assert entered.note == "dispute resolution"  # English beside the data
    client.force_login(organizer_user)
    page = client.get(f"/t/cup/manage/disputes/{dispute.pk}/", HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    assert "a vita eldöntése" in page
    assert "dispute resolution" not in page
