from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.factories import TournamentFactory
from tournaments import services
from tournaments.participants.models import Player, Registration

pytestmark = pytest.mark.django_db

CSV = """name,club,rating,external_id
Kovács Anna,Szegedi Tarokk Kör,1500,HU-1
Szabó Bence,Pécsi Pagát Klub,,HU-2
Tóth Csaba,,1320,
"""


def test_it_imports_players_from_csv_and_registers_them() -> None:
    tournament = TournamentFactory()
    report = services.players_import_csv(tournament, CSV, check_in=True)
    assert (report.created, report.registered) == (3, 3)
    anna = Player.objects.get(external_id="HU-1")
    assert (anna.name, anna.club.name, anna.rating) == ("Kovács Anna", "Szegedi Tarokk Kör", 1500)
    assert set(Registration.objects.values_list("status", flat=True)) == {Registration.Status.CHECKED_IN}


def test_it_updates_known_players_on_a_second_import() -> None:
    tournament = TournamentFactory()
    services.players_import_csv(tournament, CSV)
    report = services.players_import_csv(tournament, CSV.replace("1500", "1600"))
    assert (report.created, report.updated) == (0, 3)
    assert Player.objects.get(external_id="HU-1").rating == 1600
    assert Registration.objects.count() == 3


def test_it_rejects_a_file_with_a_bad_row_and_stores_nothing() -> None:
    tournament = TournamentFactory()
    with pytest.raises(ValidationError) as err:
        services.players_import_csv(tournament, CSV + "Varga Dóra,,strong,\n")
    assert "line 5" in err.value.message_dict["file"][0]
    assert Player.objects.count() == 0


def test_it_needs_a_header_with_a_name_column() -> None:
    with pytest.raises(ValidationError):
        services.players_import_csv(TournamentFactory(), "Kovács Anna,1500\n")
