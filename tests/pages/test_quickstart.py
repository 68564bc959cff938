"""``manage.py quickstart`` ends by printing the demo tournament's pages: every one of them opens."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.management.commands.quickstart import demo_pages

pytestmark = pytest.mark.django_db(transaction=True)  # on_commit tasks run, as in a real run


def test_it_prints_pages_that_all_open(client: Any) -> None:
    call_command("demo", "--players", "9", "--rounds", "2", "--deals", "4", "--live", stdout=io.StringIO())
    client.force_login(get_user_model().objects.create_superuser("admin"))
    pages = dict(demo_pages())
    assert any(label.startswith("enter results at table 1") for label in pages)
    for label, path in pages.items():
        answer = client.get(path, follow=True)
        assert answer.status_code == 200, (label, path, answer.status_code)
