"""The hand record format (engine/schemas/hungarian/hand-record.schema.json, ``"version": 1``): writing a
hand as a record, the texts of its steps and the rules spec it carries. Reading a record back is
``engine.hungarian.record``'s ``replay``; this module needs no ``Hand`` class (it reads a
``finished.FinishedHand``), so that ``Hand.record()`` uses it without an import cycle
(engine.hungarian.record imports engine.hungarian.state, never the other way round)."""

from __future__ import annotations

from typing import Any

from engine.core.messages import Message, StepError
from engine.core.messages import gettext_noop as _
from engine.core.shown import shown
from engine.hungarian.actions import BID, HOLD, NO_RAISE, PASS, RAISE, Action
from engine.hungarian.bidding import LEVEL_NAMES
from engine.hungarian.cards import NAMES
from engine.hungarian.finished import FinishedHand
from engine.hungarian.rules import PRESETS, Rules, RulesError, get_rules

VERSION = 1


class ReplayError(StepError):
    """A record that is malformed or breaks a rule: ``ReplayError(where..., message)`` names the section or
    step (a field path, or a step as a ``Message``) and says why."""


def rules_spec(rules: Rules) -> Any:
    """The rules as stored in records and summaries: a preset name, or ``{"preset", "options"}``."""
    base = PRESETS.get(rules.name, PRESETS["pagat"])
    if rules == base:
        return rules.name
    base_opts = base.options()
    changed = {k: v for k, v in rules.options().items() if k != "name" and base_opts[k] != v}
    return {"preset": base.name, "options": changed}


_RULES_CACHE: dict[str, Rules] = {}


def rules_from_spec(spec: Any) -> Rules:
    """The inverse of ``rules_spec`` (cached; raises ReplayError for unknown presets or options)."""
    if isinstance(spec, str) and spec in PRESETS:
        return PRESETS[spec]
    try:
        key = repr(spec)
    except RecursionError:  # nested too deeply to be a spec: no key, and get_rules says why
        key = ""
    rules = _RULES_CACHE.get(key)
    if rules is None:
        if not isinstance(spec, dict) or not isinstance(spec.get("options", {}), dict):
            raise ReplayError(
                "rules",
                Message(
                    "record_rules_spec",
                    _("must be a preset name or {preset, options}, got %(value)s"),
                    value=shown(spec),
                ),
            )
        try:
            rules = get_rules(spec.get("preset", "pagat"), **spec.get("options", {}))
        except RulesError as exc:
            raise ReplayError("rules", exc) from None
        if key and len(_RULES_CACHE) < 256:
            _RULES_CACHE[key] = rules
    return rules


#: the auction steps as written in records
AUCTION_SAYS: dict[str, Action] = {
    "pass": PASS,
    "hold": HOLD,
    "no raise": NO_RAISE,
    **{name: BID[level] for level, name in LEVEL_NAMES.items()},
    **{f"raise {LEVEL_NAMES[level]}": action for level, action in RAISE.items()},
}

#: the record text of each auction step
_SAY_TEXT = {action: say for say, action in AUCTION_SAYS.items()}


# --- writing -------------------------------------------------------------------------------------------
def action_text(action: Action) -> str:
    """Announcement-phase action as record text, e.g. ``call XX``, ``kontra declarer trull``."""
    kind, arg = action
    if kind == "pass":
        return "pass"
    if kind == "call":
        return f"call {NAMES[arg]}"  # type: ignore[index]
    if kind == "declare":
        return f"declare {arg}"
    if kind == "kontra" and arg != "game":
        team, bonus = arg  # type: ignore[misc]
        return f"kontra {team} {bonus}"
    return f"{kind} {arg}"


def auction_record(hand: FinishedHand) -> list[dict[str, Any]]:
    """The auction as the record writes it: each step's seat and say, and what it meant
    (``Hand.auction_steps``: the meaning, and the card a cue bid or a yield shows, else null)."""
    labels = hand.labels
    return [
        {
            "seat": labels[step.seat],
            "say": _SAY_TEXT[step.action],
            "meaning": step.meaning,
            "shows": None if step.shows is None else NAMES[step.shows],
        }
        for step in hand.auction_steps()
    ]


def make_record(hand: FinishedHand) -> dict[str, Any]:
    """The record of a hand played so far (normally a finished one)."""
    labels = hand.labels
    auction = auction_record(hand)
    turns: list[dict[str, Any]] = []
    for s, action in hand.announce_log:
        if not turns or turns[-1]["seat"] != labels[s] or turns[-1]["say"][-1] == "pass":
            turns.append({"seat": labels[s], "say": []})
        turns[-1]["say"].append(action_text(action))
    record: dict[str, Any] = {
        "version": VERSION,
        "rules": rules_spec(hand.rules),
        "seats": list(labels),
        "stake": hand.stake,
        "seed": hand.seed,
        "deal": {
            "hands": {labels[s]: [NAMES[c] for c in hand.dealt[s]] for s in range(4)},
            "talon": [NAMES[c] for c in hand.talon],
        },
        "auction": auction,
        "talon": {labels[s]: [NAMES[c] for c in hand.drawn[s]] for s in range(4) if hand.drawn[s]},
        "discards": {
            labels[s]: [NAMES[c] for c in hand.discards[s]] for s in hand.discard_order if hand.discards[s]
        },
        "annulment": None
        if hand.annulment is None
        else {"seat": labels[hand.annulment[0]], "holding": hand.annulment[1]},
        "call": None if hand.called is None else NAMES[hand.called],
        "announcements": turns,
        "tricks": [
            {"leader": labels[leader], "cards": [NAMES[c] for c in cards], "winner": labels[winner]}
            for leader, cards, winner in hand.tricks
        ],
        "result": hand.kind if hand.done else None,
    }
    return record
