"""Hungarian Tarokk on the entry pages: its hand summary in the words players use (mapped to the engine's
hand-summary JSON, ``engine/schemas/hungarian/hand-summary.schema.json``), its payments form, the labels
of their fields, and the facts of an entered hand a confirming seat checks. The words of the game (bids,
kinds of hand, kontras) are the descriptor's; their labels, and the form's layout, are the site's."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.games import game
from engine.hungarian.summary import BONUSES  # a game's kit reads its own game's words
from tournaments.core.formats import Deal, rules_of
from tournaments.draw.models import Seat
from tournaments.pages.common import seat_label
from tournaments.pages.games import generic
from tournaments.pages.games.kit import EntryKit
from tournaments.results.models import HandSubmission

GAME = game("hungarian")  # this kit's game
KONTRA_NAMES = ("—", *GAME.kontra_names)  # jargon: never translated


TEAM_CHOICES = [
    ("", "—"),
    ("declarer", gettext_lazy("declarer's team")),
    ("opponents", gettext_lazy("opponents")),
]


PAYMENT_KINDS = [
    ("played", gettext_lazy("played")),
    ("passed_out", gettext_lazy("passed out (four passes): nobody pays")),
    ("annulled", gettext_lazy("annulled: nobody pays")),
]


SUMMARY_KINDS = [
    ("played", gettext_lazy("played")),
    ("passed_out", gettext_lazy("passed out (four passes)")),
    ("annulled", gettext_lazy("annulled")),
    ("trial_three_failed", gettext_lazy("failed trial three")),
    ("penalty", gettext_lazy("penalty (renonsz)")),
]


BID_CHOICES = [
    ("", "—"),
    ("three", gettext_lazy("three (három)")),
    ("two", gettext_lazy("two (kettő)")),
    ("one", gettext_lazy("one (egy)")),
    ("solo", gettext_lazy("solo (szóló)")),
]


DECLARATION_CHOICES = [
    ("", "—"),
    ("8", gettext_lazy("eight tarokks, declared")),
    ("9", gettext_lazy("nine tarokks, declared")),
    ("8-late", gettext_lazy("eight, claimed afterwards")),
    ("9-late", gettext_lazy("nine, claimed afterwards")),
]


PAGAT_LAST_CHOICES = [
    ("", gettext_lazy("not played to the last trick")),
    ("declarer:won", gettext_lazy("declarer's team: won it")),
    ("declarer:lost", gettext_lazy("declarer's team: lost it")),
    ("opponents:won", gettext_lazy("opponents: won it")),
    ("opponents:lost", gettext_lazy("opponents: lost it")),
]


ANNOUNCED_CHOICES = [("", gettext_lazy("not announced")), *TEAM_CHOICES[1:]]


TOOK_CHOICES = [("", gettext_lazy("neither team")), *TEAM_CHOICES[1:]]


BOTH = "both"  # a family bonus both teams made (the Evil One, the Good One: a trick each)
MADE_CHOICES = [*TOOK_CHOICES, (BOTH, gettext_lazy("both teams"))]


RESULT_BONUSES = ("trull", "four_kings", "xxi_catch")


ALONE = "alone"  # the summary form's partner choice for a solo: the engine's summary says partner null


BID_NAMES = dict(BID_CHOICES)


KIND_NAMES = dict(SUMMARY_KINDS)


def hand_facts(view: Any, submission: HandSubmission) -> list[tuple[str, str]]:
    """What was played, in the summary form's words: the facts a confirming seat checks, beside the
    payments and the engine's items."""
    payload = submission.payload or {}
    facts = [(str(FIELD_LABELS["kind"]), str(KIND_NAMES.get(submission.kind, submission.kind)))]
    if submission.source != HandSubmission.Source.SUMMARY:
        return facts

    def who(position: Any) -> str:
        seat = view.seat(position) if isinstance(position, str) else None
        return seat_label(seat) if seat else "—"

    if submission.kind in ("played", "trial_three_failed"):
        facts.append((str(FIELD_LABELS["bid"]), str(BID_NAMES.get(payload.get("bid"), payload.get("bid")))))
        facts.append((str(FIELD_LABELS["declarer"]), who(payload.get("declarer"))))
    if submission.kind == "played":
        partner = payload.get("partner")
        alone = partner in (None, payload.get("declarer"))
        facts.append(
            (str(FIELD_LABELS["partner"]), _("nobody: the declarer plays alone") if alone else who(partner))
        )
        result = payload.get("result") or {}
        facts.append((str(FIELD_LABELS["card_points"]), str(result.get("declarer_card_points", "—"))))
        facts.append((str(FIELD_LABELS["tricks"]), str(result.get("declarer_tricks", "—"))))
        if payload.get("game_kontra"):
            facts.append((str(FIELD_LABELS["game_kontra"]), KONTRA_NAMES[int(payload["game_kontra"])]))
    if submission.kind == "penalty":
        offenders = ", ".join(who(p) for p in payload.get("offenders", []))
        facts.append((str(FIELD_LABELS["offenders"]), offenders))
        facts.append((str(FIELD_LABELS["amount"]), str(payload.get("amount", "—"))))
    return facts


