"""The game descriptor: everything the tournament system may ask of a game, in one frozen value.

The domain (tables, deals, the entry of results, the pages and the API) knows no game's rules: it asks the
descriptor of the tournament's game (``engine.games.game(game_id)``) how many sit at a table and who sits
out, who deals which deal at what stake, which kinds of entry a table may make, how a summary is checked
and scored, how a record is replayed, which words the glossary explains and which presets exist. A new
game (``engine/<game>/``) fills one in from its own modules as its ``game.DESCRIPTOR``: the registry
(``engine.games.kits``) finds it. What most games share has a default (``__post_init__``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.facts import HandFacts
from engine.core.form import FormField
from engine.core.kit import replays_nothing, summary_schema_of
from engine.core.live import LiveGame

#: the kinds of entry a table may make for a hand: the seats' payments as typed, a hand summary (scored by
#: the engine), or a whole hand record (replayed by the engine)
ENTRY_KINDS: tuple[str, ...] = ("payments", "summary", "record")
#: the languages every game names itself in
LANGUAGES: tuple[str, ...] = ("hu", "en", "de")


@dataclass(frozen=True)
class Deal:
    """The n-th deal at a table: who deals, who plays (the first bidder first), who sits out, the stake."""

    number: int
    dealer: str
    active: tuple[str, ...]
    stake: int
    sitting_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Term:
    """A word of the game for the glossary: as the game's home players say it (never translated), the
    plain word in English where there is one (else None: jargon stays as it is), and an English gloss.
    The plain word and the gloss are templates the reader's language translates."""

    word: str
    plain: str | None
    gloss: str


def nobody_sits_out(positions: Sequence[str], dealer: str, rules: Any) -> tuple[str, ...]:
    """A descriptor's ``sitting_out`` where every seat plays every deal."""
    return ()


def shares_nothing(rules: Any) -> str | None:
    """A descriptor's ``sitting_out_shares`` where a seat sitting out neither wins nor loses."""
    return None


