"""The engine's errors on the pages read in the reader's language (issue 21 §6): a table's phone set to
Hungarian or German sees the engine's refusal of a hand summary in that language, beside the field."""

from __future__ import annotations

import re

import pytest

from tests.pages.test_entry import hand_url, round2_tables, seated, summary_form
from tournaments.organizing.models import Tournament
from tournaments.results.models import HandSubmission

pytestmark = pytest.mark.django_db

FIELD_ERROR = re.compile(r'<p class="field-error" id="id_card_points-error">([^<]+)</p>')


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("hu", "10 kártyapont lehetetlen 6 ütéssel, ha a licit kettő (lehetséges: 26..78)"),
        ("de", "10 ist mit 6 Stich(en) bei einem Gebot von zwei unmöglich (möglich: 26..78)"),
        ("en", "10 impossible with 6 trick(s) for a two (possible: 26..78)"),
    ],
)
def test_the_summary_preview_shows_the_engines_error_beside_the_field_in_the_readers_language(
    cup: Tournament, language: str, expected: str
) -> None:
    _, four = round2_tables(cup)
    phone = seated(four, "A")
    impossible = phone.post(
        hand_url(four, 1, "summary"), summary_form(four, 1, card_points=10), HTTP_ACCEPT_LANGUAGE=language
    )
    assert impossible.status_code == 400
    html = impossible.content.decode()
    assert f'<html lang="{language}"' in html
    error = FIELD_ERROR.search(html)
    assert error
    assert error.group(1) == expected
    assert not HandSubmission.objects.filter(hand__table=four).exists()
