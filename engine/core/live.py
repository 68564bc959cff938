"""Live play: what a server needs of a game to deal a hand, referee it move by move and show each seat its
part (docs/live.md). Pure Python, no Django.

A game that plays live gives its descriptor a ``LiveGame`` (``GameDescriptor.live``). The server keeps a
live hand as its ``LiveDeal`` (seed, rules, seats, stake) and the codes of the actions applied so far;
``LiveGame.start(deal)`` and ``apply`` of each code rebuild the state (``replay``), so nothing but those
two has to be stored. Actions are text codes, the record's own words ("bid three", "play XXI",
"discard HK SJ"), so that a stored hand, a phone's request and a record agree.

Views are JSON-ready dicts. ``seat_view(seat)`` holds the seat's own cards and what the table has seen;
``public_view()`` what a spectator may see (no hidden card at all). Both carry ``step`` (how many actions
were applied) so that a client sends the step it chose at and a stale choice is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.messages import EngineError, Message

#: the bots every live game offers: the game's rule bot, and uniform random choices (practice)
BOT_KINDS: tuple[str, ...] = ("rule", "random")


@dataclass(frozen=True)
class LiveDeal:
    """What a live hand is dealt from: the shuffle's seed, the rules (the game's ``Rules`` value), the
    active seats' labels from the first bidder on (a 5-seat table's dealer left out) and the stake."""

    seed: int
    rules: Any
    seats: tuple[str, ...]
    stake: int = 1
    #: the table's seat who dealt (a label; it may be sitting out), for the views only
    dealer: str | None = None
    #: what the hand inherits from the table's earlier hands (a game's ``GameDescriptor.carry_next`` makes
    #: it; Slovenian tarok's radelci); empty for most games. Not part of the equality or hash of a deal
    carry: Mapping[str, Any] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class Choice:
    """One legal move of the seat to move, as a phone shows it.

    ``code`` is what to send back (the record's words). A card move names its ``card`` (tap the card). A
    move that picks several cards at once (a discard) has ``pick``: how many of ``cards`` to choose; the
    code to send is ``code`` followed by the chosen cards' names, space-separated (``"discard HK SJ"``).
    """

    code: str
    label: Message
    group: str
    card: str | None = None
    pick: int = 0
    cards: tuple[str, ...] = ()
    #: a word on what the move means beyond its label (a cue bid shows XIX), or None
    hint: Message | None = None

    def as_json(self, render: Callable[[Message], str] = str) -> dict[str, Any]:
        """The choice as the views send it, its texts rendered by ``render`` (English by default)."""
        out: dict[str, Any] = {"code": self.code, "label": render(self.label), "group": self.group}
        if self.card is not None:
            out["card"] = self.card
        if self.pick:
            out["pick"] = self.pick
            out["cards"] = list(self.cards)
        if self.hint is not None:
            out["hint"] = render(self.hint)
        return out


class LiveHand(Protocol):
    """A hand in play. Everything a seat may do goes through ``apply``; everything it may see comes from
    ``seat_view``."""

    #: how many actions were applied (the step a client chose at)
    step: int
    done: bool
    #: the moves applied so far, each as the engine writes it (what the server stores)
    codes: list[str]
    #: what the hand was dealt from
    deal: LiveDeal

    def to_move(self) -> str | None:
        """The label of the seat whose move it is; None when the hand is over."""
        ...

    def choices(self) -> Sequence[Choice]:
        """The legal moves of the seat to move (empty when the hand is over)."""
        ...

    def apply(self, code: str) -> None:
        """Apply the move ``code`` of the seat to move; raises the game's ``EngineError`` (an illegal move,
        a code it cannot read) naming the step and the rule, and then changes nothing."""
        ...

    def bot_move(self, kind: str, rng: Any) -> str:
        """The code the bot ``kind`` (of ``BOT_KINDS``) chooses for the seat to move, from that seat's
        view."""
        ...

    def seat_view(self, seat: str, render: Callable[[Message], str] = str) -> dict[str, Any]:
        """What ``seat`` sees: its own cards, the table's public information, its choices when it moves."""
        ...

    # optional: ``players() -> tuple[str, ...]``, the seats that play the hand now when a seat the deal
    # left out may join it (``TrickHand.players``); without it, the deal's seats

    def public_view(self, render: Callable[[Message], str] = str) -> dict[str, Any]:
        """What a spectator sees: the public information, no hidden card."""
        ...

    def record(self) -> dict[str, Any]:
        """The hand record (the game's record format) of the hand so far; when done, replaying it gives
        this hand's summary and payments."""
        ...

    def summary(self) -> dict[str, Any]:
        """The hand summary of a finished hand (the game's summary format)."""
        ...

    def payments(self) -> dict[str, int]:
        """Each active seat's payment for a finished hand, as scoring its summary gives."""
        ...


@dataclass(frozen=True)
class LiveGame:
    """What a game gives the server to play it live."""

    #: ``(deal) -> LiveHand`` at step 0
    start: Callable[[LiveDeal], LiveHand]
    #: ``() -> the JSON schema of a seat's view`` (docs/live.md); the public view is the same without a hand
    view_schema: Callable[[], dict[str, Any]]
    bots: tuple[str, ...] = BOT_KINDS
    #: the phases the views name, in order, with their English labels (``gettext_noop``)
    phases: Mapping[str, str] = field(default_factory=dict)


class LiveError(EngineError):
    """A live hand that cannot be rebuilt: a stored action that its replay refuses (names the step)."""


def replay(game: LiveGame, deal: LiveDeal, codes: Iterable[str]) -> LiveHand:
    """The hand dealt by ``deal`` after the moves ``codes``: how the server rebuilds a stored hand."""
    hand = game.start(deal)
    for code in codes:
        hand.apply(code)
    return hand


__all__ = ["BOT_KINDS", "Choice", "LiveDeal", "LiveError", "LiveGame", "LiveHand", "Message", "replay"]
