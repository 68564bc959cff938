"""The cards and the words of a live table as its pages draw them (issue 33 §3): each card's face (a
tarokk's numeral, a suit card's rank and suit, the label a screen reader says), and the words the seat
page's script and the replay show, in the reader's language. ``tournaments.pages.live`` hands them to
``static/tournaments/live.js``; ``tournaments.pages.live_replay`` draws a finished hand with them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from engine.games import game
from tournaments.core.labels import engine_word

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
RED_SUITS = frozenset("HD")


def _suit_names() -> dict[str, str]:
    return {
        "H": pgettext("card suit", "hearts"),
        "D": pgettext("card suit", "diamonds"),
        "C": pgettext("card suit", "clubs"),
        "S": pgettext("card suit", "spades"),
    }


def _rank_letters() -> dict[str, tuple[str, str]]:
    """Each suit rank's letter on the card and its name, in the reader's language."""
    return {
        "K": (pgettext("card rank letter: king", "K"), pgettext("card rank", "king")),
        "Q": (pgettext("card rank letter: queen", "Q"), pgettext("card rank", "queen")),
        "R": (pgettext("card rank letter: rider (cavalier)", "C"), pgettext("card rank", "cavalier")),
        "J": (pgettext("card rank letter: jack", "J"), pgettext("card rank", "jack")),
        "A": (pgettext("card rank letter: ace", "A"), pgettext("card rank", "ace")),
        "10": ("10", pgettext("card rank", "ten")),
        **{pip: (pip, pip) for pip in ("2", "3", "4", "5", "6", "7", "8", "9")},  # the 54- and 78-card packs
    }


#: how wide each letter of a Roman numeral is, in em of the cards' serif: a numeral is drawn as large as fits
NUMERAL_WIDTH = {"I": 0.4, "V": 0.72, "X": 0.72}


def numeral_width(numeral: str) -> float:
    return round(sum(NUMERAL_WIDTH.get(letter, 0.72) for letter in numeral), 2)


def card_names(game_id: str) -> list[str]:
    """The names of ``game_id``'s cards, as its live views name them (its view schema's card names)."""
    live = game(game_id).live
    if live is None:
        return []
    return list(live.view_schema().get("$defs", {}).get("card", {}).get("enum", []))


def card_faces(game_id: str) -> dict[str, dict[str, Any]]:
    """Every card of ``game_id``'s pack by its name (the engine's: "XXI", "SKIZ", "HK", "C10") as the
    pages draw it, in the reader's language: ``kind`` (tarokk or suit), ``text`` (the numeral, or the rank
    letter), ``sym`` (the suit's symbol), ``red``, ``honour``, ``sub`` (a word under the numeral) and
    ``label`` (its name, for screen readers and tooltips)."""
    suits, ranks = _suit_names(), _rank_letters()
    faces: dict[str, dict[str, Any]] = {}
    for name in card_names(game_id):
        if name == "SKIZ":
            faces[name] = {
                "kind": "tarokk", "text": pgettext("the skíz on a card", "SKÍZ"), "sym": "✶", "red": False,
                "honour": True, "sub": "", "label": pgettext("card", "skíz"), "w": 1,
            }  # fmt: skip
        elif name[0] in SUIT_SYMBOLS and name[1:] in ranks:
            letter, rank = ranks[name[1:]]
            faces[name] = {
                "kind": "suit", "text": letter, "sym": SUIT_SYMBOLS[name[0]], "red": name[0] in RED_SUITS,
                "honour": False, "sub": "", "w": 1,
                "label": _("%(rank)s of %(suit)s") % {"rank": rank, "suit": suits[name[0]]},
            }  # fmt: skip
        else:  # a tarokk I .. XXI
            honour = name in ("I", "XXI")
            faces[name] = {
                "kind": "tarokk", "text": name, "sym": "", "red": False, "honour": honour,
                "sub": pgettext("card", "pagát") if name == "I" else "", "w": numeral_width(name),
                "label": (
                    _("pagát (tarokk I)") if name == "I" else _("tarokk %(numeral)s") % {"numeral": name}
                ),
            }  # fmt: skip
    return faces


@dataclass
class Face:
    """One card as a template draws it (``live/_card.html``)."""

    name: str
    kind: str
    text: str
    sym: str
    red: bool
    honour: bool
    sub: str
    label: str
    w: float = 1


def face(name: str, faces: dict[str, dict[str, Any]]) -> Face:
    found = faces.get(name) or {"kind": "suit", "text": name, "sym": "", "red": False, "honour": False,
                                "sub": "", "label": name}  # fmt: skip
    return Face(name=name, **found)


# --- the words live.js shows, in the reader's language ---------------------------------------------------


def client_words(game_id: str) -> dict[str, Any]:
    """The game's words a live page shows (the auction's says and meanings, the announcements, the
    bonuses, the sides, the phases, the kinds of hand), in the active language; ``{name}`` marks where the
    page puts a value."""
    descriptor = game(game_id)
    words: dict[str, Any] = {"say": {}, "meaning": {}, "bonus": {}, "bid": {}, "kind": {}, "phase": {}}
    live = descriptor.live
    if live is not None:
        words["phase"] = {key: _(label) for key, label in live.phases.items()}
    vocabularies = descriptor.vocabularies
    for bonus in vocabularies.get("bonus", ()):
        words["bonus"][bonus] = str(engine_word(game_id, "bonus", bonus))
    for bid in vocabularies.get("bid", ()):
        words["bid"][bid] = str(engine_word(game_id, "bid", bid))
    for contract in vocabularies.get("contract", ()):  # the other games bid their contracts by name
        words["bid"].setdefault(contract, str(engine_word(game_id, "contract", contract)))
    for kind in vocabularies.get("kind", ()):
        words["kind"][kind] = str(engine_word(game_id, "kind", kind))
    words["kontra"] = list(descriptor.kontra_names or ())
    # the auction's says (the record's words: "pass", "three", "raise two") as the table hears them
    words["say"] = {"pass": _("Pass"), "hold": _("Hold"), "no raise": _("No raise")}
    for bid, word in words["bid"].items():
        words["say"][bid] = word[:1].upper() + word[1:]
        words["say"][f"raise {bid}"] = _("Raise to {bid}").replace("{bid}", word)
        words["say"][f"bid {bid}"] = _("Bid {bid}").replace("{bid}", word)  # Königrufen, Slovenian tarok
        words["say"][f"game {bid}"] = _("Plays {bid}").replace("{bid}", word)  # the game chosen at last
    words["say"]["mein spiel"] = "Mein Spiel"  # Königrufen's opening, as Viennese players say it
    words["meaning"] = {
        "cue": _("cue bid: shows the {card}"),
        "yield": _("yields the game: shows the {card}"),
    }
    words["team"] = {"declarer": _("declarer's side"), "opponents": _("opponents' side")}
    words["announce"] = {
        "pass": _("pass"),
        "call": _("calls the {card}"),
        "declare": _("declares {count} tarokks"),
        "announce": _("announces {bonus}"),
        "kontra_game": _("{kontra} on the game"),
        "kontra": _("{kontra} on the {bonus} of the {team}"),
    }
    words["side"] = {"declarer": _("the declarer"), "opponents": _("the opponents")}
    words["said"] = _said(game_id, words)
    return words


def _said(game_id: str, words: dict[str, Any]) -> dict[str, str]:
    """Each announcement code of the other games (one word after the verb) -> its words, ``{kontra}`` where
    the page puts the level's name (it counts the kontras said on each thing). Hungarian Tarokk's codes
    name a side and a bonus (``kontra declarer trull``) and are put together from ``words["announce"]``."""
    said: dict[str, str] = {"play alone": _("plays alone"), "surrender": _("surrenders")}
    bonuses = dict(words["bonus"])
    for word in game(game_id).vocabularies.get("declaration", ()):
        said[f"declare {word}"] = _("declares {bonus}").replace(
            "{bonus}", str(engine_word(game_id, "declaration", word))
        )
    for target in ("game", "contract", "klop", *bonuses):
        if target in ("game", "contract"):
            text = _("{kontra} on the game")
        elif target == "klop":
            text = _("{kontra} on the Klop")
        else:
            text = _("{kontra} on the {bonus}").replace("{bonus}", bonuses[target])
        said[f"kontra {target}"] = said[f"contra {target}"] = text
    for n in range(2, 5):  # Königrufen's further declarers of a negative contract (LK, 18.10)
        said[f"kontra game{n}"] = _("{kontra} on the game of declarer {n}").replace("{n}", str(n))
    return said


def client_texts() -> dict[str, str]:
    """The page's own sentences for live.js (``{name}``: a value put in)."""
    return {
        "bot_name": _("Bot"),
        "your_partner": _("your partner"),
        "you": _("you"),
        "bot": _("bot"),
        "offline": _("offline"),
        "dealer": _("dealer"),
        "declarer": _("declarer"),
        "partner": _("partner"),
        "to_move": _("to move"),
        "tricks": _("{n} tricks"),
        "hand_of": _("Hand {n} of {total}"),
        "hand_n": _("Hand {n}"),
        "stake": _("stake ×{n}"),
        "your_turn": _("Your turn"),
        "tap_card": _("Tap a card to play it."),
        "play_card": _("Play the {card}"),
        "pick": _("Choose {n} card(s) to discard, then confirm."),
        "picked": _("{k} of {n} chosen"),
        "confirm_discard": _("Discard these cards"),
        "waiting_for": _("Waiting for {name}"),
        "waiting_annul": _("Waiting: a player may annul the hand."),
        "bot_plays_for": _("The bot plays for {name}."),
        "bot_plays_for_you": _("The bot plays for you. Take the seat back to play yourself."),
        "waiting_table": _(
            "Waiting for the players' phones. The table starts when every player is here, "
            "or when the organizer starts it."
        ),
        "no_hand": _("No hand is in play."),
        "table_finished": _("The table has played all its hands. The score sheet is below."),
        "table_stopped": _("Play at this table was stopped."),
        "sitting_out": _("You deal this hand and sit it out."),
        "sending": _("Sending your move…"),
        "retrying": _("No connection: sending the same move again (it is never played twice)…"),
        "moved_on": _("The table moved on before your move arrived: look again and choose."),
        "refused": _("That move was not accepted:"),
        "error": _("Something went wrong. Try again."),
        "conn_live": _("Live"),
        "conn_polling": _("Updating every 2 seconds"),
        "conn_offline": _("Offline: trying to reconnect…"),
        "bot_on": _("Let the bot play for me"),
        "bot_off": _("Play myself again"),
        "bot_help": _("The bot plays your moves until you take the seat back."),
        "last_trick": _("Last trick: {name} won it"),
        "nobody_yet": _("not known yet"),
        "none": _("none"),
        "result_title": _("Hand {n} is over"),
        "last_hand": _("Last hand"),
        "replay": _("Replay the hand"),
        "played_live": _("played live"),
        "bot_moved": _("bot moved for a player"),
        "playing": _("in play"),
        "total": _("Total"),
        "discarded_tarokks": _("{name}: {n} tarokk(s)"),
        "taken": _("{name}: {n}"),
        "talon_half": _("half {n}"),
        "radelci_of": _("{name} ×{n}"),
        "declarer_points": _("{points} (declarer's side; tricks: {tricks})"),
        "alone": _("none: the declarer plays alone"),
        "no_auction": _("Nobody has bid yet."),
        "no_announcements": _("No announcement yet."),
        "no_hands": _("No hand finished yet."),
        "pay_line": _("{name}: {points}"),
    }


def fact_labels() -> dict[str, str]:
    """The names of the facts of a hand the page lists (the contract, the result)."""
    return {
        "declarer": _("Declarer"),
        "bid": _("Contract"),
        "called": _("Called card"),
        "partner": _("Declarer's partner"),
        "your_partner": _("Your partner"),
        "talon": _("Talon taken"),
        "received": _("You took"),
        "mine": _("Your discard"),
        "tarokks": _("Tarokks discarded"),
        "face_up": _("Declarer's discarded tarokks"),
        "points": _("Card points"),
        "radelci": _("Radelci (score double)"),
        "score": _("Score sheet"),
    }
