"""Talon's scoring from talon.txt: each contract of the charts won and lost at each size, the card points
needed, partners, bonuses silent and announced, valat, the contra ladder, handfuls, misère with and
without trick compulsion, surrender, the straw man game."""

from __future__ import annotations

import pytest

from engine.talon.rules import PRESETS, resolve_rules
from engine.talon.scoring import score_summary
from tests.engine.talon.helpers import bonus, hand, items, pay

INTRO = PRESETS["introductory"]


@pytest.mark.parametrize(
    ("size", "contract", "value"),
    [
        (3, "preference", 1),
        (3, "duo", 2),
        (3, "uno", 3),
        (3, "solo", 4),
        (4, "preference", 1),
        (4, "duo", 2),
        (4, "uno", 3),
        (4, "solo", 4),
        (5, "tapper", 1),
        (5, "preference", 2),
        (5, "solo", 4),
        (6, "tapper", 1),
        (6, "preference", 2),
        (6, "solo", 4),
    ],
)
def test_each_contract_of_the_charts_won_and_lost_alone(size: int, contract: str, value: int) -> None:
    """1.6 and the charts: each defender pays the lone declarer the contract's victory points, or is paid."""
    need = {3: 48, 4: 54, 5: 60, 6: 66}[size]
    # 1.3: at three and four only the forehand (A) may play preference; at five and six anyone (3.0)
    declarer = "A" if contract == "preference" and size < 5 else "B"
    won = pay(size, contract=contract, declarer=declarer, card_points=need)
    lost = pay(size, contract=contract, declarer=declarer, card_points=need - 1)
    others = [s for s in won if s != declarer]
    assert won[declarer] == value * (size - 1) == -lost[declarer]
    assert all(won[s] == -value and lost[s] == value for s in others)


@pytest.mark.parametrize(("size", "total", "need"), [(3, 94, 48), (4, 106, 54), (5, 118, 60), (6, 130, 66)])
def test_the_card_points_needed_are_more_than_half_of_the_pack(size: int, total: int, need: int) -> None:
    contract = "solo"
    assert pay(size, contract=contract, declarer="A", card_points=total)["A"] > 0
    assert pay(size, contract=contract, declarer="A", card_points=need)["A"] > 0
    assert pay(size, contract=contract, declarer="A", card_points=need - 1)["A"] < 0
    assert pay(size, contract=contract, declarer="A", card_points=0)["A"] < 0


def test_king_calling_pays_by_pairs() -> None:
    """2.0: with a partner the declarer is paid by one defender and the partner by the other."""
    assert pay(4, contract="duo", declarer="B", partner="D", card_points=60) == {
        "A": -2,
        "B": 2,
        "C": -2,
        "D": 2,
    }
    assert pay(4, contract="uno", declarer="B", partner="D", card_points=40) == {
        "A": 3,
        "B": -3,
        "C": 3,
        "D": -3,
    }
    assert pay(4, contract="solo", declarer="C", card_points=54) == {"A": -4, "B": -4, "C": 12, "D": -4}


def test_tarock_calling_pays_two_defenders_each() -> None:
    """4.0: the declarer is paid by two of the four defenders and the partner by the other two."""
    got = pay(6, contract="preference", declarer="A", partner="F", card_points=66)
    assert got == {"A": 4, "B": -2, "C": -2, "D": -2, "E": -2, "F": 4}
    assert pay(6, contract="solo", declarer="A", card_points=65)["A"] == -20


def test_tapper_has_no_partner() -> None:
    from engine.core.messages import FieldError

    with pytest.raises(FieldError) as caught:
        pay(5, contract="tapper", declarer="A", partner="B", card_points=60)
    assert caught.value.where[0] == "partner"
    assert pay(5, contract="tapper", declarer="A", card_points=60) == {
        "A": 4,
        "B": -1,
        "C": -1,
        "D": -1,
        "E": -1,
    }


def test_the_stake_multiplies_every_payment() -> None:
    assert pay(4, contract="solo", declarer="A", card_points=80, stake=3)["A"] == 36


