"""Königrufen played live (``engine.core.trickhand``): ``KoenigrufenHand``, ``start``, ``PHASES`` and
``LIVE``, the descriptor's ``LiveGame``.

A hand goes through the phases of ``PHASES``. Codes are the record's words:

- the auction: the first player (Vorhand) opens with ``mein spiel`` (a Rufer, Trischaken or Sechserdreier
  if the others pass) or ``bid <contract>``; the others ``bid <contract>`` (a later one of
  ``Rules.bid_order``) or ``pass``; the first player may ``hold`` a contract bid by another player
  (``Rules.forehand_holds``); a player who passed is out. Sources: supplement 18.10 ("Sechserdreier, like
  Rufer and Trischaken is an option for the first player only if the other players all pass after he has
  opened with 'Mein Spiel'"; HTS: a Sechserdreier "is overbid only by a contract of Piccolo Ouvert or
  higher"); the outline of pagat.com's Königrufen (https://pagat.com/de/tarot/koenig.html: "Spielablauf:
  Austeilen, Bieten, Rufen eines Königs, Austauschen mit dem Stock, Ansagen, Spiel"); nbm.at
  "Grundlagen" (http://nbm.at/tarock___grundlagen.php, "Lizitieren": "Die Vorhand sagt: Mein Spiel").
- ``bid <contract>`` once more when the first player won with "Mein Spiel" (phase "contract"), Trischaken
  as ``bid trischaken`` or ``bid trischaken von_oben`` (18.10: the first player chooses how it is led);
- ``join <contract>`` / ``pass`` (phase "join"): where several declarers may play a negative contract at
  once (``Rules.simultaneous``, LK: "The contracts Bettler, Zwiccolo and Piccolo can be played
  simultaneously by two or more declarers, playing the same or different contracts", supplement 18.10),
  the hand's contract being one of them, each other player in turn from the declarer's left says once
  whether they join, and with which contract (``Rules.simultaneous_join``: any of them, none above the
  auction's, or the same). No public text found says more (searched: nbm.at, pagat.com, tarockapp.at);
  the rest is this kit's choice: the join round follows the auction (a join is not a bid: it overbids
  nobody), the first declarer leads (``Rules.declarer_leads``), each declarer plays alone for their own
  contract against every other player (the scorer's reading, engine/koenigrufen/scoring.py), the trick
  rules of the negative contracts bind everyone, and with ``Rules.stop_when_decided`` the hand ends once
  every declarer has lost (a contract of exactly so many tricks is decided only at the end). In the
  announcements each declarer's game is kontra'd apart: ``kontra game`` the first declarer's,
  ``kontra game2`` ... the further ones' in the order they joined; any other player (another declarer
  too: the declarers settle with each other) may Kontra it, its declarer Re, and so on;
- ``call HK`` (a King; with all four Kings a Queen, ``Rules.call_queen_with_four_kings``);
- ``take 1`` / ``take 2``: the talon half the declarer takes (Rufer, the bird Rufers, Dreier,
  Farbendreier); a Sechserdreier takes all six; Solorufer, Solodreier and Farbensolo leave the talon to
  the opponents, the negative contracts and Trischaken leave it aside (nbm.at "Ablegen", "Solospiele",
  "Negativspiele"; tarockapp.at, the contracts' table);
- ``discard <cards>``: never a King or a Trull card; tarocks only when the suit cards do not suffice, and
  then shown (the reverse in a colour game) — tarock-konigrufen8.webnode.at "Talon und Ablegen"
  (https://tarock-konigrufen8.webnode.at/talon-und-ablegen) and nbm.at "Ablegen";
- the announcements, from the declarer round the table until every seat passed in a row:
  ``announce <bonus>``, ``kontra game``, ``kontra <bonus>`` (each level in turn by the other side: Kontra,
  Re, Sub, up to ``Rules.max_kontra``), ``pass``. A Trischaken has them only with
  ``Rules.trischaken_kontra``: from the first player (its declarer) round the table, the others may say
  ``kontra game``, the first player Re, up to ``Rules.trischaken_max_kontra`` ("Some allow the opponents
  of the declarer in a Trischaken to say Kontra, doubling the scores, and the declarer could then say
  Retour", supplement 16.19, its variations; before the first lead, as every kontra of the game is said);
  a dealer of a five-seat table who plays the Fahren is asked too (18.11: the dealer "joins in the first
  six tricks, and can Kontra"); the summary's ``kontra`` is the level, doubling every payment;
- ``play <card>``.

The five-seat table (18.11): ``deal.seats`` are the four players and ``deal.dealer`` the fifth label. In a
Trischaken (a Fahren) the dealer takes the talon and plays to the first six tricks (five cards each; if
the dealer wins the sixth with their last card, the lead passes to the first player), when
``Rules.fahren_dealer_plays`` and ``Rules.fahren_dealer_plays_live`` (off by default: the live tables show
a seat outside the deal's active seats only the public view); the summary then lists five seats,
``to_move`` names the dealer on their turns and the record's moves name them too. Otherwise the dealer
sits out (``sitting_out`` in the summary and the views).

``apply`` checks a card (and a bid) without listing the moves, for the replay's speed; ``choices`` lists
them as ``Choice`` values only when a view asks. Every rule the summaries score is played live.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from engine.core.kit import schema_of
from engine.core.live import Choice, LiveDeal, LiveGame
from engine.core.messages import EngineError, Message
from engine.core.messages import gettext_noop as _
from engine.core.presets import spec_of
from engine.core.scoring import kontra_name
from engine.core.shown import shown
from engine.core.thirds import as_points, stored
from engine.core.trickhand import LONGEST_CODE, RECORD_VERSION, MoveError, TrickHand, hand_over, not_legal
from engine.koenigrufen.bots import rule_move
from engine.koenigrufen.play import (
    BIRD_CARD,
    BIRD_TRICK,
    HONOURS,
    KINGS,
    PACK,
    QUEENS,
    STRENGTH,
    SUIT,
    SUIT_NAMES,
    TAROCK,
    THIRDS,
    order,
    winner_index,
)
from engine.koenigrufen.rules import BIRD_OF, CALLING, NEGATIVE, PRESETS, Rules, resolve_rules
from engine.koenigrufen.scoring import hand_items, settled_payments
from engine.koenigrufen.summary import Bonus, Game, Summary, trischaken_kontra_top

GAME_ID = "koenigrufen"

PHASES: dict[str, str] = {
    "auction": _("bidding"),
    "contract": _("choosing the contract"),
    "join": _("joining the negative contract"),
    "call": _("calling a King"),
    "talon": _("choosing a talon half"),
    "discard": _("discarding"),
    "announcements": _("announcements"),
    "play": _("play"),
    "done": _("hand over"),
}

#: "play XXI" -> "XXI": the card a play code names
PLAY_CARD: dict[str, str] = {"play " + c: c for c in PACK.cards}
#: "play XXI" -> ("XXI", its suit, its strength): what ``fast_plays`` reads of a play code
_PLAY_INFO: dict[str, tuple[str, str, int]] = {"play " + c: (c, SUIT[c], STRENGTH[c]) for c in PACK.cards}
#: the contracts whose declarer takes a talon half (three cards)
TALON_HALF: frozenset[str] = frozenset(
    ("rufer", "pagatrufer", "uhurufer", "kakadurufer", "quapilrufer", "dreier", "farbendreier")
)
#: the contracts whose talon goes to the opponents untouched
TALON_TO_OPPONENTS: frozenset[str] = frozenset(("solorufer", "solodreier", "farbensolo"))
COLOUR: frozenset[str] = frozenset(("farbendreier", "farbensolo"))
#: the most tricks a negative declarer may take
NEGATIVE_TRICKS: dict[str, int] = {
    "bettler": 0,
    "bettler_ouvert": 0,
    "piccolo": 1,
    "piccolo_ouvert": 1,
    "zwiccolo": 2,
}
OUVERT: frozenset[str] = frozenset(("piccolo_ouvert", "bettler_ouvert"))
#: the contracts several declarers may play at once where ``Rules.simultaneous`` names them (18.10, LK:
#: Bettler, Zwiccolo, Piccolo): the closed negative ones (an ouvert declarer's shown hand is one hand)
JOINABLE: frozenset[str] = frozenset(NEGATIVE_TRICKS) - OUVERT
#: card points in thirds that win a game: 35 and two cards ("35 Punkte und zwei Blatt")
WINNING_THIRDS = 107
#: Absolut (LK, 18.10): "at least 49 points plus 1 card"
ABSOLUT_THIRDS = 148

#: the choices' labels and hints; each is ``Message("kr_live_" + key, text)``
TEXTS: dict[str, str] = {
    "mein_spiel": _("Mein Spiel"),
    "pass": _("Pass"),
    "hold": _("Hold %(word)s"),
    "bid": _("Bid %(word)s"),
    "play_contract": _("Play %(word)s"),
    "trischaken_von_oben": _("Play Trischaken, tarocks led from the top"),
    "call": _("Call the %(card)s"),
    "take": _("Take talon half %(half)s: %(cards)s"),
    "discard": _("Discard %(count)s card(s)"),
    "discard_with": _("discarded with them: %(cards)s"),
    "announce": _("Announce %(word)s"),
    "kontra_game": _("%(kontra)s the game"),
    "kontra": _("%(kontra)s the %(word)s"),
    "join": _("Play %(word)s too"),
    "kontra_declarer": _("%(kontra)s the %(word)s of %(seat)s"),
    "play": _("Play %(card)s"),
}


def text(key: str, **params: Any) -> Message:
    return Message(f"kr_live_{key}", TEXTS[key], **params)


class KoenigrufenError(MoveError):
    """A Königrufen move or record refused: ``KoenigrufenError(where, why)``."""


@lru_cache(maxsize=4096)
def dealt(seed: int) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """The four hands (in hand order) and the talon (as dealt: its halves are ``[:3]`` and ``[3:]``)."""
    cards = PACK.shuffled(seed)
    hands = tuple(tuple(order(cards[12 * i : 12 * i + 12])) for i in range(4))
    return hands, tuple(cards[48:])


@lru_cache(maxsize=4096)
def _dealt_counts(seed: int) -> tuple[dict[str, int], ...]:
    """``suit_counts`` of each of the four hands ``dealt(seed)`` (copied before use)."""
    return tuple(suit_counts(list(hand)) for hand in dealt(seed)[0])


_RANKS: dict[int, tuple[Rules, dict[str, int]]] = {}
_SPECS: dict[int, tuple[Rules, Any]] = {}


def rules_spec(rules: Rules) -> Any:
    """``presets.spec_of(rules, PRESETS)``, kept per rules value (comparing a Rules value costs)."""
    kept = _SPECS.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_SPECS) > 64:
            _SPECS.clear()
        kept = (rules, spec_of(rules, PRESETS))
        _SPECS[id(rules)] = kept
    return copy.deepcopy(kept[1]) if isinstance(kept[1], dict) else kept[1]


def _ranks(rules: Rules) -> dict[str, int]:
    """The auction's rank of each contract of ``rules`` (kept per rules value)."""
    kept = _RANKS.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_RANKS) > 64:
            _RANKS.clear()
        kept = (rules, {c: i for i, c in enumerate(rules.bid_order) if c in rules.contract_values})
        _RANKS[id(rules)] = kept
    return kept[1]