@dataclass(frozen=True)
class GameDescriptor:
    """One game of the family, as the tournament system sees it.

    The callables take and return plain data (seat labels, JSON-like dicts, the game's ``Rules`` value),
    so the domain stores and passes them without knowing their insides.
    """

    id: str
    #: the game's name in each of ``LANGUAGES``
    names: Mapping[str, str]
    #: the table sizes a tournament of this game may have, the smallest first
    table_sizes: tuple[int, ...]
    #: ``(positions, first_dealer, previous_kinds, rules) -> Deal``: the next deal after hands of those kinds
    deal: Callable[[Sequence[str], str, Sequence[str], Any], Deal]
    #: ``(summary, rules=None) -> {"payments", "items", ...}``; raises the game's ``EngineError``
    score: Callable[..., dict[str, Any]]
    #: ``(rules) -> the largest payment one seat can make in one hand at stake 1`` (a bound, not a guess)
    max_payment: Callable[[Any], int]
    #: what one seat plausibly wins or loses in one hand at stake 1 (a typed payment beyond it is queried)
    plausible_payment: int
    #: the glossary: key -> Term
    terms: Mapping[str, Term]
    #: the words of the engine's messages and score sheets, by vocabulary (``messages.WORDS`` names them)
    vocabularies: Mapping[str, tuple[str, ...]]
    #: the kontra ladder's names, level 1 first
    kontra_names: tuple[str, ...]
    #: preset name -> Rules
    presets: Mapping[str, Any]
    #: ``(spec, options=None) -> Rules``: a preset name, a ``{"preset", "options"}`` spec or a Rules value
    resolve_rules: Callable[..., Any]
    #: how many play each deal at most (the rest sit out)
    players_per_deal: int = 0
    #: ``(positions, dealer, rules) -> the seats sitting out that deal`` (Hungarian: the dealer of a 5-seat
    #: table; Cego: the dealer of a 4-seat table unless the rules are 17.4's four-handed game); ``rules``
    #: is the game's ``Rules`` value (None: the default preset's)
    sitting_out: Callable[[Sequence[str], str, Any], tuple[str, ...]] = nobody_sits_out
    #: ``rules -> whose score the sitting-out seat shares``: ``"opponents"`` (it wins or loses what each of
    #: the declarer's opponents does), or None (it neither wins nor loses)
    sitting_out_shares: Callable[[Any], str | None] = shares_nothing
    #: the kinds of entry (of ``ENTRY_KINDS``) a table may make
    entry_kinds: frozenset[str] = frozenset()
    #: ``() -> the JSON schema of a hand summary`` (read when asked)
    summary_schema: Callable[[], dict[str, Any]] | None = None  # type: ignore[assignment]
    #: ``(record) -> result with .summary, .payments``; raises the game's ``EngineError``
    replay: Callable[[Any], Any] | None = None  # type: ignore[assignment]
    #: ``(item, parsed summary, rules, positions) -> payments | None``: what one scored item moves
    item_payments: Callable[..., dict[str, int] | None] | None = None
    default_preset: str = ""
    #: ``python -m engine COMMAND``: command -> module with ``main(argv) -> int``
    commands: Mapping[str, str] = field(default_factory=dict)
    #: the summary kinds after which the same seat deals again (the hand was thrown in, not played)
    thrown_in_kinds: frozenset[str] = frozenset()
    #: one letter per way a hand may end that leads to a different next deal, with a summary kind of that
    #: way: a phone without a connection plans the deals ahead along these steps (``deal_paths``)
    deal_steps: Mapping[str, str] = field(default_factory=lambda: {"p": "played"})
    #: ``(a record's rules spec) -> Rules`` as a replay reads it (its errors name the record); None: the
    #: game replays no records
    record_rules: Callable[[Any], Any] | None = None
    #: ``(summary, rules, positions) -> (facts, [(item, payments moved or None), ...])``: what a version of a
    #: hand says happened, by field path, and what each scored item moves (a dispute's validator compares
    #: versions by these); None: the game's summaries are not weighed item by item
    assess_summary: Callable[..., tuple[dict[str, Any], list[tuple[dict[str, Any], Any]]]] | None = None
    #: ``(seed, rules, seats, stake) -> a hand record``: a hand dealt by ``seed`` and played to the end by
    #: the game's own bots (the demo's and the benchmarks' hands); None: the game has no bots yet
    bot_record: Callable[..., dict[str, Any]] | None = None
    #: the kinds of hand the seats sitting out play too (Königrufen: a Fahren, a Trischaken that the
    #: sitting-out dealer of a 5-seat table joins, 18.11): their payments are not 0
    everyone_plays_kinds: frozenset[str] = frozenset()
    #: the hand summary as an entry form (``engine.core.form``): what the phone pages ask, in order
    summary_form: tuple[FormField, ...] = ()
    #: the English label of each word of the game a page shows (contracts, bonuses, scored items, kinds,
    #: sides), marked with ``gettext_noop``; the reader's language translates it. Jargon is labelled by
    #: itself ("Rufer", "Trischaken"): the glossary (``terms``) explains it
    labels: Mapping[str, str] = field(default_factory=dict)
    #: ``(rng, rules, deal) -> a plausible hand summary`` for ``deal`` (a ``Deal``): what the demo's bots
    #: enter (without ``seats``, ``stake``, ``sitting_out`` and ``rules``, which the table fills in)
    sample_summary: Callable[..., dict[str, Any]] | None = None
    #: the table size a draw fills first; the other ``table_sizes`` take the players left over
    preferred_table_size: int | None = None
    #: preset -> the tournament format its event plays (any of ``scoring`` ("game_points", "table_points",
    #: "both"), ``table_sizes``, ``deals_per_round`` {size: n}, ``table_points`` {size: [best place first]},
    #: ``rounds``, ``tiebreaks``, ``pairing_methods`` (round by round; "seeded": round 1 in groups by
    #: rating), ``point_value_cents``, ``kontras_to_box``, ``deals_within_time`` (the deals per round are a
    #: maximum within the round's time: no new deal once time is up; left out: a fixed number of deals));
    #: what a preset leaves out is the site's default
    formats: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    #: option name -> what it means (English), for ``python -m engine rules`` and the organizer's pages
    option_docs: Mapping[str, str] = field(default_factory=dict)
    #: preset name -> which event or school plays it, with the rules text's section
    preset_docs: Mapping[str, str] = field(default_factory=dict)
    #: preset name -> its English name as pages show it (marked with ``gettext_noop``; the reader's language
    #: translates it), e.g. "Wiener Tarockcup"; every preset has one (``tests/engine/test_descriptor.py``)
    preset_names: Mapping[str, str] = field(default_factory=dict)
    #: ``(summary, rules=None) -> HandFacts`` (``engine.core.facts``): what a hand's summary (or a replayed
    #: record's summary) says happened, for statistics: the contract, the declarers and partners, whether
    #: they won, the bonuses announced and made; raises the game's ``EngineError`` as ``score`` does
    hand_facts: Callable[..., HandFacts] | None = None
    #: live play (``engine.core.live``): dealing a hand from a seed, refereeing it move by move, each seat's
    #: view and the bots; None: the game is not played live yet
    live: LiveGame | None = None
    #: for the games table (README.md, ``python -m engine games``): "sources" (the rules texts' sections),
    #: "tables" (who sits out), "presets" (a word on them) and "scoring" (the default preset's), in English
    about: Mapping[str, str] = field(default_factory=dict)
    #: where the game stands in lists (the registry's order: the lowest first, then by id)
    order: int = 100
    #: ``(carry before a hand, the hand's summary, rules) -> the carry of the table's next hand``: what a
    #: hand leaves to the next ones at its table (``LiveDeal.carry``; Slovenian tarok's radelci); None:
    #: each hand stands alone
    carry_next: Callable[[Mapping[str, Any], Mapping[str, Any], Any], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        """What a kit leaves out, as most games have it: every seat of the largest table plays each deal,
        the schema from ``engine/schemas/<id>/``, no replay (then the tables enter payments and summaries;
        with one, records too), the first preset the default, and the commands every game shares (with
        ``play`` and ``replay`` when it is played live and replays records)."""
        fill = lambda name, value: object.__setattr__(self, name, value)  # noqa: E731  (a frozen dataclass)
        if not self.players_per_deal:
            fill("players_per_deal", max(self.table_sizes))
        if self.summary_schema is None:
            fill("summary_schema", summary_schema_of(self.id))
        replays = self.replay is not None
        if not replays:
            fill("replay", replays_nothing)
        if not self.entry_kinds:
            fill("entry_kinds", frozenset({"payments", "summary", *(("record",) if replays else ())}))
        if not self.default_preset:
            fill("default_preset", next(iter(self.presets)))
        if not self.commands:
            shared = {"score": "engine.core.cli:score", "rules": "engine.core.cli:rules"}
            if self.live is not None and replays:
                shared |= {"play": "engine.core.cli:play", "replay": "engine.core.cli:replay"}
            fill("commands", shared)

    @property
    def main_table_size(self) -> int:
        """The table size a draw fills first."""
        return self.preferred_table_size or self.table_sizes[0]

    def name(self, language: str) -> str:
        """The game's name in ``language`` (its first two letters), English when there is none."""
        return self.names.get((language or "en")[:2], self.names["en"])

    def dealer(self, positions: Sequence[str], first_dealer: str, number: int) -> str:
        """The dealer of deal ``number`` (1, 2 ...) when every hand before it was played: the deal passes
        on by one seat after each hand."""
        return positions[(positions.index(first_dealer) + number - 1) % len(positions)]