@pytest.mark.parametrize("name", ["pagat_ultimo", "king_ultimo", "all_three", "all_four"])
def test_bonuses_silent_and_announced(name: str) -> None:
    """Chart "Victory Points for Bonuses": 1 basic, 2 announced; each member of the winning side is paid by
    the opposing side (5.1, 5.3, 6.1, 6.3); an announced bonus not made costs the announcers 2."""
    base = {"contract": "preference", "declarer": "A", "partner": "C", "card_points": 60}
    plain = pay(4, **base)

    def extra(**b: object) -> dict[str, int]:
        got = pay(4, **base, bonuses={name: bonus(**b)})
        return {s: got[s] - plain[s] for s in got}

    assert extra(side="declarer") == {"A": 1, "B": -1, "C": 1, "D": -1}
    assert extra(side="opponents") == {"A": -1, "B": 1, "C": -1, "D": 1}
    assert extra(side="declarer", announced=True) == {"A": 2, "B": -2, "C": 2, "D": -2}
    assert extra(side="declarer", announced=True, made=False) == {"A": -2, "B": 2, "C": -2, "D": 2}
    assert extra(side="opponents", announced=True, made=False) == {"A": 2, "B": -2, "C": 2, "D": -2}
    silent_lost = extra(side="declarer", made=False)
    if name in ("pagat_ultimo", "king_ultimo"):  # 5.1, 6.3: paid instead to the opposing side
        assert silent_lost == {"A": -1, "B": 1, "C": -1, "D": 1}
    else:  # an all three or all four not won silently scores nothing
        assert silent_lost == dict.fromkeys("ABCD", 0)


def test_a_lone_declarers_bonus_is_paid_by_every_defender() -> None:
    got = pay(3, contract="solo", declarer="B", card_points=30, bonuses={"pagat_ultimo": bonus("declarer")})
    assert got == {"A": 4 - 1, "B": -8 + 2, "C": 4 - 1}


def test_king_ultimo_is_a_four_player_bonus() -> None:
    from engine.core.messages import FieldError

    with pytest.raises(FieldError) as caught:
        pay(6, contract="solo", declarer="A", card_points=70, bonuses={"king_ultimo": bonus()})
    assert caught.value.where[0] == "bonuses.king_ultimo"
    assert caught.value.code == "not_at_size"


def test_a_silent_valat_is_four_times_the_contract_and_replaces_it() -> None:
    """5.2 and 8.2.3 (the declarer "is, therefore, paid eight victory points" for a take worth 2)."""
    got = pay(4, contract="duo", declarer="A", card_points=100, bonuses={"valat": bonus("declarer")})
    assert got == {"A": 24, "B": -8, "C": -8, "D": -8}
    names = [
        i["name"] for i in items(4, contract="duo", declarer="A", card_points=100, bonuses={"valat": bonus()})
    ]
    assert names == ["valat"]
    defenders = pay(4, contract="uno", declarer="A", card_points=10, bonuses={"valat": bonus("opponents")})
    assert defenders == {"A": -36, "B": 12, "C": 12, "D": 12}


def test_the_option_adds_a_silent_valat_to_the_contract() -> None:
    rules = resolve_rules("standard", {"valat_replaces_contract": False})
    got = pay(4, rules, contract="duo", declarer="A", card_points=100, bonuses={"valat": bonus()})
    assert got["A"] == 3 * (2 + 8)


def test_an_announced_valat_is_eight_times_the_contract_won_or_lost() -> None:
    """5.3: it replaces the contract; the announcing side loses it without all the tricks even with the
    majority of card points."""
    made = pay(3, contract="uno", declarer="A", card_points=94, bonuses={"valat": bonus(announced=True)})
    assert made == {"A": 48, "B": -24, "C": -24}
    lost = pay(
        3, contract="uno", declarer="A", card_points=90, bonuses={"valat": bonus(announced=True, made=False)}
    )
    assert lost == {"A": -48, "B": 24, "C": 24}


def test_the_contra_ladder_doubles_the_contract_and_announced_bonuses_on_their_own() -> None:
    """7.2: contra x2, re-contra x4, supra-contra x8; the contract and each announced bonus separately."""
    for level, factor in ((0, 1), (1, 2), (2, 4), (3, 8)):
        got = pay(4, contract="preference", declarer="A", card_points=40, kontra={"contract": level})
        assert got["A"] == -3 * factor
    got = pay(
        4,
        contract="preference",
        declarer="A",
        partner="B",
        card_points=60,
        bonuses={"pagat_ultimo": bonus("opponents", announced=True)},
        kontra={"contract": 1, "pagat_ultimo": 2},
    )
    assert got["A"] == 2 - 8
    scored = items(
        4,
        contract="preference",
        declarer="A",
        card_points=94,
        bonuses={"valat": bonus(announced=True)},
        kontra={"valat": 1},
    )
    assert [(i["name"], i["value"], i["kontra"]) for i in scored] == [("valat", 16, 1)]


