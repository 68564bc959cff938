"""A table code a phone types is only ever looked up when it can be one (issue 31 §6): a NUL in it (typed
into the code form, or in the table page's URL) was a 500 with PostgreSQL's "text fields cannot contain
NUL" (the same lookup serves the API's X-Table-Code). Now it is a wrong code like any other: the code
form again with why, and counted towards the wrong codes' limit."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.organizing.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "code", ["AB\x00CD", "\x00", "ÁRVÍZ1", "AB CD"], ids=["NUL", "only NUL", "accents", "space"]
)
def test_a_code_that_cannot_be_one_is_a_wrong_code_not_an_error(
    cup: Tournament, code: str, settings: Any
) -> None:
    settings.API_TABLE_CODE_FAILURES_PER_MINUTE = 2
    phone = Client(raise_request_exception=False)
    start = reverse("tournaments:entry", kwargs={"slug": cup.slug})
    typed = phone.get(start, {"code": code})
    assert typed.status_code == 404, typed.content[:300]
    assert "There is no table with the code" in typed.content.decode()
    direct = phone.get(reverse("tournaments:entry-table", kwargs={"slug": cup.slug, "code": code}))
    assert direct.status_code == 404, direct.content[:300]
    assert "There is no table" in direct.content.decode()
    # both counted: the next code, even a right one, waits
    assert phone.get(start, {"code": "NOPE99"}).status_code == 429
