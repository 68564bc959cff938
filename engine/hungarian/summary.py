"""Parse and validate hand summaries into typed objects (``HandSummary``).

A hand summary is the result of one deal as a plain JSON-like dict; the full format, every optional field
included, is documented in ``engine/schemas/hungarian/hand-summary.schema.json``. Validation here is
hand-written (no jsonschema at runtime) because scoring must handle well over 100,000 summaries a second; the
schema file is documentation, checked against sample summaries by the tests.

Teams are held as small ints: ``DECLARER = 0``, ``OPPONENTS = 1`` (``None`` for "neither").
Every error is a ``SummaryError`` naming the offending field path, e.g. ``result.declarer_card_points``,
and saying why with a ``Message`` (a code, an English template and its params: ``engine.core.messages``).
"""

from __future__ import annotations

from typing import Any, NoReturn

from engine.core.messages import EngineError, FieldError, Message
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.hungarian.family import MIN_TRICKS, trick_conflict
from engine.hungarian.rules import PRESETS, Rules, RulesError, get_rules, unknown_preset

DECLARER = 0
OPPONENTS = 1
TEAM_NAMES: tuple[str, str] = ("declarer", "opponents")
_TEAMS = {"declarer": DECLARER, "opponents": OPPONENTS}

KINDS: tuple[str, ...] = ("played", "passed_out", "annulled", "trial_three_failed", "penalty")
BIDS: tuple[str, ...] = ("three", "two", "one", "solo")
BONUSES: tuple[str, ...] = ("trull", "four_kings", "double_game", "volat", "pagat_ultimo", "xxi_catch")
_BONUS_SET = frozenset(BONUSES)
HONOURS: tuple[str, ...] = ("skiz", "xxi", "pagat")
# team name -> bonus -> (parsed announcements by kontra level 0..5, index): two look-ups check both names
# of an announcement (nested dicts of str keys are cheaper than one keyed by pairs), the parsed
# ``(team, bonus, kontra)`` tuples are shared rather than built per summary, and the index (one per team
# and bonus) finds a repeated announcement in a list of flags rather than a set of pairs.
_ANNOUNCEMENTS: dict[str, dict[str, tuple[tuple[tuple[int, str, int], ...], int]]] = {
    TEAM_NAMES[team]: {
        bonus: (tuple((team, bonus, k) for k in range(6)), len(BONUSES) * team + i)
        for i, bonus in enumerate(BONUSES)
    }
    for team in (DECLARER, OPPONENTS)
}

# Cards the declarer takes from the talon (and so discards) for each bid ("Distributing the talon").
BID_DRAW = {"three": 3, "two": 2, "one": 1, "solo": 0}
# Most card points n discards can hold: kings and honours may never be discarded ("Discarding"), so the
# richest discard is the four queens (4 each) and then the four riders (3 each).
_MAX_DISCARD_POINTS = (0, 4, 8, 12, 16, 19, 22)
TOTAL_CARD_POINTS = 94
_TRICK_MIN_POINTS = 4  # four cards of at least 1 point each
_TRICK_MAX_POINTS = 20  # four cards of at most 5 points each


class SummaryError(FieldError):
    """An invalid hand summary: ``path`` names the field (``result.declarer_tricks``), ``reason`` says why
    (in English; ``message`` is the same as a code, template and params, ``engine.core.messages``)."""

    def __init__(self, path: str, reason: str | Message | EngineError) -> None:
        super().__init__(path, reason)


NOT_AN_OBJECT = Message("not_an_object", _("must be a JSON object"))
MUST_BE_A_LIST = Message("not_a_list", _("must be a list"))


def stake_not_a_power_of_two(stake: Any) -> Message:
    return Message(
        "stake_power_of_two", _("must be a power of two (1, 2, 4 ...), got %(value)s"), value=shown(stake)
    )


def _one_of(choices: tuple[str, ...], value: Any) -> Message:
    """A value that is none of ``choices`` (input values, listed as they must be written)."""
    return Message(
        "one_of",
        _("must be one of %(choices)s, got %(value)s"),
        choices=", ".join(choices),
        value=shown(value),
    )


