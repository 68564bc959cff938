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
from django.utils.translation import gettext_noop as _  # marks a template: rendered when read

from engine.core.scoring import KONTRA_FACTOR
from tournaments.core.audit import Actor, acting_as
from tournaments.core.formats import Deal, game_of, rules_of
from tournaments.core.messages import Join, Text, error_as_text, from_data, kept
from tournaments.draw.models import Table
from tournaments.results.games import explanation_of
from tournaments.results.models import Dispute, DisputeFinding, HandSubmission
from tournaments.results.services.hands import (
    dispute_close,
    entry_score,
    hand_lock,
    next_deal,
    round_lock,
    table_positions,
    version_confirm,
)


def explanation(version: Assessed) -> Any:
    """The words a dispute's finding uses for the facts and items of the version's game
    (``results/games/``). Only a game whose descriptor weighs summaries fact by fact and item by item
    (``assess_summary``: Hungarian Tarokk) has facts and items to say; the other games' versions are
    weighed by the engine's payments alone (``assess``)."""
    return explanation_of(game_of({"game": version.game}))


Source = HandSubmission.Source


SubStatus = HandSubmission.Status


Outcome = DisputeFinding.Outcome


VALIDATOR = Actor(system="validator")


# Versions still standing in a dispute: not superseded (e.g. by a correction of an earlier deal) nor rejected.
STANDING = (SubStatus.PENDING, SubStatus.DISPUTED, SubStatus.CONFIRMED)


# Fields of a stored summary filled in from the deal and the tournament (``hands.entry_score``), not typed.
DERIVED = ("seats", "stake", "sitting_out", "rules")


@dataclass(frozen=True)
class Assessed:
    """One version as the engine sees it now.

    ``says``: the payments the version asserts (those typed in, else the engine's at entry); ``engine``:
    the engine's payments for its summary or record now (``None`` for bare payments, or when the engine
    refuses it: ``error`` = (field, reason)); ``facts``: what the engine reads from its summary (for a
    record: the summary its replay derives); ``items``: the engine's scored items with what each moves
    between the seats.
    """

    game: str
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
    """Ask the engine about one version: scored or replayed exactly as at entry (``hands.entry_score``, the
    same checks and the same error fields), then read for its facts and items."""
    common = {
        "game": table.round.tournament.game,
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
        payments, kind, scored_payload, _ = entry_score(table, positions, deal, submission.source, payload)
    except ValidationError as exc:
        name, errors = next(iter(exc.error_dict.items()))
        return Assessed(
            **common, error=(name.removeprefix("data.").removeprefix("data"), error_as_text(errors[0]))
        )
    tournament = table.round.tournament
    game, rules = game_of(tournament), rules_of(tournament)
    summary = game.replay(scored_payload).summary if submission.source == Source.RECORD else scored_payload
    # a game that does not weigh its summaries item by item is weighed by the engine's payments alone
    facts, items = game.assess_summary(summary, rules, positions) if game.assess_summary else ({}, [])
    common["kind"] = kind
    return Assessed(**common, engine=payments, facts=facts, items=items)


@dataclass(frozen=True)
class Verdict:
    outcome: str
    explanation: Text
    differences: dict[str, dict[str, Any]]
    chosen: int | None = None  # the version number confirmed, when decided


def weigh(versions: Sequence[Assessed], reason: Any) -> Verdict:
    """The finding for a dispute's standing versions (in version order), by the four rules of the module
    docstring, in that order of precedence. ``reason``: the dispute's (a player's words, or a ``Text``)."""
    if not versions:
        return _escalate(
            Text(
                _("No version of this hand stands as entered any more (an earlier deal was corrected since).")
            ),
            {},
        )
    records = [v for v in versions if v.evidence]
    if records:
        return _record_decides(records, versions)
    refused = [v for v in versions if v.error is not None]
    if refused:
        notes = Join([_refusal(v, start=i == 0) for i, v in enumerate(refused)])
        return _escalate(
            Text(_("%(notes)s. Nothing else settles the hand."), notes=notes), _differences(versions)
        )
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
            Text(
                _(
                    "%(versions)s are hand records that both replay legally but differ: they cannot both be "
                    "this hand."
                ),
                versions=_versions(best, *others, start=True),
            ),
            _differences(versions),
        )
    if best.stored != best.engine:
        return _changed_since(best, versions)
    contradicting = [v for v in versions if _contradicts(v, best)]
    if not contradicting:
        return _escalate(
            Text(
                _(
                    "Version %(number)s is a hand record that replays legally and no version contradicts it: "
                    "the dispute is about something the versions do not show."
                ),
                number=best.number,
            ),
            {},
        )
    reasons = Join([_how_it_differs(v, best) for v in contradicting])
    return _decide(
        best,
        Text(
            _(
                "Version %(number)s is a hand record that replays legally, so it shows what was played; its "
                "result wins over what contradicts it: %(reasons)s."
            ),
            number=best.number,
            reasons=reasons,
        ),
        _differences(versions, engine=best.engine),
    )


