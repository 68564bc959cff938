"""Every error the engine raises says what is wrong with a code, an English template and its params, and
reads in Hungarian and German (issue 21 §6).

A corpus of malformed summaries, records, rule options and illegal moves in live play is run through the
engine; each error it raises must carry a code (not the plain-text fallback), templates that render with
their params into exactly ``str(exc)``, JSON-safe params, and templates that the Hungarian and German
catalogues translate (read with Django's gettext under ``translation.override``). Beyond the corpus, every
template marked in ``engine/`` (``gettext_noop``, imported as ``_``) must have one code and be in both
catalogues.
"""

from __future__ import annotations

import ast
import copy
import functools
import json
import pickle
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import trans_real

from engine.core.messages import PLAIN, WORDS, EngineError, Message
from engine.hungarian.actions import Action
from engine.hungarian.record import ReplayError, replay
from engine.hungarian.rules import PRESETS, Rules, RulesError, get_rules
from engine.hungarian.scoring import score_summary
from engine.hungarian.state import Hand
from engine.hungarian.summary import BIDS, BONUSES, KINDS, TEAM_NAMES, SummaryError
from tests.engine.conftest import build
from tests.engine.test_any_value_in_any_field import RECORD, RECORD_FIELDS, SUMMARIES, SUMMARY_FIELDS, _with
from tests.engine.test_malformed_inputs import RECORDS
from tests.engine.test_summary_validation import INVALID
from tournaments.core.engine_messages import render
from tournaments.core.labels import HUNGARIAN_SENTENCE_WORDS as VOCABULARIES

ENGINE = Path(__file__).resolve().parents[2] / "engine"
#: values put in every field of the corpus' summaries and records
BAD_VALUES: list[Any] = [None, True, -1, 0, 3, 10**40, 1.5, "", "x", "A", [], {}, ["A"], {"a": 1}, [[1]]]


def _errors(
    kind: type[EngineError], call: Callable[..., Any], *args: Any, **kwargs: Any
) -> Iterator[EngineError]:
    """The error of kind ``kind`` that ``call(*args, **kwargs)`` raises, if any."""
    try:
        call(*args, **kwargs)
    except kind as exc:
        yield exc


#: summaries wrong in ways no single field's value reaches
MORE_SUMMARIES = [
    build(rules={"preset": "pagat", "options": {"trial_three_allowed": False}}, kind="trial_three_failed"),
    build(
        rules={"preset": "pagat", "options": {"five_player_talon_honour_payment": True}},
        sitting_out="E",
        talon_honours={"A": ["skiz"], "C": ["skiz"]},
    ),
    build(result={"declarer_card_points": 91, "declarer_tricks": 9, "trull": "declarer", "four_kings": None}),
]


def summary_errors() -> Iterator[EngineError]:
    for summary in [*(s for s, _path in INVALID), *MORE_SUMMARIES]:
        yield from _errors(SummaryError, score_summary, summary)
    for name, path in SUMMARY_FIELDS:
        for value in BAD_VALUES:
            yield from _errors(SummaryError, score_summary, _with(SUMMARIES[name], path, value))


def record_errors() -> Iterator[EngineError]:
    for path in RECORD_FIELDS:
        for value in BAD_VALUES:
            yield from _errors(ReplayError, replay, _with(RECORD, path, value))
    for i, trick in enumerate(RECORD["tricks"]):  # cards swapped within a trick: illegal plays
        record = copy.deepcopy(RECORD)
        record["tricks"][i]["cards"] = trick["cards"][::-1]
        yield from _errors(ReplayError, replay, record)
    for record in _more_records():
        yield from _errors(ReplayError, replay, record)


def _more_records() -> Iterator[dict[str, Any]]:
    """Records wrong in ways no single field's value reaches: steps left over, a trick of five cards, the
    sections of a hand that was never played."""
    played = copy.deepcopy(RECORD)
    played["auction"].append({"seat": played["seats"][0], "say": "pass"})
    yield played
    played = copy.deepcopy(RECORD)
    played["announcements"].append({"seat": played["seats"][0], "say": ["pass"]})
    yield played
    played = copy.deepcopy(RECORD)
    played["tricks"][0]["cards"].append(played["tricks"][1]["cards"][0])
    yield played
    failed = next(r for r in RECORDS if r["result"] == "trial_three_failed")
    yield {**failed, "call": "XX"}
    yield {**failed, "tricks": RECORD["tricks"][:1]}


def rules_errors() -> Iterator[EngineError]:
    for name, value in Rules().options().items():
        for bad in [*BAD_VALUES, -5, 9, [1], [1, -1], ["x"], "nope"]:
            if bad != value:
                yield from _errors(RulesError, get_rules, "pagat", **{name: bad})
    yield from _errors(RulesError, get_rules, "nope")
    yield from _errors(
        RulesError, get_rules, "pagat", cue_bid_withdrawn_bidder_passes=True, cue_bid_interpretation="kegl"
    )