class PaymentsForm(generic.PaymentsForm):
    """One number per seat; the sitting-out dealer of a 5-table gets 0 (a read-only field). The kinds of
    hand in the players' words (what each pays)."""

    game = GAME
    kind_choices = PAYMENT_KINDS

    @staticmethod
    def field_label(name: str) -> str:
        return field_label(name)


class SummaryForm(forms.Form):
    """A hand summary in the words players use; ``to_data`` is the engine's hand-summary JSON."""

    kind = forms.ChoiceField(choices=SUMMARY_KINDS, initial="played")
    bid = forms.ChoiceField(choices=BID_CHOICES, required=False)
    declarer = forms.ChoiceField(required=False)
    partner = forms.ChoiceField(required=False)
    called_card_discarded = forms.BooleanField(required=False)
    game_kontra = forms.TypedChoiceField(coerce=int, required=False, empty_value=0)
    card_points = forms.IntegerField(
        required=False, min_value=0, max_value=94, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    tricks = forms.IntegerField(
        required=False, min_value=0, max_value=9, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    won_trull = forms.ChoiceField(choices=TOOK_CHOICES, required=False)
    won_four_kings = forms.ChoiceField(choices=TOOK_CHOICES, required=False)
    won_xxi_catch = forms.ChoiceField(choices=TOOK_CHOICES, required=False)
    pagat_last_trick = forms.ChoiceField(choices=PAGAT_LAST_CHOICES, required=False)
    offenders = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)
    amount = forms.IntegerField(
        required=False, min_value=1, max_value=999, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )

    def __init__(self, *args: Any, view: Any, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}
        active = [s for s in view.seats if s.position in deal.active]
        seat_choices = [(s.position, seat_label(s)) for s in active]
        self.fields["declarer"].choices = [("", "—"), *seat_choices]
        # A solo (the declarer called a card in their own hand, or it lay in a discard) is chosen as such,
        # never by naming the declarer as their own partner nor by leaving the field empty.
        self.fields["partner"].choices = [
            ("", "—"),
            (ALONE, _("nobody: plays alone")),
            *seat_choices,
        ]
        self.fields["offenders"].choices = seat_choices
        rules = rules_of(view.tournament)
        kontras = [(0, _("no kontra"))] + [(k, KONTRA_NAMES[k]) for k in range(1, rules.max_kontra + 1)]
        self.fields["game_kontra"].choices = kontras
        self.bonus_rows = []
        for bonus in BONUSES:
            team, kontra = f"ann_{bonus}_team", f"ann_{bonus}_kontra"
            self.fields[team] = forms.ChoiceField(choices=ANNOUNCED_CHOICES, required=False)
            self.fields[kontra] = forms.TypedChoiceField(
                choices=kontras, coerce=int, required=False, empty_value=0
            )
            self.bonus_rows.append((bonus, team, kontra))
        # A family preset's own bonuses (Palatine, Magus, Emperor): announced like the others, and who made
        # them (the summary's ``result.bonuses``)
        self.family_rows = []
        for bonus, _silent, _announced in getattr(rules, "family_bonuses", ()):
            team, kontra, made = f"ann_{bonus}_team", f"ann_{bonus}_kontra", f"made_{bonus}"
            self.fields[team] = forms.ChoiceField(choices=ANNOUNCED_CHOICES, required=False)
            self.fields[kontra] = forms.TypedChoiceField(
                choices=kontras, coerce=int, required=False, empty_value=0
            )
            self.fields[made] = forms.ChoiceField(choices=MADE_CHOICES, required=False)
            self.family_rows.append((bonus, team, kontra, made))
        self.declaration_rows = []
        for seat in active:
            name = f"decl_{seat.position}"
            self.fields[name] = forms.ChoiceField(choices=DECLARATION_CHOICES, required=False)
            self.declaration_rows.append((seat, name))
        self._announced: list[str] = []  # the bonus of each announcement in to_data's list, in order
        self._declared: list[str] = []  # the seat of each declaration, in order

    @property
    def bonus_fields(self) -> list[tuple[str, Any, Any]]:
        return [(bonus, self[team], self[kontra]) for bonus, team, kontra in self.bonus_rows]

    @property
    def family_fields(self) -> list[tuple[str, Any, Any, Any]]:
        """(the bonus in words, announced by, its kontra, made by) of each of the preset's family bonuses."""
        return [
            (_(GAME.labels.get(bonus, bonus)), self[team], self[kontra], self[made])
            for bonus, team, kontra, made in self.family_rows
        ]

    @property
    def declaration_fields(self) -> list[tuple[Seat, Any]]:
        return [(seat, self[name]) for seat, name in self.declaration_rows]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        kind = cleaned.get("kind")
        required: tuple[str, ...] = ()
        if kind == "played":
            required = ("bid", "declarer", "partner", "card_points", "tricks")
            declarer, partner = cleaned.get("declarer"), cleaned.get("partner")
            if declarer and partner == declarer:
                self.add_error(
                    "partner",
                    _("The declarer is not their own partner: choose “nobody” for a solo."),
                )
        elif kind == "trial_three_failed":
            required = ("declarer",)
        elif kind == "penalty":
            required = ("offenders", "amount")
        for name in required:
            if cleaned.get(name) in (None, "", []) and name not in self.errors:
                self.add_error(name, _("Needed for this kind of hand."))
        return cleaned

    def to_data(self) -> dict[str, Any]:
        """The hand summary (schema: engine/schemas/hungarian/hand-summary.schema.json). Seats, stake, the
        seat sitting out and the rules are the table's: ``hand_submit`` fills them in."""
        c = self.cleaned_data
        kind = c["kind"]
        data: dict[str, Any] = {"kind": kind}
        self._announced, self._declared = [], []
        if kind == "played":
            data["bid"] = c["bid"]
            data["declarer"] = c["declarer"]
            data["partner"] = None if c["partner"] in ("", ALONE) else c["partner"]
            data["game_kontra"] = int(c.get("game_kontra") or 0)
            if c.get("called_card_discarded"):
                data["called_card_discarded"] = True
            announcements = []
            for bonus, team, kontra in self.bonus_rows:
                if c.get(team):
                    announcements.append({"team": c[team], "bonus": bonus, "kontra": int(c.get(kontra) or 0)})
                    self._announced.append(bonus)
            for bonus, team, kontra, _made in self.family_rows:
                if c.get(team):
                    announcements.append({"team": c[team], "bonus": bonus, "kontra": int(c.get(kontra) or 0)})
                    self._announced.append(bonus)
            data["announcements"] = announcements
            declarations = []
            for seat, name in self.declaration_rows:
                value = c.get(name) or ""
                if value:
                    declarations.append(
                        {
                            "seat": seat.position,
                            "tarokks": int(value[0]),
                            "declared": not value.endswith("late"),
                        }
                    )
                    self._declared.append(seat.position)
            data["declarations"] = declarations
            result: dict[str, Any] = {
                "declarer_card_points": c["card_points"],
                "declarer_tricks": c["tricks"],
            }
            for bonus in RESULT_BONUSES:
                result[bonus] = c.get(f"won_{bonus}") or None
            last = c.get("pagat_last_trick") or ""
            result["pagat_last_trick"] = (
                {"team": last.split(":")[0], "won": last.endswith(":won")} if last else None
            )
            if self.family_rows:
                made_by = {bonus: c.get(made) for bonus, _t, _k, made in self.family_rows if c.get(made)}
                result["bonuses"] = {
                    bonus: ["declarer", "opponents"] if team == BOTH else team
                    for bonus, team in made_by.items()
                }
            data["result"] = result
        elif kind == "trial_three_failed":
            data["bid"] = "three"
            data["declarer"] = c["declarer"]
        elif kind == "penalty":
            data["offenders"] = list(c["offenders"])
            data["amount"] = c["amount"]
        return data

    def field_for(self, path: str) -> str | None:
        """The form field an engine error's path (``data.result.declarer_tricks``) names, if any."""
        simple = {
            "data.kind": "kind",
            "data.bid": "bid",
            "data.declarer": "declarer",
            "data.partner": "partner",
            "data.called_card_discarded": "called_card_discarded",
            "data.game_kontra": "game_kontra",
            "data.result.declarer_card_points": "card_points",
            "data.result.declarer_tricks": "tricks",
            "data.result.trull": "won_trull",
            "data.result.four_kings": "won_four_kings",
            "data.result.xxi_catch": "won_xxi_catch",
            "data.result.pagat_last_trick": "pagat_last_trick",
            "data.result.pagat_team": "pagat_last_trick",
            "data.offenders": "offenders",
            "data.amount": "amount",
        }
        if path in simple:
            return simple[path]
        if path.startswith("data.offenders["):
            return "offenders"
        match = re.fullmatch(r"data\.result\.bonuses\.(\w+)(?:\[\d+\])?", path)
        if match and f"made_{match.group(1)}" in self.fields:
            return f"made_{match.group(1)}"
        match = re.fullmatch(r"data\.announcements\[(\d+)\](?:\.(\w+))?", path)
        if match and int(match.group(1)) < len(self._announced):
            bonus = self._announced[int(match.group(1))]
            return f"ann_{bonus}_kontra" if match.group(2) == "kontra" else f"ann_{bonus}_team"
        match = re.fullmatch(r"data\.declarations\[(\d+)\](?:\.\w+)?", path)
        if match and int(match.group(1)) < len(self._declared):
            return f"decl_{self._declared[int(match.group(1))]}"
        return None

    def group_for(self, path: str) -> str | None:
        if path == "data.announcements":
            return "announcements"
        if path == "data.declarations":
            return "declarations"
        return None

    @staticmethod
    def field_label(name: str) -> str:
        return field_label(name)


FIELD_LABELS = {
    "kind": gettext_lazy("Kind of hand"),
    "bid": gettext_lazy("Bid"),
    "declarer": gettext_lazy("Declarer"),
    "partner": gettext_lazy("Partner"),
    "called_card_discarded": gettext_lazy("The called tarokk was in the discard"),
    "game_kontra": gettext_lazy("Kontra of the game"),
    "card_points": gettext_lazy("Card points of the declarer's team"),
    "tricks": gettext_lazy("Tricks of the declarer's team"),
    "won_trull": "trull",
    "won_four_kings": gettext_lazy("four kings"),
    "won_xxi_catch": gettext_lazy("XXI catch"),
    "pagat_last_trick": gettext_lazy("pagát in the last trick"),
    "offenders": gettext_lazy("Who reneged"),
    "amount": gettext_lazy("Penalty per player"),
}


def field_label(name: str) -> str:
    """A field's name in words, for the live preview's list of errors."""
    if name in FIELD_LABELS:
        return str(FIELD_LABELS[name])
    match = re.fullmatch(r"ann_(\w+)_(team|kontra)", name)
    if match:
        bonus = match.group(1).replace("_", " ")
        return (
            _("%(bonus)s: announced by") % {"bonus": bonus}
            if match.group(2) == "team"
            else _("%(bonus)s: kontra") % {"bonus": bonus}
        )
    if name.startswith("decl_"):
        return _("Tarokks declared by %(seat)s") % {"seat": name[5:]}
    if name.startswith("made_"):
        return _("%(bonus)s: made by") % {"bonus": _(GAME.labels.get(name[5:], name[5:]))}
    return name


KIT = EntryKit(
    game=GAME.id,
    forms={"payments": PaymentsForm, "summary": SummaryForm},
    summary_template="tournaments/entry/_summary_fields_hungarian.html",
    hand_facts=hand_facts,
)
