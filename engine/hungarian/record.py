"""Hand records (versioned JSON) and their replay.

A record (engine/schemas/hungarian/hand-record.schema.json, ``"version": 1``) keeps everything needed to
re-run a deal: the rules, the seats, the stake, the deal (each seat's nine cards in dealing order and the
talon top first), the auction, the talon cards each seat drew, the discards, any annulment, the call, the
round of announcements turn by turn and the nine tricks. ``replay`` re-runs it through
``engine.hungarian.state.Hand``, which checks every step against the rules, and returns the derived summary
and its payments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import as_text, shown
from engine.hungarian.actions import (
    NO_ANNUL,
    TEAMS,
    Action,
    IllegalAction,
    auction_step,
    trick_step,
    turn_step,
)
from engine.hungarian.announcements import STEP_CODE, Step
from engine.hungarian.bidding import LEVELS_BY_NAME
from engine.hungarian.cards import NAMES, CardError, parse_card
from engine.hungarian.record_format import (
    AUCTION_SAYS,
    VERSION,
    ReplayError,
    action_text,
    auction_record,
    make_record,
    rules_from_spec,
    rules_spec,
)
from engine.hungarian.state import DealError, Hand
from engine.hungarian.summary import NOT_AN_OBJECT, SummaryError, check_stake


class RecordSummaryError(ReplayError, SummaryError):
    """A replayed record whose derived summary the scoring rejects: a ReplayError (so that callers of
    ``replay`` need catch only that) and a SummaryError whose ``path`` and ``reason`` name the field."""

    def __init__(self, error: SummaryError) -> None:
        EngineError.__init__(self, error)


@dataclass(slots=True)
class ReplayResult:
    """The replayed hand, its derived summary and the payments per seat label."""

    hand: Hand
    summary: dict[str, Any]
    payments: dict[str, int]


# --- replaying -----------------------------------------------------------------------------------------
def _cards(names: Any, where: str) -> list[int]:
    if not isinstance(names, list):
        raise ReplayError(where, Message("card_list", _("must be a list of card names")))
    try:
        return list(map(_EXACT.__getitem__, names))  # the names this module writes
    except (KeyError, TypeError):
        pass
    try:
        return [_card(n) for n in names]
    except CardError as exc:
        raise ReplayError(where, exc) from None


_SAID: dict[str, Action] = {}


def _parse_say(text: Any, where: str | Message) -> Action:
    """Record text of an announcement-phase action back to an Action (cached: the texts repeat)."""
    action = _SAID.get(text) if type(text) is str else None
    if action is None:
        action = _read_say(text, where)
        if len(_SAID) < 4096:
            _SAID[text] = action
    return action


def _read_say(text: Any, where: str | Message) -> Action:
    words = text.split() if isinstance(text, str) else []
    if not words:
        raise ReplayError(
            where, Message("action_text", _("expected an action text, got %(value)s"), value=shown(text))
        )
    kind = words[0]
    try:
        if kind == "pass" and len(words) == 1:
            return Action("pass")
        if kind == "call" and len(words) == 2:
            return Action("call", parse_card(words[1]))
        if kind == "declare" and len(words) == 2:
            return Action("declare", int(words[1]))
        if kind == "announce" and len(words) == 2:
            return Action("announce", words[1])
        if kind == "kontra" and words[1:] == ["game"]:
            return Action("kontra", "game")
        if kind == "kontra" and len(words) == 3 and words[1] in TEAMS:
            return Action("kontra", (words[1], words[2]))
    except CardError as exc:
        raise ReplayError(where, exc) from None
    except ValueError:  # "declare" and no number: not an action text
        pass
    raise ReplayError(where, Message("cannot_read", _("cannot read %(value)s"), value=shown(text)))


#: record texts of the announcement steps that have step codes (``announcements.STEP_CODE``) -> their codes
_SAY_STEPS: dict[str, Step] = {action_text(action): code for action, code in STEP_CODE.items()}


def _auction_action(say: Any, where: Message) -> Action:
    action = AUCTION_SAYS.get(say) if type(say) is str else None
    if action is not None:
        return action
    if not isinstance(say, str):
        raise ReplayError(where, _cannot_read_bid(say))
    if say in ("pass", "hold"):
        return Action(say)
    if say in LEVELS_BY_NAME:
        return Action("bid", LEVELS_BY_NAME[say])
    if say == "no raise":
        return Action("no_raise")
    if isinstance(say, str) and say.startswith("raise ") and say[6:] in LEVELS_BY_NAME:
        return Action("raise", LEVELS_BY_NAME[say[6:]])
    raise ReplayError(where, _cannot_read_bid(say))


def _cannot_read_bid(say: Any) -> Message:
    return Message("cannot_read_bid", _("cannot read bid %(value)s"), value=shown(say))


def load_hand(record: Any) -> Hand:
    """The dealt hand of a record (rules, seats, stake, deal), before any action."""
    if not isinstance(record, dict):
        raise ReplayError("record", NOT_AN_OBJECT)
    if record.get("version") != VERSION:
        raise ReplayError(
            "version",
            Message(
                "record_version",
                _("expected %(expected)s, got %(value)s"),
                expected=VERSION,
                value=shown(record.get("version")),
            ),
        )
    rules = rules_from_spec(record.get("rules", "pagat"))
    labels = record.get("seats")
    if (
        not isinstance(labels, list)
        or len(labels) != 4
        or not all(isinstance(label, str) and label for label in labels)
        or len(set(labels)) != 4
    ):
        raise ReplayError("seats", Message("record_seats", _("must be four distinct non-empty labels")))
    stake = record.get("stake", 1)
    try:
        check_stake(stake, rules)
    except SummaryError as exc:
        raise ReplayError(exc) from None
    deal = record.get("deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), dict):
        raise ReplayError("deal", Message("deal_sections", _("must hold hands (by seat) and talon")))
    dealt = [_cards(deal["hands"].get(label), f"deal.hands.{label}") for label in labels]
    talon = _cards(deal.get("talon"), "deal.talon")
    try:
        return Hand(
            dealt,
            talon,
            rules=rules,
            stake=stake,
            seats=tuple(labels),
            seed=record.get("seed"),
        )
    except DealError as exc:
        raise ReplayError(exc) from None


def replay_hand(record: Any) -> Hand:
    """Re-run a record step by step; raises ReplayError naming the first illegal or inconsistent step."""
    hand = load_hand(record)
    labels = hand.labels
    steps = _section(record, "auction", list, Message("auction_list", _("must be a list of {seat, say}")))
    discards = _section(
        record,
        "discards",
        dict,
        Message("discards_object", _("must be an object of each seat's discarded cards")),
    )
    annulment = record.get("annulment")
    turns = _section(
        record, "announcements", list, Message("turns_list", _("must be a list of turns {seat, say}"))
    )
    tricks = _section(
        record, "tricks", list, Message("tricks_list", _("must be a list of tricks {leader, cards, winner}"))
    )
    n_steps = used = n_cards = 0
    says_left = False
    try:
        while not hand.done:
            phase = hand.phase
            if phase == "announcements":
                used, says_left = _replay_announcements(hand, turns)
            elif phase == "play":
                n_cards = _replay_tricks(hand, tricks)
            elif phase == "bidding" or phase == "raise":
                n_steps = _replay_auction(hand, steps, n_steps)
            else:
                label = labels[hand.to_move()]  # type: ignore[index]
                if phase == "discard":
                    hand.apply(("discard", tuple(_cards(discards.get(label), f"discards.{label}"))))
                elif isinstance(annulment, dict) and annulment.get("seat") == label:  # phase annul
                    hand.apply(("annul", annulment.get("holding")))
                else:
                    hand.apply(NO_ANNUL)
    except IllegalAction as exc:
        raise ReplayError(exc) from None
    says_left = says_left or any(not isinstance(t, dict) or t.get("say") for t in turns[used:])
    _check_tail(record, hand, n_steps < len(steps), says_left, n_cards)
    return hand


def _section(record: dict[str, Any], name: str, kind: type, wrong: Message) -> Any:
    """A section of the record (empty when left out), checked to be of the JSON type ``kind``; ``wrong``
    says what it must be."""
    value = record.get(name) or kind()
    if not isinstance(value, kind):
        raise ReplayError(name, wrong)
    return value


def _replay_auction(hand: Hand, steps: list[Any], i: int) -> int:
    """The auction (and the sole bidder's raise) from ``steps[i]`` on; returns the index of the next step."""
    labels = hand.labels
    said = AUCTION_SAYS.get
    while hand.phase == "bidding" or hand.phase == "raise":
        label = labels[hand._turn]  # type: ignore[index]  # nobody is forced to move in the auction
        if i >= len(steps):
            raise ReplayError("auction", Message("missing_bid", _("missing the bid of %(seat)s"), seat=label))
        step = steps[i]
        if type(step) is not dict:
            raise ReplayError(auction_step(i + 1), _step_object(step))
        if step.get("seat") != label:
            raise ReplayError(auction_step(i + 1), _not_the_turn_of(step.get("seat"), label))
        say = step.get("say")
        action = said(say) if type(say) is str else None  # the says this module writes
        if action is None:
            action = _auction_action(say, auction_step(i + 1))
        if hand.phase == "bidding":  # skip apply's dispatch (a tight loop: replays are benchmarked)
            hand._bid(action[0], action[1])  # type: ignore[arg-type]
        else:
            hand.apply(action)
        i += 1
    return i


def _step_object(value: Any) -> Message:
    return Message("step_object", _("expected {seat, say}, got %(value)s"), value=shown(value))


def _not_the_turn_of(claimed: Any, seat: str) -> Message:
    return Message(
        "not_the_turn_of", _("it is %(seat)s's turn, not %(claimed)s's"), seat=seat, claimed=as_text(claimed)
    )


def _replay_announcements(hand: Hand, turns: list[Any]) -> tuple[int, bool]:
    """The round of announcements, turn by turn until it ends (or the hand moves on); returns how many of
    the record's turns it used and whether the turn where it ended has steps left over. The turns whose
    seat and says read cleanly go to ``Hand._apply_turns`` together; from the first that does not, turns are
    taken one by one, each say read when its turn comes, so that errors name the first wrong step."""
    labels = hand.labels
    ready = _read_turns(turns, {label: s for s, label in enumerate(labels)})
    i = 0
    while hand.phase == "announcements":
        k = 0
        if i < len(ready):
            i, k = hand._apply_turns(ready, i)
            if hand.phase != "announcements":
                return i + (k > 0), k > 0 and k < len(ready[i][1])
        if i >= len(turns):
            raise ReplayError(
                "announcements",
                Message("missing_turn", _("missing the turn of %(seat)s"), seat=labels[hand.to_move()]),  # type: ignore[index]
            )
        turn = turns[i]
        if not isinstance(turn, dict):
            raise ReplayError(turn_step(i + 1), _step_object(turn))
        who = turn.get("seat")
        says = turn.get("say") or []
        if not isinstance(says, list):
            raise ReplayError(
                turn_step(i + 1),
                Message(
                    "say_list", _("say must be a list of action texts, not %(value)s"), value=shown(says)
                ),
            )
        while k < len(says):
            if hand.phase != "announcements":
                return i + 1, True
            seat = hand.to_move()
            if who != labels[seat]:  # type: ignore[index]
                raise ReplayError(turn_step(i + 1), _not_the_turn_of(who, labels[seat]))  # type: ignore[index]
            action = _parse_say(says[k], turn_step(i + 1, labels[seat]))  # type: ignore[index]
            hand._apply_turns([(seat, [action])])  # type: ignore[list-item]
            k += 1
        i += 1
    return i, False


def _read_turns(turns: list[Any], seat_of: dict[Any, int]) -> list[tuple[int, list[Step]]]:
    """The record's turns as ``(seat, steps)`` for ``Hand._apply_turns`` (the commonest says as step codes,
    the rest as actions) up to the first turn with an unknown seat or an unreadable say."""
    ready: list[tuple[int, list[Step]]] = []
    said = _SAY_STEPS.get
    for turn in turns:
        if not isinstance(turn, dict):
            break
        try:
            seat = seat_of.get(turn.get("seat"))
        except TypeError:  # an unhashable seat
            break
        says = turn.get("say") or []
        if seat is None or type(says) is not list:
            break
        try:
            known = list(map(said, says))
        except TypeError:  # an unhashable say
            break
        if None in known:
            try:
                pairs = zip(says, known, strict=True)
                steps: list[Step] = [_parse_say(say, "") if step is None else step for say, step in pairs]
            except ReplayError:
                break
        else:
            steps = known  # type: ignore[assignment]
        ready.append((seat, steps))
    return ready


def _card(name: Any) -> int:
    """The card named ``name`` (a CardError for anything else)."""
    card = _EXACT.get(name) if type(name) is str else None  # the names written here; else parse_card
    return card if card is not None else parse_card(name)


_EXACT = {name: c for c, name in enumerate(NAMES)}


def _replay_tricks(hand: Hand, tricks: list[Any]) -> int:
    """The play, trick by trick (a tight loop: replays are benchmarked); returns the cards played."""
    labels = hand.labels
    play_trick = hand._play_trick  # the phase is known to be "play": skip apply's dispatch
    exact = _EXACT.__getitem__
    leader = labels[hand.leader]
    for t, trick in enumerate(tricks):
        if hand.done:
            break
        try:
            names = trick["cards"]
            if trick.get("leader", leader) != leader:
                raise ReplayError(
                    trick_step(t + 1),
                    Message(
                        "trick_leader",
                        _("leader is %(seat)s, not %(claimed)s"),
                        seat=leader,
                        claimed=as_text(trick.get("leader")),
                    ),
                )
            try:
                cards = list(map(exact, names))  # the names this module writes
            except (KeyError, TypeError):
                cards = []
            if len(cards) == 4:
                play_trick(cards)
            else:  # card by card, so that a missing or unknown card is named with its seat
                for k in range(4):
                    hand._play(_card(names[k]))
                if len(names) != 4:
                    raise ReplayError(
                        trick_step(t + 1),
                        Message("trick_size", _("%(count)s cards recorded, a trick has 4"), count=len(names)),
                    )
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            if isinstance(exc, ReplayError | IllegalAction):
                raise
            seat = labels[hand.to_move()]  # type: ignore[index]
            raise ReplayError(
                trick_step(t + 1, seat), Message("trick_card", _("missing or unknown card"))
            ) from None
        leader = labels[hand.leader]  # the winner leads the next trick
        if trick.get("winner", leader) != leader:
            raise ReplayError(
                trick_step(t + 1),
                Message(
                    "trick_winner",
                    _("won by %(seat)s, not %(claimed)s"),
                    seat=leader,
                    claimed=as_text(trick["winner"]),
                ),
            )
    if not hand.done:
        raise ReplayError(
            trick_step(len(hand.tricks) + 1),
            Message("trick_missing", _("missing (the record ends before the play is over)")),
        )
    return 4 * len(hand.tricks)


def _check_tail(record: dict[str, Any], hand: Hand, bids_left: bool, says_left: bool, n_cards: int) -> None:
    """Steps left over, and derived sections (talon, call, result) that disagree with the replay."""
    labels = hand.labels
    if bids_left:
        raise ReplayError("auction", Message("auction_steps_left", _("steps after the end of the auction")))
    _check_meanings(record.get("auction") or [], hand)
    if says_left:
        raise ReplayError(
            "announcements",
            Message("announcement_steps_left", _("steps after the end of the round of announcements")),
        )
    if n_cards != 4 * len(record.get("tricks") or []):
        raise ReplayError(
            "tricks",
            Message(
                "tricks_after_end",
                _("%(count)s recorded but the hand ended as %(kind)s"),
                count=len(record["tricks"]),
                kind=hand.kind,
            ),
        )
    if hand.annulment is None and record.get("annulment"):
        raise ReplayError(
            "annulment", Message("annulment_not_made", _("recorded but no annulment took place"))
        )
    talon = record.get("talon")
    if talon is not None:
        if not isinstance(talon, dict):
            raise ReplayError(
                "talon", Message("talon_object", _("must be an object of the talon cards each seat drew"))
            )
        drawn = {labels[s]: [NAMES[c] for c in hand.drawn[s]] for s in range(4) if hand.drawn[s]}
        if {k: v for k, v in talon.items() if v} != drawn:
            raise ReplayError(
                "talon",
                Message(
                    "talon_differs",
                    _("recorded %(value)s but the distribution table gives %(drawn)s"),
                    value=shown(talon),
                    drawn=drawn,
                ),
            )
    call = record.get("call")
    if call is not None:
        try:
            called = _card(call)
        except CardError:  # not a card name: it cannot agree
            called = None
        if hand.called is None:
            raise ReplayError(
                "call",
                Message(
                    "call_not_made",
                    _("recorded %(value)s but the announcements make no call"),
                    value=shown(call),
                ),
            )
        if called != hand.called:
            raise ReplayError(
                "call",
                Message(
                    "call_differs",
                    _("recorded %(value)s but the announcements make a call of %(card)s"),
                    value=shown(call),
                    card=NAMES[hand.called],
                ),
            )
    result = record.get("result")
    if result is not None and result != hand.kind:
        raise ReplayError(
            "result",
            Message(
                "result_differs",
                _("recorded %(kind_recorded)s but the replay ends as %(kind)s"),
                kind_recorded=as_text(result),
                kind=hand.kind,
            ),
        )


def _check_meanings(steps: list[dict[str, Any]], hand: Hand) -> None:
    """A recorded meaning of a bid (optional, derived) must be the meaning the replay gives it."""
    for i, (step, bid) in enumerate(zip(steps, hand.auction_steps(), strict=False)):
        if "meaning" in step or "shows" in step:
            shows = None if bid.shows is None else NAMES[bid.shows]
            if step.get("meaning", bid.meaning) != bid.meaning or step.get("shows", shows) != shows:
                recorded = {"meaning": step.get("meaning", bid.meaning), "shows": step.get("shows", shows)}
                raise ReplayError(
                    auction_step(i + 1),
                    Message(
                        "meaning_differs",
                        _("recorded as %(value)s, but it means %(meaning)s"),
                        value=shown(recorded),
                        meaning=shown({"meaning": bid.meaning, "shows": shows}),
                    ),
                )


def replay(record: Any) -> ReplayResult:
    """Replay a record and score it: the derived summary and payments per seat label."""
    from engine.hungarian.scoring import score_summary

    hand = replay_hand(record)
    summary = hand.summary()
    try:
        payments = score_summary(summary, hand.rules)["payments"]
    except SummaryError as exc:
        raise RecordSummaryError(exc) from None
    return ReplayResult(hand=hand, summary=summary, payments=payments)


__all__ = [
    "VERSION",
    "RecordSummaryError",
    "ReplayError",
    "ReplayResult",
    "action_text",
    "auction_record",
    "load_hand",
    "make_record",
    "replay",
    "replay_hand",
    "rules_from_spec",
    "rules_spec",
]
