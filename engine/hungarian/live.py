"""Hungarian Tarokk played live (``engine.core.live``; issue 33 §1): ``LiveTarokk``, a ``LiveHand`` around
``engine.hungarian.state.Hand``, and ``LIVE``, the descriptor's ``LiveGame``.

Codes are the record's own words, read by the record reader's parsers, so that the codes a server keeps
and the record the hand writes agree: the auction's says ("pass", "hold", "three", "raise two", "no
raise"), "annul four_kings" / "no annul", "discard HK SJ", the announcements' ``action_text`` ("call XX",
"declare 8", "announce trull", "kontra game", "kontra declarer trull", "pass") and "play XXI".

``apply`` is atomic: a code is read, then looked up among the listed legal moves; one not listed is tried
on a copy of the hand, only for the engine's error naming the rule, so the hand never changes half-way.

A seat's view holds what that seat may know: its own cards, the talon cards it took, its discard, the
cards played, the auction's public meanings, the declarer's face-up tarokks and the discarded tarokks'
counts as the rules make them public; the public view holds none of its own. Once the hand is over,
``result`` shows the summary, the payments and the whole record (every hand and discard): the cards are
shown at the table after the last trick, and the record is what the tournament keeps. The engine asks to
annul only a seat whose holding allows it; a real table learns that somebody may annul (the hand waits) but
not who, so in the phase "annul" ``to_move`` is null in every view but the asked seat's own.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveError, LiveGame, replay
from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.scoring import kontra_name
from engine.core.shown import shown
from engine.hungarian.actions import (
    END_OF_HAND,
    NO_ANNUL,
    PLAY,
    TEAMS,
    Action,
    IllegalAction,
    step_by,
    trick_step,
)
from engine.hungarian.bidding import LEVEL_NAMES
from engine.hungarian.bots import BOTS
from engine.hungarian.cards import NAMES, CardError, parse_card
from engine.hungarian.record import _auction_action, _parse_say
from engine.hungarian.record_format import AUCTION_SAYS, ReplayError, action_text, auction_record
from engine.hungarian.rules import resolve_rules
from engine.hungarian.state import Hand, SeatView
from engine.hungarian.summary import check_stake

#: longer than any code: refused unread
LONGEST_CODE = 64

#: the phases a view names, in the order a hand goes through them (annulment may come after the discards)
PHASES: dict[str, str] = {
    "bidding": _("bidding"),
    "raise": _("raise"),
    "annul": _("annulment"),
    "discard": _("discarding"),
    "announcements": _("announcements"),
    "play": _("play"),
    "done": _("hand over"),
}

#: the choices' labels and hints, in the players' words; each is ``Message("live_" + key, text)`` (texts
#: to show, not errors: like the descriptor's ``LABELS``)
TEXTS: dict[str, str] = {
    "pass": _("Pass"),
    "hold": _("Hold"),
    "three": _("Three"),
    "two": _("Two"),
    "one": _("One"),
    "solo": _("Solo"),
    "raise": _("Raise to %(bid)s"),
    "no_raise": _("No raise"),
    "annul": _("Annul the hand: %(holding)s"),
    "no_annul": _("Do not annul"),
    "discard": _("Discard %(count)s card(s)"),
    "call": _("Call the %(card)s"),
    "declare": _("Declare %(count)s tarokks"),
    "announce": _("Announce %(bonus)s"),
    "kontra_game": _("%(kontra)s the game"),
    "kontra": _("%(kontra)s the %(bonus)s of the %(team)s"),
    "play": _("Play %(card)s"),
    "cue": _("cue bid: shows the %(card)s"),
    "yield": _("yields the game: shows the %(card)s"),
}
_STEP_OF = {"bidding": "bid", "raise": "raise", "annul": "annulment", "discard": "discard"}
_SAY_OF = {action: say for say, action in AUCTION_SAYS.items()}
_GROUP = {"hold": "bid", "no_raise": "raise", "no_annul": "annul"}


def text(key: str, **params: Any) -> Message:
    """The label or hint ``key`` of ``TEXTS``."""
    return Message(f"live_{key}", TEXTS[key], **params)


def code_of(action: Action) -> str:
    """The code of an action: the record's words for it."""
    say = _SAY_OF.get(action)
    if say is not None:
        return say
    kind, arg = action
    if kind == "play":
        return f"play {NAMES[arg]}"  # type: ignore[index]
    if kind == "discard":
        return " ".join(["discard", *(NAMES[c] for c in arg)])  # type: ignore[union-attr]
    if kind == "annul":
        return f"annul {arg}"
    if kind == "no_annul":
        return "no annul"
    return action_text(action)