#: the cards a declarer may discard: the suit cards but the Kings, the tarocks but the Trull
_FREE_SUIT_CARDS: frozenset[str] = frozenset(c for c in PACK.cards if not TAROCK[c] and c not in KINGS)
_FREE_TAROCKS: frozenset[str] = frozenset(c for c in PACK.cards if TAROCK[c] and c not in HONOURS)
#: the bonuses in the order a summary lists them
_BONUS_ORDER: tuple[str, ...] = (
    "trull", "four_kings", "pagat", "uhu", "kakadu", "quapil", "king_ultimo", "absolut", "mondfang", "valat"
)  # fmt: skip
#: each bird bonus, its card and the trick (0-based) it must win
_BIRD_TRICKS: tuple[tuple[str, str, int], ...] = tuple((b, c, BIRD_TRICK[b]) for b, c in BIRD_CARD.items())
_SCORED: dict[tuple[int, bool, bool], tuple[Rules, frozenset[str]]] = {}


def _scored(rules: Rules, colour: bool, king_ultimo: bool) -> frozenset[str]:
    """The bonuses a hand of ``rules`` scores (announced or silent): in a colour game only the colour
    bonuses, the King ultimo only when a King was called (kept per rules value)."""
    key = (id(rules), colour, king_ultimo)
    kept = _SCORED.get(key)
    if kept is None or kept[0] is not rules:
        if len(_SCORED) > 256:
            _SCORED.clear()
        scored = set(rules.bonus_values) | set(rules.silent_bonus_values)
        if colour:
            scored &= set(rules.colour_bonuses)
        if not king_ultimo:
            scored.discard("king_ultimo")
        kept = (rules, frozenset(scored))
        _SCORED[key] = kept
    return kept[1]


_NO_CARDS: dict[str, int] = {"T": 0, "H": 0, "D": 0, "C": 0, "S": 0}


def suit_counts(cards: list[str]) -> dict[str, int]:
    """How many of ``cards`` are of each suit ("T": tarocks), every suit named (0 when void)."""
    counts = _NO_CARDS.copy()
    for suit in map(SUIT.__getitem__, cards):
        counts[suit] += 1
    return counts


_FOLLOWING: dict[tuple[str, ...], dict[str, str]] = {}


def _following(order_: tuple[str, ...]) -> dict[str, str]:
    """Who plays after each seat of ``order_`` (kept per order; read only)."""
    kept = _FOLLOWING.get(order_)
    if kept is None:
        if len(_FOLLOWING) > 256:
            _FOLLOWING.clear()
        kept = {s: order_[(i + 1) % len(order_)] for i, s in enumerate(order_)}
        _FOLLOWING[order_] = kept
    return kept


def rules_of(spec: Any) -> Rules:
    return spec if isinstance(spec, Rules) else resolve_rules(spec)