def _engine_scores(summaries: Sequence[Assessed], versions: Sequence[Assessed], reason: Any) -> Verdict:
    """Rules 2 and 3 for summaries (and bare payments beside them): only a typing error is decided."""
    first = summaries[0]
    disagreeing = [s for s in summaries[1:] if s.facts != first.facts]
    if disagreeing:
        return _escalate(
            Text(
                _(
                    "The versions disagree on the facts of the hand. %(facts)s "
                    "The engine cannot tell which is right."
                ),
                facts=Join(_fact_sentences([first, *disagreeing]), " "),
            ),
            _differences(versions),
        )
    engine = first.engine
    assert engine is not None
    bare = [v for v in versions if v.source == Source.PAYMENTS and (v.says, v.kind) != (engine, first.kind)]
    if bare:
        hints = [_misscored(v.says, engine, first) for v in bare]
        hint = next((h for h in hints if h), None)
        params = {
            "bare": _versions(*bare, start=True),
            "payments": Join(_pays(v.says) for v in bare),
            "summaries": _versions(*summaries),
            "engine": _pays(engine),
        }
        if hint:
            template = _(
                "%(bare)s gave only payments (%(payments)s), which differ from the engine's score of "
                "%(summaries)s (%(engine)s). The engine cannot check payments alone, so it cannot tell which "
                "is right; the difference %(hint)s."
            )
            params["hint"] = hint
        else:
            template = _(
                "%(bare)s gave only payments (%(payments)s), which differ from the engine's score of "
                "%(summaries)s (%(engine)s). The engine cannot check payments alone, so it cannot tell which "
                "is right. %(items)s."
            )
            params["items"] = _items_text(first, start=True)
        return _escalate(Text(template, **params), _differences(versions, engine=engine))
    mistyped = [s for s in summaries if s.typed is not None and s.typed != engine]
    if not mistyped:
        if len(versions) == 1:  # nothing to agree with but the engine
            return _escalate(
                Text(
                    _(
                        "Version %(number)s agrees with the engine; "
                        'the dispute ("%(reason)s") is about something the version does not show.'
                    ),
                    number=versions[0].number,
                    reason=reason,
                ),
                {},
            )
        return _escalate(
            Text(
                _(
                    "%(versions)s agree with each other and with the engine; "
                    'the dispute ("%(reason)s") is about something the versions do not show.'
                ),
                versions=_versions(*versions, start=True),
                reason=reason,
            ),
            {},
        )
    chosen = next((s for s in summaries if s.stored == engine and s.typed is None), None) or next(
        (s for s in summaries if s.stored == engine), None
    )
    if chosen is None:
        return _changed_since(first, versions)
    agree = (
        Text(_("%(versions)s agree on every fact of the hand"), versions=_versions(*summaries, start=True))
        if len(summaries) > 1
        else Text(_("The engine accepts the summary of version %(number)s"), number=first.number)
    )
    mistakes = []
    for s in mistyped:
        assert s.typed is not None
        hint = _misscored(s.typed, engine, s)
        common = {"number": s.number, "typed": _pays(s.typed), "engine": _pays(engine)}
        if hint:
            template = _(
                "the payments typed with version %(number)s (%(typed)s) differ from the engine's score "
                "of those facts (%(engine)s): the difference %(hint)s"
            )
            mistakes.append(Text(template, hint=hint, **common))
        else:
            template = _(
                "the payments typed with version %(number)s (%(typed)s) differ from the engine's score "
                "of those facts (%(engine)s): %(items)s"
            )
            mistakes.append(Text(template, items=_items_text(s), **common))
    return _decide(
        chosen,
        Text(
            _("%(agree)s; %(mistakes)s. The engine's score stands: a typing error."),
            agree=agree,
            mistakes=Join(mistakes),
        ),
        _differences(versions, engine=engine),
    )


