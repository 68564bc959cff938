"""Two workers rating the same finished tournament at once, and two tournaments of one game rated at once
(PostgreSQL, real threads): one run per tournament, consecutive sequences, every player's rating counted
once. Run by .ci/run; skipped on SQLite."""

from __future__ import annotations

import pytest

from tests.factories import PlayerFactory
from tests.ratings.builders import finished_from_places
from tests.tournaments.test_concurrency import _on_postgresql, race  # noqa: F401 (the fixture is used by name)
from tournaments.ratings.models import PlayerRating, RatingChange, RatingRun
from tournaments.ratings.services import ratings_update

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_concurrent_updates_rate_each_tournament_once_in_sequence() -> None:
    p = PlayerFactory.create_batch(6)
    one = finished_from_places([[[(p[0], 1), (p[1], 2), (p[2], 3), (p[3], 4)]]])
    two = finished_from_places([[[(p[0], 2), (p[4], 1), (p[5], 3)]]], minutes=1)
    outcomes = race(*(lambda t=t: ratings_update(t) for t in (one, one, two, two)))
    assert outcomes[0].pk == outcomes[1].pk
    assert outcomes[2].pk == outcomes[3].pk
    assert sorted(RatingRun.objects.values_list("sequence", flat=True)) == [1, 2]
    assert RatingChange.objects.count() == 7
    assert PlayerRating.objects.get(player=p[0]).tournaments == 2  # both counted, each once