class HandSummary:
    """A validated hand summary. Teams are ``DECLARER``/``OPPONENTS``/``None``; seats are the input labels.

    ``announcements`` is a tuple of ``(team, bonus, kontra)``; ``declarations`` of ``(seat, tarokks,
    declared)``; ``pagat_last_trick`` is ``(team, won)`` or ``None``; ``talon_honours`` a tuple of
    ``(seat, honour)``. Fields a kind does not use hold their neutral value (``None``, ``0`` or ``()``).
    """

    __slots__ = (
        "amount",
        "announcements",
        "bid",
        "called_card_discarded",
        "declarations",
        "declarer",
        "declarer_card_points",
        "declarer_tricks",
        "family_made",
        "four_kings",
        "game_kontra",
        "kind",
        "offenders",
        "pagat_last_trick",
        "pagat_team",
        "partner",
        "rules",
        "seats",
        "sitting_out",
        "stake",
        "talon_honours",
        "trull",
        "ultimo_pot",
        "xxi_catch",
    )

    def __init__(self) -> None:
        self.rules: Rules | None = None
        self.seats: tuple[str, ...] = ()
        self.sitting_out: str | None = None
        self.kind = "played"
        self.stake = 1
        self.bid: str | None = None
        self.declarer: str | None = None
        self.partner: str | None = None  # None when the declarer plays alone
        self.called_card_discarded = False
        self.game_kontra = 0
        self.announcements: tuple[tuple[int, str, int], ...] = ()
        self.declarations: tuple[tuple[str, int, bool], ...] = ()
        self.declarer_card_points = 0
        self.declarer_tricks = 0
        self.trull: int | None = None
        self.four_kings: int | None = None
        self.pagat_last_trick: tuple[int, bool] | None = None
        self.xxi_catch: int | None = None
        self.pagat_team: int | None = None
        self.family_made: frozenset[tuple[int, str]] = frozenset()  # (team, family bonus) made
        self.talon_honours: tuple[tuple[str, str], ...] = ()
        self.ultimo_pot = 0
        self.offenders: tuple[str, ...] = ()
        self.amount = 0

    def team_of(self, seat: str) -> int:
        """DECLARER for the declarer and partner, OPPONENTS for the other active seats."""
        return DECLARER if seat == self.declarer or seat == self.partner else OPPONENTS


_rules_cache: dict[tuple[str, str], Rules] = {}


def resolve_rules(spec: Any, path: str = "rules") -> Rules:
    """A preset name or ``{"preset": NAME, "options": {...}}`` as Rules; a RulesError becomes a SummaryError.

    Resolved option objects are cached by their canonical text, so a list of summaries that all carry the
    same override pays for validation once.
    """
    if type(spec) is str:
        rules = PRESETS.get(spec)
        if rules is None:
            raise SummaryError(path, unknown_preset(spec))
        return rules
    if not isinstance(spec, dict):
        raise SummaryError(
            path, Message("rules_spec", _("must be a preset name or an object {preset, options}"))
        )
    unknown = set(spec) - {"preset", "options"}
    if unknown:
        raise SummaryError(path, Message("unknown_keys", _("unknown key(s) %(keys)s"), keys=sorted(unknown)))
    preset = spec.get("preset", "pagat")
    options = spec.get("options") or {}
    if type(preset) is not str or not isinstance(options, dict):
        raise SummaryError(
            path, Message("rules_spec_parts", _("preset must be a name and options an object"))
        )
    try:
        key = (preset, repr(sorted(options.items())))
    except (TypeError, RecursionError):  # keys of mixed types, or nested too deeply: get_rules says why
        key = (preset, "")
    rules = _rules_cache.get(key)
    if rules is None:
        try:
            rules = get_rules(preset, **options)
        except RulesError as exc:
            raise SummaryError(path, exc) from None
        if key[1] and len(_rules_cache) < 256:
            _rules_cache[key] = rules
    return rules


