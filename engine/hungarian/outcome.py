"""What a hand comes to: the hand summary (engine/schemas/hungarian/hand-summary.schema.json) derived from a
finished or thrown-in ``Hand``, in the form ``engine.hungarian.scoring.score_summary`` scores ("The
scoring")."""

from __future__ import annotations

from typing import Any

from engine.hungarian.actions import DECL, GAME, TEAMS
from engine.hungarian.bidding import LEVEL_NAMES
from engine.hungarian.cards import (
    HONOUR_MASK,
    KING_MASK,
    PAGAT,
    SKIZ,
    TAROKK_MASK,
    XXI,
    mask,
    points_of,
    trick_winner,
)
from engine.hungarian.finished import FinishedHand


def summarize(h: FinishedHand) -> dict[str, Any]:
    """Derive the hand summary (engine/schemas/hungarian/hand-summary.schema.json) of a finished or
    thrown-in hand."""
    labels = h.labels
    out: dict[str, Any] = {"seats": list(labels), "kind": h.kind, "stake": h.stake}
    if h.declarer is not None:
        out["declarer"] = labels[h.declarer]
        out["bid"] = LEVEL_NAMES[h.bid]  # type: ignore[index]
    if h.kind != "played":
        return out
    team = h.team
    decl_tricks = 0
    decl_won = 0
    for _, _, winner in h.tricks:
        if team[winner] == DECL:
            decl_tricks += 1
    for s in range(4):
        if team[s] == DECL:
            decl_won |= h.won[s]
    discard_mask = mask(h.discards[h.declarer])  # type: ignore[index]
    if h.alone == "discarded" and h.rules.lone_declarer_by_discard_takes_all_discards:
        discard_mask = mask(c for s in range(4) for c in h.discards[s])

    def taken_by(card_mask: int) -> str | None:
        if decl_won & card_mask == card_mask:
            return "declarer"
        return None if decl_won & card_mask else "opponents"

    last_leader, last_cards, _ = h.tricks[-1]
    pagat_last = None
    if PAGAT in last_cards:
        player = (last_leader + last_cards.index(PAGAT)) % 4
        pagat_last = {"team": TEAMS[team[player]], "won": last_cards[trick_winner(list(last_cards))] == PAGAT}
    pagat_holder = next(s for s in range(4) if h.start_hands[s] & 1)
    xxi_catch = None
    for leader, cards, _ in h.tricks:
        if XXI in cards and SKIZ in cards:
            skiz_seat = (leader + cards.index(SKIZ)) % 4
            if team[skiz_seat] != team[(leader + cards.index(XXI)) % 4]:
                xxi_catch = TEAMS[team[skiz_seat]]
    levels = h.items  # (team, bonus) -> kontra level, the game first
    announcements = [
        {"team": TEAMS[key[0]], "bonus": key[1], "kontra": levels[key], "by": labels[by]}
        for key, by in h.item_by.items()
    ]
    declarations = []
    for s in range(4):
        n = (h.start_hands[s] & TAROKK_MASK).bit_count()
        if n >= 8:
            declarations.append(
                {"seat": labels[s], "tarokks": n, "declared": h.declared[s] == n, "team": TEAMS[team[s]]}
            )
    out["partner"] = None if h.partner is None else labels[h.partner]
    if h.alone == "discarded":
        out["called_card_discarded"] = True
    out["game_kontra"] = levels[GAME]
    out["announcements"] = announcements
    out["declarations"] = declarations
    out["result"] = {
        "declarer_card_points": points_of(decl_won | discard_mask),
        "declarer_tricks": decl_tricks,
        "trull": taken_by(HONOUR_MASK),
        "four_kings": taken_by(KING_MASK),
        "xxi_catch": xxi_catch,
        "pagat_last_trick": pagat_last,
        "pagat_team": TEAMS[team[pagat_holder]],
    }
    return out