@pytest.mark.parametrize(
    ("kontra", "bonuses", "code"),
    [
        ({"pagat_ultimo": 1}, {"pagat_ultimo": bonus()}, "kontra_unannounced"),
        ({"all_four": 1}, {}, "kontra_unannounced"),
        ({"contract": 1}, {"valat": bonus(announced=True)}, "kontra_the_valat"),
        ({"contract": 4}, {}, "integer_range"),
    ],
)
def test_what_cannot_be_doubled(kontra: dict, bonuses: dict, code: str) -> None:
    from engine.core.messages import FieldError

    with pytest.raises(FieldError) as caught:
        pay(4, contract="solo", declarer="A", card_points=106, bonuses=bonuses, kontra=kontra)
    assert caught.value.code == code


@pytest.mark.parametrize(
    ("size", "tarocks", "name", "value"),
    [
        (3, 10, "single_handful", 1),
        (3, 11, "double_handful", 2),
        (3, 12, "triple_handful", 3),
        (4, 8, "single_handful", 1),
        (4, 9, "single_handful", 1),
        (4, 10, "double_handful", 2),
        (5, 11, "double_handful", 2),
        (5, 12, "triple_handful", 3),
        (6, 7, "single_handful", 1),
        (6, 9, "double_handful", 2),
        (6, 11, "triple_handful", 3),
    ],
)
def test_handfuls_by_table_size(size: int, tarocks: int, name: str, value: int) -> None:
    """6.2 and its chart; paid to the side that wins the contract, whoever declared."""
    keys = {"contract": "solo", "declarer": "A", "handfuls": {"B": tarocks}}
    need = {3: 48, 4: 54, 5: 60, 6: 66}[size]
    won = items(size, card_points=need, **keys)
    assert [(i["name"], i["team"], i["won"], i["value"], i["seat"]) for i in won[1:]] == [
        (name, "opponents", False, value, "B")
    ]
    assert items(size, card_points=need - 1, **keys)[1]["won"] is True


@pytest.mark.parametrize(("size", "too_few"), [(3, 9), (4, 7), (5, 7), (6, 6)])
def test_too_few_tarocks_are_no_handful(size: int, too_few: int) -> None:
    from engine.core.messages import FieldError

    with pytest.raises(FieldError) as caught:
        pay(size, contract="solo", declarer="A", card_points=50, handfuls={"B": too_few})
    assert caught.value.where[0] == "handfuls.B"


def test_an_announced_valat_decides_the_handfuls() -> None:
    """6.2: winning or losing an announced valat counts as winning or losing the contract."""
    got = items(
        4,
        contract="solo",
        declarer="A",
        card_points=100,
        bonuses={"valat": bonus(announced=True, made=False)},
        handfuls={"A": 8},
    )
    assert [(i["name"], i["won"]) for i in got] == [("valat", False), ("single_handful", False)]


def test_misere_the_most_card_points_pay_each_other_player() -> None:
    """5.4: no teams; the player (or tied players) with the most card points pays one to each other."""
    basic = PRESETS["basic"]
    got = score_summary(hand(4, kind="misere", seat_points={"A": 30, "B": 20, "C": 20, "D": 30}), basic)
    assert got["payments"] == {"A": -2, "B": 2, "C": 2, "D": -2}
    got = score_summary(hand(3, kind="misere", seat_points={"A": 60, "B": 0, "C": 20}), basic)
    assert got["payments"] == {"A": -2, "B": 1, "C": 1}


def test_trick_compulsion_pays_double_to_no_card_points_and_doubles_more_than_half() -> None:
    """7.3: a player without card points is paid 2; the taker of more than half pays double."""
    std = PRESETS["standard"]
    got = score_summary(hand(3, kind="misere", seat_points={"A": 40, "B": 0, "C": 40}), std)
    assert got["payments"] == {"A": -2, "B": 4, "C": -2}
    got = score_summary(hand(3, kind="misere", seat_points={"A": 60, "B": 0, "C": 20}), std)
    assert got["payments"] == {"A": -6, "B": 4, "C": 2}
    got = score_summary(hand(3, kind="misere", seat_points={"A": 47, "B": 3, "C": 20}), std)
    assert got["payments"] == {"A": -2, "B": 1, "C": 1}


def test_misere_needs_its_option_and_three_players() -> None:
    from engine.core.messages import FieldError

    with pytest.raises(FieldError) as caught:
        score_summary(hand(3, kind="misere", seat_points={"A": 40, "B": 0, "C": 40}), INTRO)
    assert caught.value.code == "not_in_rules"
    with pytest.raises(FieldError) as caught:
        score_summary(hand(2, kind="misere", seat_points={"A": 100, "B": 0}))
    assert caught.value.code == "not_at_size"