def _int_range(low: int, high: int, value: Any) -> Message:
    return Message(
        "integer_range",
        _("must be an integer %(low)s..%(high)s, got %(value)s"),
        low=low,
        high=high,
        value=shown(value),
    )


def _int(value: Any, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise SummaryError(path, _int_range(low, high, value))
    return value


def _team(value: Any, path: str) -> int | None:
    if value is None:
        return None
    team = _TEAMS.get(value) if type(value) is str else None
    if team is None:
        raise SummaryError(
            path,
            Message(
                "team_or_null",
                _("must be 'declarer', 'opponents' or null, got %(value)s"),
                value=shown(value),
            ),
        )
    return team


def _seat(value: Any, seats: tuple[str, ...], path: str) -> str:
    if value not in seats or type(value) is not str:
        raise SummaryError(
            path,
            Message(
                "unknown_seat",
                _("unknown seat %(value)s (seats: %(seats)s)"),
                value=shown(value),
                seats=", ".join(seats),
            ),
        )
    return value


def check_stake(stake: Any, rules: Rules) -> int:
    """``stake`` if it is a stake of these rules, else SummaryError: doubled rounds give stakes 1, 2, 4 ...;
    how high they go depends on ``rules.doubled_rounds``."""
    if type(stake) is not int or stake < 1 or stake & (stake - 1):
        raise SummaryError("stake", stake_not_a_power_of_two(stake))
    mode = rules.doubled_rounds
    limit = 1 if mode == "none" else 2 if mode == "extra_round" else 4 if mode == "quadruple_round" else 0
    if limit and stake > limit:
        raise SummaryError(
            "stake",
            Message(
                "stake_too_high",
                _("%(stake)s impossible with doubled_rounds=%(mode)s (at most %(limit)s)"),
                stake=shown(stake),
                mode=shown(mode),
                limit=limit,
            ),
        )
    return stake


def parse_summary(data: Any, rules: Rules | None = None) -> HandSummary:
    """Validate ``data`` and return a HandSummary; ``rules`` overrides ``data["rules"]`` (default pagat)."""
    if not isinstance(data, dict):
        raise SummaryError("(summary)", NOT_AN_OBJECT)
    s = HandSummary()
    if rules is None:
        spec = data.get("rules", "pagat")
        rules = PRESETS.get(spec) if type(spec) is str else None
        if rules is None:
            rules = resolve_rules(spec)
    s.rules = rules

    seats = data.get("seats")
    if type(seats) is not list or len(seats) != 4:
        raise SummaryError("seats", Message("seats_list", _("must be a list of the 4 active seat labels")))
    seats_t = s.seats = tuple(seats)
    a, b, c, d = seats_t
    # A set of four str labels tells distinctness faster than ``in`` on tuples (generic comparisons).
    if (
        type(a) is not str
        or type(b) is not str
        or type(c) is not str
        or type(d) is not str
        or not (a and b and c and d)
        or len({a, b, c, d}) != 4
    ):
        raise SummaryError("seats", Message("seats_distinct", _("must be 4 distinct non-empty strings")))
    sitting_out = data.get("sitting_out")
    if sitting_out is not None:
        if type(sitting_out) is not str or not sitting_out or sitting_out in seats_t:
            raise SummaryError(
                "sitting_out",
                Message("sitting_out_seat", _("must be a seat label distinct from the active seats")),
            )
        s.sitting_out = sitting_out
    kind = s.kind = data.get("kind", "played")
    if kind not in KINDS:
        raise SummaryError("kind", _one_of(KINDS, kind))
    stake = data.get("stake", 1)
    if not (stake == 1 and type(stake) is int):
        s.stake = check_stake(stake, rules)
    if rules.ultimo_pot:
        s.ultimo_pot = _int(data.get("ultimo_pot", 0), "ultimo_pot", 0, 1 << 40)

    if kind == "played":
        _parse_played(data, s, rules, seats_t)
    elif kind == "trial_three_failed":
        if not rules.trial_three_allowed:
            raise SummaryError(
                "kind", Message("trial_three_not_allowed", _("a trial three is not allowed by these rules"))
            )
        if data.get("bid") != "three":
            raise SummaryError("bid", Message("trial_three_bid", _("a trial three is a bid of 'three'")))
        s.bid = "three"
        s.declarer = _seat(data.get("declarer"), seats_t, "declarer")
    elif kind == "penalty":
        _parse_penalty(data, s, rules)
    return s


def _parse_penalty(data: dict[str, Any], s: HandSummary, rules: Rules) -> None:
    """Renonsz (T 7): each offender pays ``amount`` to each other active player; two offenders pay double."""
    offenders = data.get("offenders")
    # Compared, not put in a set: an item may be a list or an object (unhashable), named by ``_seat`` below.
    if (
        type(offenders) is not list
        or not 1 <= len(offenders) <= 2
        or (len(offenders) == 2 and offenders[0] == offenders[1])
    ):
        raise SummaryError("offenders", Message("offenders", _("must list one or two distinct seats")))
    s.offenders = tuple(_seat(x, s.seats, f"offenders[{i}]") for i, x in enumerate(offenders))
    n = len(offenders)
    s.amount = _int(data.get("amount"), "amount", rules.penalty_min * n, rules.penalty_max * n)


def _parse_played(data: dict[str, Any], s: HandSummary, rules: Rules, seats: tuple[str, ...]) -> None:
    """A played hand: contract, announcements, declarations and the result, checked in that order.

    The result is read here rather than in a function of its own: this is the hot path of
    ``score_summary``, and a call costs about as much as a dozen of its checks.
    """
    bid = data.get("bid")
    if type(bid) is not str or bid not in BID_DRAW:
        raise SummaryError("bid", _one_of(BIDS, bid))
    s.bid = bid
    declarer = data.get("declarer")
    if declarer not in seats or type(declarer) is not str:
        _seat(declarer, seats, "declarer")
    s.declarer = declarer
    partner = data.get("partner")
    if partner is not None and partner != declarer:
        if partner not in seats or type(partner) is not str:
            _seat(partner, seats, "partner")
        s.partner = partner
    max_kontra = rules.max_kontra
    kontra = data.get("game_kontra", 0)
    if type(kontra) is not int or not 0 <= kontra <= max_kontra:
        _int(kontra, "game_kontra", 0, max_kontra)
    s.game_kontra = kontra
    # Which discards count for the declarer's team: the declarer's own ("Discarding"), or all six when the
    # called card was discarded and the rules say so (T 31).
    own = BID_DRAW[bid]
    if data.get("called_card_discarded", False):
        # "Calling a partner": the called tarokk lies in another player's discard, so the declarer is alone
        # and the discarder must kontra the game (T 31 "hivatalból kontra").
        if s.partner is not None:
            raise SummaryError(
                "called_card_discarded",
                Message("discarded_call_alone", _("the declarer of a discarded called card plays alone")),
            )
        if not kontra:
            raise SummaryError(
                "game_kontra",
                Message("discarded_call_kontra", _("the discarder of the called card must kontra the game")),
            )
        s.called_card_discarded = True
        if rules.lone_declarer_by_discard_takes_all_discards:
            own = 6

    anns = data.get("announcements")
    if anns:
        s.announcements = _parse_announcements(anns, max_kontra, rules.family_bonuses)
    decls = data.get("declarations")
    if decls:
        s.declarations = _parse_declarations(decls, seats)

    # The result: card points, tricks and bonus outcomes, cross-checked for what the cards make impossible.
    r = data.get("result")
    if type(r) is not dict:
        raise SummaryError("result", Message("result_required", _("required for a played hand")))
    points = r.get("declarer_card_points")
    if type(points) is not int or not 0 <= points <= TOTAL_CARD_POINTS:
        _int(points, "result.declarer_card_points", 0, TOTAL_CARD_POINTS)
    tricks = r.get("declarer_tricks")
    last = 9 if rules.pack_size == 42 else 10  # the Emperor's 46 cards make ten tricks
    if type(tricks) is not int or not 0 <= tricks <= last:
        _int(tricks, "result.declarer_tricks", 0, last)
    s.declarer_card_points = points
    s.declarer_tricks = tricks
    low, high = (_POINT_BOUNDS if last == 9 else _POINT_BOUNDS_46)[own][tricks]
    if not low <= points <= high:
        raise SummaryError(
            "result.declarer_card_points",
            Message(
                "card_points_impossible",
                _(
                    "%(points)s impossible with %(tricks)s trick(s) for a %(bid)s"
                    " (possible: %(low)s..%(high)s)"
                ),
                points=points,
                tricks=tricks,
                bid=bid,
                low=low,
                high=high,
            ),
        )
    # A team credited with a bonus won in tricks must have taken a trick (team 0 with 0 tricks, team 1 with
    # all 9 is impossible).
    no_trick = DECLARER if tricks == 0 else OPPONENTS if tricks == last else None
    # -1 marks a value that is not a team name; the slow path below names the field.
    value = r.get("trull")
    s.trull = trull = None if value is None else _TEAMS.get(value, -1) if type(value) is str else -1
    value = r.get("four_kings")
    s.four_kings = kings = None if value is None else _TEAMS.get(value, -1) if type(value) is str else -1
    value = r.get("xxi_catch")
    s.xxi_catch = catch = None if value is None else _TEAMS.get(value, -1) if type(value) is str else -1
    if no_trick is not None or trull == -1 or kings == -1 or catch == -1:
        _check_trick_bonuses(r, s, no_trick)

    plt = r.get("pagat_last_trick")
    plt_team = None
    if plt is not None:
        if type(plt) is not dict:
            raise SummaryError(
                "result.pagat_last_trick",
                Message("pagat_last_trick_object", _("must be null or an object {team, won}")),
            )
        team = plt.get("team")
        team = _TEAMS.get(team) if type(team) is str else None
        won = plt.get("won")
        if team is None or type(won) is not bool:
            raise SummaryError(
                "result.pagat_last_trick",
                Message("pagat_last_trick_fields", _("needs team ('declarer'/'opponents') and won (bool)")),
            )
        if won and team == no_trick:
            raise SummaryError(
                "result.pagat_last_trick",
                Message(
                    "pagat_won_without_trick", _("the %(team)s took no trick to win"), team=TEAM_NAMES[team]
                ),
            )
        s.pagat_last_trick = (team, won)
        plt_team = team
    pagat_team = r.get("pagat_team")
    if pagat_team is not None:
        team = _TEAMS.get(pagat_team) if type(pagat_team) is str else None
        if team is None:
            _team(pagat_team, "result.pagat_team")  # raises
        s.pagat_team = team
        if plt_team is not None and plt_team != team:
            raise SummaryError(
                "result.pagat_team",
                Message("pagat_team_differs", _("differs from the team that played the pagát last")),
            )

    if rules.family_bonuses:
        made = r.get("bonuses")
        if made is not None:
            s.family_made = _parse_family_made(made, rules, tricks, last - tricks)

    if s.sitting_out is not None and data.get("talon_honours"):
        _parse_talon_honours(data["talon_honours"], s)


def _parse_family_made(
    made: Any, rules: Rules, tricks: int, opponents_tricks: int
) -> frozenset[tuple[int, str]]:
    """``result.bonuses``: family bonus -> the team that made it (or a list of both teams, for a bonus both
    may make, e.g. the Evil One); only the bonuses of ``rules.family_bonuses``, each credited to a team
    with tricks enough for it (``family.MIN_TRICKS``)."""
    if type(made) is not dict:
        raise SummaryError("result.bonuses", NOT_AN_OBJECT)
    known = [entry[0] for entry in rules.family_bonuses]
    out = set()
    credited: list[tuple[str, int]] = []
    for name, value in made.items():
        path = f"result.bonuses.{name}"
        if type(name) is not str or name not in known:
            raise SummaryError(
                path,
                Message(
                    "unknown_bonus",
                    _("unknown bonus %(value)s (known: %(known)s)"),
                    value=shown(name),
                    known=", ".join(known),
                ),
            )
        if value is None:
            continue
        teams = value if type(value) is list else [value]
        if not 1 <= len(teams) <= 2 or (len(teams) == 2 and teams[0] == teams[1]):
            _team(value, path)  # raises: a team, null, or a list of the two teams
        for i, team_name in enumerate(teams):
            team = _TEAMS.get(team_name) if type(team_name) is str else None
            if team is None:
                raise SummaryError(
                    f"{path}[{i}]" if type(value) is list else path,
                    Message(
                        "team_name",
                        _("must be 'declarer' or 'opponents', got %(value)s"),
                        value=shown(team_name),
                    ),
                )
            # A team needs tricks enough for the bonus (First Five: five ...); a team without any trick is
            # told so, otherwise the declarer's tricks are named with the range the bonus allows.
            had = tricks if team == DECLARER else opponents_tricks
            least = MIN_TRICKS[name]
            if had == 0:
                raise SummaryError(
                    path,
                    Message(
                        "bonus_without_trick",
                        _("credited to the %(team)s, who took no trick"),
                        team=TEAM_NAMES[team],
                    ),
                )
            if had < least:
                low, high = (
                    (least, tricks + opponents_tricks)
                    if team == DECLARER
                    else (0, tricks + opponents_tricks - least)
                )
                raise SummaryError(path, FieldError("result.declarer_tricks", _int_range(low, high, tricks)))
            out.add((team, name))
            credited.append((name, team))
    # Two bonuses that need different cards to win the same trick cannot both be made (First and Second
    # Pheasant: "winning the first trick with The Magician" / "... with The High Priestess"), nor can the
    # two teams both win one trick (family.trick_conflict; hungarian-tarokk-family.txt, the bonus lists)
    conflict = trick_conflict(credited, rules.tricks_per_hand if rules.pack_size == 42 else None)
    if conflict is not None:
        _family_conflict(*conflict)
    return frozenset(out)


def _family_conflict(name: str, other: str, trick: int) -> None:
    """The error of a family bonus that cannot be made with ``other`` in one hand (``trick`` as
    ``family.TRICK_WINNERS`` counts it: from the first, or from the last when negative)."""
    path = f"result.bonuses.{name}"
    if name == other:
        raise SummaryError(
            path, Message("bonus_both_teams", _("one team wins its trick: it cannot be made by both teams"))
        )
    if trick > 0:
        message = Message(
            "bonus_trick_conflict",
            _("cannot be made with %(bonus)s in one hand: trick %(trick)s is won by one card of one team"),
            bonus=other,
            trick=trick,
        )
    else:
        message = Message(
            "bonus_trick_conflict_from_last",
            _(
                "cannot be made with %(bonus)s in one hand: trick %(trick)s from the last is won by one card"
                " of one team"
            ),
            bonus=other,
            trick=-trick,
        )
    raise SummaryError(path, message)


def _parse_announcements(
    anns: Any, max_kontra: int, family: tuple[tuple[str, int, int], ...] = ()
) -> tuple[tuple[int, str, int], ...]:
    """``(team, bonus, kontra)`` per announcement; a team may announce each bonus once. ``family``: the
    family bonuses these rules add (``Rules.family_bonuses``), announced like the others."""
    if type(anns) is not list:
        raise SummaryError("announcements", MUST_BE_A_LIST)
    parsed = []
    seen = [False] * (2 * len(BONUSES))  # by the index in _ANNOUNCEMENTS
    family_seen: set[tuple[str, str]] = set()
    for a in anns:
        if type(a) is not dict:
            _announcement_error(
                anns,
                len(parsed),
                Message("announcement_object", _("must be an object {team, bonus, kontra}")),
            )
        try:
            team = a["team"]
            bonus = a["bonus"]
            kontra = a["kontra"]
        except KeyError:  # kontra may be left out (0); a missing name is reported below
            team = a.get("team")
            bonus = a.get("bonus")
            kontra = a.get("kontra", 0)
        try:
            # Exact str types first: a str subclass (or an unhashable value) is no team or bonus name.
            known = _ANNOUNCEMENTS[team][bonus] if type(team) is str and type(bonus) is str else None
        except KeyError:  # an unknown name
            known = None
        if (
            known is None
            and family
            and type(team) is str
            and team in _TEAMS
            and type(bonus) is str
            and any(entry[0] == bonus for entry in family)
        ):
            if type(kontra) is not int or not 0 <= kontra <= max_kontra:
                _announcement_error(anns, len(parsed), None, max_kontra, family)
            if (team, bonus) in family_seen:
                _announcement_error(
                    anns,
                    len(parsed),
                    Message(
                        "announced_twice", _("%(team)s announced %(bonus)s twice"), team=team, bonus=bonus
                    ),
                )
            family_seen.add((team, bonus))
            parsed.append((_TEAMS[team], bonus, kontra))
            continue
        if known is None or type(kontra) is not int or not 0 <= kontra <= max_kontra:
            _announcement_error(anns, len(parsed), None, max_kontra, family)
        by_kontra, index = known
        if seen[index]:
            _announcement_error(
                anns,
                len(parsed),
                Message("announced_twice", _("%(team)s announced %(bonus)s twice"), team=team, bonus=bonus),
            )
        seen[index] = True
        try:
            parsed.append(by_kontra[kontra])
        except IndexError:  # beyond mordkontra: only under Rules(max_kontra > 5) built without validation
            parsed.append((by_kontra[0][0], bonus, kontra))
    return tuple(parsed)


def _parse_declarations(decls: Any, seats: tuple[str, ...]) -> tuple[tuple[str, int, bool], ...]:
    """``(seat, tarokks, declared)`` per declaration of eight or nine tarokks; one per seat."""
    if type(decls) is not list:
        raise SummaryError("declarations", MUST_BE_A_LIST)
    parsed = []
    total = 0
    for i, d in enumerate(decls):
        if type(d) is not dict:
            raise SummaryError(
                f"declarations[{i}]",
                Message("declaration_object", _("must be an object {seat, tarokks, declared}")),
            )
        seat = d.get("seat")
        if seat not in seats or type(seat) is not str:
            _seat(seat, seats, f"declarations[{i}].seat")
        for p in parsed:
            if p[0] == seat:
                raise SummaryError(
                    f"declarations[{i}].seat",
                    Message("declared_twice", _("%(seat)s declared twice"), seat=seat),
                )
        tarokks = d.get("tarokks")
        if (tarokks != 8 and tarokks != 9) or type(tarokks) is not int:
            raise SummaryError(
                f"declarations[{i}].tarokks",
                Message("declared_tarokks", _("must be 8 or 9, got %(value)s"), value=shown(tarokks)),
            )
        total += tarokks
        declared = d.get("declared", True)
        if type(declared) is not bool:
            raise SummaryError(
                f"declarations[{i}].declared", Message("true_or_false", _("must be true or false"))
            )
        parsed.append((seat, tarokks, declared))
    if total > 22:
        raise SummaryError(
            "declarations",
            Message(
                "declared_too_many", _("%(total)s tarokks declared, but the pack has only 22"), total=total
            ),
        )
    return tuple(parsed)


def _announcement_error(
    anns: list[Any],
    i: int,
    reason: Message | None,
    max_kontra: int = 0,
    family: tuple[tuple[str, int, int], ...] = (),
) -> NoReturn:
    """Raise the SummaryError for announcement ``i``, naming the first bad field (slow path only)."""
    path = f"announcements[{i}]"
    a = anns[i]
    if reason is None:
        if type(a.get("team")) is not str or a["team"] not in _TEAMS:
            path, reason = (
                path + ".team",
                Message(
                    "team_name",
                    _("must be 'declarer' or 'opponents', got %(value)s"),
                    value=shown(a.get("team")),
                ),
            )
        elif type(a.get("bonus")) is not str or (
            a["bonus"] not in _BONUS_SET and all(entry[0] != a["bonus"] for entry in family)
        ):
            path, reason = (
                path + ".bonus",
                Message(
                    "unknown_bonus",
                    _("unknown bonus %(value)s (known: %(known)s)"),
                    value=shown(a.get("bonus")),
                    known=", ".join([*BONUSES, *(entry[0] for entry in family)]),
                ),
            )
        else:
            path, reason = (
                path + ".kontra",
                Message(
                    "integer_range",
                    _("must be an integer %(low)s..%(high)s, got %(value)s"),
                    low=0,
                    high=max_kontra,
                    value=shown(a.get("kontra")),
                ),
            )
    raise SummaryError(path, reason)


def _parse_talon_honours(value: Any, s: HandSummary) -> None:
    """Which honours each active seat received from the talon (five-player "talon honour" payment)."""
    if type(value) is not dict:
        raise SummaryError(
            "talon_honours", Message("talon_honours_object", _("must map seats to lists of honours"))
        )
    pairs = []
    for seat, honours in value.items():
        _seat(seat, s.seats, f"talon_honours.{seat}")
        if type(honours) is not list:
            raise SummaryError(
                f"talon_honours.{seat}", Message("talon_honours_list", _("must be a list of honours"))
            )
        for h in honours:
            if h not in HONOURS:
                raise SummaryError(
                    f"talon_honours.{seat}",
                    Message(
                        "unknown_honour", _("unknown honour %(value)s (skiz, xxi, pagat)"), value=shown(h)
                    ),
                )
            if any(h == p[1] for p in pairs):
                raise SummaryError(
                    f"talon_honours.{seat}",
                    Message("honour_received_twice", _("honour %(honour)s received twice"), honour=h),
                )
            pairs.append((seat, h))
    s.talon_honours = tuple(pairs)


def _point_bounds(own: int, tricks: int, last: int = 9, least: int = 1) -> tuple[int, int]:
    """Possible declarer card points with ``tricks`` tricks and ``own`` discards counting for the declarer.

    Each discard is worth 1..4 points (kings and honours may not be discarded, "Discarding"), each trick of
    four cards 4..20; the opponents' share (94 minus the declarer's) is bounded the same way. The Emperor's
    pack (``last`` = 10 tricks) has deuces worth 0 (``least``): a discard is worth 0..4, a trick 0..20.
    """
    other = 6 - own
    opp_tricks = last - tricks
    low = max(
        least * (_TRICK_MIN_POINTS * tricks + own),
        TOTAL_CARD_POINTS - _TRICK_MAX_POINTS * opp_tricks - _MAX_DISCARD_POINTS[other],
    )
    high = min(
        _TRICK_MAX_POINTS * tricks + _MAX_DISCARD_POINTS[own],
        TOTAL_CARD_POINTS - least * (_TRICK_MIN_POINTS * opp_tricks + other),
    )
    return low, high


_POINT_BOUNDS = tuple(tuple(_point_bounds(own, tricks) for tricks in range(10)) for own in range(7))
_POINT_BOUNDS_46 = tuple(tuple(_point_bounds(own, tricks, 10, 0) for tricks in range(11)) for own in range(7))


def _check_trick_bonuses(r: dict[str, Any], s: HandSummary, no_trick: int | None) -> None:
    """Slow path: unknown team names, bonuses credited to a team without tricks, sweeps without honours."""
    for name in ("trull", "four_kings", "xxi_catch"):
        team = _team(r.get(name), f"result.{name}")
        if team is not None and team == no_trick:
            raise SummaryError(
                f"result.{name}",
                Message(
                    "bonus_without_trick",
                    _("credited to the %(team)s, who took no trick"),
                    team=TEAM_NAMES[team],
                ),
            )
    if no_trick is not None:
        # Honours and kings can never be discarded, so the team with every trick has them all.
        sweeper = 1 - no_trick
        if s.trull != sweeper:
            raise SummaryError(
                "result.trull",
                Message(
                    "sweep_takes_honours",
                    _("the %(team)s took every trick, so all honours"),
                    team=TEAM_NAMES[sweeper],
                ),
            )
        if s.four_kings != sweeper:
            raise SummaryError(
                "result.four_kings",
                Message(
                    "sweep_takes_kings",
                    _("the %(team)s took every trick, so all kings"),
                    team=TEAM_NAMES[sweeper],
                ),
            )
