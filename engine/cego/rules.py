"""The rules of Cego as the Ichenheim tournament plays it (Dummett & McLeod supplement, 17.3 and 17.4).

One frozen ``Rules`` value per preset; every value the scorer uses is an option, so that an organiser can
follow a local schedule without new code. Where the text is silent the choice is marked ``choice:`` and is
an option too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import presets
from engine.core.messages import gettext_noop as _

#: the contracts scored by the declarer's card points (17.3), lowest bid first
POINT_CONTRACTS: tuple[str, ...] = (
    "cego",
    "eine_leere",
    "zwei_leere",
    "zwei_verschiedene",
    "kleiner_mann",
    "solo",
)
#: the contracts paid at a fixed value per defender: 17.3 Ulti and Solodu, 17.4 Piccolo and Bettel
FIXED_CONTRACTS: tuple[str, ...] = ("ulti", "solodu", "piccolo", "bettel")
#: the four-handed special games of 17.4 (Ulti is a three-handed contract too, 17.3)
FOUR_HANDED: tuple[str, ...] = ("piccolo", "bettel")
CONTRACTS: tuple[str, ...] = POINT_CONTRACTS + FIXED_CONTRACTS
THREE_HANDED = 3
#: the card points of each pack counted in threes (``engine.cego.play.pile_thirds``): the 54 cards make 70
#: (17.3's declarer needs "over 35"); the three-handed 51 cards make 69, their three empty cards being
#: worth a third of a point each. choice: 17.3's 36 to win stays the same with either pack
#: (``points_to_win``; de.wikipedia "Cego", 2004 version, "Ziel": "der Alleinspieler muss mindestens 36
#: Punkte erreichen", beside its 51-card deal for three)
PACK_POINTS: dict[str, int] = {"54": 70, "51": 69}


@dataclass(frozen=True)
class Rules:
    """A preset's rules: the contracts' multipliers and values, and the choices where 17.3/17.4 are silent."""

    name: str
    # choice: 17.3 names Eine Leere, Zwei Leere and Zwei Verschiedene but not their multipliers (the book's
    # three-handed schedule is not in the supplement); these are the usual three-handed Cego multipliers
    # (Cego kept with one card 2, then one more per step). 0: the contract is not played.
    cego: int = 2
    eine_leere: int = 3
    zwei_leere: int = 4
    zwei_verschiedene: int = 5
    # choice: Kleiner Mann is not among the Ichenheim contracts of 17.3: not played (0) unless set
    kleiner_mann: int = 0
    # 17.3: "The multiplier for Solo is 1, irrespective of whether the game is won or lost"
    solo: int = 1
    solo_lost: int = 1
    # 17.3: "1 game point for each 5 points or part of 5 points over 35" (won) / "below 36" (lost)
    points_unit: int = 5
    points_to_win: int = 36
    # 17.3: "If either side takes all the tricks the base value is 8 game points as usual"
    all_tricks_base: int = 8
    # 17.3: Ulti 20 and Solodu 64 game points "to or from each defender"
    ulti: int = 20
    solodu: int = 64
    # 17.4: "Piccolo is worth 10 game points, Bettel 15 and Ulti 20"
    piccolo: int = 10
    bettel: int = 15
    # 17.4: the Räuber's loser "must pay 5 game points to each opponent", doubled per player without a trick
    raeuber: int = 5
    # choice: 17.3 has the 4-seat tables play the three-handed game (the dealer sits out); the issue asks
    # for 17.4's special games (Piccolo, Bettel, Räuber) there. Where they may be played:
    # "four_seat_tables", "never" or "always".
    four_handed_specials: str = "four_seat_tables"
    # choice: 17.4 does not say who loses a Räuber when two players tie for most points: "all_pay" (each of
    # them pays every other player) or "none" (nobody pays)
    raeuber_tie: str = "all_pay"
    # choice: 17.3's sitting-out dealer "wins and loses equally with the defenders", but a Räuber has no
    # defenders: False, the dealer takes no part; True, the loser pays the dealer too
    raeuber_dealer_paid: bool = False
    # choice: the card points of a Räuber must add up to this (70: the whole pack counted in threes);
    # 0 does not check the sum
    raeuber_card_total: int = 70
    # 17.4, "Modern four-handed Cego": all four play, the dealer too (the Räuber is announced when "the
    # other three players pass again"), so a four-seat table has four active seats and nobody sits out.
    # False: 17.3's four-seat table of the three-handed game, whose dealer sits out
    all_four_play: bool = False
    # --- live play (engine.cego.live): what the texts leave open about the play itself ---------------------
    # choice: the Solo's declarer counts the Blinde with his tricks (it is dealt to the table and nobody
    # plays it: "der Blinde ... zählt aber bei der Punktewertung für den Solo-Spieler", de.wikipedia "Cego",
    # 2004 version, "Geben"); "defenders": it counts for the defenders
    solo_blinde: str = "declarer"
    # 17.3: "In Eine Leere, Zwei Leere and Zwei Verschiedene, the cards led by the declarer must be genuine
    # empty cards": the kept empty cards are shown and led. choice: the declarer leads the first trick in
    # these contracts (Parlett, The Penguin Book of Card Games, Cego, "One Blank": "He must then lead to the
    # first trick ... the exposed 'blank' card"); False: Vorhand leads and the declarer leads them at his
    # first leads
    leere_declarer_leads: bool = True
    # choice: in Piccolo and Bettel every player must beat the trick so far when he can (as in the negative
    # games of 18.10; engine.core.tarot.TarotPack.follows ``must_overtake``); False: follow suit only
    negative_overtake: bool = True
    # choice: in the Räuber every player must beat the trick so far when he can (17.4 likens it to the
    # Geregelte Räuber, a negative game); False: follow suit only
    raeuber_overtake: bool = True
    # 17.4: in the Räuber's first three tricks a player without a Trock to play "may discard suit cards (but
    # not Kings)": "no_kings"; the erratum to the Geregelte Räuber: "one must play a Brettli": "brettli"
    raeuber_first_tricks: str = "no_kings"
    # --- the pack -------------------------------------------------------------------------------------------
    # 17.3 does not give the three-handed deal. The texts that give it strip the pack to 51 cards, 13 to each
    # player and 12 to the Blinde: de.wikipedia "Cego" (2004 version, "Geben": "3 Spieler: 13 Karten pro
    # Spieler 12 in den Blinden. bei drei Spielern werden die Karo 4 die Pik 7 und die Kreuz 7 aus dem Spiel
    # genommen d.h. es wird mit 51 Karten gespielt") and mupfelmaus.de's Cego review ("Zu Beginn jeder Runde
    # erhält jeder Spieler 13 Karten, 12 Karten kommen verdeckt in die Mitte"); pagat.com's Cego page
    # (https://www.pagat.com/tarot/cego.html, "The Three Player Game") and en.wikipedia "Cego" list 51 or
    # 54 cards. "51": the diamond 4 and the black 7s out (the lowest empty card of three suits), 13 each and
    # 12 to the Blinde; "54": the whole pack, 13 each and 15 to the Blinde (the declarer then lays away down
    # to 13). Four active players always have the whole pack, 11 each and 10 to the Blinde (pagat "Deal")
    three_handed_pack: str = "51"

    OPTION_CHOICES = {
        "four_handed_specials": ("four_seat_tables", "never", "always"),
        "raeuber_tie": ("all_pay", "none"),
        "solo_blinde": ("declarer", "defenders"),
        "raeuber_first_tricks": ("no_kings", "brettli"),
        "three_handed_pack": ("51", "54"),
    }
    OPTION_RANGES = {
        **{c: (0, 1000) for c in CONTRACTS},
        "solo_lost": (0, 1000),
        "points_unit": (1, 70),
        "points_to_win": (1, 70),
        "all_tricks_base": (0, 1000),
        "raeuber": (0, 1000),
        "raeuber_card_total": (0, 70),
    }

    def spec(self) -> str | dict[str, Any]:
        """How a record names these rules: the preset's name, or ``{"preset", "options"}``."""
        return presets.spec_of(self, PRESETS)

    def multiplier(self, contract: str, won: bool) -> int:
        """The multiplier of a point contract (17.3); 0 for one these rules do not play."""
        if contract == "solo" and not won:
            return self.solo_lost
        return int(getattr(self, contract))

    def plays(self, contract: str, table_size: int) -> bool:
        """Whether ``contract`` may be played at a table of ``table_size`` seats under these rules."""
        if getattr(self, contract) == 0:
            return False
        if contract in FOUR_HANDED:
            return self.specials_at(table_size)
        return True

    def contracts_at(self, table_size: int) -> tuple[str, ...]:
        """The contracts played at a table of ``table_size`` seats (what the entry form offers)."""
        return tuple(contract for contract in CONTRACTS if self.plays(contract, table_size))

    def kinds_at(self, table_size: int) -> tuple[str, ...]:
        """The kinds of hand at a table of ``table_size`` seats: a Räuber only where 17.4's specials are."""
        return ("played", "raeuber") if self.specials_at(table_size) else ("played",)

    def pack(self, active: int) -> str:
        """The pack ``active`` players are dealt: "51" or "54" cards (``three_handed_pack``)."""
        return self.three_handed_pack if active == THREE_HANDED else "54"

    def card_points(self, active: int) -> int:
        """The card points of the pack dealt to ``active`` players, counted in threes (``PACK_POINTS``)."""
        return PACK_POINTS[self.pack(active)]

    def raeuber_total(self, active: int) -> int:
        """What a Räuber's card points must add up to with ``active`` players, 0 when not checked:
        ``raeuber_card_total`` is the whole pack's (70); the 51 cards count the three cards fewer."""
        if not self.raeuber_card_total:
            return 0
        return self.raeuber_card_total - (PACK_POINTS["54"] - self.card_points(active))

    def specials_at(self, table_size: int) -> bool:
        """Whether 17.4's special games (Piccolo, Bettel, the Räuber) are played at this table size."""
        if self.four_handed_specials == "always":
            return True
        return self.four_handed_specials == "four_seat_tables" and table_size >= 4


