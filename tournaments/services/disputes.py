"""Dispute validation: the worker weighs a dispute's versions with the engine and records what it finds.

A dispute opens when two members of a table enter different results, or when payments typed beside a
summary or record differ from the engine's score of it (``results._open_dispute``). The validator
(``dispute_validate``, run by the ``tournaments.dispute_validate`` task) reads every version still in the
dispute, asks the engine about each, and stores a ``DisputeFinding`` that the table and the organizer read:

1. A hand record that replays legally is evidence of what was played: its derived summary and payments
   win over typed summaries or payments that contradict it. (Two legal records that differ: escalated.)
2. Summaries that agree on every fact, whose typed payments differ from the engine's score of those facts:
   the engine's score decides (a typing error), and the explanation names the item that was mis-scored.
3. Versions that disagree on the facts (card points, who took the trull ...) are escalated to the
   organizer with the differing fields side by side, and so are bare payments that differ from another
   version: the engine cannot check them. The validator never guesses.
4. A version the engine refuses is explained with the engine's field and reason.

A decision settles the dispute at once, as the validator (``Actor(system="validator")``): the chosen
version is confirmed and every other version stays in place; an organizer may still choose another
(``results.dispute_resolve``). An escalation changes nothing but the finding; the hand does not count in
the standings until someone decides. Each state (``version``) of a dispute is assessed once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from engine.record import replay
from engine.rules import Rules
from engine.scoring import KONTRA_FACTOR, score_summary
from engine.summary import TEAM_NAMES, HandSummary, parse_summary
from tournaments.audit import Actor, acting_as
from tournaments.engine_messages import error_text
from tournaments.formats import Deal, tournament_rules
from tournaments.models import Dispute, DisputeFinding, HandSubmission, Table
from tournaments.services.results import (
    _close_dispute,
    _confirm,
    _lock_hand,
    _lock_round,
    _score,
    next_deal,
    table_positions,
)

Source = HandSubmission.Source
SubStatus = HandSubmission.Status
Outcome = DisputeFinding.Outcome

VALIDATOR = Actor(system="validator")
# Versions still standing in a dispute: not superseded (e.g. by a correction of an earlier deal) nor rejected.
STANDING = (SubStatus.PENDING, SubStatus.DISPUTED, SubStatus.CONFIRMED)
# Fields of a stored summary filled in from the deal and the tournament (``results._score``), not typed.
DERIVED = ("seats", "stake", "sitting_out", "rules")


# --- what the engine says of one version -----------------------------------------------------------------


@dataclass(frozen=True)
class Assessed:
    """One version as the engine sees it now.

    ``says``: the payments the version asserts (those typed in, else the engine's at entry); ``engine``:
    the engine's payments for its summary or record now (``None`` for bare payments, or when the engine
    refuses it: ``error`` = (field, reason)); ``facts``: what the engine reads from its summary (for a
    record: the summary its replay derives); ``items``: the engine's scored items with what each moves
    between the seats.
    """

    number: int
    source: str
    kind: str
    says: dict[str, int]
    stored: dict[str, int]
    typed: dict[str, int] | None = None
    engine: dict[str, int] | None = None
    facts: dict[str, Any] | None = None
    items: list[tuple[dict[str, Any], dict[str, int] | None]] = field(default_factory=list)
    stake: int = 1
    error: tuple[str, Any] | None = None  # (field, why): ``why`` reads in the language active when shown

    @property
    def evidence(self) -> bool:
        return self.source == Source.RECORD and self.error is None


def assess(submission: HandSubmission, table: Table, positions: list[str], deal: Deal) -> Assessed:
    """Ask the engine about one version: scored or replayed exactly as at entry (``results._score``, the
    same checks and the same error fields), then read for its facts and items."""
    common = {
        "number": submission.version,
        "source": submission.source,
        "kind": submission.kind,
        "stored": dict(submission.payments),
        "says": dict(submission.entered_payments or submission.payments),
        "typed": submission.entered_payments if submission.source != Source.PAYMENTS else None,
        "stake": submission.stake,
    }
    if submission.source == Source.PAYMENTS:
        return Assessed(**common)
    payload = dict(submission.payload)
    if submission.source == Source.SUMMARY:
        payload = {k: v for k, v in payload.items() if k not in DERIVED}
    try:
        payments, kind, scored_payload, _ = _score(table, positions, deal, submission.source, payload)
    except ValidationError as exc:
        name, errors = next(iter(exc.error_dict.items()))
        return Assessed(
            **common, error=(name.removeprefix("data.").removeprefix("data"), error_text(errors[0]))
        )
    tournament = table.round.tournament
    rules = tournament_rules(tournament.rules_preset, tournament.rules_options)
    summary = replay(scored_payload).summary if submission.source == Source.RECORD else scored_payload
    parsed = parse_summary(summary, rules)
    items = score_summary(summary, rules)["items"]
    common["kind"] = kind
    return Assessed(
        **common,
        engine=payments,
        facts=facts_of(parsed),
        items=[(item, item_payments(item, parsed, rules, positions)) for item in items],
    )


def facts_of(s: HandSummary) -> dict[str, Any]:
    """The facts of a hand as the engine reads them from a summary, by field path. Left out: what the deal
    fills in (seats, stake, the sitting-out dealer, the rules) and what only explains (the announcer of a
    bonus, the team of a declaration, ``result.pagat_team``, which only says why an ultimó failed)."""
    team = {None: None, 0: TEAM_NAMES[0], 1: TEAM_NAMES[1]}
    facts: dict[str, Any] = {"kind": s.kind}
    if s.kind == "penalty":
        facts.update(offenders=sorted(s.offenders), amount=s.amount)
        return facts
    if s.kind == "trial_three_failed":
        facts.update(bid=s.bid, declarer=s.declarer)
        return facts
    if s.kind != "played":
        return facts
    plt = s.pagat_last_trick
    facts.update(
        {
            "bid": s.bid,
            "declarer": s.declarer,
            "partner": s.partner,
            "called_card_discarded": s.called_card_discarded,
            "game_kontra": s.game_kontra,
            "announcements": sorted(
                ({"team": TEAM_NAMES[t], "bonus": bonus, "kontra": k} for t, bonus, k in s.announcements),
                key=lambda a: (a["team"], a["bonus"]),
            ),
            "declarations": sorted(
                ({"seat": seat, "tarokks": n, "declared": declared} for seat, n, declared in s.declarations),
                key=lambda d: d["seat"],
            ),
            "result.declarer_card_points": s.declarer_card_points,
            "result.declarer_tricks": s.declarer_tricks,
            "result.trull": team[s.trull],
            "result.four_kings": team[s.four_kings],
            "result.xxi_catch": team[s.xxi_catch],
            "result.pagat_last_trick": None if plt is None else {"team": TEAM_NAMES[plt[0]], "won": plt[1]},
        }
    )
    if s.talon_honours:
        facts["talon_honours"] = sorted([seat, honour] for seat, honour in s.talon_honours)
    if s.rules is not None and s.rules.ultimo_pot:
        facts["ultimo_pot"] = s.ultimo_pot
    return facts


def item_payments(
    item: Mapping[str, Any], s: HandSummary, rules: Rules, positions: Sequence[str]
) -> dict[str, int] | None:
    """What one scored item moves between the seats (``None``: nothing in the payments, e.g. kegl's pot).

    pagat, "The scoring": "each player on the losing team pays one of the players on the winning team the
    net score ... If you are playing alone against the other three players ... you are paid the net score
    by each of them"; at five "the dealer neither wins nor loses" (unless sír-nevet). So a team item worth
    v moves v per pair: +v to each of declarer and partner and -v from each opponent, or +3v to a lone
    declarer. ``engine.scoring._score_played`` settles the same way.
    """
    moves = dict.fromkeys(positions, 0)
    value, name, seat = item["value"], item["name"], item.get("seat")
    team_item = name not in ("eight_tarokks", "nine_tarokks") or rules.declared_tarokks_team_item
    if item.get("team") is not None and team_item:
        net = value if item["won"] == (item["team"] == "declarer") else -value
        for active in s.seats:
            moves[active] = -net
        if s.partner is None:
            moves[s.declarer] = 3 * net  # type: ignore[index]
        else:
            moves[s.declarer] = moves[s.partner] = net  # type: ignore[index]
        if s.sitting_out is not None and rules.five_player_dealer_weeps_laughs:
            moves[s.sitting_out] = -net
            moves[s.declarer] += net  # type: ignore[index]
        return moves
    if name in ("eight_tarokks", "nine_tarokks") and seat is not None:  # paid between seats
        payers = (
            [x for x in s.seats if x != seat]
            if item["announced"]
            else [x for x in s.seats if x != seat and s.team_of(x) == s.team_of(seat)]
        )
        for payer in payers:
            moves[payer] -= value
        moves[seat] += value * len(payers)
        return moves
    if name == "talon_honour" and seat is not None and s.sitting_out is not None:
        moves[seat], moves[s.sitting_out] = -value, value
        return moves
    if name in ("trial_three", "penalty") and seat is not None and not rules.ultimo_pot:
        for active in s.seats:
            moves[active] = value
        moves[seat] = -3 * value
        return moves
    return None


# --- the verdict: pure functions of the assessed versions ----------------------------------------------


@dataclass(frozen=True)
class Verdict:
    outcome: str
    explanation: str
    differences: dict[str, dict[str, Any]]
    chosen: int | None = None  # the version number confirmed, when decided


def weigh(versions: Sequence[Assessed], reason: str) -> Verdict:
    """The finding for a dispute's standing versions (in version order), by the four rules of the module
    docstring, in that order of precedence."""
    if not versions:
        return _escalate(
            "No version of this hand stands as entered any more (an earlier deal was corrected since).", {}
        )
    records = [v for v in versions if v.evidence]
    if records:
        return _record_decides(records, versions)
    refused = [v for v in versions if v.error is not None]
    if refused:
        notes = "; ".join(_refusal(v, start="the") for v in refused)
        return _escalate(f"{_cap(notes)}. Nothing else settles the hand.", _differences(versions))
    summaries = [v for v in versions if v.engine is not None]
    if summaries:
        return _engine_scores(summaries, versions, reason)
    return _payments_only(versions, reason)


def _record_decides(records: Sequence[Assessed], versions: Sequence[Assessed]) -> Verdict:
    """Rule 1: a legal replay is what happened; every version that says otherwise gives way to it."""
    best = records[0]
    others = [r for r in records[1:] if (r.engine, r.facts) != (best.engine, best.facts)]
    if others:
        return _escalate(
            f"{_cap(_versions(best, *others))} are hand records that both replay legally but "
            "differ: they cannot both be this hand.",
            _differences(versions),
        )
    if best.stored != best.engine:
        return _changed_since(best, versions)
    contradicting = [v for v in versions if _contradicts(v, best)]
    if not contradicting:
        return _escalate(
            f"Version {best.number} is a hand record that replays legally and no version contradicts it: "
            "the dispute is about something the versions do not show.",
            {},
        )
    reasons = [_how_it_differs(v, best) for v in contradicting]
    return _decide(
        best,
        f"Version {best.number} is a hand record that replays legally, so it shows what was played; "
        f"its result wins over what contradicts it: {'; '.join(reasons)}.",
        _differences(versions, engine=best.engine),
    )


def _engine_scores(summaries: Sequence[Assessed], versions: Sequence[Assessed], reason: str) -> Verdict:
    """Rules 2 and 3 for summaries (and bare payments beside them): only a typing error is decided."""
    first = summaries[0]
    disagreeing = [s for s in summaries[1:] if s.facts != first.facts]
    if disagreeing:
        return _escalate(
            "The versions disagree on the facts of the hand. "
            + " ".join(_fact_sentences([first, *disagreeing]))
            + " The engine cannot tell which is right.",
            _differences(versions),
        )
    engine = first.engine
    assert engine is not None
    bare = [v for v in versions if v.source == Source.PAYMENTS and (v.says, v.kind) != (engine, first.kind)]
    if bare:
        hints = [_misscored(v.says, engine, first) for v in bare]
        hint = next((h for h in hints if h), None)
        return _escalate(
            f"{_cap(_versions(*bare))} gave only payments ({'; '.join(_pays(v.says) for v in bare)}), "
            f"which differ from the engine's score of {_versions(*summaries)} ({_pays(engine)}). "
            "The engine cannot check payments alone, so it cannot tell which is right"
            + (f"; the difference {hint}." if hint else f". {_cap(_items_text(first))}."),
            _differences(versions, engine=engine),
        )
    mistyped = [s for s in summaries if s.typed is not None and s.typed != engine]
    if not mistyped:
        return _escalate(
            f"{_cap(_versions(*versions))} agree with each other and with the engine; the dispute "
            f'("{reason}") is about something the versions do not show.',
            {},
        )
    chosen = next((s for s in summaries if s.stored == engine and s.typed is None), None) or next(
        (s for s in summaries if s.stored == engine), None
    )
    if chosen is None:
        return _changed_since(first, versions)
    agree = (
        f"{_cap(_versions(*summaries))} agree on every fact of the hand"
        if len(summaries) > 1
        else f"The engine accepts the summary of version {first.number}"
    )
    mistakes = []
    for s in mistyped:
        assert s.typed is not None
        hint = _misscored(s.typed, engine, s)
        mistakes.append(
            f"the payments typed with version {s.number} ({_pays(s.typed)}) differ from the engine's score "
            f"of those facts ({_pays(engine)}): " + (f"the difference {hint}" if hint else _items_text(s))
        )
    return _decide(
        chosen,
        f"{agree}; {'; '.join(mistakes)}. The engine's score stands: a typing error.",
        _differences(versions, engine=engine),
    )


def _payments_only(versions: Sequence[Assessed], reason: str) -> Verdict:
    """Rule 3 for bare payments: the engine has no facts to check them against."""
    if len({(_key(v.says), v.kind) for v in versions}) == 1:
        return _escalate(
            f"{_cap(_versions(*versions))} gave only payments ({_pays(versions[0].says)}), with "
            f'nothing to check them against; the dispute ("{reason}") is about something they do not show.',
            {},
        )
    listed = "; ".join(f"version {v.number}: {_pays(v.says)}" for v in versions)
    return _escalate(
        f"{_cap(_versions(*versions))} gave only payments, and they differ ({listed}). The engine "
        "cannot check payments without the facts of the hand (a summary or a record would show them).",
        _differences(versions),
    )


# --- how a decision or escalation reads ------------------------------------------------------------------


def _changed_since(scored: Assessed, versions: Sequence[Assessed]) -> Verdict:
    """The engine's score now is not the one stored at entry (the tournament's rules changed since): the
    validator does not confirm a result it would score otherwise."""
    return _escalate(
        f"The engine now scores version {scored.number} as {_pays(scored.engine)}, not as when it was "
        f"entered ({_pays(scored.stored)}): the rules may have changed since.",
        _differences(versions, engine=scored.engine),
    )


def _decide(chosen: Assessed, why: str, differences: dict[str, dict[str, Any]]) -> Verdict:
    return Verdict(
        Outcome.DECIDED,
        f"{why} Decided by the validator: version {chosen.number} is confirmed. "
        "An organizer may still choose otherwise.",
        differences,
        chosen.number,
    )


def _escalate(why: str, differences: dict[str, dict[str, Any]]) -> Verdict:
    return Verdict(Outcome.ESCALATED, f"{why} The organizer decides.", differences)


def _contradicts(version: Assessed, evidence: Assessed) -> bool:
    """Whether ``version`` says anything other than the evidence: other payments (typed or scored), another
    kind, other facts, or nothing the engine accepts."""
    if version.error is not None:
        return True
    if (version.says, version.kind) != (evidence.engine, evidence.kind):
        return True
    return version.facts is not None and version.facts != evidence.facts


def _how_it_differs(version: Assessed, record: Assessed) -> str:
    if version.error is not None:
        return _refusal(version, start="the")
    if version is record:
        return (
            f"the payments typed beside it ({_pays(version.says)}) are not its replay's "
            f"({_pays(record.engine)})"
        )
    if version.facts is not None and version.facts != record.facts:
        facts = record.facts or {}
        said = ", ".join(
            f"{_fact(name, version.facts.get(name))} (the record: {_fact(name, facts.get(name))})"
            for name in _differing_facts([version, record])
        )
        return f"version {version.number} says {said}"
    what = "gave only payments" if version.source == Source.PAYMENTS else "has payments"
    return (
        f"version {version.number} {what} ({_pays(version.says)}) that are not the record's "
        f"({_pays(record.engine)})"
    )


def _refusal(version: Assessed, start: str = "The") -> str:
    """E.g. "The engine refuses the summary of version 2 (result.declarer_card_points: 95 impossible ...)"."""
    assert version.error is not None
    where, why = version.error
    what = "hand record" if version.source == Source.RECORD else "summary"
    return f"{start} engine refuses the {what} of version {version.number} ({where or 'record'}: {why})"


def _fact_sentences(versions: Sequence[Assessed]) -> list[str]:
    """Per differing fact: what each version says, e.g. "Version 1 says the declarer's team took 42 card
    points; version 2 says the declarer's team took 52 card points." """
    sentences = []
    for name in _differing_facts(versions):
        said = [f"version {v.number} says {_fact(name, (v.facts or {}).get(name))}" for v in versions]
        sentences.append(_cap("; ".join(said)) + ".")
    return sentences