#: moves to try at every step of a hand, most of them illegal there
MOVES: list[Any] = [
    *(Action("bid", level) for level in (3, 2, 1, 0, 7)),
    Action("hold"),
    Action("pass"),
    *(Action("raise", level) for level in (2, 1, 0)),
    Action("no_raise"),
    Action("annul", "four_kings"),
    Action("annul", "xxi_alone"),
    Action("no_annul"),
    *(
        Action("discard", cards)
        for cards in [(0,), (21,), (22,), (19,), (40, 41), (23, 24, 25), ("x",), (99,)]
    ),
    *(Action("declare", n) for n in (7, 8, 9)),
    *(Action("call", card) for card in (19, 18, 17, 5, 0, 30, "x")),
    *(Action("announce", bonus) for bonus in (*BONUSES, "nope")),
    Action("kontra", "game"),
    *(Action("kontra", (team, bonus)) for team in TEAM_NAMES for bonus in BONUSES),
    Action("kontra", "nothing"),
    *(Action("play", card) for card in range(42)),
    Action("play", 99),
    Action("dance"),
    ("play",),
]
RULES = [*PRESETS.values(), PRESETS["pagat"].replace(pais_declarations=True, old_holding_rule=True)]


def play_errors(hands: int = 16, tries: int = 20) -> Iterator[EngineError]:
    """``tries`` moves of ``MOVES`` that are not legal tried at every step of self-played hands (an illegal
    move changes nothing: checked)."""
    for seed in range(hands):
        rng = random.Random(seed)
        hand = Hand.new(seed, rules=RULES[seed % len(RULES)])
        while not hand.done:
            legal = list(hand.legal_actions())
            before = (hand.phase, hand.to_move(), legal, hand.announce_log[:], [t[:] for t in hand.tricks])
            for move in rng.sample(MOVES, tries):
                if move not in legal:
                    try:
                        hand.apply(move)
                    except EngineError as exc:
                        yield exc
                    else:
                        raise AssertionError(f"{move} was applied but not listed")
            assert before == (
                hand.phase,
                hand.to_move(),
                list(hand.legal_actions()),
                hand.announce_log,
                hand.tricks,
            )
            hand.apply(rng.choice(legal))
        yield from _errors(EngineError, hand.apply, Action("pass"))


@functools.cache
def corpus() -> dict[str, EngineError]:
    """One error of each code (and of each step it names) the corpus raises (built once, when a test asks:
    it takes several seconds)."""
    found: dict[str, EngineError] = {}
    for error in (*summary_errors(), *record_errors(), *rules_errors(), *play_errors()):
        key = " / ".join(p.code if isinstance(p, Message) else "" for p in (*error.where, error.message))
        found.setdefault(key, error)
    return found


def engine_templates(under: Path = ENGINE) -> dict[str, str]:
    """Every message template marked in engine/ (or ``under``) with its code: ``Message(code, _(template))``,
    ``error(path, code, _(template))`` or ``(code, _(template))`` in a table."""
    return {template: code for template, code in _marked(under).items() if code is not None}


def engine_texts() -> set[str]:
    """Every text marked in engine/: the messages' templates, and the games' labels, glossary terms,
    option and preset descriptions and entry-form questions (which have no code)."""
    return set(_marked(ENGINE))


MARKS = ("_", "gettext_noop")  # gettext_noop, as imported by a module (``_``) or by its name