DEFAULT = "ichenheim"
PRESETS: dict[str, Rules] = {
    "ichenheim": Rules(name="ichenheim"),
    "ichenheim_three_handed": Rules(name="ichenheim_three_handed", four_handed_specials="never"),
    # 17.4: four play; "The play and scoring of the ordinary contracts is the same as in the three-handed
    # game at Ichenheim. There are three special contracts: Piccolo ... 10 game points, Bettel 15 and Ulti
    # 20", and the Räuber when all pass: Solodu, 17.3's three-handed special, is not among them (0)
    "four_handed": Rules(name="four_handed", all_four_play=True, solodu=0),
}

OPTION_DOCS: dict[str, str] = {
    "cego": _("Multiplier of Cego (the declarer plays the Blinde, keeping one card); 0: not played."),
    "eine_leere": _("Multiplier of Eine Leere (keeping one empty card); 0: not played."),
    "zwei_leere": _("Multiplier of Zwei Leere (keeping two empty cards); 0: not played."),
    "zwei_verschiedene": _(
        "Multiplier of Zwei Verschiedene (keeping two cards of different suits); 0: not played."
    ),
    "kleiner_mann": _("Multiplier of Kleiner Mann; 0: not played (not an Ichenheim contract)."),
    "solo": _("Multiplier of a won Solo (17.3: 1)."),
    "solo_lost": _("Multiplier of a lost Solo (17.3: 1, the same as won)."),
    "points_unit": _("Card points per game point of the base value (17.3: 5)."),
    "points_to_win": _("Card points the declarer needs to win (17.3: 36, more than 35)."),
    "all_tricks_base": _("Base value when a side takes every trick (17.3: 8)."),
    "ulti": _("Game points of Ulti per defender, won or lost (17.3, 17.4: 20)."),
    "solodu": _("Game points of Solodu per defender, won or lost (17.3: 64)."),
    "piccolo": _("Game points of Piccolo per defender (17.4: 10)."),
    "bettel": _("Game points of Bettel per defender (17.4: 15)."),
    "raeuber": _("What the Räuber's loser pays each opponent before doubling (17.4: 5)."),
    "four_handed_specials": _(
        "Where the four-handed special games (Piccolo, Bettel, Räuber) are played: four_seat_tables, never"
        " or always."
    ),
    "raeuber_tie": _("A Räuber tied for most points: all_pay (each tied player pays) or none (nobody pays)."),
    "raeuber_dealer_paid": _("Whether the Räuber's loser pays the sitting-out dealer too."),
    "raeuber_card_total": _(
        "The total the Räuber's card points must add up to with the whole pack, 70 (the 51 cards of the"
        " three-handed game count one point less); 0: not checked."
    ),
    "solo_blinde": _(
        "Who counts the Blinde in a Solo: declarer (with his tricks) or defenders; nobody plays it."
    ),
    "leere_declarer_leads": _(
        "In Eine Leere, Zwei Leere and Zwei Verschiedene the declarer leads the first trick with a kept empty"
        " card (off: Vorhand leads, and the declarer leads the kept cards at his first leads)."
    ),
    "negative_overtake": _("In Piccolo and Bettel every player must beat the trick so far when he can."),
    "raeuber_overtake": _("In the Räuber every player must beat the trick so far when he can."),
    "raeuber_first_tricks": _(
        "In the Räuber's first three tricks, a player with no Trock to play plays any suit card but a King"
        " (no_kings, 17.4) or an empty card (brettli, the Geregelte Räuber erratum)."
    ),
    "three_handed_pack": _(
        "The pack when three play: 51 (the diamond 4 and the black 7s taken out; 13 cards each and 12 to the"
        " Blinde) or 54 (13 cards each and 15 to the Blinde)."
    ),
    "all_four_play": _(
        "At a four-seat table all four play, the dealer too (17.4, the four-handed game); off: the dealer"
        " sits out and shares the defenders' score (17.3)."
    ),
}

PRESET_DOCS: dict[str, str] = {
    "ichenheim": _(
        "The Cego tournament at the Gasthaus Hechten, Ichenheim (6 January): two sessions of 24 deals at"
        " three-seat tables, a few four-seat tables where the dealer sits out and the four-handed special"
        " games are played (Dummett & McLeod supplement 17.3, 17.4)."
    ),
    "ichenheim_three_handed": _(
        "Ichenheim as 17.3 reads strictly: every table plays the three-handed game, a four-seat table's"
        " dealer sitting out; no Piccolo, Bettel or Räuber."
    ),
    "four_handed": _(
        "Four-handed Cego as played at Ichenheim (supplement 17.4): tables of four where all four play,"
        " nobody sitting out; the ordinary contracts as at three, Piccolo 10, Bettel 15 and Ulti 20, and the"
        " Räuber when all pass."
    ),
}


def resolve_rules(spec: Any = None, options: Any = None) -> Rules:
    """The rules of a preset name or ``{"preset", "options"}`` spec (None: Ichenheim); raises RulesError."""
    return presets.resolve(PRESETS, DEFAULT, spec, options)