def test_surrender_pays_the_contract_to_every_other_player() -> None:
    """2.0, 4.0: the called card in the talon; the declarer may surrender and pay everybody."""
    got = score_summary(hand(6, kind="surrendered", contract="preference", declarer="C"))
    assert got["payments"] == {"A": 2, "B": 2, "C": -10, "D": 2, "E": 2, "F": 2}
    got = score_summary(hand(4, kind="surrendered", contract="uno", declarer="A"))
    assert got["payments"] == {"A": -9, "B": 3, "C": 3, "D": 3}


def test_the_straw_man_game_for_two() -> None:
    """8.2: the majority of the 106 card points is paid 1, a tie of 53 scores nothing; with the valat rule
    the valat is worth 4 (8.2.1)."""
    assert pay(2, INTRO, contract="straw_man", card_points=54) == {"A": 1, "B": -1}
    assert pay(2, INTRO, contract="straw_man", card_points=53) == {"A": 0, "B": 0}
    assert pay(2, INTRO, contract="straw_man", card_points=20) == {"A": -1, "B": 1}
    valat = {"valat": bonus("opponents")}
    assert pay(2, contract="straw_man", card_points=0, bonuses=valat) == {"A": -4, "B": 4}


def test_take_or_pass() -> None:
    """8.2.3: the taker wins 2 or loses 3 (53 loses); valat: 8 to the taker, 12 to the defender."""
    assert pay(2, contract="take", declarer="B", card_points=54) == {"A": -2, "B": 2}
    assert pay(2, contract="take", declarer="B", card_points=53) == {"A": 3, "B": -3}
    assert pay(2, contract="take", declarer="B", card_points=106, bonuses={"valat": bonus()}) == {
        "A": -8,
        "B": 8,
    }
    defender = pay(2, contract="take", declarer="B", card_points=0, bonuses={"valat": bonus("opponents")})
    assert defender == {"A": 12, "B": -12}


def test_no_announcements_doubling_or_handfuls_at_two() -> None:
    """8.2.1: pagat ultimo and honours at their basic values only."""
    from engine.core.messages import FieldError

    for keys in (
        {"bonuses": {"pagat_ultimo": bonus(announced=True)}},
        {"kontra": {"contract": 1}},
        {"handfuls": {"A": 10}},
    ):
        with pytest.raises(FieldError):
            pay(2, contract="take", declarer="A", card_points=60, **keys)
    assert pay(2, contract="take", declarer="A", card_points=60, bonuses={"all_four": bonus()})["A"] == 3


@pytest.mark.parametrize("kind", ["annulled", "passed_out"])
def test_thrown_in_hands_pay_nothing(kind: str) -> None:
    got = score_summary(hand(5, kind=kind), PRESETS["advanced"] if kind == "annulled" else INTRO)
    assert got["payments"] == dict.fromkeys("ABCDE", 0)
    assert got["items"] == []


def test_passed_out_only_where_the_forehand_may_pass_and_no_misere_is_played() -> None:
    """3.0: at five or six all may pass; with misère (5.4) that plays one instead; at 3 and 4 the forehand
    may not pass (1.3)."""
    from engine.core.messages import FieldError

    for size, rules in ((4, INTRO), (5, PRESETS["standard"]), (3, INTRO)):
        with pytest.raises(FieldError) as caught:
            score_summary(hand(size, kind="passed_out"), rules)
        assert caught.value.code == "not_passed_out"


def test_the_presets_differ_where_the_text_says() -> None:
    """The introductory game has no bonuses (1.0-4.0); the basic game no honours (6.1) nor doubling (7.2)."""
    from engine.core.messages import FieldError

    keys = {"contract": "solo", "declarer": "A", "card_points": 60}
    with pytest.raises(FieldError) as caught:
        pay(4, INTRO, **keys, bonuses={"pagat_ultimo": bonus()})
    assert caught.value.code == "not_in_rules"
    assert pay(4, PRESETS["basic"], **keys, bonuses={"pagat_ultimo": bonus()})["A"] == 15
    with pytest.raises(FieldError):
        pay(4, PRESETS["basic"], **keys, bonuses={"all_three": bonus()})
    with pytest.raises(FieldError):
        pay(4, PRESETS["advanced"], **keys, kontra={"contract": 1})
    assert pay(4, PRESETS["standard"], **keys, kontra={"contract": 1})["A"] == 24
