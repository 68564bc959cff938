"""Bonuses, kontra, declaring tarokks and the procedure for the round of announcements (pagat "Bonuses",
"Kontra", "Declaring tarokks", "Procedure for the round of announcements"; tournament items T 34 .. T 43).

The declarer speaks first (declares tarokks, calls a partner: engine/hungarian/calling.py, announces), then
each player in turn declares, announces bonuses and kontras until three in succession only pass. A player
whose side is not known is taken for the side of the last announcer. ``AnnouncementPhase`` holds these rules
for ``engine.hungarian.state.Hand``, which owns the state.

Speed: items are numbered (0 the game, ``1 + 6 * team + i`` each team's ``BONUSES[i]``) so that sets of
them are bitmasks; ``_announcement_key`` packs what a seat may say now into one int, whose action list comes
from two fixed tables. ``_apply_announcement`` and a replay's ``_apply_turns`` check a pass, a kontra or a
bonus against that key; the call, a forced kontra, an owed pagátultimó and declarations go through the full
checks (``_announce``). tests/engine/test_fast_paths.py proves the two ways agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.messages import Message
from engine.core.messages import gettext_noop as _
from engine.core.scoring import kontra_name
from engine.core.shown import shown
from engine.hungarian.actions import (
    ANNOUNCE,
    BONUSES,
    CALL,
    DECL,
    DECLARE,
    GAME,
    KONTRA,
    KONTRA_GAME,
    OPP,
    PASS,
    TEAMS,
    Action,
    IllegalAction,
    step_by,
)
from engine.hungarian.cards import HIGH_HONOUR_MASK, HONOUR_MASK, NAMES, SKIZ, TAROKK_MASK, XX, card_or_value
from engine.hungarian.rules import Rules

#: The items of the round of announcements, numbered so that a set of them is a bitmask: item 0 is the game,
#: item ``1 + 6 * team + i`` is ``BONUSES[i]`` announced by ``team`` (DECL or OPP).
ITEMS: tuple[tuple[int, str], ...] = (GAME, *((t, b) for t in (DECL, OPP) for b in BONUSES))
ITEM_OF = {key: i for i, key in enumerate(ITEMS)}
_ITEM_OWNER = tuple(key[0] for key in ITEMS)
_KONTRA_ACTION = tuple(KONTRA[key] for key in ITEMS)  # each item's kontra action
_ITEM_OF_KONTRA = {a.arg: i for i, a in enumerate(_KONTRA_ACTION)}  # a kontra's argument -> its item
_KONTRA_ITEM = {a: i for i, a in enumerate(_KONTRA_ACTION)}  # a kontra -> its item
#: The steps of the round of announcements that a replay checks without listing (``Hand._apply_turns``), as
#: small ints: a kontra by its item (0 .. 12), a bonus announced by 16 + its index in BONUSES, a pass by 32.
_ANNOUNCE_STEP = 16
_PASS_STEP = 32
STEP_CODE: dict[Action, int] = {
    **_KONTRA_ITEM,
    **{ANNOUNCE[b]: _ANNOUNCE_STEP + i for i, b in enumerate(BONUSES)},
    PASS: _PASS_STEP,
}
STEP_ACTION = {code: action for action, code in STEP_CODE.items()}
Step = Action | int  # a step of ``Hand._apply_turns``
_BONUS_BIT = {b: 1 << i for i, b in enumerate(BONUSES)}  # sets of a team's bonuses are 6-bit masks
_ANNOUNCE_BIT = {ANNOUNCE[b]: bit for b, bit in _BONUS_BIT.items()}  # an announcement -> its bonus's bit
_ALL_BONUSES = (1 << len(BONUSES)) - 1
_ULTI_ITEMS = 1 << ITEM_OF[DECL, "pagat_ultimo"] | 1 << ITEM_OF[OPP, "pagat_ultimo"]
#: announcing one of these may bar the other (``Hand._barred_bonuses``)
_BARRING = _BONUS_BIT["volat"] | _BONUS_BIT["double_game"]


def _announcement_list(key: int) -> tuple[Action, ...]:
    """The actions of announcement key ``key`` (``Hand._announcement_key``) in their offered order: a
    declaration (bits 0-1: none, 8 or 9 tarokks), the bonuses the seat may announce (bits 2-7, in BONUSES
    order), the items it may kontra (bits 8-20, by item), then pass."""
    return _ANNOUNCE_PARTS[key & 255] + _KONTRA_PARTS[key >> 8]


#: the first part of each announcement list, by its key's low byte: the declaration, then the bonuses
_ANNOUNCE_PARTS = tuple(
    (
        *([DECLARE[7 + (low & 3)]] if low & 3 in (1, 2) else []),
        *(ANNOUNCE[b] for i, b in enumerate(BONUSES) if low >> 2 + i & 1),
    )
    for low in range(256)
)


def _kontra_parts() -> tuple[tuple[Action, ...], ...]:
    """The rest of each announcement list, by the items that may be kontra'd (a mask): their kontras by
    item, then pass; each from the one without its lowest item (a fixed table of 2**13 entries, 0.8 MB,
    built in about 5 ms)."""
    parts: list[tuple[Action, ...]] = [(PASS,)]
    for m in range(1, 1 << len(ITEMS)):
        low = m & -m
        parts.append((_KONTRA_ACTION[low.bit_length() - 1], *parts[m ^ low]))
    return tuple(parts)


_KONTRA_PARTS = _kontra_parts()


_SAME_PLAYER_DOUBLE_VOLAT = Message(
    "same_player_double_volat", _("the same player may not announce both double game and volát")
)


class AnnouncementPhase:
    """The round of announcements' rules, as methods of ``Hand`` (which owns the state)."""

    __slots__ = ()

    def _reset_announcements(self, rules: Rules) -> None:
        """Nothing announced yet; the options that decide which checks the listing by key may skip."""
        self._levels = [-1] * len(ITEMS)  # each item's kontra level; -1: not announced
        self.item_by: dict[tuple[int, str], int] = {}  # (team, bonus) -> the announcer, in announcement order
        self.declared = [0, 0, 0, 0]
        self.first_turn_done = [False, False, False, False]
        self.announce_log: list[tuple[int, Action]] = []
        self.ulti_teams: set[int] = set()
        self.volat_announcers: set[int] = set()
        self.double_announcers: set[int] = set()
        self._acted = False  # the seat to move has said something but pass this turn
        self._ann_legal: tuple[Action, ...] | None = None  # legal announcement actions now; None: not listed
        self._ann_key = -1  # the key they were listed by; -1 for other lists (the call, a forced kontra, ...)
        self._ann_quick = False  # whether a kontra or a bonus announced changes only the key's item or bonus
        self._tcount = [0, 0, 0, 0]
        self._kmask = [0, 0]  # per team: the items it may kontra next
        self._max_kontra = rules.max_kontra
        self._omask = [_ALL_BONUSES, _ALL_BONUSES]  # per team: the bonuses it has not announced yet
        self._barred = [0, 0, 0, 0]  # per seat: bonuses volát or double game bars (``_barred_bonuses``)
        self._pais = rules.pais_declarations
        self._simple_bonuses = not (
            rules.volat_blocks_further_announcements
            or rules.trull_announcement_restrictions
            or rules.pais_declarations
        )
        self._turn_volat_double = 0  # bit 1: volát, bit 2: double game announced this turn
        self._forced_kontra: int | None = None
        self._last_side = DECL  # the side of the last announcement or kontra; the declarer's before any
        self._quiet = 0

    def _start_announcements(self) -> None:
        self.phase = "announcements"
        d = self.declarer
        assert d is not None
        self._turn = d
        self.start_hands = list(self.hands)
        self._tcount = [(h & TAROKK_MASK).bit_count() for h in self.hands]
        self._set_level(0, 0)  # the game
        self.known_side[d] = DECL
        auction = self._auction
        cue = auction.cue_in_force(d)
        if cue is not None:
            self.forced_call = cue
        elif auction.yield_seat is not None and auction.yield_seat != d:
            self.forced_call = XX

    @property
    def items(self) -> dict[tuple[int, str], int]:
        """The items of the round of announcements so far, ``GAME`` or ``(team, bonus)`` -> kontra level:
        the game first, then the bonuses in the order they were announced."""
        levels = self._levels
        out = {GAME: levels[0]} if levels[0] >= 0 else {}
        out.update((key, levels[ITEM_OF[key]]) for key in self.item_by)
        return out

    def _list_announcements(self) -> tuple[Action, ...]:
        """The legal actions of the seat to move in the round of announcements, listed anew and kept (with
        their key) for ``_apply_announcement``."""
        s = self._turn if self._forced_kontra is None else self._forced_kontra
        key = self._ann_key = self._announcement_key(s)  # type: ignore[arg-type]
        if key < 0:
            legal = self._ann_legal = self._special_announcements(s)  # type: ignore[arg-type]
            return legal
        # A kontra or a bonus announced changes only the key's item or bonus unless a declaration (which
        # must come first in the turn) is listed, the seat's side is yet to be shown, or under T 41/T 42/
        # Pais.
        self._ann_quick = not key & 3 and self.known_side[s] is not None and self._simple_bonuses  # type: ignore[index]
        legal = self._ann_legal = _ANNOUNCE_PARTS[key & 255] + _KONTRA_PARTS[key >> 8]  # inlined: hot
        return legal

    def _apply_announcement(self, action: Any, legal: tuple[Action, ...] | None) -> None:
        """``apply`` in the round of announcements; ``legal`` is the seat's kept listing, if any. An action of
        a listing by key is checked by the key's bits and, where nothing else changes, the listing is kept
        current instead of made anew (the commonest steps of self-play); anything else goes through the
        full rule checks of ``_announce``."""
        if legal is None:
            legal = self._list_announcements()
        key = self._ann_key
        if key < 0:  # the call, a forced kontra, an owed pagátultimó: rare steps, applied in full
            self._ann_legal = None
            self._announce(action, action in legal)
            return
        # A listing by key: what it lists is read off the key's bits (no scan of the list).
        s: int = self._turn  # type: ignore[assignment]
        try:
            item = _KONTRA_ITEM.get(action)  # type: ignore[arg-type]
        except TypeError:  # unhashable: not a listed action
            item = None
        if item is not None:
            if key >> 8 + item & 1:
                if not self._ann_quick:  # a side shown, a declaration no longer listed: list anew
                    self._apply_kontra(s, item)
                    self._ann_legal = None
                    return
                # ``_apply_kontra`` inlined (the commonest action of random play), the seat's side known;
                # the list is the same less this kontra
                team = self.team[s]
                levels = self._levels
                level = levels[item] = levels[item] + 1
                kmask = self._kmask
                bit = 1 << item
                kmask[team] ^= bit
                if level < self._max_kontra:
                    kmask[1 - team] |= bit
                self.announce_log.append((s, _KONTRA_ACTION[item]))
                self._acted = True
                self._last_side = team
                key = self._ann_key = key ^ bit << 8
                self._ann_legal = _ANNOUNCE_PARTS[key & 255] + _KONTRA_PARTS[key >> 8]
                return
        elif action == PASS:  # always listed by key
            self._ann_legal = None
            self._pass(s)
            return
        else:
            try:
                bit = _ANNOUNCE_BIT.get(action, 0)  # type: ignore[arg-type]
            except TypeError:
                bit = 0
            if key >> 2 & bit:
                self._apply_announce(s, action[1])  # type: ignore[arg-type]
                # Any other bonus announced changes nothing else this seat may do: keep the list current.
                # Volát and double game may bar each other: list anew.
                if self._ann_quick and not bit & _BARRING:
                    key = self._ann_key = key ^ bit << 2
                    self._ann_legal = _announcement_list(key)
                else:
                    self._ann_legal = None
                return
        self._ann_legal = None  # a declaration, or an action not listed (which the full checks reject)
        self._announce(action, action in legal)

    def _presumed(self, s: int) -> int:
        """The side ``s`` is taken to be on ("Procedure for the round of announcements")."""
        known = self.known_side[s]
        return self._last_side if known is None else known

    def _reveal(self, s: int, side: int) -> None:
        self.known_side[s] = side
        self._last_side = side
        d = self.declarer
        if side == DECL and s != d:  # the partner is known, so the other two are opponents
            for t in range(4):
                if t != d and t != s:
                    self.known_side[t] = OPP

    def _tarokk_count(self, s: int) -> int:
        return (self.hands[s] & TAROKK_MASK).bit_count()

    def _declaration_problem(self, s: int, n: int) -> Message | None:
        rules = self.rules
        if self.declared[s]:
            return Message("declared_once", _("tarokks may be declared only once"))
        if self._tarokk_count(s) != n:
            return Message(
                "declared_wrong_count",
                _("declared %(declared)s tarokks but holds %(held)s"),
                declared=n,
                held=self._tarokk_count(s),
            )
        if self._acted and not rules.pais_declarations:
            return Message("declare_first", _("a declaration of tarokks must come first in the turn"))
        if rules.pais_declarations and s == self.partner and self.known_side[s] is None:
            return Message(
                "pais_partner_declares",
                _("Pais: the partner may not declare tarokks until it is provable that he is the partner"),
            )
        if rules.declarations_identify_side and self._presumed(s) != self.team[s]:
            return Message(
                "declaration_shows_side",
                _("a declaration identifies your side: you would be taken for the other team (T 37)"),
            )
        return None

    def _must_declare_first(self, s: int) -> bool:
        return self._tarokk_count(s) >= 8 and not self.declared[s]

    def _announce_problem(self, s: int, bonus: str) -> Message | None:
        rules = self.rules
        team = self.team[s]
        if bonus not in BONUSES:
            return Message("unknown_bonus_name", _("unknown bonus %(bonus)s"), bonus=bonus)
        if self._announced(team, bonus):
            return Message(
                "already_announced",
                _("%(bonus)s has already been announced by the %(team)s"),
                bonus=bonus,
                team=TEAMS[team],
            )
        if self._presumed(s) != team:
            return Message(
                "taken_for_other_side",
                _(
                    "would be taken for the %(team)s' side; kontra something of the other side first to show"
                    " your side (Procedure for the round of announcements)"
                ),
                team=TEAMS[self._presumed(s)],
            )
        volat_any = self._announced(DECL, "volat") or self._announced(OPP, "volat")
        if (
            bonus in ("trull", "four_kings", "double_game")
            and volat_any
            and rules.volat_blocks_further_announcements
        ):
            return Message(
                "volat_blocks", _("after volát no trull, four kings or double game may be announced (T 42)")
            )
        if bonus == "double_game":
            if self._announced(team, "volat"):
                return Message(
                    "double_after_volat", _("double game cannot be announced after your team announced volát")
                )
            if not rules.double_game_and_volat_same_player and s in self.volat_announcers:
                return _SAME_PLAYER_DOUBLE_VOLAT
        if bonus == "volat":
            if self._turn_volat_double & 2 and not rules.double_game_and_volat_same_turn:
                return Message(
                    "double_volat_same_turn", _("double game and volát cannot be announced at the same turn")
                )
            if not rules.double_game_and_volat_same_player and s in self.double_announcers:
                return _SAME_PLAYER_DOUBLE_VOLAT
        if (bonus == "pagat_ultimo" or rules.pais_declarations) and self._must_declare_first(s):
            return Message(
                "declare_before_ultimo",
                _("must declare %(count)s tarokks when announcing pagátultimó"),
                count=self._tarokk_count(s),
            )
        if bonus == "trull" and rules.trull_announcement_restrictions:
            return self._trull_problem(s)
        return None

    def _trull_problem(self, s: int) -> Message | None:
        """T 41: what an announcement of trull promises, by who says it and when."""
        h = self.hands[s]
        high = h & HIGH_HONOUR_MASK
        auction = self._auction
        if self.first_turn_done[s]:
            return (
                None
                if high
                else Message("trull_later", _("a later-round trull needs the skíz or the XXI (T 41e)"))
            )
        if s == self.declarer:
            if auction.cue_in_force(s) is not None or auction.yield_seat is not None:
                return (
                    None
                    if high
                    else Message(
                        "trull_invited_declarer",
                        _("declarer of an invited game needs the skíz or the XXI for trull (T 41b)"),
                    )
                )
            bidders = {seat for seat, _rank, _hold in auction.positive_bids}
            if high == HIGH_HONOUR_MASK or (len(bidders) >= 3 and h >> SKIZ & 1):
                return None
            return Message(
                "trull_declarer", _("declarer's first-round trull needs the skíz and the XXI (T 41a)")
            )
        if s in (auction.cue_seat, auction.yield_seat):
            if (h & HONOUR_MASK).bit_count() >= 2:
                return None
            return Message("trull_inviter", _("the inviter's first-round trull needs two honours (T 41c)"))
        if s == self.partner:
            return (
                None
                if high
                else Message(
                    "trull_partner", _("the partner's first-round trull needs the skíz or the XXI (T 41d)")
                )
            )
        return (
            None
            if high
            else Message("trull_other", _("a trull announcement needs the skíz or the XXI (T 41e)"))
        )

    def _kontra_problem(self, s: int, item: Any) -> Message | None:
        i = self._item_id(item)
        if i is None or self._levels[i] < 0:
            return Message(
                "nothing_to_kontra", _("there is no announcement %(item)s to kontra"), item=shown(item)
            )
        level = self._levels[i] + 1
        if level > self.rules.max_kontra:
            return Message(
                "kontra_highest",
                _("%(kontra)s is the highest level"),
                kontra=kontra_name(self.rules.max_kontra),
            )
        owner = _ITEM_OWNER[i]
        needed = owner if level % 2 == 0 else 1 - owner
        if self.team[s] != needed:
            return Message(
                "kontra_by_other_team",
                _("only the %(team)s may say %(kontra)s to this"),
                team=TEAMS[needed],
                kontra=kontra_name(level),
            )
        if self.known_side[s] is not None and self.known_side[s] != needed:
            return Message("contradicts_side", _("contradicts the side already shown"))
        pagat_item = ITEMS[i][1] == "pagat_ultimo"
        if (pagat_item or self.rules.pais_declarations) and self._must_declare_first(s):
            return Message(
                "declare_before_kontra_ultimo",
                _("must declare %(count)s tarokks when kontra-ing pagátultimó"),
                count=self._tarokk_count(s),
            )
        return None

    @staticmethod
    def _item_id(item: Any) -> int | None:
        """The item a kontra names: ``"game"`` or ``(team name, bonus)`` (a list too), or None."""
        try:
            i = _ITEM_OF_KONTRA.get(item) if isinstance(item, (str, tuple)) else None
        except TypeError:  # a tuple holding something unhashable
            return None
        if i is None and isinstance(item, (tuple, list)) and len(item) == 2 and item[0] in TEAMS:
            try:
                i = ITEM_OF.get((TEAMS.index(item[0]), item[1]))
            except TypeError:
                return None
        return i

    def _announced(self, team: int, bonus: str) -> bool:
        return self._levels[ITEM_OF[team, bonus]] >= 0

    def _ulti_owed(self, s: int) -> bool:
        """A called cue bidder (or yielder) without a high honour owes pagátultimó ("Cue bids", T 18)."""
        auction = self._auction
        return (
            auction.ulti_obliged
            and s == self.partner
            and s in (auction.cue_seat, auction.yield_seat)
            and self.forced_call is not None
            and not self._announced(self.team[s], "pagat_ultimo")
        )

    def _pass_problem(self, s: int) -> Message | None:
        if s == self.declarer and self.called is None:
            return Message("call_before_pass", _("the declarer must call a partner before passing"))
        if self._ulti_owed(s):
            return Message(
                "ultimo_owed_at_first_turn",
                _("a cue bidder without a high honour must announce pagátultimó at the first turn"),
            )
        return None

    def _legal_announcements(self, s: int) -> tuple[Action, ...]:
        """The legal actions of ``s`` in the round of announcements ("Procedure for the round of
        announcements"), listed afresh."""
        key = self._announcement_key(s)
        return _announcement_list(key) if key >= 0 else self._special_announcements(s)

    def _announcement_key(self, s: int) -> int:
        """What ``s`` may say now, as a key of ``_announcement_list``; -1 when that is not such a list: a
        forced kontra of the game, the declarer's call, an owed pagátultimó."""
        if self._forced_kontra is not None or self.called is None:
            return -1
        if self._auction.ulti_obliged and self._ulti_owed(s):
            return -1
        n = self._tcount[s]
        undeclared = n >= 8 and not self.declared[s]
        key = n - 7 if undeclared and self._declaration_problem(s, n) is None else 0
        team = self.team[s]
        if self._presumed(s) == team:  # else it may announce nothing before it shows its side
            bonuses = self._omask[team]
            if not self._simple_bonuses:  # T 41, T 42 and Pais: each bonus checked in full
                bonuses = sum(
                    bit
                    for bonus, bit in _BONUS_BIT.items()
                    if bonuses & bit and self._announce_problem(s, bonus) is None
                )
            else:  # declare before announcing pagátultimó ("Declaring tarokks")
                bonuses &= ~(self._barred[s] | (_BONUS_BIT["pagat_ultimo"] if undeclared else 0))
            key |= bonuses << 2
        kontras = self._kmask[team]
        if undeclared:  # declare before kontra-ing pagátultimó; Pais: before any kontra
            kontras = 0 if self._pais else kontras & ~_ULTI_ITEMS
        return key | kontras << 8

    def _special_announcements(self, s: int) -> tuple[Action, ...]:
        """The legal actions when ``_announcement_key`` is -1."""
        if self._forced_kontra is not None:
            return (KONTRA_GAME,)
        n = self._tcount[s]
        undeclared = n >= 8 and not self.declared[s]
        out = [DECLARE[n]] if undeclared and self._declaration_problem(s, n) is None else []
        if self.called is None:  # the declarer's first turn: declare, then call
            out.extend(map(CALL.__getitem__, self._call_options(s)))
            return tuple(out)
        return tuple(out) if out else (ANNOUNCE["pagat_ultimo"],)  # declare if held, then the owed ultimó

    def _barred_bonuses(self, s: int, team: int) -> int:
        """The bonuses (a mask) that ``s`` of ``team`` may not announce because of volát or double game
        under rules without the T 41/T 42 restrictions, open or not: double game after its team's volát,
        volát after double game at the same turn, and both by one player ("Variations"). Kept per seat in
        ``_barred``, updated when either is announced and at the end of the turn."""
        rules = self.rules
        barred = 0
        if self._announced(team, "volat") or (
            not rules.double_game_and_volat_same_player and s in self.volat_announcers
        ):
            barred |= _BONUS_BIT["double_game"]
        if (
            s == self._turn and self._turn_volat_double & 2 and not rules.double_game_and_volat_same_turn
        ) or (not rules.double_game_and_volat_same_player and s in self.double_announcers):
            barred |= _BONUS_BIT["volat"]
        return barred

    def _set_level(self, item: int, level: int) -> None:
        """Set an item's kontra level and note which team may raise it next (odd levels: the other team)."""
        self._levels[item] = level
        bit = 1 << item
        kmask = self._kmask
        kmask[0] &= ~bit
        kmask[1] &= ~bit
        if level < self._max_kontra:
            owner = _ITEM_OWNER[item]
            kmask[1 - owner if level % 2 == 0 else owner] |= bit

    def _apply_turns(self, turns: Sequence[tuple[int, Sequence[Step]]], start: int = 0) -> tuple[int, int]:
        """Apply announcement turns, each ``(seat, steps)``, from ``turns[start]`` on, exactly as ``apply``
        would one action at a time (the replay's fast path). A step is an action or, for a pass, a kontra or
        a bonus announced, its ``STEP_CODE``: those are checked against the seat's ``_announcement_key``,
        what ``legal_actions`` would list, without building the list; anything else goes through ``apply``.

        Stops where the caller must look: at a turn whose seat is not the seat to move, after an action that
        leaves another seat to move or ends the round, and after a pass that leaves actions over in its
        turn. Returns ``(i, k)``: turn ``i`` is the next to apply, its first ``k`` actions applied."""
        self._ann_legal = None
        levels = self._levels
        kmask = self._kmask
        log = self.announce_log.append
        max_kontra = self._max_kontra
        pais = self._pais  # Pais: a declaration may follow a kontra in the turn
        i = start
        n_turns = len(turns)
        while i < n_turns:
            seat, steps = turns[i]
            if not steps:  # an empty turn says nothing (and names no seat to check)
                i += 1
                continue
            s: int = self._turn if self._forced_kontra is None else self._forced_kontra  # type: ignore[assignment]
            if seat != s:
                return i, 0
            team = self.team[s]
            key = self._announcement_key(s)
            quick = self.known_side[s] is not None and not pais  # a kontra leaves the rest of the key alone
            k = 0
            for step in steps:
                k += 1
                if step.__class__ is int:
                    if key != -1:  # a listing by key, which always has pass
                        if step < _ANNOUNCE_STEP:  # a kontra of item ``step``
                            if key >> 8 + step & 1:  # type: ignore[operator]
                                if not quick:  # a side shown, or Pais: the key anew
                                    self._apply_kontra(s, step)  # type: ignore[arg-type]
                                    key = self._announcement_key(s)
                                    quick = not pais
                                    continue
                                # ``_apply_kontra`` inlined, the seat's side known
                                level = levels[step] = levels[step] + 1  # type: ignore[index]
                                bit = 1 << step  # type: ignore[operator]
                                kmask[team] ^= bit
                                if level < max_kontra:
                                    kmask[1 - team] |= bit
                                log((s, _KONTRA_ACTION[step]))  # type: ignore[index]
                                self._acted = True
                                self._last_side = team
                                key = (key ^ bit << 8) & ~3  # no declaration after a kontra
                                continue
                        elif step == _PASS_STEP:
                            self._pass(s)
                            if k < len(steps):  # says after the end of the turn: the caller names them
                                return i, k
                            if self.phase != "announcements":
                                return i + 1, 0
                            break
                        else:  # a bonus announced
                            bit = 1 << step - _ANNOUNCE_STEP  # type: ignore[operator]
                            if key >> 2 & bit:
                                self._apply_announce(s, BONUSES[step - _ANNOUNCE_STEP])  # type: ignore[operator]
                                if quick and self._simple_bonuses and not bit & _BARRING:
                                    key = (key ^ bit << 2) & ~3
                                else:
                                    key = self._announcement_key(s)
                                    quick = not pais
                                continue
                    step = STEP_ACTION[step]  # type: ignore[index]  # not so listed: ``apply`` says why
                self.apply(step)  # type: ignore[arg-type]  # the listing, or the full checks
                self._ann_legal = None
                if step[0] == "pass":  # type: ignore[index]
                    if k < len(steps):
                        return i, k
                    if self.phase != "announcements":
                        return i + 1, 0
                    break
                if self.phase != "announcements" or self.to_move() != s:
                    return i, k
                team = self.team[s]  # a call fixes the teams
                key = self._announcement_key(s)
                quick = self.known_side[s] is not None and not pais
            i += 1
        return i, 0

    def _apply_kontra(self, s: int, item: int) -> None:
        """Raise ``item`` one kontra level for ``s``, whose team may (checked by the caller)."""
        levels = self._levels
        level = levels[item] = levels[item] + 1
        team = self.team[s]
        bit = 1 << item
        kmask = self._kmask
        kmask[team] &= ~bit
        if level < self._max_kontra:
            kmask[1 - team] |= bit
        known = self.known_side[s]
        if known is None:
            self._reveal(s, team)
        else:
            self._last_side = known
        self.announce_log.append((s, _KONTRA_ACTION[item]))
        self._acted = True

    def _apply_announce(self, s: int, bonus: str) -> None:
        """Announce ``bonus`` for ``s``'s team (checked by the caller): a new item at level 0, which the
        other team may kontra."""
        team = self.team[s]
        key = (team, bonus)
        item = ITEM_OF[key]
        self._levels[item] = 0
        self._kmask[1 - team] |= 1 << item  # the rules allow at least kontra
        self._omask[team] &= ~_BONUS_BIT[bonus]
        self.item_by[key] = s
        if bonus == "pagat_ultimo":
            self.ulti_teams.add(team)
        elif bonus == "volat":  # bars its team's double game
            self.volat_announcers.add(s)
            self._turn_volat_double |= 1
            for t in range(4):
                if self.team[t] == team:
                    self._barred[t] = self._barred_bonuses(t, team)
        elif bonus == "double_game":  # may bar the announcer's volát
            self.double_announcers.add(s)
            self._turn_volat_double |= 2
            self._barred[s] = self._barred_bonuses(s, team)
        if self.known_side[s] is None:
            self._reveal(s, team)
        else:  # known, so known to be this team's side (else the announcement would be illegal)
            self._last_side = team
        self.announce_log.append((s, ANNOUNCE[bonus]))
        self._acted = True

    def _pass(self, s: int) -> None:
        """End ``s``'s announcement turn; three quiet turns in a row end the round."""
        self.announce_log.append((s, PASS))
        self._quiet = 0 if self._acted else self._quiet + 1
        self._acted = False
        if self._turn_volat_double:  # a bar for this turn only ends with it
            self._turn_volat_double = 0
            self._barred[s] = self._barred_bonuses(s, self.team[s])
        self.first_turn_done[s] = True
        if self._quiet == 3:
            self._start_play()
        else:
            self._turn = (s + 1) % 4

    def _announce(self, action: Action | tuple, trusted: bool = False) -> None:
        """Apply one announcement-phase action; ``trusted`` when it came from the last legal_actions()."""
        kind = action[0]
        arg = action[1] if len(action) > 1 else None
        s = self._forced_kontra if self._forced_kontra is not None else self._turn
        assert s is not None
        by = "" if trusted else step_by("announcement", self.labels[s])
        if self._forced_kontra is not None:
            if kind != "kontra" or arg != "game":
                raise IllegalAction(
                    by,
                    Message(
                        "discarder_must_kontra",
                        _("the player who discarded the called card must kontra the game"),
                    ),
                )
            self._set_level(0, max(self._levels[0], 1))
            self._reveal(s, OPP)
            self.announce_log.append((s, KONTRA_GAME))
            self._forced_kontra = None
            return
        if kind == "pass":
            problem = None if trusted else self._pass_problem(s)
            if problem:
                raise IllegalAction(by, problem)
            self._pass(s)
            return
        if not trusted:
            self._check_announcement(s, kind, arg, by)
        if kind == "declare":
            self.declared[s] = arg
            if self.rules.declarations_identify_side:
                self._reveal(s, self.team[s])
            action = DECLARE[arg]
        elif kind == "call":
            self._call(s, arg)
            action = CALL[arg]
        elif kind == "announce":
            self._apply_announce(s, arg)  # type: ignore[arg-type]
            return
        else:
            self._apply_kontra(s, self._item_id(arg))  # type: ignore[arg-type]
            return
        self.announce_log.append((s, action))  # type: ignore[arg-type]
        self._acted = True

    def _check_announcement(self, s: int, kind: str, arg: Any, by: str | Message) -> None:
        """Raise IllegalAction naming the step ``by`` unless ``kind arg`` (not a pass) is legal for ``s``."""
        if s == self.declarer and self.called is None and kind not in ("declare", "call"):
            raise IllegalAction(by, Message("call_first", _("the declarer must call a partner first")))
        if self._ulti_owed(s) and kind != "declare" and (kind, arg) != ("announce", "pagat_ultimo"):
            raise IllegalAction(
                by,
                Message(
                    "ultimo_owed", _("a cue bidder without a high honour must first announce pagátultimó")
                ),
            )
        if kind == "declare":
            problem = (
                self._declaration_problem(s, arg)
                if arg in (8, 9)
                else Message("declare_eight_or_nine", _("only 8 or 9 tarokks are declared"))
            )
            if problem:
                raise IllegalAction(by, problem)
        elif kind == "call":
            if s != self.declarer or self.called is not None:
                raise IllegalAction(by, Message("declarer_calls_once", _("only the declarer calls, once")))
            options = self._call_options(s)
            if arg not in options:
                raise IllegalAction(
                    step_by("call", self.labels[s]),
                    Message(
                        "call_not_allowed",
                        _("may call only %(options)s, not %(card)s"),
                        options=", ".join(NAMES[c] for c in options),
                        card=card_or_value(arg),
                    ),
                )
        elif kind == "announce":
            problem = self._announce_problem(s, arg)
            if problem:
                raise IllegalAction(
                    by, Message("cannot_announce", _("cannot announce %(bonus)s"), bonus=arg), problem
                )
        elif kind == "kontra":
            problem = self._kontra_problem(s, arg)
            if problem:
                raise IllegalAction(
                    by, Message("cannot_kontra", _("cannot kontra %(item)s"), item=arg), problem
                )
        else:
            raise IllegalAction(
                by,
                Message(
                    "expected_announcement",
                    _("expected declare, call, announce, kontra or pass, got %(action)s"),
                    action=kind,
                ),
            )
