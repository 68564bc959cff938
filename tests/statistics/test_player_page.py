"""The player's page makes each tournament's row once in Python (a busy player has 500): the rows read as
the template's tags and filters made them, in every language, and the page's queries do not grow with the
player's tournaments."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.template import Context, Template
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tournaments import selectors, services
from tournaments.core.formats import game_of
from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db

# The rows as the template's tags made them before the page made them in Python (kept here as the reference).
TAGS_ROWS = Template(
    """{% load i18n %}{% for line in played %}
    <tr role="row">
      <th scope="row" role="rowheader"><a class="row-link" href="{% url 'tournaments:player' line.tournament.slug player.pk %}">{{ line.tournament.name }}</a>{% if not line.finished %} <span class="badge badge-live">{% translate "running" %}</span>{% endif %}
        <span class="sub"><time datetime="{{ line.tournament.starts_on|date:'Y-m-d' }}">{{ line.tournament.starts_on|date:"DATE_FORMAT" }}</time> · {{ line.game_name }}</span></th>
      <td role="cell" class="num">{% if line.rank %}{% blocktranslate with r=line.rank n=line.field_size %}{{ r }} of {{ n }}{% endblocktranslate %}{% else %}–{% endif %}</td>
      <td role="cell" class="num">{{ line.total|floatformat:"-2"|default:"–" }}</td>
    </tr>{% endfor %}"""  # noqa: E501
)


def play(table, organizer, deals: int = 2) -> None:
    """``deals`` hands entered by the organizer as payments (A and B win 3 a hand from C and D)."""
    for number in range(1, deals + 1):
        deal = services.next_deal(table, number)
        a, b, c, d = deal.active
        services.hand_submit(
            table=table,
            number=number,
            source="payments",
            data={"payments": {a: 3, b: 3, c: -3, d: -3}},
            entered_by=organizer,
            trusted=True,
        )


@pytest.fixture
def anna(django_capture_on_commit_callbacks):
    """Anna played two public tournaments (one running, one of Koenigrufen) and entered a third."""
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    anna = PlayerFactory(name="Anna")
    running = TournamentFactory(name="Őszi <kupa>", is_public=True, status=Tournament.Status.RUNNING)
    vienna = TournamentFactory(
        name="Wiener Cup", is_public=True, game="koenigrufen", rules_preset="wiener_tarockcup",
        starts_on=running.starts_on.replace(month=3),
    )  # fmt: skip
    entered = TournamentFactory(name="Téli kupa", is_public=True, starts_on=running.starts_on.replace(day=28))
    with django_capture_on_commit_callbacks(execute=True):
        for tournament in (running, vienna):
            tournament.organizers.add(staff)
            play(seated_table(tournament, [anna, *PlayerFactory.create_batch(3)]), staff)
        services.player_register(entered, anna, by=staff)
    return anna


@pytest.mark.parametrize("language", ["en", "hu", "de"])
def test_the_tournaments_rows_read_as_the_tags_made_them(anna, language) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE=language).get(f"/players/{anna.pk}/").content.decode()
    with translation.override(language):
        played = selectors.player_tournaments(anna, selectors.public_tournaments().select_related("club"))
        for line in played:
            line.game_name = game_of(line.tournament).name(language)
        rows = TAGS_ROWS.render(Context({"played": played, "player": anna}))
    assert [line.rank is None for line in played] == [True, False, False]  # entered only: "–"
    assert rows in page
    assert "&lt;kupa&gt;" in rows


def test_the_page_reads_as_many_queries_for_one_tournament_as_for_three(anna) -> None:
    newcomer = PlayerFactory()
    services.player_register(TournamentFactory(is_public=True), newcomer)
    client = Client()
    with CaptureQueriesContext(connection) as one:
        assert client.get(f"/players/{newcomer.pk}/").status_code == 200
    with CaptureQueriesContext(connection) as three:
        assert client.get(f"/players/{anna.pk}/").status_code == 200
    # hers add the fields' sizes (the newcomer has no standings) and her tables' hands (the statistics'
    # miss); a field the page read beyond ``TOURNAMENT_SHOWN`` would cost a query per tournament
    assert len(three) <= len(one) + 2