def _marked(under: Path) -> dict[str, str | None]:
    marked: dict[str, str | None] = {}
    for path in sorted(under.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKS:
                template = node.args[0].value  # type: ignore[attr-defined]
                parent = parents[node]
                name = getattr(getattr(parent, "func", None), "id", None)
                if isinstance(parent, ast.Call) and name in ("Message", "error"):
                    first = parent.args[0 if name == "Message" else 1]
                elif (
                    isinstance(parent, ast.Tuple)
                    and len(parent.elts) == 2
                    and parent.elts[1] is node
                    and isinstance(parent.elts[0], ast.Constant)
                ):  # a (code, template) pair of a table
                    first = parent.elts[0]
                else:
                    marked.setdefault(template, None)  # a label, term, description: a text without code
                    continue
                assert isinstance(first, ast.Constant), f"{path.name}: {template!r} has no literal code"
                assert marked.get(template) in (None, first.value), f"{template!r}: two codes"
                marked[template] = first.value
    return marked


def _messages(error: EngineError) -> list[Message]:
    return [part for part in (*error.where, error.message) if isinstance(part, Message)]


def test_the_corpus_reaches_most_of_the_engines_messages() -> None:
    reached = {m.code for error in corpus().values() for m in _messages(error)}
    assert reached <= set(engine_templates().values())
    codes = set(engine_templates(ENGINE / "hungarian").values())  # the corpus is of Hungarian Tarokk
    assert len(reached & codes) >= 0.8 * len(codes), sorted(codes - reached)


def test_each_code_names_one_template() -> None:
    """A code is what a client matches on: two templates under one code would be two errors it cannot
    tell apart (and a translator's context would be wrong for one of them)."""
    templates: dict[str, set[str]] = {}
    for template, code in engine_templates().items():
        templates.setdefault(code, set()).add(template)
    assert {code: sorted(t) for code, t in templates.items() if len(t) > 1} == {}


def test_every_error_has_a_code_and_templates_that_render_into_its_text() -> None:
    for error in corpus().values():
        assert error.code != PLAIN, error
        assert error.code == error.message.code
        for message in _messages(error):
            assert message.code
            assert str(message) == (message.template % message.params if message.params else message.template)
            json.dumps(message.params)  # JSON-safe: the API returns them, a store keeps them
        parts = [p if isinstance(p, str) else str(p) for p in (*error.where, error.message)]
        assert str(error) == ": ".join(parts)
        assert error.params == {k: v for m in _messages(error) for k, v in m.params.items()}


def test_every_error_survives_pickling_with_its_text_code_and_params() -> None:
    """A task's error may be pickled (a result backend, a dead letter)."""
    for error in corpus().values():
        copied = pickle.loads(pickle.dumps(error))
        assert type(copied) is type(error)
        assert (str(copied), copied.code, copied.params) == (str(error), error.code, error.params)


@pytest.mark.parametrize("language", ["hu", "de"])
def test_every_error_of_the_corpus_reads_in_hungarian_and_german(language: str) -> None:
    with translation.override(language):
        for error in corpus().values():
            for message in _messages(error):
                assert translation.gettext(message.template) != message.template, message.template
                text = render(message, "hungarian", {})
                for name, value in message.params.items():
                    if name not in WORDS and type(value) is str and f"%({name})s" in message.template:
                        assert value in text  # a value shown as given, whatever the language
                assert "%(" not in text


@pytest.mark.parametrize("language", ["hu", "de"])
def test_every_template_of_the_engine_is_in_the_catalogue(language: str) -> None:
    templates = engine_texts()
    assert len(templates) > 150
    catalogue = trans_real.translation(language)._catalog  # a jargon word may read the same in it
    missing = [t for t in templates if t not in catalogue]
    assert missing == []
    with translation.override(language):
        assert sum(translation.gettext(t) != t for t in templates) > 0.8 * len(templates)


def test_every_word_of_the_engines_vocabularies_has_a_label_in_each_language() -> None:
    from engine.hungarian.rules import ANNULMENT_HOLDINGS

    vocabularies = {
        "bid": BIDS,
        "team": TEAM_NAMES,
        "bonus": BONUSES,
        "kind": KINDS,
        "holding": ANNULMENT_HOLDINGS,
    }
    assert set(WORDS.values()) - {"word"} == set(vocabularies) == set(VOCABULARIES)  # "word": any
    for name, words in vocabularies.items():
        assert set(words) <= set(VOCABULARIES[name])
    with translation.override("hu"):
        assert str(VOCABULARIES["bid"]["three"]) == "három"
        assert str(VOCABULARIES["team"]["opponents"]) == "az ellenfél csapata"
    with translation.override("de"):
        assert str(VOCABULARIES["kind"]["passed_out"]) == "eingepasst"
        assert str(VOCABULARIES["holding"]["no_tarokks"]) == "keine Tarocke"


def test_a_word_param_reads_in_the_readers_language_and_any_other_value_as_given() -> None:
    error = next(e for e in corpus().values() if e.code == "card_points_impossible")
    assert error.params["bid"] in BIDS
    with translation.override("hu"):
        text = render(error.message, "hungarian", {})
        bid = str(VOCABULARIES["bid"][error.params["bid"]])
    assert "kártyapont lehetetlen" in text
    assert f"ha a licit {bid} (" in text
    assert bid != error.params["bid"]
    unknown = Message("cannot_announce", "cannot announce %(bonus)s", bonus="nope")
    with translation.override("de"):
        assert render(unknown, "hungarian", {}) == "nope kann nicht angesagt werden"
        assert (
            render(unknown.with_params(bonus="four_kings"), "hungarian", {})
            == "vier Könige kann nicht angesagt werden"
        )


@pytest.mark.parametrize("language", ["hu", "de"])
def test_every_text_of_every_game_reads_in_the_language_with_its_placeholders(language: str) -> None:
    placeholder = re.compile(r"%\(\w+\)[sd]")
    with translation.override(language):
        for text in engine_texts():
            translated = translation.gettext(text)
            assert sorted(placeholder.findall(translated)) == sorted(placeholder.findall(text)), text
