"""What every trick game's live hand shares (issue 34): ``TrickHand``, a ``LiveHand`` (``engine.core.live``)
that a game fills in with its phases, and the record every such game writes and replays.

A game subclasses ``TrickHand`` and gives:
- ``setup()``: deal from ``self.deal.seed`` (``TarotPack.deal``) into ``self.hands`` and the rest of its
  state, and set ``self.phase``;
- ``to_move()`` and ``legal()``: the seat to move and its legal moves as ``Choice`` values (codes are the
  record's words: "bid dreier", "call HK", "discard HK S7", "play XXI");
- ``do(code)``: apply a listed code (a "pick" code, a discard, comes with its cards checked);
- ``summary()`` (the game's hand-summary format, which its ``score`` reads), ``rule_bot(rng)`` and
  ``extra_view(seat)`` (the game's own keys of a view: auction, declarer, talon ...).

The base keeps the codes, makes ``apply`` atomic (a code not listed is refused with the game's ``why_not``
and nothing changes), plays the random bot, and builds the views' common keys (the names the phones' page
reads: ``step``, ``phase``, ``to_move``, ``seats``, ``trick``, ``tricks``, ``tricks_won``, ``last_trick``,
``hand``, ``choices``, ``result``). ``TrickPlay`` is the play of the cards: hands, the trick, who leads.

A record is the envelope (``engine.core.record``: game, version, rules, seats, stake, seed) with the
``dealer``, the ``carry`` from the table's earlier hands where the game has one (``LiveDeal.carry``) and
``moves``, each ``{"seat": label, "code": text}``; ``replay_record`` deals from the seed,
applies each move after checking that its seat is the one to move, and names the first illegal one
(``moves[i]``). The seed is the deal: a hand played at a real table is entered as a summary instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core.live import Choice, LiveDeal
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.presets import spec_of
from engine.core.shown import shown
from engine.core.tarot import TarotPack

#: longer than any code: refused unread
LONGEST_CODE = 200
#: the version of the records ``TrickHand.record`` writes
RECORD_VERSION = 1


class MoveError(EngineError):
    """A move the hand refuses: ``MoveError(where, why)``, ``where`` the step (``moves[3]``, "trick 2, seat
    B"), ``why`` the rule."""


def hand_over() -> Message:
    return Message("hand_over", _("the hand is over; no more actions"))


def not_legal(code: Any) -> Message:
    return Message("live_not_listed", _("%(value)s is not a legal move now"), value=shown(code))


class TrickPlay:
    """The play of the cards: each seat's hand, the trick on the table, the tricks played (leader, cards,
    winner) and who leads or plays next. ``follows`` is the game's rule for a seat's legal cards."""

    def __init__(self, pack: TarotPack, seats: Sequence[str], hands: Mapping[str, list[str]], leader: str):
        self.pack = pack
        self.seats = tuple(seats)
        self.hands = {s: list(hands[s]) for s in self.seats}
        self.leader = leader
        self.trick: list[tuple[str, str]] = []
        self.tricks: list[tuple[str, tuple[str, ...], str]] = []

    @property
    def done(self) -> bool:
        return not any(self.hands.values()) and not self.trick

    def to_move(self) -> str | None:
        if self.done:
            return None
        i = (self.seats.index(self.leader) + len(self.trick)) % len(self.seats)
        return self.seats[i]

    def follows(self, seat: str, **rules: bool) -> list[str]:
        """The cards ``seat`` may play to the trick on the table (``TarotPack.follows`` with ``rules``)."""
        return self.pack.follows(self.hands[seat], [c for _s, c in self.trick], **rules)

    def play(self, seat: str, card: str) -> str | None:
        """``seat`` plays ``card``; the winner's label when it completes the trick (who leads next)."""
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < len(self.seats):
            return None
        cards = tuple(c for _s, c in self.trick)
        winner = self.trick[self.pack.winner(cards)][0]
        self.tricks.append((self.trick[0][0], cards, winner))
        self.trick = []
        self.leader = winner
        return winner

    def won(self, seat: str) -> list[str]:
        """The cards of the tricks ``seat`` won."""
        return [c for _leader, cards, winner in self.tricks if winner == seat for c in cards]

    def tricks_won(self) -> dict[str, int]:
        won = dict.fromkeys(self.seats, 0)
        for _leader, _cards, winner in self.tricks:
            won[winner] += 1
        return won


def trick_json(leader: str, cards: Sequence[str], winner: str | None, seats: Sequence[str]) -> dict[str, Any]:
    start = list(seats).index(leader)
    return {
        "leader": leader,
        "cards": [{"seat": seats[(start + i) % len(seats)], "card": c} for i, c in enumerate(cards)],
        "winner": winner,
    }


class TrickHand:
    """A live hand of a trick game (``engine.core.live.LiveHand``); see the module's docstring."""

    game_id: ClassVar[str]
    pack: ClassVar[TarotPack]
    #: the game's error for a refused move (a subclass of EngineError taking ``(where, why)``)
    error: ClassVar[type[EngineError]] = MoveError
    #: the game's presets (preset name -> Rules): a record names its rules by ``presets.spec_of`` them
    presets: ClassVar[Mapping[str, Any]] = {}
    #: the keys of ``extra_view`` that a spectator sees as well (the rest are the seat's own)
    public_keys: ClassVar[tuple[str, ...]] = ()
    #: whether a deal's ``carry`` means anything to the game (a game that has one reads it in ``setup``)
    CARRIES: ClassVar[bool] = False

    def __init__(self, deal: LiveDeal) -> None:
        if deal.carry and not self.CARRIES:
            raise self.error(
                "carry", Message("carry_none", _("this game carries nothing from one hand to the next"))
            )
        self.deal = deal
        self.seats: tuple[str, ...] = tuple(deal.seats)
        self.codes: list[str] = []
        self.moved_by: list[str] = []
        self.phase = "done"
        self.hands: dict[str, list[str]] = {}
        self.play: TrickPlay | None = None
        self._choices: tuple[int, tuple[Choice, ...]] = (-1, ())
        self.setup()

    # --- what a game gives -----------------------------------------------------------------------------
    def setup(self) -> None:
        raise NotImplementedError

    def to_move(self) -> str | None:
        raise NotImplementedError

    def legal(self) -> tuple[Choice, ...]:
        raise NotImplementedError

    def do(self, code: str) -> None:
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        raise NotImplementedError

    def payments(self) -> dict[str, int]:
        raise NotImplementedError

    def rule_bot(self, rng: Any) -> str:
        raise NotImplementedError

    def extra_view(self, seat: str | None) -> dict[str, Any]:
        """The game's own keys of the view of ``seat`` (None: a spectator's)."""
        return {}

    def why_not(self, code: str) -> Message:
        """Why ``code`` is refused now (the rule it breaks, if the game can tell)."""
        return not_legal(code)

    def where(self) -> Message | str:
        """The step the next move is, as errors name it."""
        seat = self.to_move()
        if seat is None:
            return Message("step_end_of_hand", _("end of hand"))
        if self.play is not None and self.phase == "play":
            return Message(
                "step_trick_seat",
                _("trick %(trick)s, seat %(seat)s"),
                trick=len(self.play.tricks) + 1,
                seat=seat,
            )
        return Message("step_move_seat", _("move %(step)s, seat %(seat)s"), step=self.step + 1, seat=seat)

    # --- the protocol ----------------------------------------------------------------------------------
    @property
    def step(self) -> int:
        return len(self.codes)

    @property
    def done(self) -> bool:
        return self.phase == "done"

    def choices(self) -> tuple[Choice, ...]:
        step, made = self._choices
        if step != self.step:
            made = () if self.done else self.legal()
            self._choices = (self.step, made)
        return made

    def apply(self, code: str) -> None:
        """Apply ``code`` for the seat to move, or raise the game's error and change nothing."""
        if self.done:
            raise self.error(self.where(), hand_over())
        if type(code) is not str or len(code) > LONGEST_CODE:
            raise self.error(
                self.where(),
                Message("action_text", _("expected an action text, got %(value)s"), value=shown(code)),
            )
        code = " ".join(code.split())
        if not self.is_legal(code):
            raise self.error(self.where(), self.why_not(code))
        seat = self.to_move()
        self.do(code)
        self.codes.append(code)
        self.moved_by.append(seat or "")

    def is_legal(self, code: str) -> bool:
        """Whether ``code`` (spaces normalised) is a legal move now: by default, one of ``choices``. A game
        may answer faster without building the choices (a card that plainly follows), never differently."""
        return self._listed(code)

    def _listed(self, code: str) -> bool:
        for choice in self.choices():
            if choice.pick:
                head, *cards = code.split(" ")
                if (
                    head == choice.code
                    and len(cards) == choice.pick
                    and len(set(cards)) == choice.pick
                    and set(cards) <= set(choice.cards)
                ):
                    return True
            elif choice.code == code:
                return True
        return False

    def bot_move(self, kind: str, rng: Any) -> str:
        """The code bot ``kind`` chooses for the seat to move ("rule": the game's; "random": any legal)."""
        if self.done:
            raise self.error(self.where(), hand_over())
        if kind == "rule":
            return self.rule_bot(rng)
        if kind == "random":
            choice = rng.choice(self.choices())
            if choice.pick:
                return " ".join([choice.code, *rng.sample(list(choice.cards), choice.pick)])
            return choice.code
        raise ValueError(f"unknown bot {shown(kind)} (known: rule, random)")

    # --- views -----------------------------------------------------------------------------------------
    def seat_view(self, seat: str, render: Callable[[Message], str] = str) -> dict[str, Any]:
        if seat not in self.seats:
            raise ValueError(f"{shown(seat)} does not play this hand (seats: {', '.join(self.seats)})")
        out = self._table(render)
        out.update(self.extra_view(seat))
        out["seat"] = seat
        out["hand"] = self.pack.order(self.cards_of(seat))
        mine = self.to_move() == seat
        out["choices"] = [c.as_json(render) for c in self.choices()] if mine else []
        return out

    def public_view(self, render: Callable[[Message], str] = str) -> dict[str, Any]:
        out = self._table(render)
        extra = self.extra_view(None)
        out.update({k: v for k, v in extra.items() if k in self.public_keys or not self.public_keys})
        return out

    def players(self) -> tuple[str, ...]:
        """The seats that play this hand now: the deal's seats, and a seat the game lets join (a 5-seat
        Königrufen table's dealer in a Fahren, 18.11); the server shows each of them its own view."""
        return self.seats

    def cards_of(self, seat: str) -> list[str]:
        """The cards ``seat`` holds now."""
        if self.play is not None:
            return self.play.hands[seat]
        return self.hands.get(seat, [])

    def _table(self, render: Callable[[Message], str]) -> dict[str, Any]:
        play = self.play
        seats = self.seats
        tricks = (
            [] if play is None else [trick_json(lead, cards, win, seats) for lead, cards, win in play.tricks]
        )
        out: dict[str, Any] = {
            "game": self.game_id,
            "step": self.step,
            "phase": self.phase,
            "to_move": self.to_move(),
            "seats": list(seats),
            "dealer": self.deal.dealer,
            "stake": self.deal.stake,
            "trick": [] if play is None else [{"seat": s, "card": c} for s, c in play.trick],
            "tricks": tricks,
            "tricks_won": dict.fromkeys(seats, 0) if play is None else play.tricks_won(),
            "last_trick": tricks[-1] if tricks else None,
            "done": self.done,
            "result": None,
        }
        if self.done:
            out["result"] = {"summary": self.summary(), "payments": self.payments(), "record": self.record()}
        return out

    # --- the record ------------------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The hand so far as a record (``replay_record`` reads it)."""
        rules = self.deal.rules
        if hasattr(rules, "spec"):
            spec = rules.spec()
        elif self.presets and getattr(rules, "name", None) in self.presets:
            spec = spec_of(rules, self.presets)
        else:
            spec = rules  # already a spec (a preset's name or {"preset", "options"})
        return {
            "game": self.game_id,
            "version": RECORD_VERSION,
            "rules": spec,
            "seats": list(self.seats),
            "stake": self.deal.stake,
            "seed": self.deal.seed,
            "dealer": self.deal.dealer,
            **({"carry": dict(self.deal.carry)} if self.deal.carry else {}),
            "moves": [{"seat": s, "code": c} for s, c in zip(self.moved_by, self.codes, strict=True)],
        }


@dataclass(frozen=True)
class Replayed:
    """A replayed record: the hand at its end, its summary and payments."""

    hand: TrickHand
    summary: dict[str, Any]
    payments: dict[str, int]


#: the most moves a record may hold (no game here has a hand of more than 300 moves)
MOST_MOVES = 1000
#: the most keys a record's ``carry`` (what it inherits from earlier hands) may hold; the game checks them
MOST_CARRIED = 8


def record_deal(
    record: Any, resolve: Callable[[Any], Any], error: type[EngineError] = MoveError
) -> tuple[LiveDeal, list[Any]]:
    """What ``record`` deals (its seed, rules, seats, stake and dealer) and its moves, its envelope checked:
    the game's ``error`` names the first field that is wrong. The one reader of a record's envelope (a
    game's faster replay checks its moves its own way, never the envelope)."""
    if not isinstance(record, Mapping):
        raise error("record", Message("record_object", _("must be an object")))
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        raise error("version", Message("record_version_is", _("must be %(value)s"), value=RECORD_VERSION))
    seed = record.get("seed")
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise error("seed", Message("record_seed", _("must be a whole number from 0 below 2**63")))
    seats = record.get("seats")
    if (
        not isinstance(seats, list)
        or not 2 <= len(seats) <= 8
        or not all(type(s) is str and 0 < len(s) <= 16 for s in seats)
        or len(set(seats)) != len(seats)
    ):
        raise error("seats", Message("record_seat_labels", _("must be distinct non-empty labels")))
    stake = record.get("stake", 1)
    if type(stake) is not int or not 1 <= stake <= 1000:
        raise error("stake", Message("record_stake", _("must be a whole number from 1 to 1000")))
    dealer = record.get("dealer")
    if dealer is not None and (type(dealer) is not str or len(dealer) > 16):
        raise error("dealer", Message("record_dealer", _("must be a seat label")))
    carry = record.get("carry", {})
    if not isinstance(carry, Mapping) or len(carry) > MOST_CARRIED:
        raise error(
            "carry", Message("record_carry", _("must be an object of at most %(n)s keys"), n=MOST_CARRIED)
        )
    moves = record.get("moves")
    if not isinstance(moves, list) or len(moves) > MOST_MOVES:
        raise error(
            "moves", Message("record_moves", _("must be a list of at most %(n)s moves"), n=MOST_MOVES)
        )
    rules = resolve(record.get("rules"))
    deal = LiveDeal(seed=seed, rules=rules, seats=tuple(seats), stake=stake, dealer=dealer, carry=carry)
    return deal, moves


def replay_record(
    record: Any,
    start: Callable[[LiveDeal], TrickHand],
    resolve: Callable[[Any], Any],
    error: type[EngineError] = MoveError,
) -> Replayed:
    """Replay ``record`` (a mapping as ``TrickHand.record`` writes it): deal from its seed with the rules
    ``resolve(record["rules"])``, apply each move and check the hand is over. The game's ``error`` names the
    first thing wrong: a field (``seed``, ``seats``, ``moves[3].code``) or the move that breaks a rule."""
    deal, moves = record_deal(record, resolve, error)
    hand = start(deal)
    apply, to_move = hand.apply, hand.to_move
    for i, move in enumerate(moves):  # the checks cheap first: a record's moves are most of its replay
        plain = type(move) is dict and len(move) == 2 and "seat" in move and "code" in move
        if not plain and (not isinstance(move, Mapping) or set(move) != {"seat", "code"}):
            raise error(f"moves[{i}]", Message("record_move", _("must be an object with seat and code")))
        seat = move["seat"]
        expected = to_move()
        if seat != expected:
            raise error(
                f"moves[{i}].seat",
                Message("record_turn", _("%(value)s is not to move; %(seat)s is"), value=shown(seat),
                        seat=shown(expected)),
            )  # fmt: skip
        try:
            apply(move["code"])
        except EngineError as exc:
            raise error(f"moves[{i}].code", exc) from None
    if not hand.done:
        raise error(
            "moves", Message("record_unfinished", _("the hand is not over after %(n)s moves"), n=len(moves))
        )
    return Replayed(hand=hand, summary=hand.summary(), payments=hand.payments())


__all__ = [
    "LONGEST_CODE",
    "MOST_MOVES",
    "RECORD_VERSION",
    "MoveError",
    "Replayed",
    "TrickHand",
    "TrickPlay",
    "hand_over",
    "not_legal",
    "record_deal",
    "replay_record",
    "trick_json",
]
