"""Hypothesis properties of scoring over random valid summaries: zero sum, lone-declarer shape, stake."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.hungarian.scoring import score_summary
from engine.hungarian.summary import SummaryError

SEATS = ["A", "B", "C", "D"]
TEAMS = ["declarer", "opponents"]
BONUSES = ["trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch"]
TEAM_OR_NONE = st.sampled_from([None, *TEAMS])
OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "exclusive_game_double_volat": st.booleans(),
        "opponents_silent_double_volat_need_kontra": st.booleans(),
        "kontra_multiplies_silent_double_volat": st.booleans(),
        "silent_trull_with_volat": st.booleans(),
        "silent_four_kings_with_silent_double_game": st.booleans(),
        "kontra_raises_game_threshold": st.booleans(),
        "declared_tarokks_team_item": st.booleans(),
        "five_player_dealer_weeps_laughs": st.booleans(),
        "five_player_talon_honour_payment": st.booleans(),
    },
)


@st.composite
def played(
    draw: st.DrawFn, lone: bool | None = None, declarations: bool = True, five: bool = True
) -> dict[str, Any]:
    preset = draw(st.sampled_from(["pagat", "kegl", "tournament"]))
    max_kontra = 4 if preset == "tournament" else 5
    declarer = draw(st.sampled_from(SEATS))
    alone = draw(st.booleans()) if lone is None else lone
    partner = None if alone else draw(st.sampled_from([s for s in SEATS if s != declarer]))
    tricks = draw(st.integers(0, 9))
    anns = draw(
        st.lists(
            st.tuples(st.sampled_from(TEAMS), st.sampled_from(BONUSES), st.integers(0, max_kontra)),
            max_size=5,
            unique_by=lambda a: (a[0], a[1]),
        )
    )
    data: dict[str, Any] = {
        "rules": {"preset": preset, "options": draw(OPTIONS)},
        "seats": SEATS,
        "stake": 1,
        "bid": draw(st.sampled_from(["three", "two", "one", "solo"])),
        "declarer": declarer,
        "partner": partner,
        "game_kontra": draw(st.integers(0, max_kontra)),
        "announcements": [{"team": t, "bonus": b, "kontra": k} for t, b, k in anns],
        "result": {
            # 4..20 points a trick to each side, roughly; the validator rejects the rest (discards)
            "declarer_card_points": draw(
                st.integers(
                    max(4 * tricks, 94 - 20 * (9 - tricks) - 12), min(20 * tricks + 12, 94 - 4 * (9 - tricks))
                )
            ),
            "declarer_tricks": tricks,
            "trull": "declarer" if tricks == 9 else "opponents" if tricks == 0 else draw(TEAM_OR_NONE),
            "four_kings": "declarer" if tricks == 9 else "opponents" if tricks == 0 else draw(TEAM_OR_NONE),
            "xxi_catch": draw(TEAM_OR_NONE),
            "pagat_last_trick": draw(
                st.none() | st.fixed_dictionaries({"team": st.sampled_from(TEAMS), "won": st.booleans()})
            ),
        },
    }
    if declarations:
        seats = draw(st.lists(st.sampled_from(SEATS), max_size=2, unique=True))
        data["declarations"] = [
            {"seat": s, "tarokks": draw(st.sampled_from([8, 9])), "declared": draw(st.booleans())}
            for s in seats
        ]
    if preset == "kegl":
        data["ultimo_pot"] = draw(st.integers(0, 64))
    if five and draw(st.booleans()):
        data["sitting_out"] = "E"
        data["talon_honours"] = {
            draw(st.sampled_from(SEATS)): draw(
                st.lists(st.sampled_from(["skiz", "xxi", "pagat"]), max_size=3, unique=True)
            )
        }
    return data


def _score(data: dict[str, Any]) -> dict[str, Any] | None:
    """The output, or None for a random summary the validator rejects (impossible points, etc.)."""
    try:
        return score_summary(data)
    except SummaryError:
        return None


SETTINGS = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@SETTINGS
@given(played())
def test_it_always_pays_out_zero_sum(data: dict[str, Any]) -> None:
    out = _score(data)
    if out is None:
        return
    assert sum(out["payments"].values()) == 0
    # Money into or out of the kegl ultimó pot is reported apart and matches the pot's change.
    pot = out.get("ultimo_pot", {"before": 0, "after": 0, "payments": {}})
    assert sum(pot["payments"].values()) == pot["before"] - pot["after"]


@SETTINGS
@given(played(lone=True, declarations=False, five=False))
def test_it_settles_a_lone_declarer_three_to_one(data: dict[str, Any]) -> None:
    data["rules"]["preset"] = "pagat" if data["rules"]["preset"] == "kegl" else data["rules"]["preset"]
    out = _score(data)
    if out is None:
        return
    payments = out["payments"]
    declarer = data["declarer"]
    opponents = {payments[s] for s in SEATS if s != declarer}
    assert len(opponents) == 1
    assert payments[declarer] == -3 * opponents.pop()


@SETTINGS
@given(played(), st.sampled_from([2, 4, 8]))
def test_it_scales_every_payment_with_the_stake(data: dict[str, Any], stake: int) -> None:
    data["rules"]["preset"] = "pagat"  # overlapping doubled rounds allow any power of two; no ultimó pot
    data.pop("ultimo_pot", None)
    base = _score(data)
    if base is None:
        return
    doubled = score_summary({**data, "stake": stake})
    assert doubled["payments"] == {seat: stake * value for seat, value in base["payments"].items()}
    assert [i["value"] for i in doubled["items"]] == [stake * i["value"] for i in base["items"]]