def _differing_facts(versions: Sequence[Assessed]) -> list[str]:
    names: list[str] = []
    for v in versions:
        names += [n for n in v.facts or {} if n not in names]
    with_facts = [v for v in versions if v.facts is not None]
    return [n for n in names if len({repr((v.facts or {}).get(n)) for v in with_facts}) > 1]


def _differences(versions: Sequence[Assessed], engine: dict[str, int] | None = None) -> dict[str, dict]:
    """The disputed fields side by side: fact or ``payments.<seat>`` -> {version number: value}, with the
    engine's payments beside them ("engine") when the engine's score decides."""
    out: dict[str, dict[str, Any]] = {}
    for name in _differing_facts(versions):
        out[name] = {str(v.number): v.facts.get(name) for v in versions if v.facts is not None}
    if len({v.kind for v in versions}) > 1:
        out.setdefault("kind", {}).update({str(v.number): v.kind for v in versions})
    seats = sorted({seat for v in versions for seat in v.says})
    for seat in seats:
        column = {str(v.number): v.says.get(seat) for v in versions}
        if engine is not None:
            column["engine"] = engine.get(seat)
        if len(set(column.values())) > 1:
            out[f"payments.{seat}"] = column
    return out


def _misscored(typed: Mapping[str, int], engine: Mapping[str, int], scored: Assessed) -> str | None:
    """Which item of the engine's score explains the difference between typed payments and the engine's,
    if one does: left out, counted twice, counted for the other side, or typed without its kontra. (The
    same difference may fit several items of one value: they are all named.)"""
    seats = list(engine)
    if all(typed[p] == -engine[p] for p in seats):
        return "is the whole score paid the wrong way round: winners and losers are swapped"
    if scored.stake > 1 and all(typed[p] * scored.stake == engine[p] for p in seats):
        return f"is the stake: this deal is played for {scored.stake} times the score (a doubled round)"
    diff = {p: typed.get(p, 0) - engine[p] for p in seats}
    moving = [(item, moves) for item, moves in scored.items if moves and any(moves.values())]
    if not moving or not any(diff.values()):
        return None
    relations: list[tuple[str, Any]] = [
        ("which the typed payments leave out", lambda item: Fraction(-1)),
        ("which the typed payments count twice", lambda item: Fraction(1)),
        ("which the typed payments count for the other side", lambda item: Fraction(-2)),
        (
            "which the typed payments count without its kontra",
            lambda item: Fraction(1, KONTRA_FACTOR[item["kontra"]]) - 1 if item.get("kontra") else None,
        ),
    ]
    for relation, factor_of in relations:
        fits = [
            item
            for item, moves in moving
            if (k := factor_of(item)) is not None and all(diff[p] == k * moves.get(p, 0) for p in seats)
        ]
        if fits:
            return f"is exactly {' or '.join(_item(item) for item in fits)}, {relation}"
    return None