class LiveTarokk:
    """One Hungarian hand in live play: ``hand`` is the state machine, ``codes`` the moves applied."""

    def __init__(self, deal: LiveDeal) -> None:
        rules = resolve_rules(deal.rules)
        seats = tuple(deal.seats)
        if len(seats) != 4 or len(set(seats)) != 4 or not all(isinstance(s, str) and s for s in seats):
            raise LiveError("seats", Message("record_seats", _("must be four distinct non-empty labels")))
        check_stake(deal.stake, rules)
        self.deal = deal
        self.hand = Hand.new(deal.seed, rules=rules, stake=deal.stake, seats=seats)
        self.codes: list[str] = []
        self._choices: tuple[int, tuple[Choice, ...]] = (-1, ())

    @property
    def step(self) -> int:
        return len(self.codes)

    @property
    def done(self) -> bool:
        return self.hand.done

    def to_move(self) -> str | None:
        s = self.hand.to_move()
        return None if s is None else self.hand.labels[s]

    # --- moves -----------------------------------------------------------------------------------------
    def choices(self) -> tuple[Choice, ...]:
        """The legal moves of the seat to move, as the record words them (made once per step)."""
        step, made = self._choices
        if step != self.step:
            made = _choices(self.hand)
            self._choices = (self.step, made)
        return made

    def apply(self, code: str) -> None:
        """Apply ``code`` for the seat to move, or raise ReplayError (unreadable) or IllegalAction (against
        the rules) and change nothing."""
        hand = self.hand
        action = self._read(code)
        if action not in hand.legal_actions():
            where = self._where()
            hand.apply(action)  # raises the rule it breaks, checked before anything changes (test_messages)
            self.hand = replay(LIVE, self.deal, self.codes).hand  # type: ignore[attr-defined]  # undone
            raise IllegalAction(  # the engine took a move it does not list: refused all the same
                where, Message("live_not_listed", _("%(value)s is not a legal move now"), value=shown(code))
            )
        hand.apply(action)
        self.codes.append(code_of(action))

    def bot_move(self, kind: str, rng: Any) -> str:
        """The code of the move bot ``kind`` (``BOTS``: a fresh bot; they keep no state) chooses from the
        view of the seat to move."""
        s = self.hand.to_move()
        if s is None:
            raise IllegalAction(END_OF_HAND, _hand_over())
        if kind not in BOTS:
            raise ValueError(f"unknown bot {shown(kind)} (known: {', '.join(BOTS)})")
        return code_of(BOTS[kind]().choose(self.hand.view(s), rng))

    def _read(self, code: Any) -> Action:
        """The action ``code`` names in this phase (ReplayError if it names none)."""
        phase = self.hand.phase
        if phase == "done":
            raise IllegalAction(END_OF_HAND, _hand_over())
        where = self._where()
        if type(code) is not str:
            raise ReplayError(
                where, Message("action_text", _("expected an action text, got %(value)s"), value=shown(code))
            )
        if len(code) > LONGEST_CODE:
            raise ReplayError(where, _cannot_read(code))
        if phase == "bidding" or phase == "raise":
            return _auction_action(code, where)
        if phase == "announcements":
            return _parse_say(code, where)
        words = code.split()
        try:
            if phase == "play" and len(words) == 2 and words[0] == "play":
                return PLAY[parse_card(words[1])]
            if phase == "discard" and len(words) > 1 and words[0] == "discard":
                return Action("discard", tuple(sorted(map(parse_card, words[1:]))))
        except CardError as exc:
            raise ReplayError(where, exc) from None
        if phase == "annul" and words == ["no", "annul"]:
            return NO_ANNUL
        if phase == "annul" and len(words) == 2 and words[0] == "annul":
            return Action("annul", words[1])
        raise ReplayError(where, _cannot_read(code))

    def _where(self) -> Message:
        """The step a move of the seat to move is, as errors name it."""
        hand = self.hand
        s = hand.to_move()
        if s is None:
            return END_OF_HAND
        label = hand.labels[s]
        if hand.phase == "play":
            return trick_step(len(hand.tricks) + 1, label)
        return step_by(_STEP_OF.get(hand.phase, "announcement"), label)

    # --- views -----------------------------------------------------------------------------------------
    def seat_view(self, seat: str, render: Callable[[Message], str] = str) -> dict[str, Any]:
        """What ``seat`` sees (engine/schemas/hungarian/live-view.schema.json)."""
        hand = self.hand
        if seat not in hand.labels:
            raise ValueError(f"{shown(seat)} does not play this hand (seats: {', '.join(hand.labels)})")
        s = hand.labels.index(seat)
        view = hand.view(s)
        out = self._table(view.discarded_tarokks["counts"], view.partner_known_to_me)
        out["seat"] = seat
        out["hand"] = _names(sorted(view.hand, key=_order))
        out["talon"]["received"] = _names(view.talon_received)
        out["discards"]["mine"] = _names(sorted(view.my_discard, key=_order))
        if view.to_move == s:
            out["to_move"] = seat  # during an annulment only the asked seat learns it is asked
            out["choices"] = [c.as_json(render) for c in self.choices()]
        else:
            out["choices"] = []
        return out

    def public_view(self, render: Callable[[Message], str] = str) -> dict[str, Any]:
        """What a spectator sees: the table's public information only. The counts of discarded tarokks are
        those every seat sees; the partner is the declarer's once the declarer knows it (the called card
        played, or the partner's side shown), which the whole table then knows."""
        hand = self.hand
        views = [hand.view(s) for s in range(4)]
        seen = [v.discarded_tarokks["counts"] for v in views]
        counts = {t: n for t, n in seen[0].items() if all(t in c for c in seen)}
        d = hand.declarer
        return self._table(counts, None if d is None else views[d].partner_known_to_me)

    def _table(self, counts: dict[int, int], partner: int | None) -> dict[str, Any]:
        """The view's public part, with the discarded tarokks' ``counts`` and the ``partner`` it shows."""
        hand = self.hand
        labels = hand.labels
        view: SeatView = hand.view(0)
        d = hand.declarer
        tricks = [_trick(hand, leader, cards, winner) for leader, cards, winner in hand.tricks]
        won = [0, 0, 0, 0]
        for _leader, _cards, winner in hand.tricks:
            won[winner] += 1
        out: dict[str, Any] = {
            "game": "hungarian",
            "step": self.step,
            "phase": hand.phase,
            "to_move": None if hand.phase == "annul" else self.to_move(),
            "seats": list(labels),
            "dealer": self.deal.dealer,
            "stake": hand.stake,
            "auction": auction_record(hand),
            "declarer": None if d is None else labels[d],
            "bid": None if hand.bid is None else LEVEL_NAMES[hand.bid],
            "talon": {"taken": {labels[s]: len(hand.drawn[s]) for s in range(4) if hand.drawn[s]}},
            "discards": {
                "tarokks": {labels[t]: n for t, n in sorted(counts.items())},
                "declarer_face_up": _names(view.discarded_tarokks["declarer_face_up"]),
            },
            "called": None if hand.called is None else NAMES[hand.called],
            "partner": None if partner is None else labels[partner],
            "announcements": [_announcement(hand, s, action) for s, action in hand.announce_log],
            "trick": [{"seat": labels[s], "card": NAMES[c]} for s, c in view.trick],
            "tricks": tricks,
            "tricks_won": {labels[s]: won[s] for s in range(4)},
            "last_trick": tricks[-1] if tricks else None,
            "done": hand.done,
            "result": None,
        }
        if hand.done:
            out["result"] = {
                "kind": hand.kind,
                "summary": self.summary(),
                "payments": self.payments(),
                "record": self.record(),
            }
        return out

    # --- the hand as the tournament keeps it ----------------------------------------------------------
    def record(self) -> dict[str, Any]:
        return self.hand.record()

    def summary(self) -> dict[str, Any]:
        return self.hand.summary()

    def payments(self) -> dict[str, int]:
        return self.hand.payments()


