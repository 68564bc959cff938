"""The round and finish forms' refusals name the field as the organizer's pages label it, never by its key
or a Python type, in English, Hungarian and German (issue 31 §4.6); the forms of a new tournament, the
format, the registration desk and a player's record have their own tests (tests/organizing,
tests/participants)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tests.site_data import finish_round
from tournaments import services
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db


def lines(response: Any) -> list[str]:
    """The refusal's lines as the page shows them (``_failure.html``)."""
    box = re.search(r'<div class="msg msg-error" role="alert">(.*?)</div>', response.content.decode(), re.S)
    assert box, "no refusal on the page"
    return [
        html.unescape(re.sub(r"<[^>]+>", "", li)).strip()
        for li in re.findall(r"<li>(.*?)</li>", box.group(1), re.S)
    ]


@pytest.fixture
def web(client: Any, organizer_user: Any) -> Any:
    client.force_login(organizer_user)
    return client


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Swap with, or move to: choose another player to swap with, or a table to move to"),
        (
            "hu",
            "Csere vele, vagy áthelyezés ide: válassz egy másik játékost a cseréhez, vagy egy asztalt az "
            "áthelyezéshez",
        ),
    ],
)
def test_a_draw_edits_refusal_names_the_field_as_the_form_labels_it(
    web: Any, cup: Tournament, organizer_user: Any, language: str, expected: str
) -> None:
    finish_round(cup.rounds.get(number=2), organizer_user)
    draft = services.round_generate(cup, seed="errors", by=organizer_user)
    player = draft.tables.first().seats.first().player_id
    web.cookies["django_language"] = language
    response = web.post(
        "/t/cup/manage/rounds/3/",
        {"action": "edit", "version": draft.version, "player": player, "target": "nowhere"},
    )
    assert response.status_code == 400
    assert lines(response) == [expected]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Round: close round 2 before finishing the tournament"),
        ("hu", "Forduló: a verseny befejezése előtt zárd le a(z) 2. fordulót"),
        ("de", "Runde: schließe Runde 2, bevor du das Turnier beendest"),
    ],
)
def test_a_refused_finish_names_the_round(web: Any, cup: Tournament, language: str, expected: str) -> None:
    web.cookies["django_language"] = language
    response = web.post("/t/cup/manage/finish/", {"confirm": "1"})
    assert response.status_code == 409
    assert lines(response) == [expected]


def test_a_field_without_a_label_is_never_shown_by_its_key(web: Any, cup: Tournament) -> None:
    response = web.post("/t/cup/manage/rounds/2/", {"action": "close"})  # no version on the form
    assert lines(response) == ["the form has no round version: reload the page"]
