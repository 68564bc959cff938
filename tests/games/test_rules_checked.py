"""Rules found wrong or missing when checked against the texts (issue 31 §5), driven as a table does:
its phone enters a hand through the API (``X-Table-Code``) or the phone page, and the hand is refused with
a 400 naming the field or stored and scored."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.urls import reverse

from tests.api.conftest import table_client
from tests.games.test_entry_pages import hand_url, phone_at, table_of
from tournaments import selectors, services
from tournaments.draw.models import Table
from tournaments.results.models import HandSubmission

pytestmark = pytest.mark.django_db


def submissions_url(table: Table, number: int) -> str:
    tournament, round_ = table.round.tournament, table.round
    return (
        f"/api/v1/tournaments/{tournament.slug}/rounds/{round_.number}/tables/{table.number}/"
        f"hands/{number}/submissions/"
    )


def enter_summary(table: Table, number: int, summary: dict[str, Any], language: str = "en") -> Any:
    deal = services.next_deal(table, number)
    return table_client(table).post(
        submissions_url(table, number),
        {"entered_by": deal.active[0], "summary": summary},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


# ---------------------------------------------------------------- Talon: preference is the forehand's


def test_talon_refuses_a_preference_by_a_seat_other_than_the_forehand_through_the_api() -> None:
    """talon.txt 1.3, 2.0: at four only the forehand (the first active seat) may play preference."""
    table = table_of("talon", "standard", 4)
    deal = services.next_deal(table, 1)
    forehand, second = deal.active[0], deal.active[1]
    hand = {"kind": "played", "contract": "preference", "card_points": 60}
    refused = enter_summary(table, 1, {**hand, "declarer": second})
    assert refused.status_code == 400, refused.content
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("summary.declarer", "preference_forehand_only")
    assert forehand in error["message"]
    german = enter_summary(table, 1, {**hand, "declarer": second}, language="de")
    assert german.json()["errors"][0]["message"] != error["message"]  # translated
    assert not HandSubmission.objects.filter(hand__table=table).exists()
    accepted = enter_summary(table, 1, {**hand, "declarer": forehand})
    assert accepted.status_code == 201, accepted.content
    assert HandSubmission.objects.get(hand__table=table).payments[forehand] == 3


def test_talon_phone_page_shows_the_preference_error_beside_the_declarer() -> None:
    table = table_of("talon", "standard", 4)
    deal = services.next_deal(table, 1)
    phone = phone_at(table, deal.active[0])
    form = {
        "kind": "played",
        "contract": "preference",
        "declarer": deal.active[2],
        "card_points": "60",
        "action": "save",
        "idem": "t1",
    }
    refused = phone.post(hand_url(table, 1, "summary"), form)
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'id="id_declarer-error"' in html
    assert "forehand" in html
    assert not HandSubmission.objects.filter(hand__table=table).exists()


# ---------------------------------------------------------------- Magus Tarokk: one card wins the first trick


def magus_summary(declarer: str, partner: str, bonuses: dict[str, Any]) -> dict[str, Any]:
    return {
        "kind": "played",
        "bid": "three",
        "declarer": declarer,
        "partner": partner,
        "game_kontra": 0,
        "announcements": [],
        "declarations": [],
        "result": {"declarer_card_points": 60, "declarer_tricks": 5, "bonuses": bonuses},
    }


def test_magus_refuses_first_and_second_pheasant_in_one_hand_through_the_api() -> None:
    """hungarian-tarokk-family.txt, Magus Tarokk: each pheasant wins the first trick with another card."""
    table = table_of("hungarian", "magus", 4)
    deal = services.next_deal(table, 1)
    declarer, partner = deal.active[0], deal.active[2]
    both = {"first_pheasant": "declarer", "second_pheasant": "declarer"}
    refused = enter_summary(table, 1, magus_summary(declarer, partner, both), language="hu")
    assert refused.status_code == 400, refused.content
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == (
        "summary.result.bonuses.second_pheasant",
        "bonus_trick_conflict",
    )
    assert "cannot be made" not in error["message"]  # in the reader's language
    assert not HandSubmission.objects.filter(hand__table=table).exists()
    one = enter_summary(table, 1, magus_summary(declarer, partner, {"first_pheasant": "declarer"}))
    assert one.status_code == 201, one.content
    payments = HandSubmission.objects.get(hand__table=table).payments
    assert payments[declarer] == payments[partner] > 0  # the game and the silent pheasant's 10


# ---------------------------------------------------------------- Cego 17.4: four-handed, all four play


def test_a_four_handed_cego_tournament_deals_four_active_seats_and_counts_every_seats_hands(
    django_capture_on_commit_callbacks: Any,
) -> None:
    """Supplement 17.4: in four-handed Cego all four play (the Räuber comes when "the other three players
    pass again"); the preset ``four_handed`` draws tables of four, deals four active seats and nobody sits
    out, and the standings count a hand played for every seat."""
    from tests.games.test_tournaments_of_every_game import final_standings, run_tournament
    from tournaments.standings.models import Standing

    fields = {"rules_preset": "four_handed", "deals_per_round_4": 4}
    organizer, sizes = run_tournament("cego-four", "cego", 12, fields, django_capture_on_commit_callbacks)
    assert sizes == [Counter({4: 3})] * 2
    tournament = organizer.get("/api/v1/tournaments/cego-four/").json()
    assert (tournament["rules_preset"], tournament["table_sizes"]) == ("four_handed", [4])
    rows = final_standings(organizer, "cego-four")["results"]
    assert len(rows) == 12
    assert sum(row["game_points"] for row in rows) == 0
    final = Standing.objects.filter(tournament__slug="cego-four", after_round=2)
    assert sorted(final.values_list("hands_played", flat=True)) == [8] * 12  # 2 rounds x 4 deals, each


def test_a_four_handed_cego_table_enters_four_active_seats_and_refuses_a_sitting_out_dealer() -> None:
    table = table_of("cego", "four_handed", 4)
    deal = services.next_deal(table, 1)
    assert (len(deal.active), deal.sitting_out) == (4, ())
    declarer = deal.active[1]
    hand = {"kind": "played", "contract": "solo", "declarer": declarer, "card_points": 47}
    refused = enter_summary(table, 1, {**hand, "sitting_out": deal.dealer}, language="de")
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("summary.sitting_out", "all_four_play")
    assert "nobody sits out" not in error["message"]  # in the reader's language
    accepted = enter_summary(table, 1, hand)
    assert accepted.status_code == 201, accepted.content
    payments = HandSubmission.objects.get(hand__table=table).payments
    # 17.3's scoring: 47 points is 12 over 35, base 3, Solo x1: each of the three defenders pays 3
    assert payments == {declarer: 9, **{p: -3 for p in deal.active if p != declarer}}
    # the phone's summary form asks about all four seats: a Räuber's card points and tricks for each
    phone = phone_at(table, deal.active[0])
    page = phone.get(hand_url(table, 2, "summary")).content.decode()
    assert all(f'name="seat_points__{p}"' in page for p in deal.active)


# ---------------------------------------------------------------- Königrufen: silent birds lost, thirds


def test_koenigrufen_scores_a_bird_lost_silently_and_a_tournament_without_the_rule_refuses_it() -> None:
    """The Austrian cups: an unannounced Uhu played to the last trick but one and beaten costs its side the
    silent 2 (WTC 4/2). A tournament whose options turn the rule off refuses it, naming the field."""
    table = table_of("koenigrufen", "wiener_tarockcup", 4)
    deal = services.next_deal(table, 1)
    declarer, partner = deal.active[0], deal.active[2]
    hand = {
        "kind": "played",
        "contract": "rufer",
        "declarer": declarer,
        "partner": partner,
        "won": True,
        "bonuses": {"uhu": {"side": "declarer", "announced": False, "made": False}},
    }
    accepted = enter_summary(table, 1, hand)
    assert accepted.status_code == 201, accepted.content
    payments = HandSubmission.objects.get(hand__table=table).payments
    assert payments[declarer] == payments[partner] == 1 - 2  # the Rufer's 1, the Uhu's silent 2 back
    other = table_of("koenigrufen", "wiener_tarockcup", 4, rules_options={"silent_lost": []})
    refused = enter_summary(other, 1, hand)
    assert refused.status_code == 400
    error = refused.json()["errors"][0]
    assert (error["field"], error["code"]) == ("summary.bonuses.uhu.made", "silent_lost")


def test_koenigrufen_phone_enters_a_bird_lost_silently() -> None:
    table = table_of("koenigrufen", "wiener_tarockcup", 4)
    deal = services.next_deal(table, 1)
    declarer = deal.active[0]
    phone = phone_at(table, declarer)
    page = phone.get(hand_url(table, 1, "summary")).content.decode()
    assert "played to its trick, unannounced, and beaten" in page
    form = {
        "kind": "played",
        "contract": "dreier",
        "declarer": declarer,
        "won": "on",
        "bonuses__pagat": "opponents:lost",
        "action": "save",
        "idem": "k1",
    }
    saved = phone.post(hand_url(table, 1, "summary"), form)
    assert saved.status_code == 302, saved.content.decode()[-3000:]
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.payload["bonuses"] == {"pagat": {"side": "opponents", "announced": False, "made": False}}
    # the Dreier's 5 from each opponent, and each opponent's lost Pagat's 1 to the declarer
    assert stored.payments[declarer] == 3 * 5 + 3 * 1


def test_koenigrufen_phone_reads_trischaken_card_points_in_thirds() -> None:
    """Each player counts their own tricks in threes: 23⅓ typed as "23 1/3", "23⅔" or "23,67" is read
    exactly, stored as "23 1/3", and a count that is no third is shown beside its seat's box."""
    table = table_of("koenigrufen", "wiener_tarockcup", 4)
    deal = services.next_deal(table, 1)
    first, second, third, fourth = deal.active
    phone = phone_at(table, first)
    typed = {first: "10 1/3", second: "23,67", third: "23⅓", fourth: "12 2/3"}  # 70 in all
    form = {"kind": "trischaken", "action": "save", "idem": "f1"}
    bad = phone.post(hand_url(table, 1, "summary"), {**form, **{f"card_points__{first}": "23,5"}})
    assert bad.status_code == 400
    assert f'id="id_card_points__{first}-error"' in bad.content.decode()
    form |= {f"card_points__{seat}": value for seat, value in typed.items()}
    saved = phone.post(hand_url(table, 1, "summary"), form)
    assert saved.status_code == 302, saved.content.decode()[-3000:]
    stored = HandSubmission.objects.get(hand__table=table)
    assert stored.payload["card_points"] == {
        first: "10 1/3",
        second: "23 2/3",
        third: "23 1/3",
        fourth: "12 2/3",
    }
    # the most, 23⅔, loses by a third: the second seat pays each other player 1 (18.10)
    assert stored.payments == {first: 1, second: -3, third: 1, fourth: 1}
    # the seat that confirms on this phone reads the counts as players write them
    kwargs = {"slug": table.round.tournament.slug, "code": selectors.active_table_code(table), "number": 1}
    page = phone.get(reverse("tournaments:entry-confirm-here", kwargs=kwargs)).content.decode()
    assert f"{second} 23⅔" in page
    assert f"{third} 23⅓" in page