def _hand_over() -> Message:
    return Message("hand_over", _("the hand is over; no more actions"))


def _cannot_read(code: str) -> Message:
    return Message("cannot_read", _("cannot read %(value)s"), value=shown(code))


def _names(cards: Any) -> list[str]:
    return [NAMES[c] for c in cards]


def _order(card: int) -> int:
    """Tarokks high first (the skíz, the XXI ... the pagát), then the suits in their order."""
    return -card if card <= 21 else card


def _trick(hand: Hand, leader: int, cards: Any, winner: int) -> dict[str, Any]:
    labels = hand.labels
    return {
        "leader": labels[leader],
        "cards": [{"seat": labels[(leader + i) % 4], "card": NAMES[c]} for i, c in enumerate(cards)],
        "winner": labels[winner],
    }


def _announcement(hand: Hand, s: int, action: Action) -> dict[str, Any]:
    """One say of the round of announcements, with the team it shows its sayer on: a call, a bonus and a
    kontra do (the rules take a player for the side it announces for); a declaration only under T 37."""
    kind = action[0]
    shows = kind in ("call", "announce", "kontra") or (
        kind == "declare" and hand.rules.declarations_identify_side
    )
    team = TEAMS[hand.team[s]] if shows else None
    return {"seat": hand.labels[s], "say": action_text(action), "team": team}