ITEM_NAMES = {
    "game": "the game",
    "double_game": "the double game",
    "volat": "the volát",
    "trull": "the trull",
    "four_kings": "the four kings",
    "pagat_ultimo": "the pagát ultimó",
    "xxi_catch": "the XXI-catch",
    "eight_tarokks": "eight tarokks",
    "nine_tarokks": "nine tarokks",
    "talon_honour": "a talon honour",
    "trial_three": "the failed trial three",
    "penalty": "the penalty",
}
KONTRA_NAMES = ("", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
SIDES = {"declarer": "the declarer's team", "opponents": "the opponents"}


def _item(item: Mapping[str, Any]) -> str:
    """One scored item in words, e.g. "the trull (silent, made by the opponents; worth 1 a player)"."""
    name, team, won = item["name"], item.get("team"), item["won"]
    label = ITEM_NAMES.get(name, name.replace("_", " "))
    if name == "game":
        state = f"{'won' if won else 'lost'} by the declarer's team"
    elif name in ("eight_tarokks", "nine_tarokks"):
        state = f"{'declared' if item['announced'] else 'not declared'} by {item.get('seat')}"
    elif team in SIDES and item["announced"]:
        state = f"announced by {SIDES[team]} and {'made' if won else 'lost'}"
    elif team in SIDES:
        state = f"silent, {'made' if won else 'lost'} by {SIDES[team]}"
    else:
        state = f"by {item['seat']}" if item.get("seat") else ""
    if item.get("detail"):
        state += f": {item['detail']}"
    worth = f"worth {item['value']} a player"
    kontra = item.get("kontra") or 0
    if kontra and kontra < len(KONTRA_NAMES):
        worth += f" with {KONTRA_NAMES[kontra]} ×{KONTRA_FACTOR[kontra]}"
    return f"{label} ({state}; {worth})" if state else f"{label} ({worth})"


def _items_text(scored: Assessed) -> str:
    """The engine's score item by item, e.g. "the engine scores the game (won by ...; worth 2 a player)"."""
    listed = "; ".join(_item(item) for item, _ in scored.items) or "nothing"
    return f"the engine scores {listed}"


def _cap(text: str) -> str:
    """The first letter capitalized, the rest as it is (``str.capitalize`` would lower seat names)."""
    return text[:1].upper() + text[1:]


def _fact(name: str, value: Any) -> str:
    """A fact in words, e.g. "the declarer's team took 52 card points"."""
    team = SIDES.get(value, "nobody") if isinstance(value, str) or value is None else value
    phrases = {
        "result.declarer_card_points": lambda: f"the declarer's team took {value} card points",
        "result.declarer_tricks": lambda: f"the declarer's team took {value} tricks",
        "result.trull": lambda: f"{team} took the trull",
        "result.four_kings": lambda: f"{team} took the four kings",
        "result.xxi_catch": lambda: f"{team} caught the XXI" if value else "nobody caught the XXI",
        "result.pagat_last_trick": lambda: (
            "the pagát was not played to the last trick"
            if value is None
            else f"{SIDES[value['team']]} played the pagát to the last trick and "
            + ("won it" if value["won"] else "lost it")
        ),
        "kind": lambda: f"the hand was {str(value).replace('_', ' ')}",
        "bid": lambda: f"the bid was {value}",
        "declarer": lambda: f"{value} was the declarer",
        "partner": lambda: "the declarer played alone" if value is None else f"{value} was the partner",
        "game_kontra": lambda: (
            "the game was not kontra'd" if not value else f"the game had {KONTRA_NAMES[value]}"
        ),
        "called_card_discarded": lambda: (
            "the called card was in a discard" if value else "the called card was not discarded"
        ),
        "announcements": lambda: (
            "nothing was announced"
            if not value
            else "the announcements were "
            + ", ".join(
                f"{ITEM_NAMES.get(a['bonus'], a['bonus'])} by {SIDES[a['team']]}"
                + (f" ({KONTRA_NAMES[a['kontra']]})" if a["kontra"] else "")
                for a in value
            )
        ),
        "declarations": lambda: (
            "no tarokks were declared"
            if not value
            else ", ".join(
                f"{d['seat']} {'declared' if d['declared'] else 'held'} {d['tarokks']} tarokks" for d in value
            )
        ),
    }
    phrase = phrases.get(name)
    return phrase() if phrase else f"{name} is {value}"


def _pays(payments: Mapping[str, int] | None) -> str:
    return ", ".join(
        f"{seat} {amount:+d}" if amount else f"{seat} 0" for seat, amount in (payments or {}).items()
    )


def _versions(*versions: Assessed) -> str:
    numbers = [str(v.number) for v in versions]
    if len(numbers) == 1:
        return f"version {numbers[0]}"
    return f"versions {', '.join(numbers[:-1])} and {numbers[-1]}"


def _key(payments: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(payments.items()))


# --- the service -------------------------------------------------------------------------------------


def dispute_validate(dispute_id: int) -> DisputeFinding | None:
    """Weigh an open dispute's versions with the engine and store the finding; settle the dispute when
    the engine decides it. Idempotent: a finding already stored for the dispute's current version is
    returned as it is; a dispute no longer open (or gone) gets nothing."""
    dispute = Dispute.objects.select_related("hand__table__round__tournament").filter(pk=dispute_id).first()
    if dispute is None:
        return None
    table = dispute.hand.table
    with acting_as(VALIDATOR), transaction.atomic():
        _lock_round(table)
        hand = _lock_hand(table, dispute.hand.number)
        dispute = Dispute.objects.get(pk=dispute_id)
        found = dispute.findings.filter(dispute_version=dispute.version).first()
        if found is not None or dispute.status != Dispute.Status.OPEN or hand is None:
            return found
        standing = [
            s
            for s in dispute.submissions.filter(status__in=STANDING).order_by("version")
            if s.source != Source.VOID and (s.dealer, s.stake) == (hand.dealer, hand.stake)
        ]
        positions = table_positions(table)
        deal = next_deal(table, hand.number, positions)
        verdict = weigh([assess(s, table, positions, deal) for s in standing], dispute.reason)
        chosen = next((s for s in standing if s.version == verdict.chosen), None)
        finding = DisputeFinding.objects.create(
            dispute=dispute,
            dispute_version=dispute.version,
            outcome=verdict.outcome,
            chosen=chosen,
            explanation=verdict.explanation,
            differences=verdict.differences,
            validator=VALIDATOR.label(),
        )
        if chosen is not None:
            _confirm(hand, chosen, confirmed_by=chosen.confirmed_by)
            _close_dispute(dispute, Dispute.Status.RESOLVED, chosen, None, verdict.explanation)
        return finding


def disputes_due(older_than: timedelta, limit: int) -> list[int]:
    """Open disputes older than ``older_than`` with no finding for their current version (their task was
    lost or failed), oldest first: what the sweep sends again."""
    assessed = DisputeFinding.objects.filter(dispute=OuterRef("pk"), dispute_version=OuterRef("version"))
    due = (
        Dispute.objects.filter(status=Dispute.Status.OPEN, opened_at__lt=timezone.now() - older_than)
        .exclude(Exists(assessed))
        .order_by("opened_at", "pk")
        .values_list("pk", flat=True)
    )
    return list(due[:limit])
