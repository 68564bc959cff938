"""tests/row_counts.py reads every model's row count in one query: the same numbers as one ``count()`` a
model."""

from __future__ import annotations

import pytest
from django.apps import apps

from tests.factories import PlayerFactory, TournamentFactory, seated_table
from tests.row_counts import row_counts


@pytest.mark.django_db
def test_it_counts_what_each_models_manager_counts() -> None:
    seated_table(TournamentFactory(), PlayerFactory.create_batch(4))
    counts = row_counts()
    models = apps.get_app_config("tournaments").get_models()
    assert counts == {model._meta.label: model.objects.count() for model in models}
    assert counts["tournaments.Player"] == 4
    assert any(count and label.startswith("tournaments.Historical") for label, count in counts.items())