class KoenigrufenHand(TrickHand):
    """One hand of Königrufen in live play (see the module's docstring)."""

    game_id = GAME_ID
    pack = PACK
    error = KoenigrufenError
    presets = PRESETS

    # --- set-up --------------------------------------------------------------------------------------
    def setup(self) -> None:
        deal = self.deal
        try:
            self.rules: Rules = rules_of(deal.rules)
        except EngineError as exc:
            raise KoenigrufenError("rules", exc) from None
        seats = self.seats
        if len(seats) != 4 or len(set(seats)) != 4 or not all(type(s) is str and s for s in seats):
            raise KoenigrufenError(
                "seats", Message("record_seats", _("must be four distinct non-empty labels"))
            )
        if type(deal.stake) is not int or not 1 <= deal.stake <= 1000:
            raise KoenigrufenError(
                "stake", Message("record_stake", _("must be a whole number from 1 to 1000"))
            )
        dealer = deal.dealer
        #: the fifth seat of a five-seat table (the dealer, sitting out but for a Fahren), or None
        self.fifth: str | None = dealer if dealer is not None and dealer not in seats else None
        hands, talon = dealt(deal.seed)
        self.hands = {s: list(h) for s, h in zip(seats, hands, strict=True)}
        self.dealt_hands = {s: h for s, h in zip(seats, hands, strict=True)}
        self.talon: tuple[str, ...] = talon
        self.rank = _ranks(self.rules)
        self.phase = "auction"
        self.auction: list[tuple[str, str]] = []
        self.out: set[str] = set()
        self.high = -1  # the rank of the highest bid; -1: "Mein Spiel" only
        self.high_seat = seats[0]
        self.turn = seats[0]
        self.contract: str | None = None
        self.mode = "bunt"  # how a Trischaken is led
        self.declarer: str | None = None
        #: the further declarers of a negative contract (``Rules.simultaneous``): (seat, contract), in the
        #: order they joined; their games are kontra'd as "game2", "game3" ...
        self.more: list[tuple[str, str]] = []
        #: each game's kontra key and its declarer when there are several declarers ("game": the first)
        self.owners: dict[str, str] = {}
        self.called: str | None = None
        self.partner: str | None = None
        self.partner_public = False
        self.half: int | None = None  # the talon half taken (0, 1); None: none or all
        self.talon_public = False
        self.discards: list[str] = []
        self.shown_discards: list[str] = []
        self.opponents_talon: list[str] = []
        self.announcements: list[tuple[str, str, str | None]] = []
        self.announced: dict[str, str] = {}  # bonus -> team
        self.kontra: dict[str, int] = {}  # "game" or a bonus -> level
        self.passes = 0
        # the play
        self.order: tuple[str, ...] = seats
        self.leader = seats[0]
        self.trick: list[tuple[str, str]] = []
        self._led = ""
        self._best_key = 0
        self._colour = False
        self._talon_to_tricks = False
        self._limit: int | None = None
        self.trick_size = 4
        self.best = 0
        self.tricks: list[tuple[str, tuple[tuple[str, str], ...], str]] = []
        self.won: dict[str, list[str]] = {}
        self.tricks_count: dict[str, int] = {}
        self.stopped = False
        self._summary: dict[str, Any] | None = None
        self._payments: dict[str, int] | None = None
        self._codes_at: tuple[int, tuple[str, ...]] = (-1, ())
        #: each seat's count of cards per suit ("T": tarocks) during the play
        self.counts: dict[str, dict[str, int]] = {}
        #: the play needs none of the slow checks (no lead rule, no overtaking, no Pagat-last)
        self.plain = False
        self._mover: str | None = seats[0]

    # --- who moves ------------------------------------------------------------------------------------
    def to_move(self) -> str | None:
        return self._mover

    def _find_mover(self) -> str | None:
        phase = self.phase
        if phase == "play":
            trick = self.trick
            if not trick:
                return self.leader
            return self._next_player(trick[-1][0])
        if phase == "auction" or phase == "announcements" or phase == "join":
            return self.turn
        if phase == "done":
            return None
        return self.declarer

    def _next_player(self, seat: str) -> str:
        order_ = self.order
        hands = self.hands
        played = {s for s, _c in self.trick}
        i = order_.index(seat)
        for k in range(1, len(order_) + 1):
            nxt = order_[(i + k) % len(order_)]
            if hands[nxt] and nxt not in played:
                return nxt
        return seat  # not reached: a trick is complete before

    def team(self, seat: str) -> str:
        if seat == self.declarer or seat == self.partner:
            return "declarer"
        if self.owners and seat in self.owners.values():
            return "declarer"  # a further declarer of a negative contract (plays alone, as the first)
        return "opponents"

    @property
    def colour(self) -> bool:
        return self.contract in COLOUR

    # --- the legal codes -------------------------------------------------------------------------------
    def codes_now(self) -> tuple[str, ...]:
        """The legal codes of the seat to move (a discard is the one code "discard")."""
        step, made = self._codes_at
        if step != len(self.codes):
            made = tuple(self._codes())
            self._codes_at = (len(self.codes), made)
        return made

    def _codes(self) -> list[str]:
        phase = self.phase
        if phase == "play":
            return ["play " + c for c in self.allowed(self.to_move())]  # type: ignore[arg-type]
        if phase == "auction":
            return self._auction_codes()
        if phase == "contract":
            return self._contract_codes()
        if phase == "join":
            return ["pass", *("join " + c for c in self.joinable())]
        if phase == "call":
            return ["call " + c for c in self.callable()]
        if phase == "talon":
            return ["take 1", "take 2"]
        if phase == "discard":
            return ["discard"]
        if phase == "announcements":
            return self._announce_codes()
        return []

    def _biddable(self, seat: str, contract: str) -> bool:
        rules = self.rules
        if contract in rules.first_player_only and (
            seat != self.seats[0]
            or self.auction
            or contract != "sechserdreier"
            or not rules.sechserdreier_at_outset
        ):
            return False
        bird = BIRD_OF.get(contract)
        held = bird is None or BIRD_CARD[bird] in self.hands[seat]
        return held or not rules.bird_rufer_holds_bird

    def _auction_ok(self, code: str) -> bool:
        """Whether ``code`` is a legal say now (what ``_auction_codes`` lists, checked without listing)."""
        seat = self.turn
        if code == "mein spiel":
            return not self.auction
        if code == "pass":
            return bool(self.auction)
        if code == "hold":
            return (
                seat == self.seats[0]
                and self.rules.forehand_holds
                and self.high >= 0
                and self.high_seat != seat
                and bool(self.auction)
            )
        if code[:4] == "bid ":
            rank = self.rank.get(code[4:])
            return rank is not None and rank > self.high and self._biddable(seat, code[4:])
        return False

    def _auction_codes(self) -> list[str]:
        seat = self.turn
        first = self.seats[0]
        out: list[str] = []
        if not self.auction:
            out.append("mein spiel")
        else:
            out.append("pass")
            if seat == first and self.rules.forehand_holds and self.high >= 0 and self.high_seat != first:
                out.append("hold")
        for contract, rank in self.rank.items():
            if rank > self.high and self._biddable(seat, contract):
                out.append("bid " + contract)
        return out

    def _contract_codes(self) -> list[str]:
        seat = self.seats[0]
        out = []
        for contract in self.rank:
            bird = BIRD_OF.get(contract)
            if (
                bird is not None
                and self.rules.bird_rufer_holds_bird
                and BIRD_CARD[bird] not in self.hands[seat]
            ):
                continue
            out.append("bid " + contract)
            if contract == "trischaken" and self.rules.trischaken_lead == "choice":
                out.append("bid trischaken von_oben")
        return out

    def joinable(self) -> list[str]:
        """The contracts a further declarer may join the hand's negative contract with (``Rules.simultaneous``
        as ``Rules.simultaneous_join`` narrows it; a contract the auction cannot name, or an ouvert one
        whose shown hand is the declarer's alone, is left out), lowest first."""
        rules, contract, rank = self.rules, self.contract, self.rank
        top = rank.get(contract, -1)  # type: ignore[arg-type]
        mode = rules.simultaneous_join
        out = [
            c
            for c in rules.simultaneous
            if c in rank
            and c in JOINABLE
            and (mode == "any" or (c == contract if mode == "same" else rank[c] <= top))
        ]
        return sorted(out, key=rank.__getitem__)

    def callable(self) -> list[str]:
        hand = self.hands[self.declarer]  # type: ignore[index]
        if (
            self.rules.call_queen_with_four_kings
            and "HK" in hand
            and "DK" in hand
            and "CK" in hand
            and "SK" in hand
        ):
            return [q for q in QUEENS if q not in hand] + list(KINGS)
        return list(KINGS)

    def _announce_codes(self) -> list[str]:
        seat = self.turn
        team = self.team(seat)
        rules = self.rules
        out = ["pass"]
        for bonus in self._announceable():
            if bonus in self.announced:
                continue
            card = BIRD_CARD.get(bonus)
            if card is not None and card not in self.hands[seat]:
                continue
            if bonus == "king_ultimo" and self.called not in self.hands[seat]:
                continue
            out.append("announce " + bonus)
        kontra = self.kontra
        if self.owners:  # several declarers: each game kontra'd apart, by anyone but its declarer
            top = rules.max_kontra
            for key, declarer in self.owners.items():
                level = kontra.get(key, 0) + 1
                if level <= top and (seat != declarer) == (level % 2 == 1):
                    out.append("kontra " + key)
        else:
            top = trischaken_kontra_top(rules) if self.contract == "trischaken" else rules.max_kontra
            level = kontra.get("game", 0) + 1
            if level <= top and (team == "opponents") == (level % 2 == 1):
                out.append("kontra game")
        for bonus, owner in self.announced.items():
            level = self.kontra.get(bonus, 0) + 1
            if level <= rules.max_kontra and (team != owner) == (level % 2 == 1):
                out.append("kontra " + bonus)
        return out

    def _announceable(self) -> list[str]:
        contract = self.contract
        if contract in NEGATIVE or contract == "trischaken":
            return []
        names = [b for b in self.rules.bonus_values]
        if contract in COLOUR:
            names = [b for b in names if b in self.rules.colour_bonuses]
        if contract not in CALLING or self.called not in KINGS:
            names = [b for b in names if b != "king_ultimo"]
        return names

    # --- the play's rules ------------------------------------------------------------------------------
    def _overtake(self) -> bool:
        return self.contract in NEGATIVE or (self.contract == "trischaken" and self.rules.trischaken_overtake)

    def _pagat_last(self) -> bool:
        return self.rules.pagat_last_negative and (self.contract in NEGATIVE or self.contract == "trischaken")

    def allowed(self, seat: str) -> list[str]:
        """The cards ``seat`` may play to the trick on the table."""
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            if self.colour:
                cards = [c for c in hand if not TAROCK[c]] or hand
            elif self.contract == "trischaken" and self.mode == "von_oben":
                tarocks = [c for c in hand if TAROCK[c]]
                cards = [max(tarocks, key=STRENGTH.__getitem__)] if tarocks else hand
            else:
                cards = hand
        else:
            suit = SUIT[trick[0][1]]
            cards = [c for c in hand if SUIT[c] == suit]
            if not cards:
                cards = [c for c in hand if TAROCK[c]] or hand
            if self._overtake():
                best = trick[self.best][1]
                top = STRENGTH[best]
                # ``beats(c, best, colour)`` written out: a higher tarock; over a suit card any tarock (not
                # in a colour game) or a higher card of its suit
                if TAROCK[best]:
                    higher = [c for c in cards if TAROCK[c] and STRENGTH[c] > top]
                elif self.colour:
                    higher = [c for c in cards if not TAROCK[c] and c[0] == best[0] and STRENGTH[c] > top]
                else:
                    higher = [c for c in cards if TAROCK[c] or (c[0] == best[0] and STRENGTH[c] > top)]
                if higher:
                    cards = higher
        if (
            self._pagat_last()
            and "I" in cards
            and len(cards) > 1
            and any(TAROCK[c] and c != "I" for c in hand)
        ):
            cards = [c for c in cards if c != "I"]
        return cards

    def _card_ok(self, seat: str, card: str) -> bool:
        return card in self.hands[seat] and card in self.allowed(seat)

    # --- the protocol: a fast ``apply`` (the listed codes checked as text, no Choice built) ----------
    def apply(self, code: str) -> None:
        if self.phase == "play" and type(code) is str and code[:5] == "play ":
            seat: str = self._mover  # type: ignore[assignment]
            card = code[5:]
            if self._fast_ok(seat, card):
                self._play(seat, card)
                self.codes.append(code)
                self.moved_by.append(seat)
                return
        self._apply(code)

    def _fast_ok(self, seat: str, card: str) -> bool:
        if card not in self.hands[seat]:
            return False
        if not self.plain:
            return card in self.allowed(seat)
        trick = self.trick
        if not trick:
            return True
        suit = SUIT[trick[0][1]]
        mine = SUIT[card]
        if mine == suit:
            return True
        counts = self.counts[seat]
        if counts[suit]:
            return False
        return mine == "T" or not counts["T"]

    def _apply(self, code: str) -> None:
        phase = self.phase
        if phase == "done":
            raise self.error(self.where(), hand_over())
        if type(code) is not str or len(code) > LONGEST_CODE:
            raise self.error(
                self.where(),
                Message("action_text", _("expected an action text, got %(value)s"), value=shown(code)),
            )
        words = code.split()
        code = " ".join(words)
        seat: str = self._mover  # type: ignore[assignment]
        ok = self._listed(code) if phase != "play" else code[:5] == "play " and self._card_ok(seat, code[5:])
        if not ok:
            raise self.error(self.where(), self.why_not(code))
        self._do(phase, seat, code, words)
        if self.phase != "play":
            self._mover = self._find_mover()
        self.codes.append(code)
        self.moved_by.append(seat or "")

    def _listed(self, code: str) -> bool:
        phase = self.phase
        if phase == "auction":
            return self._auction_ok(code)
        if phase == "announcements" and code == "pass":
            return True
        if phase == "discard":
            head, *cards = code.split(" ")
            return head == "discard" and self.discard_problem(cards) is None
        if phase == "talon":
            return code == "take 1" or code == "take 2"
        if phase == "call":
            return code[:5] == "call " and code[5:] in self.callable()
        if phase == "contract":
            return self._contract_ok(code)
        return code in self.codes_now()

    def _contract_ok(self, code: str) -> bool:
        """Whether ``code`` is one of ``_contract_codes`` (checked without listing them)."""
        if code == "bid trischaken von_oben":
            return self.rules.trischaken_lead == "choice" and "trischaken" in self.rank
        contract = code[4:] if code[:4] == "bid " else ""
        if contract not in self.rank:
            return False
        bird = BIRD_OF.get(contract)
        seat = self.seats[0]
        return bird is None or not self.rules.bird_rufer_holds_bird or BIRD_CARD[bird] in self.hands[seat]

    def legal(self) -> tuple[Choice, ...]:
        seat = self.to_move()
        out = []
        for code in self.codes_now():
            out.append(self._choice(seat, code))  # type: ignore[arg-type]
        return tuple(out)

    def _choice(self, seat: str, code: str) -> Choice:
        words = code.split(" ")
        head = words[0]
        if head == "play":
            return Choice(code, text("play", card=words[1]), "play", card=words[1])
        if head == "mein":
            return Choice(code, text("mein_spiel"), "bid")
        if head == "pass":
            return Choice(code, text("pass"), "pass")
        if head == "hold":
            return Choice(code, text("hold", word=self.rules.bid_order[self.high]), "bid")
        if head == "bid":
            if len(words) == 3:
                return Choice(code, text("trischaken_von_oben"), "bid")
            key = "play_contract" if self.phase == "contract" else "bid"
            return Choice(code, text(key, word=words[1]), "bid")
        if head == "join":
            return Choice(code, text("join", word=words[1]), "bid")
        if head == "call":
            return Choice(code, text("call", card=words[1]), "call", card=words[1])
        if head == "take":
            half = int(words[1])
            cards = self.talon[:3] if half == 1 else self.talon[3:]
            return Choice(code, text("take", half=half, cards=" ".join(cards)), "talon")
        if head == "discard":
            # any pick of ``cards`` must be legal (docs/live.md): when the cards to discard first do not
            # suffice, they all go, named in the code, and the pick is of the rest
            n = self._taken()
            first, second = self._discard_classes()
            if len(first) >= n:
                return Choice(
                    "discard", text("discard", count=n), "discard", pick=n, cards=tuple(order(first))
                )
            must = order(first)
            return Choice(
                " ".join(["discard", *must]),
                text("discard", count=n),
                "discard",
                pick=n - len(must),
                cards=tuple(order(second)),
                hint=text("discard_with", cards=" ".join(must)) if must else None,
            )
        if head == "announce":
            return Choice(code, text("announce", word=words[1]), "announce")
        # kontra
        item = words[1]
        level = self.kontra.get(item, 0) + 1
        owner = self.owners.get(item)
        if owner is not None:  # several declarers: whose game
            word = self.contract if item == "game" else self.more[int(item[4:]) - 2][1]
            return Choice(
                code, text("kontra_declarer", kontra=kontra_name(level), word=word, seat=owner), "kontra"
            )
        if item == "game":
            return Choice(code, text("kontra_game", kontra=kontra_name(level)), "kontra")
        return Choice(code, text("kontra", kontra=kontra_name(level), word=item), "kontra")

    # --- the discard -------------------------------------------------------------------------------------
    def _taken(self) -> int:
        return 6 if self.contract == "sechserdreier" else 3

    def _discard_classes(self) -> tuple[list[str], list[str]]:
        """The cards to discard first and those allowed only when the first do not suffice: suit cards then
        tarocks, in a colour game the reverse; never a King or a Trull card."""
        hand = self.hands[self.declarer]  # type: ignore[index]
        suits = [c for c in hand if c in _FREE_SUIT_CARDS]
        tarocks = [c for c in hand if c in _FREE_TAROCKS]
        return (tarocks, suits) if self.contract in COLOUR else (suits, tarocks)

    def discardable(self) -> list[str]:
        first, second = self._discard_classes()
        return order(first if len(first) >= self._taken() else first + second)

    def discard_problem(self, cards: list[str]) -> Message | None:
        """Why discarding ``cards`` is refused, or None."""
        n = self._taken()
        if len(cards) != n or len(set(cards)) != n:
            return Message("kr_discard_count", _("discard exactly %(n)s different cards"), n=n)
        hand = self.hands[self.declarer]  # type: ignore[index]
        for card in cards:
            if card not in hand:
                return Message(
                    "kr_discard_not_held", _("%(card)s is not in the declarer's hand"), card=shown(card)
                )
            if card in KINGS or card in HONOURS:
                return Message("kr_discard_king_trull", _("a King or a Trull card may never be discarded"))
        first, _second = self._discard_classes()
        if len(first) >= n:
            if any(c not in first for c in cards):
                return self._second_message()
        elif any(c not in cards for c in first):
            return self._second_message()
        return None

    def _second_message(self) -> Message:
        if self.colour:
            return Message(
                "kr_discard_colour",
                _("in a colour game suit cards are discarded only when the tarocks do not suffice"),
            )
        return Message(
            "kr_discard_tarock", _("tarocks are discarded only when the suit cards do not suffice")
        )

    # --- applying a move ------------------------------------------------------------------------------
    def do(self, code: str) -> None:
        self._do(self.phase, self.to_move(), code, code.split(" "))  # type: ignore[arg-type]

    def _do(self, phase: str, seat: str, code: str, words: list[str]) -> None:
        """``do(code)`` with the phase, the seat to move and the code's words at hand."""
        if phase == "play":
            self._play(seat, words[1])  # type: ignore[arg-type]
        elif phase == "auction":
            self._bid(seat, code, words)  # type: ignore[arg-type]
        elif phase == "contract":
            if len(words) == 3:
                self.mode = "von_oben"
            self._set_contract(words[1])
        elif phase == "join":
            self._join(seat, words)
        elif phase == "call":
            self.called = words[1]
            self._after_call()
        elif phase == "talon":
            self._take(int(words[1]) - 1)
        elif phase == "discard":
            self._discard(words[1:])
        elif phase == "announcements":
            self._announce(seat, code, words)  # type: ignore[arg-type]

    def _bid(self, seat: str, code: str, words: list[str]) -> None:
        self.auction.append((seat, code))
        if code == "pass":
            self.out.add(seat)
        elif code == "hold":
            self.high_seat = seat
        elif words[0] == "bid":
            self.high = self.rank[words[1]]
            self.high_seat = seat
        out = self.out  # the seats that passed, so the last one in is the one not among them
        if len(self.seats) - len(out) == 1:
            winner = next(s for s in self.seats if s not in out)
            self.declarer = winner
            if self.high < 0:
                self.phase = "contract"
            else:
                self._set_contract(self.rules.bid_order[self.high])
            return
        i = self.seats.index(seat)
        for k in range(1, 5):
            nxt = self.seats[(i + k) % 4]
            if nxt not in self.out:
                self.turn = nxt
                return

    def _set_contract(self, contract: str) -> None:
        self.contract = contract
        if contract == "trischaken":
            if self.rules.trischaken_lead == "von_oben":
                self.mode = "von_oben"
            if trischaken_kontra_top(self.rules):  # 16.19: "Some allow ... to say Kontra"
                self._fahren_seats()  # 18.11: a dealer who plays the Fahren "can Kontra"
                self._start_announcements()
                return
            self._start_play()
            return
        if contract in CALLING:
            self.phase = "call"
            return
        if contract in self.rules.simultaneous and contract in JOINABLE and self.joinable():
            # 18.10 (LK): further declarers may join; each other player once, from the declarer's left
            self.phase = "join"
            self.turn = self.seats[(self.seats.index(self.declarer) + 1) % 4]  # type: ignore[arg-type]
            return
        self._after_call()

    def _join(self, seat: str, words: list[str]) -> None:
        if words[0] == "join":
            self.more.append((seat, words[1]))
        nxt = self.seats[(self.seats.index(seat) + 1) % 4]
        if nxt != self.declarer:
            self.turn = nxt
            return
        if self.more:
            self.owners = {"game": self.declarer}  # type: ignore[dict-item]
            for i, (joined, _contract) in enumerate(self.more):
                self.owners[f"game{i + 2}"] = joined
        self._after_call()

    def _after_call(self) -> None:
        contract = self.contract
        declarer = self.declarer
        called = self.called
        if called is not None:
            holder = next((s for s in self.seats if called in self.hands[s]), None)
            self.partner = holder if holder != declarer else None
            if holder is None:
                self.partner_public = True  # the called King lies in the talon: the declarer plays alone
        if contract in BIRD_OF:  # 18.10: a bird Rufer is a Rufer with its bird announced
            self.announced[BIRD_OF[contract]] = "declarer"
        if contract in TALON_HALF:
            self.talon_public = True
            self.phase = "talon"
        elif contract == "sechserdreier":
            self.talon_public = self.rules.sechserdreier_talon_shown
            self.hands[declarer].extend(self.talon)  # type: ignore[index]
            self.hands[declarer] = order(self.hands[declarer])  # type: ignore[index]
            self.phase = "discard"
        else:
            if contract in TALON_TO_OPPONENTS:
                self.opponents_talon = list(self.talon)
            self._start_announcements()

    def _take(self, half: int) -> None:
        self.half = half
        taken = self.talon[:3] if half == 0 else self.talon[3:]
        self.opponents_talon = list(self.talon[3:] if half == 0 else self.talon[:3])
        declarer = self.declarer
        self.hands[declarer] = order([*self.hands[declarer], *taken])  # type: ignore[index]
        self.phase = "discard"

    def _discard(self, cards: list[str]) -> None:
        hand = self.hands[self.declarer]  # type: ignore[index]
        for card in cards:
            hand.remove(card)
        self.discards = order(cards)
        shown_kind = not self.colour
        self.shown_discards = [c for c in self.discards if TAROCK[c] == shown_kind]
        self._start_announcements()

    def _start_announcements(self) -> None:
        self.phase = "announcements"
        self.turn = self.declarer  # type: ignore[assignment]
        self.passes = 0

    def _announce(self, seat: str, code: str, words: list[str]) -> None:
        team = self.team(seat)
        if code == "pass":
            self.announcements.append((seat, code, None))
            self.passes += 1
        else:
            self.passes = 0
            self.announcements.append((seat, code, team))
            if seat == self.partner:
                self.partner_public = True
            if words[0] == "announce":
                self.announced[words[1]] = team
            else:
                self.kontra[words[1]] = self.kontra.get(words[1], 0) + 1
        order_ = self.order  # the four players; a Fahren's dealer too when they play it (18.11)
        if self.passes >= len(order_):
            self._start_play()
            return
        self.turn = order_[(order_.index(seat) + 1) % len(order_)]

    def _start_play(self) -> None:
        self.phase = "play"
        contract = self.contract
        seats = self.seats
        if contract == "trischaken":
            self._fahren_seats()
        self.leader = self.declarer if contract in self.rules.declarer_leads else seats[0]  # type: ignore[assignment]
        self.won = {s: [] for s in self.order}
        self.tricks_count = dict.fromkeys(self.order, 0)
        self.trick_size = sum(1 for s in self.order if self.hands[s])
        hands = self.hands
        # the suits of each hand as dealt (kept per seed), but the declarer took and discarded cards
        dealt_counts, declarer = _dealt_counts(self.deal.seed), self.declarer
        self.counts = {
            s: dealt_counts[k].copy() if k < 4 and s != declarer else suit_counts(hands[s])
            for k, s in enumerate(self.order)
        }
        self.plain = not (
            self.colour or self._overtake() or self._pagat_last() or self.contract == "trischaken"
        )
        self._next = _following(self.order)
        self._mover = self.leader
        self._colour = self.colour
        self._talon_to_tricks = (
            contract == "trischaken" and self.order is seats and self.rules.trischaken_talon_to_tricks
        )
        self._limit = NEGATIVE_TRICKS.get(contract) if self.rules.stop_when_decided else None  # type: ignore[arg-type]

    def _fahren_seats(self) -> None:
        """18.11: at a five-seat table the dealer takes the talon and plays a Fahren (with
        ``Rules.fahren_dealer_plays`` and ``Rules.fahren_dealer_plays_live``); once."""
        rules = self.rules
        if (
            self.fifth is not None
            and rules.fahren_dealer_plays
            and rules.fahren_dealer_plays_live
            and self.order is self.seats
        ):
            self.order = (*self.seats, self.fifth)
            self.hands[self.fifth] = order(self.talon)

    def _play(self, seat: str, card: str) -> None:
        self.hands[seat].remove(card)
        self.counts[seat][SUIT[card]] -= 1
        trick = self.trick
        trick.append((seat, card))
        if card == self.called:
            self.partner_public = True
        # a card's strength in this trick: the suit led, and the tarocks (in a colour game a fifth suit)
        if len(trick) == 1:
            self._led = SUIT[card]
            self._best_key = STRENGTH[card]
        else:
            key = STRENGTH[card] if SUIT[card] == self._led or (TAROCK[card] and not self._colour) else 0
            if key > self._best_key:
                self._best_key = key
                self.best = len(trick) - 1
        if len(trick) < self.trick_size:
            self._mover = self._next[seat] if self.order is self.seats else self._next_player(seat)
            return
        self._end_trick(trick)

    def fast_passes(self, moves: list[Any], i: int) -> int:
        """Apply the record's announcement passes from ``moves[i]`` on, exactly as ``apply`` would: the index
        of the first move not applied."""
        seats, codes, moved, said = self.order, self.codes, self.moved_by, self.announcements
        n, everyone = len(moves), len(self.order)
        while i < n and self.phase == "announcements":
            move = moves[i]
            seat = self._mover
            if (
                type(move) is not dict
                or len(move) != 2
                or move.get("seat") != seat
                or move.get("code") != "pass"
            ):
                break
            said.append((seat, "pass", None))  # type: ignore[arg-type]
            codes.append("pass")
            moved.append(seat)  # type: ignore[arg-type]
            i += 1
            self.passes += 1
            if self.passes >= everyone:
                self._start_play()
                break
            self.turn = self._mover = seats[(seats.index(seat) + 1) % everyone]  # type: ignore[arg-type]
        return i

    def fast_plays(self, moves: list[Any], i: int) -> int:
        """Apply the record's moves from ``moves[i]`` on while they are legal plays of a plain contract (no
        lead rule, no overtaking, four seats), exactly as ``apply`` would, without its per-move calls: the
        index of the first move not applied (the caller applies it, or refuses it, the ordinary way)."""
        if (
            self.phase != "play"
            or not self.plain
            or self.order is not self.seats
            or self._limit is not None
            or self._talon_to_tricks
            or self._colour
            or self.trick_size != 4
        ):
            return i
        hands, counts, codes, moved = self.hands, self.counts, self.codes, self.moved_by
        following, called, play_card = self._next, self.called, _PLAY_INFO
        won, tricks_count, tricks = self.won, self.tricks_count, self.tricks
        kaiserstich = self.rules.kaiserstich
        mover: str = self._mover  # type: ignore[assignment]
        trick, led, best_key, best = self.trick, self._led, self._best_key, self.best
        pos = len(trick)  # the cards on the table (four complete a trick: ``trick_size``, checked above)
        start = i
        done = len(codes)
        try:
            for move in moves[i:]:
                if type(move) is not dict or len(move) != 2:
                    break
                code = move["code"]  # a move without it: KeyError, left to ``apply``
                if type(code) is not str or move["seat"] != mover:
                    break
                card, suit, strength = play_card[code]  # not a play of a card: KeyError
                mine = counts[mover]
                if pos:
                    if suit != led and (mine[led] or (suit != "T" and mine["T"])):
                        break
                    try:
                        hands[mover].remove(card)
                    except ValueError:  # not held
                        break
                    if (suit == led or suit == "T") and strength > best_key:
                        best_key, best = strength, pos
                else:
                    try:
                        hands[mover].remove(card)
                    except ValueError:
                        break
                    led, best_key = suit, strength
                mine[suit] -= 1
                trick.append((mover, card))
                pos += 1
                if card == called:
                    self.partner_public = True
                codes.append(code)
                moved.append(mover)
                if pos < 4:
                    mover = following[mover]
                    continue
                # the trick is complete: ``_end_trick`` of a plain contract at four, written out
                (s0, c0), (_s1, c1), (_s2, c2), (_s3, c3) = trick
                cards = [c0, c1, c2, c3]
                w = best
                if kaiserstich and "I" in cards and "SKIZ" in cards and "XXI" in cards:
                    w = winner_index(cards, False, True)
                winner = trick[w][0]
                number = len(tricks)
                tricks.append((s0, tuple(trick), winner))
                won[winner] += cards
                tricks_count[winner] += 1
                trick, best, pos = [], 0, 0
                if number == 11:
                    self.trick, self.best, self._led, self._best_key = trick, best, led, best_key
                    self._finish()
                    return start + len(codes) - done
                self.leader = mover = winner
        except KeyError:
            pass
        self._mover, self.trick, self._led, self._best_key, self.best = mover, trick, led, best_key, best
        return start + len(codes) - done

    def checked_plays(self, moves: list[Any], i: int) -> int:
        """Apply the record's plays from ``moves[i]`` on while each is a card of ``allowed`` (any contract,
        any table), exactly as ``apply`` would, without its per-move calls: the index of the first move not
        applied (the caller applies it, or refuses it, the ordinary way)."""
        codes, moved, play_card = self.codes, self.moved_by, PLAY_CARD
        allowed, play = self.allowed, self._play
        n = len(moves)
        while i < n and self.phase == "play":
            move = moves[i]
            if type(move) is not dict or len(move) != 2:
                break
            code = move.get("code")
            card = play_card.get(code) if type(code) is str else None
            mover: str = self._mover  # type: ignore[assignment]
            if card is None or move.get("seat") != mover or card not in allowed(mover):
                break
            play(mover, card)
            codes.append(code)
            moved.append(mover)
            i += 1
        return i

    def _end_trick(self, trick: list[tuple[str, str]]) -> None:
        cards = [c for _s, c in trick]
        w = self.best
        if "I" in cards and "SKIZ" in cards and "XXI" in cards and self.rules.kaiserstich:
            w = winner_index(cards, self._colour, True)
        winner = trick[w][0]
        tricks = self.tricks
        number = len(tricks)
        tricks.append((trick[0][0], tuple(trick), winner))
        won = self.won[winner]
        won += cards
        self.tricks_count[winner] += 1
        if self._talon_to_tricks and number < 6:
            won.append(self.talon[number])  # 18.10: the talon to the first six tricks' winners
        self.trick = []
        self.best = 0
        if number == 11:  # twelve tricks in every hand (a Fahren at five too: six of five cards, six of four)
            self._finish()
            return
        limit = self._limit
        lost = limit is not None and self.tricks_count[self.declarer] > limit  # type: ignore[index]
        if lost and (not self.more or self._all_lost()):  # several declarers: once every one has lost
            self.stopped = True
            self._finish()
            return
        if self.order is self.seats:  # four players: the winner holds cards and leads
            self.leader = self._mover = winner
            return
        hands = self.hands
        leader = winner
        if not hands[leader]:  # 18.11: the dealer won the sixth trick with his last card
            i = self.order.index(leader)
            leader = next(
                self.order[(i + k) % len(self.order)]
                for k in range(1, len(self.order))
                if hands[self.order[(i + k) % len(self.order)]]
            )
        self.leader = self._mover = leader
        self.trick_size = sum(1 for s in self.order if hands[s])

    def _all_lost(self) -> bool:
        count = self.tricks_count
        return all(count[seat] > NEGATIVE_TRICKS[contract] for seat, contract in self.more)

    def _finish(self) -> None:
        self.phase = "done"
        self._mover = None
        self.partner_public = True

    # --- errors ---------------------------------------------------------------------------------------
    def where(self) -> Message | str:
        seat = self.to_move()
        if seat is None:
            return Message("step_end_of_hand", _("end of hand"))
        if self.phase == "play":
            return Message(
                "step_trick_seat", _("trick %(trick)s, seat %(seat)s"), trick=len(self.tricks) + 1, seat=seat
            )
        return Message("step_move_seat", _("move %(step)s, seat %(seat)s"), step=self.step + 1, seat=seat)

    def why_not(self, code: str) -> Message:
        words = code.split(" ") if type(code) is str else []
        phase = self.phase
        seat = self.to_move()
        if phase == "play" and len(words) == 2 and words[0] == "play":
            return self._why_card(seat, words[1])  # type: ignore[arg-type]
        if phase == "discard" and words and words[0] == "discard":
            problem = self.discard_problem(words[1:])
            if problem is not None:
                return problem
        if phase == "auction" and len(words) == 2 and words[0] == "bid" and words[1] in self.rank:
            contract = words[1]
            if contract in self.rules.first_player_only:
                return Message(
                    "kr_first_player_only_bid",
                    _("%(word)s is only the first player's, after Mein Spiel and three passes"),
                    word=contract,
                )
            if BIRD_OF.get(contract) and not self._biddable(seat, contract):  # type: ignore[arg-type]
                return Message(
                    "kr_bird_not_held", _("%(word)s needs its bird in the bidder's hand"), word=contract
                )
            if self.rank[contract] <= self.high:
                return Message(
                    "kr_bid_higher",
                    _("a bid must rank above %(word)s"),
                    word=self.rules.bid_order[self.high],
                )
        if words and words[0] == "join":
            return self._why_not_join(words)
        if phase == "auction" and code == "pass" and not self.auction:
            return Message("kr_first_must_open", _("the first player opens: Mein Spiel or a contract"))
        if phase == "announcements" and len(words) == 2 and words[0] in ("announce", "kontra"):
            if words[0] == "announce" and words[1] in self.announced:
                return Message("kr_announced_twice", _("%(word)s is announced already"), word=words[1])
            if words[0] == "announce" and words[1] in BIRD_CARD:
                return Message(
                    "kr_bird_own", _("only the holder of its card announces %(word)s"), word=words[1]
                )
            if words[0] == "kontra":
                return Message(
                    "kr_kontra_turn",
                    _("a kontra is the other side's, a Re the owner's, each once, up to the ladder's top"),
                )
        return not_legal(code)

    def _why_not_join(self, words: list[str]) -> Message:
        """Why ``join <contract>`` is refused (18.10: only Bettler, Zwiccolo and Piccolo, in LK)."""
        contract = words[1] if len(words) == 2 else ""
        rules = self.rules
        if contract not in rules.simultaneous or contract not in self.rank or contract not in JOINABLE:
            return Message(
                "kr_join_not_simultaneous",
                _("%(word)s cannot be played beside another declarer's by these rules"),
                word=shown(contract or " ".join(words)),
            )
        if self.phase != "join":
            return Message(
                "kr_join_when",
                _("further declarers join a negative contract right after the auction, each player once"),
            )
        if rules.simultaneous_join == "same":
            return Message(
                "kr_join_same",
                _("a further declarer plays the same contract, %(word)s"),
                word=self.contract,
            )
        return Message(
            "kr_join_higher",
            _("a further declarer plays no contract above %(word)s"),
            word=self.contract,
        )

    def _why_card(self, seat: str, card: str) -> Message:
        hand = self.hands[seat]
        if card not in hand:
            return Message(
                "seat_lacks_card", _("%(seat)s does not hold %(card)s"), card=shown(card), seat=seat
            )
        trick = self.trick
        if not trick:
            if self.colour:
                return Message("kr_colour_lead", _("in a colour game a suit card is led while one has any"))
            if self.contract == "trischaken" and self.mode == "von_oben":
                return Message(
                    "kr_von_oben", _("Trischaken von oben: a player with tarocks leads the highest")
                )
            return Message("kr_pagat_last", _("the Pagat may be played only as one's last tarock"))
        suit = SUIT[trick[0][1]]
        same = [c for c in hand if SUIT[c] == suit]
        if same and SUIT[card] != suit:
            return Message("kr_follow_suit", _("must follow suit (%(suit)s)"), suit=SUIT_NAMES[suit])
        if not same and not TAROCK[card] and any(TAROCK[c] for c in hand):
            return Message("kr_must_tarock", _("void in the suit led: must play a tarock"))
        if card == "I" and self._pagat_last():
            return Message("kr_pagat_last", _("the Pagat may be played only as one's last tarock"))
        return Message("kr_must_overtake", _("must head the trick when able (%(word)s)"), word=self.contract)

    # --- the result -------------------------------------------------------------------------------------
    def _piles(self) -> tuple[list[str], list[str]]:
        """The cards of the declarer's side and of the opponents at the end."""
        mine: list[str] = list(self.discards)
        theirs: list[str] = list(self.opponents_talon)
        for seat in self.seats:
            (mine if self.team(seat) == "declarer" else theirs).extend(self.won.get(seat, ()))
        return mine, theirs

    def summary(self) -> dict[str, Any]:
        if self.phase != "done":
            raise self.error(
                self.where(), Message("kr_not_over", _("the hand is not over yet: it has no summary"))
            )
        if self._summary is None:
            self._summary = self._trischaken() if self.contract == "trischaken" else self._played()
        return self._summary

    def payments(self) -> dict[str, int]:
        """The payments ``score_summary`` gives the summary, scored from the checked ``Summary`` built here
        (the summary's own reading skipped: the tests check both agree on every bot hand)."""
        if self._payments is None:
            summary = self.summary()
            parsed = self._parsed(summary)
            self._payments = settled_payments(parsed, hand_items(parsed))
        return dict(self._payments)

    def _parsed(self, summary: dict[str, Any]) -> Summary:
        """``summary`` as ``engine.koenigrufen.summary.parse`` reads it."""
        rules = self.rules
        s = Summary(
            seats=tuple(summary["seats"]),
            stake=summary["stake"],
            rules=rules,
            kind=summary["kind"],
            sitting_out=summary.get("sitting_out"),
        )
        if summary["kind"] == "trischaken":
            thirds = {seat: sum(THIRDS[c] for c in self.won[seat]) for seat in s.seats}
            s.card_thirds = thirds
            s.card_points = {seat: as_points(t) for seat, t in thirds.items()}
            s.jungfrau = tuple(summary["jungfrau"])
            s.kontra = summary.get("kontra", 0)
            return s
        s.games = (
            Game(summary["contract"], summary["declarer"], summary["won"], summary["kontra"]),
            *(
                Game(m["contract"], m["declarer"], m["won"], m["kontra"])
                for m in summary.get("more_declarers", ())
            ),
        )
        s.partner = summary.get("partner")
        s.bonuses = tuple(
            Bonus(name, b["side"], b["announced"], b["made"], b.get("kontra", 0))
            for name, b in summary.get("bonuses", {}).items()
        )
        return s

    def _table_keys(self, seats: list[str], sitting_out: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seats": seats,
            "stake": self.deal.stake,
            "rules": rules_spec(self.rules),
        }
        if sitting_out is not None:
            out["sitting_out"] = sitting_out
        return out

    def _trischaken(self) -> dict[str, Any]:
        five = self.order != self.seats
        seats = list(self.order)
        out = self._table_keys(seats, None if five else self.fifth)
        out["kind"] = "trischaken"
        out["card_points"] = {s: stored(sum(THIRDS[c] for c in self.won[s])) for s in seats}
        out["jungfrau"] = [s for s in seats if not self.tricks_count[s]]
        if self.rules.trischaken_kontra:
            out["kontra"] = self.kontra.get("game", 0)
        return out

    def _played(self) -> dict[str, Any]:
        contract: str = self.contract  # type: ignore[assignment]
        out = self._table_keys(list(self.seats), self.fifth)
        out.update({"kind": "played", "contract": contract, "declarer": self.declarer})
        if contract in CALLING:
            out["partner"] = self.partner
        kontra = self.kontra.get("game", 0)
        if contract in NEGATIVE:
            count = self.tricks_count
            out["won"] = not self.stopped and count[self.declarer] == NEGATIVE_TRICKS[contract]  # type: ignore[index]
            out["kontra"] = kontra
            if self.more:  # each further declarer's own contract and kontra (LK, 18.10)
                out["more_declarers"] = [
                    {
                        "declarer": seat,
                        "contract": joined,
                        "won": count[seat] == NEGATIVE_TRICKS[joined],
                        "kontra": self.kontra.get(f"game{i + 2}", 0),
                    }
                    for i, (seat, joined) in enumerate(self.more)
                ]
            return out
        mine, theirs = self._piles()
        thirds = sum(map(THIRDS.__getitem__, mine))
        out["won"] = thirds >= WINNING_THIRDS
        out["kontra"] = kontra
        out["bonuses"] = self._bonuses(mine, theirs, thirds)
        return out

    def _bonuses(self, mine: list[str], theirs: list[str], mine_thirds: int) -> dict[str, Any]:
        rules = self.rules
        called = self.called
        scored = _scored(rules, self.contract in COLOUR, self.contract in CALLING and called in KINGS)
        declarer, partner = self.declarer, self.partner
        # what each side achieved: name -> (side, made) for a made bonus or a bird lost "still"
        made: dict[str, tuple[str, bool]] = {}
        absolut = "absolut" in scored
        for side, pile, thirds in (("declarer", mine, mine_thirds), ("opponents", theirs, None)):
            cards = set(pile)
            if "SKIZ" in cards and "XXI" in cards and "I" in cards:
                made["trull"] = (side, True)
            if "HK" in cards and "DK" in cards and "CK" in cards and "SK" in cards:
                made["four_kings"] = (side, True)
            if absolut:
                if thirds is None:
                    thirds = sum(map(THIRDS.__getitem__, pile))
                if thirds >= ABSOLUT_THIRDS:
                    made["absolut"] = (side, True)
            if "XXI" in cards and "SKIZ" in cards and "mondfang" in scored:
                # the Mond and the Sküs in one trick won by the Sküs's player, the Mond an opponent's
                for _l, trick, w in self.tricks:
                    mond = skiz = None
                    for seat, c in trick:
                        if c == "XXI":
                            mond = seat
                        elif c == "SKIZ":
                            skiz = seat
                    if mond is not None:
                        if skiz == w and self.team(mond) != self.team(w):
                            made["mondfang"] = (self.team(w), True)
                        break
        tricks = self.tricks
        if len(tricks) == 12:
            count = self.tricks_count
            taken = count[declarer] + (count[partner] if partner is not None and partner != declarer else 0)  # type: ignore[index]
            if taken == 12 or taken == 0:  # one side took every trick
                made["valat"] = ("declarer" if taken else "opponents", True)
            team = self.team
            for bonus, card, number in _BIRD_TRICKS:
                _l, trick, w = tricks[number]
                for seat, c in trick:
                    if c == card:
                        made[bonus] = (team(seat), seat == w)
                        break
            if called in KINGS:
                found = self._in_trick(called, 11)  # type: ignore[arg-type]
                if found is not None:
                    made["king_ultimo"] = found
        out: dict[str, Any] = {}
        announced, bonus_values, silent, kontra = (
            self.announced,
            rules.bonus_values,
            rules.silent_bonus_values,
            self.kontra,
        )
        for bonus in _BONUS_ORDER:
            if bonus not in scored:
                continue
            owner = announced.get(bonus) if announced else None
            if owner is not None and bonus in bonus_values:
                found = made.get(bonus)
                entry: dict[str, Any] = {
                    "side": owner,
                    "announced": True,
                    "made": found is not None and found == (owner, True),
                }
                level = kontra.get(bonus, 0)
                if level:
                    entry["kontra"] = level
                out[bonus] = entry
                continue
            found = made.get(bonus)
            if found is None or bonus not in silent:
                continue
            side, ok = found
            if not ok and bonus not in rules.silent_lost:
                continue
            out[bonus] = {"side": side, "announced": False, "made": ok}
        return out

    def _in_trick(self, card: str, number: int) -> tuple[str, bool] | None:
        """(the side of the player of ``card``, whether it won) when it was played to trick ``number``."""
        if number >= len(self.tricks):
            return None
        _l, trick, w = self.tricks[number]
        for seat, c in trick:
            if c == card:
                return (self.team(seat), seat == w)
        return None

    # --- views ----------------------------------------------------------------------------------------
    def seat_view(self, seat: str, render: Callable[[Message], str] = str) -> dict[str, Any]:
        if seat not in self.seats and seat != self.fifth:
            raise ValueError(f"{shown(seat)} does not play this hand (seats: {', '.join(self.seats)})")
        out = self._table(render)
        out.update(self.extra_view(seat))
        out["seat"] = seat
        out["hand"] = order(self.hands.get(seat, ()))
        out["choices"] = [c.as_json(render) for c in self.choices()] if self.to_move() == seat else []
        return out

    def public_view(self, render: Callable[[Message], str] = str) -> dict[str, Any]:
        out = self._table(render)
        out.update(self.extra_view(None))
        return out

    def players(self) -> tuple[str, ...]:
        """The four players, and the dealer of a five-seat table once a Fahren they play is under way."""
        return self.order

    def cards_of(self, seat: str) -> list[str]:
        return self.hands.get(seat, [])

    def _table(self, render: Callable[[Message], str]) -> dict[str, Any]:
        tricks = [
            {"leader": lead, "cards": [{"seat": s, "card": c} for s, c in cards], "winner": win}
            for lead, cards, win in self.tricks
        ]
        order_ = list(self.order)
        out: dict[str, Any] = {
            "game": GAME_ID,
            "step": self.step,
            "phase": self.phase,
            "to_move": self.to_move(),
            "seats": list(self.seats),
            "dealer": self.deal.dealer,
            "stake": self.deal.stake,
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "tricks": tricks,
            "tricks_won": {s: self.tricks_count.get(s, 0) for s in order_},
            "last_trick": tricks[-1] if tricks else None,
            "done": self.done,
            "result": None,
        }
        if self.done:
            kind = "trischaken" if self.contract == "trischaken" else "played"
            out["result"] = {
                "kind": kind,
                "summary": self.summary(),
                "payments": self.payments(),
                "record": self.record(),
            }
        return out

    def extra_view(self, seat: str | None) -> dict[str, Any]:
        """The game's keys: the auction, the contract, the King called, the partner once public (and to
        the partner), the talon as far as it is public, the discards (the declarer's own; the shown ones
        to all), the announcements and kontras, an ouvert declarer's cards once shown."""
        declarer = self.declarer
        partner = (
            self.partner if (self.partner_public or (seat is not None and seat == self.partner)) else None
        )
        talon: dict[str, Any] = {"halves": None, "taken": None, "to_opponents": len(self.opponents_talon)}
        if self.talon_public or (seat is not None and seat == declarer and self.contract == "sechserdreier"):
            talon["halves"] = [list(self.talon[:3]), list(self.talon[3:])]
        if self.half is not None:
            talon["taken"] = self.half + 1
        if self.done:
            talon["halves"] = [list(self.talon[:3]), list(self.talon[3:])]
        discards: dict[str, Any] = {"count": len(self.discards), "shown": list(self.shown_discards)}
        if (seat is not None and seat == declarer) or self.done:
            discards["mine" if seat == declarer else "all"] = list(self.discards)
        shown_cards: dict[str, list[str]] = {}
        ouvert = self.contract in OUVERT and self.phase in ("play", "done")
        if ouvert and len(self.tricks) >= self.rules.ouvert_after_tricks:
            shown_cards[declarer] = order(self.hands[declarer])  # type: ignore[index]
        return {
            "auction": [{"seat": s, "say": say} for s, say in self.auction],
            "declarer": declarer,
            "more_declarers": [{"seat": s, "contract": c} for s, c in self.more],
            "bid": None if self.high < 0 else self.rules.bid_order[self.high],
            "contract": self.contract,
            "trischaken_lead": self.mode if self.contract == "trischaken" else None,
            "called": self.called,
            "partner": partner,
            "partner_known": self.partner_public or (seat is not None and seat == self.partner),
            "talon": talon,
            "discards": discards,
            "announcements": [{"seat": s, "say": say, "team": team} for s, say, team in self.announcements],
            "kontra": dict(self.kontra),
            "shown": shown_cards,
            "sitting_out": self.fifth if self.fifth is not None and self.fifth not in self.order else None,
        }

    # --- bots and records -----------------------------------------------------------------------------
    def bot_move(self, kind: str, rng: Any) -> str:
        if self.done:
            raise self.error(self.where(), hand_over())
        if kind == "random" and self.phase == "discard":
            first, second = self._discard_classes()
            n = self._taken()
            cards = rng.sample(first, n) if len(first) >= n else first + rng.sample(second, n - len(first))
            return " ".join(["discard", *order(cards)])
        if kind == "random" and self.phase == "play":
            return "play " + rng.choice(self.allowed(self.to_move()))  # type: ignore[arg-type]
        return super().bot_move(kind, rng)

    def rule_bot(self, rng: Any) -> str:
        return rule_move(self, rng)

    def record(self) -> dict[str, Any]:
        return {
            "game": GAME_ID,
            "version": RECORD_VERSION,
            "rules": rules_spec(self.rules),
            "seats": list(self.seats),
            "stake": self.deal.stake,
            "seed": self.deal.seed,
            "dealer": self.deal.dealer,
            "moves": [{"seat": s, "code": c} for s, c in zip(self.moved_by, self.codes, strict=True)],
        }


#: the JSON schema of a live view
view_schema = schema_of("koenigrufen", "live-view")


def start(deal: LiveDeal) -> KoenigrufenHand:
    """The hand ``deal`` deals, before any move."""
    return KoenigrufenHand(deal)


LIVE = LiveGame(start=start, view_schema=view_schema, phases=PHASES)

__all__ = [
    "LIVE",
    "PHASES",
    "TEXTS",
    "KoenigrufenError",
    "KoenigrufenHand",
    "dealt",
    "start",
    "text",
    "view_schema",
]
