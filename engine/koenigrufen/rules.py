"""The rules of Königrufen as the scorer needs them: one frozen ``Rules`` value per schedule (preset), every
number of the schedule an option a tournament may change.

The three schedules are those of Dummett & McLeod's supplement, 18.10: the Wiener Tarockcup (WTC, the
default), Martin Vácha's *Tarock - Lehrbuch des Königrufens* (LK), and the Raiffeisen Tarockcup (Karl Haas,
HTS). 18.11 (Salzburger Lungau) adds the five-handed game and the double stakes after a Fahren.

A contract's value is what each opponent pays the declarer (or the declarer pays each opponent); with a
called partner each opponent pays one of the pair. A bird Rufer ("Pagatrufer 1+2") is worth the Rufer's
value plus its bird, which is then an announced bonus of the declarer's side: the "+2" is exactly the
announced Pagat of the same schedule, in WTC and in LK alike (18.10), so the kit scores the bird as the
bonus it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core import presets
from engine.core.messages import gettext_noop as _

#: the contracts in which the declarer calls a King (its holder is the partner; none when the declarer
#: called their own King or it lay in the talon)
CALLING: tuple[str, ...] = ("rufer", "solorufer", "pagatrufer", "uhurufer", "kakadurufer", "quapilrufer")
#: the declarer plays alone against the other three, to take more than half the card points
SOLO: tuple[str, ...] = ("sechserdreier", "dreier", "farbendreier", "farbensolo", "solodreier")
#: the declarer plays alone to take no trick (Bettler), exactly one (Piccolo) or two (Zwiccolo)
NEGATIVE: tuple[str, ...] = ("piccolo", "zwiccolo", "bettler", "piccolo_ouvert", "bettler_ouvert")
CONTRACTS: tuple[str, ...] = CALLING + SOLO + NEGATIVE
#: the bird a bird Rufer must bring home (18.10: Pagatrufer 1+2, Uhurufer 1+4 ...)
BIRD_OF: Mapping[str, str] = MappingProxyType(
    {"pagatrufer": "pagat", "uhurufer": "uhu", "kakadurufer": "kakadu", "quapilrufer": "quapil"}
)
BONUSES: tuple[str, ...] = (
    "trull",
    "four_kings",
    "pagat",
    "uhu",
    "kakadu",
    "quapil",
    "king_ultimo",
    "absolut",
    "mondfang",
    "valat",
)
#: what a Valat supersedes when it is scored (18.10: "the game, Four Kings and Trull, but not birds")
SUPERSEDED_BY_VALAT: tuple[str, ...] = ("trull", "four_kings")
VALAT_SCORING: tuple[str, ...] = ("multiplier", "fixed")


@dataclass(frozen=True)
class Rules:
    """One schedule of Königrufen. Mappings name contracts (``CONTRACTS``, plus ``trischaken``) and bonuses
    (``BONUSES``); a contract or bonus a schedule lacks is simply not in its mapping."""

    name: str
    #: contract -> game points each opponent pays when it is won (a bird Rufer: the Rufer part)
    contract_values: Mapping[str, int]
    #: contract -> game points when it is lost, where that differs (18.10: Sechserdreier 5 (-10))
    contract_lost_values: Mapping[str, int]
    #: bonus -> value when announced (Valat: the game's multiplier when ``valat`` is "multiplier")
    bonus_values: Mapping[str, int]
    #: bonus -> value when made silently (absent: the bonus cannot be made silently)
    silent_bonus_values: Mapping[str, int]
    #: "multiplier": a Valat is worth the game times its value (WTC x8/x4); "fixed": its own value (LK 40/20)
    valat: str
    #: the contracts only the first player (forehand) may play (18.10)
    first_player_only: tuple[str, ...]
    #: negative contracts several declarers may play at once (LK: Bettler, Zwiccolo, Piccolo); () none
    simultaneous: tuple[str, ...]
    #: the highest kontra level (Kontra, Re, Sub: 3)
    max_kontra: int
    #: whether a kontra doubles the tournament points (False: only the money, Raiffeisen)
    kontra_in_points: bool
    #: whether Trischaken may be kontra'd (16.19, its variations: "Some allow the opponents of the declarer
    #: in a Trischaken to say Kontra"; the tournaments do not)
    trischaken_kontra: bool
    #: the Trischaken loser's payment is multiplied by this when the loser is the first player (18.10)
    first_player_factor: int
    #: card points from which the Trischaken loser is Bürgermeister and pays double (18.10: 36)
    buergermeister_points: int
    #: what a Jungfrau (a player without a trick) wins from the loser, in Trischaken values (18.10: 3 on the
    #: WTC's 1; a Bürgermeister pays double)
    jungfrau_value: int
    #: after a Fahren (Trischaken) the next hands (as many as seats) are at double stakes (18.11)
    fahren_doubles: bool
    #: at a five-seat table the dealer plays a Fahren too (18.11)
    fahren_dealer_plays: bool
    #: the bonuses that, unannounced, are lost when their card is played to their trick and the trick is
    #: lost (a bird beaten in its trick, the called King played to the last trick and beaten): the side
    #: that played it pays the silent value (see ``SILENT_LOST``)
    silent_lost: tuple[str, ...] = ()
    # --- live play (engine/koenigrufen/live.py); the texts' sources are cited at each preset -------------
    #: the contracts from the lowest to the highest, as the auction ranks them (a bid must name a later
    #: one); a contract of the schedule missing here cannot be bid live
    bid_order: tuple[str, ...] = ()
    #: whether the first player may open the auction with a Sechserdreier (HTS, 18.10: "can only be bid by the
    #: first player at the outset"); False: only after "Mein Spiel" and three passes (the WTC, 18.10)
    sechserdreier_at_outset: bool = False
    #: whether the first player (Vorhand) may hold a contract another player bid (keep it at the same rank)
    forehand_holds: bool = True
    #: the Pagat beats the Sküs and the Mond when all three fall in one trick (18.10: in every contract; in
    #: a colour game only when a tarock was led)
    kaiserstich: bool = True
    #: how a Trischaken is led (18.10): "choice" (the first player chooses), "bunt" (any card, "bunt
    #: gemischt") or "von_oben" (a leader holding tarocks leads the highest)
    trischaken_lead: str = "choice"
    #: in a Trischaken the six talon cards go one each to the winners of the first six tricks (18.10)
    trischaken_talon_to_tricks: bool = True
    #: in a Trischaken each player must head the trick if able (18.10: "so long as they head the trick")
    trischaken_overtake: bool = True
    #: in a Trischaken and the negative contracts the Pagat may be played only as one's last tarock
    pagat_last_negative: bool = True
    #: a declarer holding all four Kings may call a Queen instead
    call_queen_with_four_kings: bool = True
    #: the talon of a Sechserdreier is shown to the table before the declarer takes it
    sechserdreier_talon_shown: bool = False
    #: the contracts in which the declarer leads to the first trick (else the first player leads)
    declarer_leads: tuple[str, ...] = ("piccolo", "zwiccolo", "bettler", "piccolo_ouvert", "bettler_ouvert")
    #: the bonuses a colour game (Farbendreier, Farbensolo) may score
    colour_bonuses: tuple[str, ...] = ("four_kings", "valat")
    #: a negative contract ends as soon as it is lost (the declarer took one trick too many)
    stop_when_decided: bool = True
    #: an ouvert declarer's cards are shown after this many tricks (0: before the first lead)
    ouvert_after_tricks: int = 1
    #: a bird Rufer may be bid only by a player holding its bird
    bird_rufer_holds_bird: bool = True
    #: played live, the dealer of a five-seat table takes the talon and joins a Fahren (18.11, with
    #: ``fahren_dealer_plays``). Off by default: the live tables show a seat outside the deal's active seats
    #: the public view only, so a dealer could not see their cards; entered summaries are not affected
    fahren_dealer_plays_live: bool = True
    #: played live, which contract a further declarer of ``simultaneous`` may join with: "any" of them
    #: (18.10: "playing the same or different contracts"), "not_higher" (none ranking above the contract the
    #: auction ended on, so a join is never an overbid) or "same" (the auction's contract only)
    simultaneous_join: str = "any"
    #: the highest kontra level of a Trischaken (with ``trischaken_kontra``; ``max_kontra`` caps it too):
    #: 16.19 names "Kontra, doubling the scores, and the declarer could then say Retour, doubling them again"
    trischaken_max_kontra: int = 2

    OPTION_CHOICES = MappingProxyType(
        {
            "valat": VALAT_SCORING,
            "trischaken_lead": ("choice", "bunt", "von_oben"),
            "simultaneous_join": ("any", "not_higher", "same"),
        }
    )
    OPTION_RANGES = MappingProxyType(
        {
            "max_kontra": (0, 5),
            "first_player_factor": (1, 8),
            "buergermeister_points": (1, 70),
            "jungfrau_value": (0, 100),
            "ouvert_after_tricks": (0, 1),
            "trischaken_max_kontra": (0, 5),
        }
    )

    @property
    def bonuses_scored(self) -> frozenset[str]:
        """The bonuses the schedule scores, announced or silent (what the entry form asks)."""
        return frozenset(self.bonus_values) | frozenset(self.silent_bonus_values)


#: Austrian tournament practice: an unannounced Pagat, Uhu, Kakadu or Quapil played to its trick (the last,
#: the last but one ...) and beaten, or the called King played to the last trick and beaten (King Ultimo),
#: is lost "still" and costs its side the silent value (the second figure of "2/1"). Sources: Dummett &
#: McLeod's supplement 18.10 on the birds: a further bird "has to win the sixth last trick to score the
#: bonus, and costs the same amount if it is played to the sixth last trick and beaten"; the cups' rules
#: list each bird and King Ultimo with a silent value ("Zusätze still / angesagt: König ultimo 1 / 2,
#: Pagat (I) 1 / 2, Uhu (II) 2 / 4, Kakadu (III) 3 / 6, Quapil (IIII) 4 / 8", Tiroler Tarockcup rules in
#: the cups' ABAKUS app; "Ansagen und Punktebewertung: König Ultimo 2, Pagat 2, Uhu 4, Kakadu 6",
#: Raiffeisen Tarockcup Austria, tarockcup.at "Spielregeln"; Tarock-Österreich-Finale "Turnierregeln
#: 2021"; the Wiener Tarockcup's schedule in 18.10). Trull, Four Kings, Valat, Absolut and Mondfang are
#: not a card played to a trick: they are left out when not made.
SILENT_LOST: tuple[str, ...] = ("pagat", "uhu", "kakadu", "quapil", "king_ultimo")


def _frozen(mapping: dict[str, int]) -> Mapping[str, int]:
    return MappingProxyType(mapping)


WIENER_TAROCKCUP = Rules(
    name="wiener_tarockcup",
    # 18.10, the WTC schedule; "1+2" etc. of the bird Rufer: the Rufer's 1 (the bird is its bonus)
    contract_values=_frozen(
        {
            "rufer": 1,
            "trischaken": 1,
            "sechserdreier": 5,
            "piccolo": 2,
            "solorufer": 2,
            "pagatrufer": 1,
            "bettler": 4,
            "uhurufer": 1,
            "farbendreier": 5,
            "dreier": 5,
            "piccolo_ouvert": 6,
            "kakadurufer": 1,
            "bettler_ouvert": 8,
            "quapilrufer": 1,
            "farbensolo": 10,
            "solodreier": 10,
        }
    ),
    contract_lost_values=_frozen({"sechserdreier": 10}),  # 18.10: Sechserdreier 5 (-10)
    # 18.10: Trull 2/1, Four Kings 2/1, Pagat 2/1, Uhu 4/2, Kakadu 6/3, Quapil 8/4, King Ultimo 2/1,
    # Valat x8/x4
    bonus_values=_frozen(
        {
            "trull": 2,
            "four_kings": 2,
            "pagat": 2,
            "uhu": 4,
            "kakadu": 6,
            "quapil": 8,
            "king_ultimo": 2,
            "valat": 8,
        }
    ),
    silent_bonus_values=_frozen(
        {
            "trull": 1,
            "four_kings": 1,
            "pagat": 1,
            "uhu": 2,
            "kakadu": 3,
            "quapil": 4,
            "king_ultimo": 1,
            "valat": 4,
        }
    ),
    valat="multiplier",
    first_player_only=("rufer", "trischaken", "sechserdreier"),  # 18.10: contracts for the first player only
    # 18.10: "not allowed for more than one player to play Piccolo or Bettel at the same time"
    simultaneous=(),
    max_kontra=3,  # the texts name no ladder for the WTC; Kontra, Re, Sub as the Viennese play it (choice)
    kontra_in_points=True,
    trischaken_kontra=False,  # 16.19 "some allow"; the WTC text names no Kontra for Trischaken (choice)
    first_player_factor=2,  # 18.10: "if the first player loses this is doubled to 2"
    buergermeister_points=36,  # 18.10: "36 or more points (Bürgermeister)"
    jungfrau_value=3,  # 18.10: "a player with no tricks (Jungfrau) normally wins 3 game points"
    fahren_doubles=True,  # 18.11 (Lungau); the WTC text is silent: a choice, switch it off per tournament
    fahren_dealer_plays=True,  # 18.11
    silent_lost=SILENT_LOST,  # the cups' practice (SILENT_LOST)
    # 18.10's WTC schedule, in the order it lists the contracts (their rank in the auction)
    bid_order=(
        "rufer",
        "trischaken",
        "sechserdreier",
        "piccolo",
        "solorufer",
        "pagatrufer",
        "bettler",
        "uhurufer",
        "farbendreier",
        "dreier",
        "piccolo_ouvert",
        "kakadurufer",
        "bettler_ouvert",
        "quapilrufer",
        "farbensolo",
        "solodreier",
    ),
)

VACHA_LK = Rules(
    name="vacha_lk",
    # 18.10, LK: Rufer 2, Trischaken 2, Sechserdreier 8 (-16), Zwiccolo 4 ... Solodreier 20
    contract_values=_frozen(
        {
            "rufer": 2,
            "trischaken": 2,
            "sechserdreier": 8,
            "zwiccolo": 4,
            "piccolo": 4,
            "solorufer": 4,
            "pagatrufer": 2,
            "bettler": 9,
            "uhurufer": 2,
            "farbendreier": 10,
            "dreier": 10,
            "piccolo_ouvert": 12,
            "kakadurufer": 2,
            "quapilrufer": 2,
            "bettler_ouvert": 18,
            "farbensolo": 20,
            "solodreier": 20,
        }
    ),
    contract_lost_values=_frozen({"sechserdreier": 16}),
    # 18.10, LK: Trull 4/2, Four Kings 4/2, Absolut 4/2, Pagat 6/3, Uhu 8/4, Kakadu 10/5, Quapil 12/6,
    # King Ultimo 4/2, Mondfang -/2, Valat 40/20
    bonus_values=_frozen(
        {
            "trull": 4,
            "four_kings": 4,
            "absolut": 4,
            "pagat": 6,
            "uhu": 8,
            "kakadu": 10,
            "quapil": 12,
            "king_ultimo": 4,
            "valat": 40,
        }
    ),
    silent_bonus_values=_frozen(
        {
            "trull": 2,
            "four_kings": 2,
            "absolut": 2,
            "pagat": 3,
            "uhu": 4,
            "kakadu": 5,
            "quapil": 6,
            "king_ultimo": 2,
            "mondfang": 2,
            "valat": 20,
        }
    ),
    valat="fixed",
    first_player_only=("rufer", "trischaken", "sechserdreier"),
    simultaneous=("bettler", "zwiccolo", "piccolo"),  # 18.10: "can be played simultaneously by two or more"
    max_kontra=3,
    kontra_in_points=True,
    trischaken_kontra=False,
    # LK's Trischaken settlement is not given: the WTC's (18.10) on LK's Trischaken value (choice)
    first_player_factor=2,
    buergermeister_points=36,
    jungfrau_value=3,  # the WTC's 3 Trischaken values: 6 on LK's Trischaken 2 (choice)
    fahren_doubles=True,
    fahren_dealer_plays=True,
    silent_lost=SILENT_LOST,
    # 18.10's LK schedule, in the order it lists the contracts
    bid_order=(
        "rufer",
        "trischaken",
        "sechserdreier",
        "zwiccolo",
        "piccolo",
        "solorufer",
        "pagatrufer",
        "bettler",
        "uhurufer",
        "farbendreier",
        "dreier",
        "piccolo_ouvert",
        "kakadurufer",
        "quapilrufer",
        "bettler_ouvert",
        "farbensolo",
        "solodreier",
    ),
)

RAIFFEISEN = Rules(
    name="raiffeisen",
    # the Raiffeisen Tarockcup values (Haas, HTS; 18.10 cites its schedule)
    contract_values=_frozen(
        {
            "trischaken": 1,
            "rufer": 1,
            "piccolo": 2,
            "bettler": 2,
            "solorufer": 2,
            "farbendreier": 3,
            "sechserdreier": 4,
            "dreier": 4,
            "farbensolo": 6,
            "piccolo_ouvert": 6,
            "bettler_ouvert": 7,
            "solodreier": 8,
        }
    ),
    contract_lost_values=_frozen(
        {}
    ),  # no "(-x)" is given for the Raiffeisen Sechserdreier (choice: 4 both ways)
    # König Ultimo 2, Trull 2, Alle Könige 2, Pagat 2, Uhu 4, Kakadu 6, Quapil 8; Valat x8
    bonus_values=_frozen(
        {
            "king_ultimo": 2,
            "trull": 2,
            "four_kings": 2,
            "pagat": 2,
            "uhu": 4,
            "kakadu": 6,
            "quapil": 8,
            "valat": 8,
        }
    ),
    # only announced values are given: silent bonuses at half, as in the WTC's 2/1 (choice)
    silent_bonus_values=_frozen(
        {
            "king_ultimo": 1,
            "trull": 1,
            "four_kings": 1,
            "pagat": 1,
            "uhu": 2,
            "kakadu": 3,
            "quapil": 4,
            "valat": 4,
        }
    ),
    valat="multiplier",
    first_player_only=(
        "rufer",
        "trischaken",
        "sechserdreier",
    ),  # 18.10 (HTS): Sechserdreier first player only
    simultaneous=(),  # the Raiffeisen texts say nothing of several declarers (choice: one)
    max_kontra=3,  # Kontra, Rekontra, Subkontra (the Raiffeisen Tarockcup's rules page)
    kontra_in_points=False,  # the issue: "a Kontra changes the money, not the tournament points"
    trischaken_kontra=False,
    first_player_factor=2,  # the WTC's Trischaken settlement (18.10) (choice: no Raiffeisen text)
    buergermeister_points=36,
    jungfrau_value=3,
    fahren_doubles=True,
    fahren_dealer_plays=True,
    silent_lost=SILENT_LOST,
    # by value; 18.10 (HTS): a Sechserdreier "is overbid only by a contract of Piccolo Ouvert or higher"
    bid_order=(
        "trischaken",
        "rufer",
        "piccolo",
        "bettler",
        "solorufer",
        "farbendreier",
        "dreier",
        "farbensolo",
        "sechserdreier",
        "piccolo_ouvert",
        "bettler_ouvert",
        "solodreier",
    ),
    sechserdreier_at_outset=True,  # 18.10 (HTS)
)

PRESETS: Mapping[str, Rules] = MappingProxyType({r.name: r for r in (WIENER_TAROCKCUP, VACHA_LK, RAIFFEISEN)})
DEFAULT = "wiener_tarockcup"


def resolve_rules(spec: Any = None, options: Mapping[str, Any] | None = None) -> Rules:
    """The rules of a preset name, a ``{"preset", "options"}`` spec or a Rules value; raises RulesError."""
    return presets.resolve(PRESETS, DEFAULT, spec, options)


def lost_value(rules: Rules, contract: str) -> int:
    """What a lost ``contract`` costs per opponent."""
    return rules.contract_lost_values.get(contract, rules.contract_values[contract])


OPTION_DOCS: Mapping[str, str] = MappingProxyType(
    {
        "contract_values": _(
            "game points each opponent pays for a won contract (a bird Rufer: its Rufer part)"
        ),
        "contract_lost_values": _("game points for a lost contract where they differ from the won value"),
        "bonus_values": _(
            "value of each bonus when announced (Valat: the multiplier of the game or its value)"
        ),
        "silent_bonus_values": _("value of each bonus when made silently (absent: only when announced)"),
        "valat": _("multiplier: a Valat is worth the game times its value; fixed: its own value"),
        "first_player_only": _("contracts only the first player may play"),
        "simultaneous": _("negative contracts several declarers may play in the same hand"),
        "simultaneous_join": _(
            "played live, when the auction ends on a simultaneous contract each other player in turn may join"
            " it or pass: with any of the simultaneous contracts, not_higher (none above the auction's) or"
            " same (the auction's only)"
        ),
        "max_kontra": _("the highest kontra level (1 Kontra, 2 Re, 3 Sub)"),
        "kontra_in_points": _("whether a kontra doubles the tournament points (else only the money)"),
        "trischaken_kontra": _("whether a Trischaken may be kontra'd"),
        "trischaken_max_kontra": _(
            "the highest kontra level of a Trischaken (2: Kontra and Retour; never above max_kontra); played"
            " live, the other players (a dealer who plays the Fahren too) kontra before the first lead"
        ),
        "first_player_factor": _(
            "the Trischaken loser pays this many times more when they are the first player"
        ),
        "buergermeister_points": _(
            "card points from which a Trischaken loser is Bürgermeister and pays double (35 and two cards,"
            " 35⅔, count as 36: the Austrian count)"
        ),
        "jungfrau_value": _(
            "what a Jungfrau (without a trick in Trischaken) wins from the loser, in Trischaken values"
        ),
        "fahren_doubles": _("after a Trischaken the next hands, as many as seats, are at double stakes"),
        "fahren_dealer_plays": _("at a five-seat table the dealer plays a Trischaken too"),
        "silent_lost": _(
            "bonuses that, unannounced, are lost when their card is played to their trick and beaten (a"
            " bird, the called King in the last trick): the side pays the silent value, as the Austrian"
            " cups count it (supplement 18.10; Raiffeisen Tarockcup, Tiroler Tarockcup rules); the others"
            " are left out when not made"
        ),
        "bid_order": _("the contracts from the lowest to the highest, as the auction ranks them"),
        "sechserdreier_at_outset": _(
            "whether the first player may open the auction with a Sechserdreier (else only after Mein Spiel"
            " and three passes)"
        ),
        "forehand_holds": _("whether the first player may hold a contract bid by another player"),
        "kaiserstich": _(
            "the Pagat beats the Sküs and the Mond when all three fall in one trick (in a colour game only"
            " when a tarock was led)"
        ),
        "trischaken_lead": _(
            "how a Trischaken is led: choice (the first player chooses), bunt (any card) or von_oben (a"
            " leader holding tarocks leads the highest)"
        ),
        "trischaken_talon_to_tricks": _(
            "in a Trischaken the talon cards go one each to the winners of the first six tricks"
        ),
        "trischaken_overtake": _("in a Trischaken each player must head the trick if able"),
        "pagat_last_negative": _(
            "in a Trischaken and the negative contracts the Pagat may be played only as one's last tarock"
        ),
        "call_queen_with_four_kings": _("a declarer holding all four Kings may call a Queen instead"),
        "sechserdreier_talon_shown": _("the talon of a Sechserdreier is shown to the table"),
        "declarer_leads": _("the contracts in which the declarer leads to the first trick"),
        "colour_bonuses": _("the bonuses a colour game (Farbendreier, Farbensolo) may score"),
        "stop_when_decided": _("a negative contract ends as soon as the declarer has lost it"),
        "ouvert_after_tricks": _("an ouvert declarer's cards are shown after this many tricks"),
        "bird_rufer_holds_bird": _("a bird Rufer may be bid only by a player holding its bird"),
        "fahren_dealer_plays_live": _(
            "played live, the dealer of a five-seat table takes the talon and plays a Trischaken too (with"
            " fahren_dealer_plays)"
        ),
    }
)

PRESET_DOCS: Mapping[str, str] = MappingProxyType(
    {
        "wiener_tarockcup": _("Wiener Tarockcup schedule (Dummett & McLeod supplement 18.10)"),
        "vacha_lk": _("Martin Vácha's school schedule, Lehrbuch des Königrufens (supplement 18.10)"),
        "raiffeisen": _("Raiffeisen Tarockcup values; a kontra changes the money only (supplement 18.10)"),
    }
)
