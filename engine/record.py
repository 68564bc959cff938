"""Hand records (versioned JSON) and their replay.

A record (engine/schemas/hand-record.schema.json, ``"version": 1``) keeps everything needed to re-run a
deal: the rules, the seats, the stake, the deal (each seat's nine cards in dealing order and the talon top
first), the auction, the talon cards each seat drew, the discards, any annulment, the call, the round of
announcements turn by turn and the nine tricks. ``replay`` re-runs it through ``engine.state.Hand``, which
checks every step against the rules, and returns the derived summary and its payments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import NO_ANNUL, TEAMS, Action, IllegalAction
from engine.announcements import STEP_CODE, Step
from engine.bidding import LEVELS_BY_NAME
from engine.cards import NAMES, parse_card
from engine.record_format import (
    AUCTION_SAYS,
    VERSION,
    ReplayError,
    action_text,
    auction_record,
    make_record,
    rules_from_spec,
    rules_spec,
)
from engine.shown import as_text, shown
from engine.state import Hand
from engine.summary import SummaryError, check_stake


class RecordSummaryError(ReplayError, SummaryError):
    """A replayed record whose derived summary the scoring rejects: a ReplayError (so that callers of
    ``replay`` need catch only that) and a SummaryError whose ``path`` and ``reason`` name the field."""


@dataclass(slots=True)
class ReplayResult:
    """The replayed hand, its derived summary and the payments per seat label."""

    hand: Hand
    summary: dict[str, Any]
    payments: dict[str, int]


# --- replaying -----------------------------------------------------------------------------------------
def _cards(names: Any, where: str) -> list[int]:
    if not isinstance(names, list):
        raise ReplayError(f"{where}: must be a list of card names")
    try:
        return list(map(_EXACT.__getitem__, names))  # the names this module writes
    except (KeyError, TypeError):
        pass
    try:
        return [_card(n) for n in names]
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"{where}: {exc}") from None


_SAID: dict[str, Action] = {}


def _parse_say(text: Any, where: str) -> Action:
    """Record text of an announcement-phase action back to an Action (cached: the texts repeat)."""
    action = _SAID.get(text) if type(text) is str else None
    if action is None:
        action = _read_say(text, where)
        if len(_SAID) < 4096:
            _SAID[text] = action
    return action


def _read_say(text: Any, where: str) -> Action:
    words = text.split() if isinstance(text, str) else []
    if not words:
        raise ReplayError(f"{where}: expected an action text, got {shown(text)}")
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
    except ValueError as exc:
        raise ReplayError(f"{where}: {exc}") from None
    raise ReplayError(f"{where}: cannot read {shown(text)}")


#: record texts of the announcement steps that have step codes (``engine.state.STEP_CODE``) -> their codes
_SAY_STEPS: dict[str, Step] = {action_text(action): code for action, code in STEP_CODE.items()}


def _auction_action(say: Any, where: str) -> Action:
    action = AUCTION_SAYS.get(say) if type(say) is str else None
    if action is not None:
        return action
    if not isinstance(say, str):
        raise ReplayError(f"{where}: cannot read bid {shown(say)}")
    if say in ("pass", "hold"):
        return Action(say)
    if say in LEVELS_BY_NAME:
        return Action("bid", LEVELS_BY_NAME[say])
    if say == "no raise":
        return Action("no_raise")
    if isinstance(say, str) and say.startswith("raise ") and say[6:] in LEVELS_BY_NAME:
        return Action("raise", LEVELS_BY_NAME[say[6:]])
    raise ReplayError(f"{where}: cannot read bid {shown(say)}")


def load_hand(record: Any) -> Hand:
    """The dealt hand of a record (rules, seats, stake, deal), before any action."""
    if not isinstance(record, dict):
        raise ReplayError("record: must be a JSON object")
    if record.get("version") != VERSION:
        raise ReplayError(f"version: expected {VERSION}, got {shown(record.get('version'))}")
    rules = rules_from_spec(record.get("rules", "pagat"))
    labels = record.get("seats")
    if (
        not isinstance(labels, list)
        or len(labels) != 4
        or not all(isinstance(label, str) and label for label in labels)
        or len(set(labels)) != 4
    ):
        raise ReplayError("seats: must be four distinct non-empty labels")
    stake = record.get("stake", 1)
    try:
        check_stake(stake, rules)
    except SummaryError as exc:
        raise ReplayError(str(exc)) from None
    deal = record.get("deal")
    if not isinstance(deal, dict) or not isinstance(deal.get("hands"), dict):
        raise ReplayError("deal: must hold hands (by seat) and talon")
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
    except ValueError as exc:
        raise ReplayError(str(exc)) from None


def replay_hand(record: Any) -> Hand:
    """Re-run a record step by step; raises ReplayError naming the first illegal or inconsistent step."""
    hand = load_hand(record)
    labels = hand.labels
    steps = _section(record, "auction", list, "a list of {seat, say}")
    discards = _section(record, "discards", dict, "an object of each seat's discarded cards")
    annulment = record.get("annulment")
    turns = _section(record, "announcements", list, "a list of turns {seat, say}")
    tricks = _section(record, "tricks", list, "a list of tricks {leader, cards, winner}")
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
        raise ReplayError(str(exc)) from None
    says_left = says_left or any(not isinstance(t, dict) or t.get("say") for t in turns[used:])
    _check_tail(record, hand, n_steps < len(steps), says_left, n_cards)
    return hand


def _section(record: dict[str, Any], name: str, kind: type, what: str) -> Any:
    """A section of the record (empty when left out), checked to be of the JSON type ``kind``."""
    value = record.get(name) or kind()
    if not isinstance(value, kind):
        raise ReplayError(f"{name}: must be {what}")
    return value


def _replay_auction(hand: Hand, steps: list[Any], i: int) -> int:
    """The auction (and the sole bidder's raise) from ``steps[i]`` on; returns the index of the next step."""
    labels = hand.labels
    said = AUCTION_SAYS.get
    while hand.phase == "bidding" or hand.phase == "raise":
        label = labels[hand._turn]  # type: ignore[index]  # nobody is forced to move in the auction
        if i >= len(steps):
            raise ReplayError(f"auction: missing the bid of {label}")
        step = steps[i]
        if type(step) is not dict:
            raise ReplayError(f"auction step {i + 1}: expected {{seat, say}}, got {shown(step)}")
        if step.get("seat") != label:
            raise ReplayError(
                f"auction step {i + 1}: it is {label}'s turn, not {as_text(step.get('seat'))}'s"
            )
        say = step.get("say")
        action = said(say) if type(say) is str else None  # the says this module writes
        if action is None:
            action = _auction_action(say, f"auction step {i + 1}")
        if hand.phase == "bidding":  # skip apply's dispatch (a tight loop: replays are benchmarked)
            hand._bid(action[0], action[1])  # type: ignore[arg-type]
        else:
            hand.apply(action)
        i += 1
    return i


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
            raise ReplayError(f"announcements: missing the turn of {labels[hand.to_move()]}")  # type: ignore[index]
        turn = turns[i]
        if not isinstance(turn, dict):
            raise ReplayError(f"announcement turn {i + 1}: expected {{seat, say}}, got {shown(turn)}")
        who = turn.get("seat")
        says = turn.get("say") or []
        if not isinstance(says, list):
            raise ReplayError(
                f"announcement turn {i + 1}: say must be a list of action texts, not {shown(says)}"
            )
        while k < len(says):
            if hand.phase != "announcements":
                return i + 1, True
            seat = hand.to_move()
            if who != labels[seat]:  # type: ignore[index]
                raise ReplayError(
                    f"announcement turn {i + 1}: it is {labels[seat]}'s turn, not {as_text(who)}'s"
                )  # type: ignore[index]
            action = _parse_say(says[k], f"announcement turn {i + 1}, seat {labels[seat]}")  # type: ignore[index]
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
    card = _EXACT.get(name)  # the names this module writes; anything else goes through parse_card
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
                raise ReplayError(f"trick {t + 1}: leader is {leader}, not {as_text(trick.get('leader'))}")
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
                    raise ReplayError(f"trick {t + 1}: {len(names)} cards recorded, a trick has 4")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            if isinstance(exc, ReplayError | IllegalAction):
                raise
            seat = labels[hand.to_move()]  # type: ignore[index]
            raise ReplayError(f"trick {t + 1}, seat {seat}: missing or unknown card") from None
        leader = labels[hand.leader]  # the winner leads the next trick
        if trick.get("winner", leader) != leader:
            raise ReplayError(f"trick {t + 1}: won by {leader}, not {as_text(trick['winner'])}")
    if not hand.done:
        raise ReplayError(f"trick {len(hand.tricks) + 1}: missing (the record ends before the play is over)")
    return 4 * len(hand.tricks)


def _check_tail(record: dict[str, Any], hand: Hand, bids_left: bool, says_left: bool, n_cards: int) -> None:
    """Steps left over, and derived sections (talon, call, result) that disagree with the replay."""
    labels = hand.labels
    if bids_left:
        raise ReplayError("auction: steps after the end of the auction")
    _check_meanings(record.get("auction") or [], hand)
    if says_left:
        raise ReplayError("announcements: steps after the end of the round of announcements")
    if n_cards != 4 * len(record.get("tricks") or []):
        raise ReplayError(f"tricks: {len(record['tricks'])} recorded but the hand ended as {hand.kind}")
    if hand.annulment is None and record.get("annulment"):
        raise ReplayError("annulment: recorded but no annulment took place")
    talon = record.get("talon")
    if talon is not None:
        if not isinstance(talon, dict):
            raise ReplayError("talon: must be an object of the talon cards each seat drew")
        drawn = {labels[s]: [NAMES[c] for c in hand.drawn[s]] for s in range(4) if hand.drawn[s]}
        if {k: v for k, v in talon.items() if v} != drawn:
            raise ReplayError(f"talon: recorded {shown(talon)} but the distribution table gives {drawn}")
    call = record.get("call")
    if call is not None:
        try:
            called = _card(call)
        except (TypeError, ValueError):  # not a card name: it cannot agree
            called = None
        if hand.called is None or called != hand.called:
            made = "no call" if hand.called is None else f"a call of {NAMES[hand.called]}"
            raise ReplayError(f"call: recorded {shown(call)} but the announcements make {made}")
    result = record.get("result")
    if result is not None and result != hand.kind:
        raise ReplayError(f"result: recorded {as_text(result)} but the replay ends as {hand.kind}")


def _check_meanings(steps: list[dict[str, Any]], hand: Hand) -> None:
    """A recorded meaning of a bid (optional, derived) must be the meaning the replay gives it."""
    for i, (step, bid) in enumerate(zip(steps, hand.auction_steps(), strict=False)):
        if "meaning" in step or "shows" in step:
            shows = None if bid.shows is None else NAMES[bid.shows]
            if step.get("meaning", bid.meaning) != bid.meaning or step.get("shows", shows) != shows:
                recorded = {"meaning": step.get("meaning", bid.meaning), "shows": step.get("shows", shows)}
                raise ReplayError(
                    f"auction step {i + 1}: recorded as {shown(recorded)}, but it means "
                    f"{shown({'meaning': bid.meaning, 'shows': shows})}"
                )


def replay(record: Any) -> ReplayResult:
    """Replay a record and score it: the derived summary and payments per seat label."""
    from engine.scoring import score_summary

    hand = replay_hand(record)
    summary = hand.summary()
    try:
        payments = score_summary(summary, hand.rules)["payments"]
    except SummaryError as exc:
        raise RecordSummaryError(exc.path, exc.reason) from None
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
