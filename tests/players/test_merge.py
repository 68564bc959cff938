"""Merging two records of one person: every row follows (history included), standings stay right, the
merge is refused with its reason when it cannot be, and an undo restores exactly what was."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from tests.factories import PlayerFactory
from tournaments import services
from tournaments.core import events
from tournaments.participants.merge import player_links
from tournaments.participants.models import Player, PlayerMerge
from tournaments.standings.services import standings_snapshot

pytestmark = pytest.mark.django_db

EXPECTED_LINKS = {
    "tournaments.registration.player",
    "tournaments.historicalregistration.player",
    "tournaments.seat.player",
    "tournaments.liveseat.player",  # a live table's seat (issue 33)
    "tournaments.historicalseat.player",
    "tournaments.bye.player",
    "tournaments.historicalbye.player",
    "tournaments.penalty.player",
    "tournaments.historicalpenalty.player",
    "tournaments.handsubmission.submitted_by",
    "tournaments.handsubmission.confirmed_by",
    "tournaments.historicalhandsubmission.submitted_by",
    "tournaments.historicalhandsubmission.confirmed_by",
    "tournaments.tableresult.player",
    "tournaments.standing.player",
    "tournaments.seriesstanding.player",
    "tournaments.playerrating.player",
    "tournaments.ratingchange.player",
}


def rows_of(player: Player) -> dict[str, int]:
    """How many rows of each link name ``player``."""
    counts = {}
    for model, field in player_links():
        n = model.objects.filter(**{field.name: player}).count()
        if n:
            counts[f"{model._meta.label_lower}.{field.name}"] = n
    return counts


def test_every_foreign_key_to_a_player_is_found() -> None:
    found = {f"{m._meta.label_lower}.{f.name}" for m, f in player_links()}
    # a new foreign key to Player shows here: add it to the list (it moves with a merge already)
    assert found == EXPECTED_LINKS


def test_a_merge_moves_every_row_and_the_standings_stay_right(
    season: Any, django_capture_on_commit_callbacks: Any
) -> None:
    kept, merged = season.kovacs, season.kovacs2
    before_kept, before_merged = rows_of(kept), rows_of(merged)
    assert "tournaments.historicalseat.player" in before_merged
    snapshot = standings_snapshot(season.second)
    with django_capture_on_commit_callbacks(execute=True):
        merge = services.player_merge(kept, merged, by=season.staff, reason="the same Anna")
    assert rows_of(merged) == {}
    after = rows_of(kept)
    assert after == {k: before_kept.get(k, 0) + before_merged.get(k, 0) for k in after}
    merged.refresh_from_db()
    kept.refresh_from_db()
    assert merged.merged_into == kept
    # kept's empty fields filled from the merged record; the external id stays kept's own
    assert (kept.gender, kept.birth_year, kept.external_id) == ("f", 1970, "HU-7")
    assert merge.merged_by == season.staff
    assert merge.reason == "the same Anna"
    assert merge.moved["tournament_ids"] == [season.second.pk]
    # recomputed after the merge: the same standings, under the kept record
    swap = {merged.pk: kept.pk}
    assert standings_snapshot(season.second) == [
        (row[0], swap.get(row[1], row[1]), *row[2:]) for row in snapshot
    ]
    assert season.second.standings_state.stale_since is None
    # audited: the merged record's history names the organizer
    assert merged.history.first().history_actor.startswith(f"user:{season.staff.pk}:")


def test_the_merge_event_marks_the_tournaments_stale_in_the_transaction(season: Any) -> None:
    assert any(events.reactions(events.PLAYERS_MERGED))
    version = season.second.standings_state.version
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)  # no commit callbacks run
    season.second.standings_state.refresh_from_db()
    assert season.second.standings_state.version > version
    assert season.second.standings_state.stale_since is not None


def test_an_undo_restores_exactly_what_was(season: Any, django_capture_on_commit_callbacks: Any) -> None:
    kept, merged = season.kovacs, season.kovacs2
    merged.user = season.staff
    merged.save()
    before = rows_of(kept), rows_of(merged)
    fields = Player.objects.filter(pk__in=(kept.pk, merged.pk)).order_by("pk").values()
    fields = [dict(row) for row in fields]
    snapshot = standings_snapshot(season.second)
    with django_capture_on_commit_callbacks(execute=True):
        merge = services.player_merge(kept, merged, by=season.staff)
        kept.refresh_from_db()
        assert kept.user == season.staff  # the account follows the person
        services.player_merge_undo(merge, by=season.staff)
    assert (rows_of(kept), rows_of(merged)) == before
    assert [
        dict(r) for r in Player.objects.filter(pk__in=(kept.pk, merged.pk)).order_by("pk").values()
    ] == fields
    assert standings_snapshot(season.second) == snapshot
    merge.refresh_from_db()
    assert merge.undone_at is not None
    assert merge.undone_by == season.staff
    with pytest.raises(ValidationError, match="undone already"):
        services.player_merge_undo(merge, by=season.staff)


def refused(kept: Player, merged: Player, by: Any) -> ValidationError:
    before = rows_of(kept), rows_of(merged), PlayerMerge.objects.count()
    with pytest.raises(ValidationError) as caught:
        services.player_merge(kept, merged, by=by)
    assert (rows_of(kept), rows_of(merged), PlayerMerge.objects.count()) == before
    assert caught.value.error_dict[next(iter(caught.value.error_dict))][0].code in ("conflict", "invalid")
    return caught.value


def test_two_records_of_one_tournament_are_not_one_person(season: Any) -> None:
    error = refused(season.kovacs, season.others[0], season.staff)
    assert "Őszi kupa" in str(error)
    assert "cannot sit twice" in str(error)


def test_a_merged_record_is_merged_once_and_never_kept(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    lone = PlayerFactory(name="Lone")
    assert "merged into another record already" in str(refused(lone, season.kovacs2, season.staff))
    assert "merge into that one" in str(refused(season.kovacs2, lone, season.staff))
    assert "two different" in str(refused(lone, lone, season.staff))


def test_an_undo_waits_for_a_later_merge_of_either_record(season: Any) -> None:
    first = services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    third = PlayerFactory(name="Kovács A.", club=None)
    later = services.player_merge(season.kovacs, third, by=season.staff)
    with pytest.raises(ValidationError, match="undo it first"):
        services.player_merge_undo(first, by=season.staff)
    services.player_merge_undo(later, by=season.staff)
    services.player_merge_undo(first, by=season.staff)
    assert Player.objects.filter(merged_into__isnull=False).count() == 0


def test_a_derived_row_both_records_have_is_dropped_and_comes_back(season: Any) -> None:
    from tournaments.ratings.models import PlayerRating

    PlayerRating.objects.create(player=season.kovacs, game="hungarian", mu=30, sigma=5, ordinal=15)
    dup = PlayerRating.objects.create(player=season.kovacs2, game="hungarian", mu=20, sigma=7, ordinal=-1)
    merge = services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    assert not PlayerRating.objects.filter(pk=dup.pk).exists()
    assert PlayerRating.objects.filter(player=season.kovacs).count() == 1
    services.player_merge_undo(merge, by=season.staff)
    assert PlayerRating.objects.get(player=season.kovacs2).mu == 20


def test_a_merged_record_cannot_be_registered(season: Any) -> None:
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    with pytest.raises(ValidationError, match="merged into another"):
        services.player_register(season.first, season.kovacs2)


def test_a_published_draw_stays_verified_after_a_merge_of_one_of_its_players() -> None:
    from django.contrib.auth import get_user_model

    from tests.factories import RegistrationFactory, TournamentFactory

    tournament = TournamentFactory()
    for _ in range(9):  # a table of 4, one of 5
        RegistrationFactory(tournament=tournament)
    round_ = services.round_generate(tournament, seed="verified")
    assert services.round_verify(round_)
    seated = round_.tables.first().seats.first().player
    elsewhere = PlayerFactory(name=seated.name)  # the same person, entered in no tournament of theirs
    staff = get_user_model().objects.create_user("staff", is_staff=True)
    services.player_merge(elsewhere, seated, by=staff)
    assert round_.seats.filter(player=elsewhere).exists()
    assert services.round_verify(round_)
    other = round_.seats.exclude(player=elsewhere).first()
    round_.seats.filter(pk=other.pk).update(player=PlayerFactory())
    assert not services.round_verify(round_)  # anything else is still a tampered draw


def test_two_merges_of_one_record_cannot_both_win(season: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each merge locks both records (in the order of their ids, so two merges never deadlock) and reads
    them again under the lock: a second merge that read the record before the first one committed finds
    it merged (on SQLite, where nothing waits, the same read decides)."""
    from django.db.models import QuerySet

    locked: list[str] = []
    original = QuerySet.select_for_update

    def recording(self: QuerySet, *args: Any, **kwargs: Any) -> QuerySet:
        if self.model is Player:
            locked.append("players")
        return original(self, *args, **kwargs)

    monkeypatch.setattr(QuerySet, "select_for_update", recording)
    stale = Player.objects.get(pk=season.kovacs2.pk)  # read before the first merge
    services.player_merge(season.kovacs, season.kovacs2, by=season.staff)
    other = PlayerFactory(name="Anna K.")
    with pytest.raises(ValidationError, match="merged into another record already"):
        services.player_merge(other, stale, by=season.staff)
    assert PlayerMerge.objects.filter(merged=season.kovacs2).count() == 1
    assert locked == ["players", "players"]  # each merge locked the records first


def test_the_external_id_moves_to_the_kept_record_and_back(season: Any) -> None:
    kept = PlayerFactory(name="Nagy Éva", club=None)
    merged = PlayerFactory(name="Nagy Eva", club=season.club, external_id="HU-99", birth_year=1990)
    merge = services.player_merge(kept, merged, by=season.staff)
    kept.refresh_from_db()
    merged.refresh_from_db()
    assert (kept.external_id, kept.club, kept.birth_year) == ("HU-99", season.club, 1990)
    assert merged.external_id is None  # unique: one record holds it
    assert merge.moved["filled"] == ["club", "external_id", "birth_year"]
    services.player_merge_undo(merge, by=season.staff)
    kept.refresh_from_db()
    merged.refresh_from_db()
    assert (kept.external_id, kept.club, kept.birth_year) == (None, None, None)
    assert (merged.external_id, merged.club, merged.merged_into) == ("HU-99", season.club, None)