def _payments_only(versions: Sequence[Assessed], reason: Any) -> Verdict:
    """Rule 3 for bare payments: the engine has no facts to check them against."""
    if len({(_key(v.says), v.kind) for v in versions}) == 1:
        return _escalate(
            Text(
                _(
                    "%(versions)s gave only payments (%(payments)s), with nothing to check them against; the "
                    'dispute ("%(reason)s") is about something they do not show.'
                ),
                versions=_versions(*versions, start=True),
                payments=_pays(versions[0].says),
                reason=reason,
            ),
            {},
        )
    listed = Join(
        Text(_("version %(number)s: %(payments)s"), number=v.number, payments=_pays(v.says)) for v in versions
    )
    return _escalate(
        Text(
            _(
                "%(versions)s gave only payments, and they differ (%(listed)s). The engine cannot check "
                "payments without the facts of the hand (a summary or a record would show them)."
            ),
            versions=_versions(*versions, start=True),
            listed=listed,
        ),
        _differences(versions),
    )


def _changed_since(scored: Assessed, versions: Sequence[Assessed]) -> Verdict:
    """The engine's score now is not the one stored at entry (the tournament's rules changed since): the
    validator does not confirm a result it would score otherwise."""
    return _escalate(
        Text(
            _(
                "The engine now scores version %(number)s as %(engine)s, not as when it was entered "
                "(%(stored)s): the rules may have changed since."
            ),
            number=scored.number,
            engine=_pays(scored.engine),
            stored=_pays(scored.stored),
        ),
        _differences(versions, engine=scored.engine),
    )


def _decide(chosen: Assessed, why: Text, differences: dict[str, dict[str, Any]]) -> Verdict:
    return Verdict(
        Outcome.DECIDED,
        Text(
            _(
                "%(why)s Decided by the validator: version %(number)s is confirmed. An organizer may still "
                "choose otherwise."
            ),
            why=why,
            number=chosen.number,
        ),
        differences,
        chosen.number,
    )


def _escalate(why: Text, differences: dict[str, dict[str, Any]]) -> Verdict:
    return Verdict(Outcome.ESCALATED, Text(_("%(why)s The organizer decides."), why=why), differences)


def _contradicts(version: Assessed, evidence: Assessed) -> bool:
    """Whether ``version`` says anything other than the evidence: other payments (typed or scored), another
    kind, other facts, or nothing the engine accepts."""
    if version.error is not None:
        return True
    if (version.says, version.kind) != (evidence.engine, evidence.kind):
        return True
    return version.facts is not None and version.facts != evidence.facts


def _how_it_differs(version: Assessed, record: Assessed) -> Text:
    if version.error is not None:
        return _refusal(version, start=False)
    if version is record:
        return Text(
            _("the payments typed beside it (%(typed)s) are not its replay's (%(engine)s)"),
            typed=_pays(version.says),
            engine=_pays(record.engine),
        )
    if version.facts is not None and version.facts != record.facts:
        facts = record.facts or {}
        said = Join(
            (
                Text(
                    _("%(said)s (the record: %(recorded)s)"),
                    said=explanation(version).fact(name, version.facts.get(name)),
                    recorded=explanation(record).fact(name, facts.get(name)),
                )
                for name in _differing_facts([version, record])
            ),
            ", ",
        )
        return Text(_("version %(number)s says %(said)s"), number=version.number, said=said)
    template = (
        _("version %(number)s gave only payments (%(says)s) that are not the record's (%(engine)s)")
        if version.source == Source.PAYMENTS
        else _("version %(number)s has payments (%(says)s) that are not the record's (%(engine)s)")
    )
    return Text(template, number=version.number, says=_pays(version.says), engine=_pays(record.engine))


REFUSALS = {
    (True, True): _("The engine refuses the hand record of version %(number)s (%(where)s: %(why)s)"),
    (True, False): _("The engine refuses the summary of version %(number)s (%(where)s: %(why)s)"),
    (False, True): _("the engine refuses the hand record of version %(number)s (%(where)s: %(why)s)"),
    (False, False): _("the engine refuses the summary of version %(number)s (%(where)s: %(why)s)"),
}


def _refusal(version: Assessed, start: bool = True) -> Text:
    """E.g. "The engine refuses the summary of version 2 (result.declarer_card_points: 95 impossible ...)":
    ``why`` is the engine's (or the service's) refusal, kept by its template and params."""
    assert version.error is not None
    where, why = version.error
    template = REFUSALS[start, version.source == Source.RECORD]
    return Text(template, number=version.number, where=where or "record", why=why)


def _fact_sentences(versions: Sequence[Assessed]) -> list[Text]:
    """Per differing fact: what each version says, e.g. "Version 1 says the declarer's team took 42 card
    points; version 2 says the declarer's team took 52 card points." """
    sentences = []
    for name in _differing_facts(versions):
        said = [
            Text(
                _("Version %(number)s says %(fact)s") if i == 0 else _("version %(number)s says %(fact)s"),
                number=v.number,
                fact=explanation(v).fact(name, (v.facts or {}).get(name)),
            )
            for i, v in enumerate(versions)
        ]
        sentences.append(Text(_("%(said)s."), said=Join(said)))
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