def _choices(hand: Hand) -> tuple[Choice, ...]:
    """The seat to move's legal moves as choices."""
    s = hand.to_move()
    if s is None:
        return ()
    legal = hand.legal_actions()
    if hand.phase == "discard":
        cards = sorted({c for action in legal for c in action[1]}, key=_order)  # type: ignore[union-attr]
        n = len(hand.drawn[s])
        return (Choice("discard", text("discard", count=n), "discard", pick=n, cards=tuple(_names(cards))),)
    if hand.phase == "bidding":
        return tuple(_bid_choice(hand, s, action) for action in legal)
    return tuple(_choice(hand, action) for action in legal)


def _bid_choice(hand: Hand, s: int, action: Action) -> Choice:
    """A bid, with what it would mean: the card a cue bid or a yield shows. The auction is asked on a
    copy (``Auction.apply`` records the meaning), so the hint is what the table will hear."""
    auction = copy.deepcopy(hand._auction, {id(hand.rules): hand.rules})
    auction.apply(s, action[0], action[1], hand.hands[s])  # type: ignore[arg-type]
    meaning, shows = auction.meanings[-1]
    hint = text(meaning, card=NAMES[shows]) if shows is not None else None
    code = code_of(action)
    return Choice(code, text(code), _GROUP.get(action[0], action[0]), hint=hint)


def _choice(hand: Hand, action: Action) -> Choice:
    """Any other move as a choice."""
    kind, arg = action
    code = code_of(action)
    group = _GROUP.get(kind, kind)
    if kind == "play":
        return Choice(code, text("play", card=NAMES[arg]), group, card=NAMES[arg])  # type: ignore[index]
    if kind == "raise":
        label = text("raise", bid=LEVEL_NAMES[arg])  # type: ignore[index]
    elif kind == "annul":
        label = text("annul", holding=arg)
    elif kind == "call":
        label = text("call", card=NAMES[arg])  # type: ignore[index]
    elif kind == "declare":
        label = text("declare", count=arg)
    elif kind == "announce":
        label = text("announce", bonus=arg)
    elif kind == "kontra" and arg == "game":
        label = text("kontra_game", kontra=kontra_name(hand.items[0, "game"] + 1))
    elif kind == "kontra":
        team, bonus = arg  # type: ignore[misc]
        level = hand.items[TEAMS.index(team), bonus] + 1
        label = text("kontra", kontra=kontra_name(level), bonus=bonus, team=team)
    else:  # pass, no raise, no annul
        label = text(kind)
    return Choice(code, label, group)


#: the JSON schema of a live view
view_schema = schema_of("hungarian", "live-view")


def start(deal: LiveDeal) -> LiveTarokk:
    """The hand ``deal`` deals, before any move."""
    return LiveTarokk(deal)


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)

__all__ = ["LIVE", "PHASES", "TEXTS", "LiveTarokk", "code_of", "start", "text", "view_schema"]
