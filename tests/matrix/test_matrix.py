"""One matrix (issue 31 §3): for every game of the registry, each of its presets and each table size the
preset allows (``tests/matrix/cases.py``), a tournament runs through the site as its users do
(``tests/matrix/flow.py``): the phone's summary form (every distinct plausible summary previewed) and
payments form, the entry page as every seat while a hand waits, confirmation from another phone and on the
same phone, a contest, the organizer's dispute page with a correction entered as a summary, the score
sheet, live and final standings, the projector, the printables, the player page, the statistics, the round
closed and the tournament finished, a series that counts it and its CSV, and the API's reads. A case lists
every problem it met (with where the product raised) rather than the first."""

from __future__ import annotations

from typing import Any

import pytest

from tests.matrix.cases import CASES, Case
from tests.matrix.flow import Run

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_a_tournament_of_every_game_preset_and_table_size_runs_through_the_site(
    case: Case, django_capture_on_commit_callbacks: Any
) -> None:
    problems = Run(case, django_capture_on_commit_callbacks).run()
    assert not problems, f"{case.id}: {len(problems)} problem(s)\n" + "\n".join(problems)