RELATIONS = (
    _("is exactly %(items)s, which the typed payments leave out"),
    _("is exactly %(items)s, which the typed payments count twice"),
    _("is exactly %(items)s, which the typed payments count for the other side"),
    _("is exactly %(items)s, which the typed payments count without its kontra"),
)


def _misscored(typed: Mapping[str, int], engine: Mapping[str, int], scored: Assessed) -> Text | None:
    """Which item of the engine's score explains the difference between typed payments and the engine's,
    if one does: left out, counted twice, counted for the other side, or typed without its kontra. (The
    same difference may fit several items of one value: they are all named.)"""
    seats = list(engine)
    if all(typed[p] == -engine[p] for p in seats):
        return Text(_("is the whole score paid the wrong way round: winners and losers are swapped"))
    if scored.stake > 1 and all(typed[p] * scored.stake == engine[p] for p in seats):
        return Text(
            _("is the stake: this deal is played for %(stake)s times the score (a doubled round)"),
            stake=scored.stake,
        )
    diff = {p: typed.get(p, 0) - engine[p] for p in seats}
    moving = [(item, moves) for item, moves in scored.items if moves and any(moves.values())]
    if not moving or not any(diff.values()):
        return None
    relations: list[tuple[str, Any]] = [
        (RELATIONS[0], lambda item: Fraction(-1)),
        (RELATIONS[1], lambda item: Fraction(1)),
        (RELATIONS[2], lambda item: Fraction(-2)),
        (
            RELATIONS[3],
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
            return Text(relation, items=Join([explanation(scored).item(item) for item in fits], _(" or ")))
    return None


def _items_text(scored: Assessed, start: bool = False) -> Text:
    """The engine's score item by item, e.g. "the engine scores the game (won by ...; worth 2 a player)"."""
    words = explanation(scored)
    listed = Join([words.item(item) for item, _moves in scored.items]) if scored.items else Text(_("nothing"))
    template = _("The engine scores %(items)s") if start else _("the engine scores %(items)s")
    return Text(template, items=listed)


def _pays(payments: Mapping[str, int] | None) -> str:
    """Payments as every language writes them: "A +4, B -4"."""
    return ", ".join(
        f"{seat} {amount:+d}" if amount else f"{seat} 0" for seat, amount in (payments or {}).items()
    )


def _versions(*versions: Assessed, start: bool = False) -> Text:
    numbers = [v.number for v in versions]
    if len(numbers) == 1:
        return Text(_("Version %(number)s") if start else _("version %(number)s"), number=numbers[0])
    return Text(
        _("Versions %(numbers)s and %(last)s") if start else _("versions %(numbers)s and %(last)s"),
        numbers=", ".join(str(n) for n in numbers[:-1]),
        last=numbers[-1],
    )


def _key(payments: Mapping[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted(payments.items()))


def dispute_validate(dispute_id: int) -> DisputeFinding | None:
    """Weigh an open dispute's versions with the engine and store the finding; settle the dispute when
    the engine decides it. Idempotent: a finding already stored for the dispute's current version is
    returned as it is; a dispute no longer open (or gone) gets nothing."""
    dispute = Dispute.objects.select_related("hand__table__round__tournament").filter(pk=dispute_id).first()
    if dispute is None:
        return None
    table = dispute.hand.table
    with acting_as(VALIDATOR), transaction.atomic():
        round_lock(table)
        hand = hand_lock(table, dispute.hand.number)
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
        # the system's words are kept as data inside the finding too; a player's as typed
        reason = from_data(dispute.reason_data) if dispute.reason_data else dispute.reason
        verdict = weigh([assess(s, table, positions, deal) for s in standing], reason)
        explanation, explanation_data = kept(verdict.explanation)
        chosen = next((s for s in standing if s.version == verdict.chosen), None)
        finding = DisputeFinding.objects.create(
            dispute=dispute,
            dispute_version=dispute.version,
            outcome=verdict.outcome,
            chosen=chosen,
            explanation=explanation,
            explanation_data=explanation_data,
            differences=verdict.differences,
            validator=VALIDATOR.label(),
        )
        if chosen is not None:
            version_confirm(hand, chosen, confirmed_by=chosen.confirmed_by)
            dispute_close(dispute, Dispute.Status.RESOLVED, chosen, None, verdict.explanation)
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
