"""Any game on the entry pages from its descriptor alone: the payments form with the game's kinds of hand,
and the summary form built from the game's ``summary_form`` (``engine.core.form``): one field per question,
in the game's words (its ``labels``, translated), mapped into the summary JSON by each question's path.
A game with a hand-made kit (Hungarian Tarokk) registers that instead (``pages.games.KITS``)."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from engine.core import thirds
from engine.core.descriptor import GameDescriptor
from engine.core.form import PER_SEAT_KINDS, SIDES, FormField
from tournaments import services
from tournaments.core.formats import Deal, rules_of
from tournaments.core.labels import game_word
from tournaments.pages.common import seat_label
from tournaments.pages.games.kit import EntryKit
from tournaments.results.models import HandSubmission

#: a bonus as a short select, whose side made or lost it (``side:made`` / ``side:lost``: its choices fit a
#: 360 px phone in every language), and a check box beside it: whether it was announced
BONUS_STATES = {"made": True, "lost": False}
BONUS_STATE_LABELS = {"made": gettext_lazy("made"), "lost": gettext_lazy("lost")}
SIDE_LABELS = {
    "declarer": pgettext_lazy("a bonus's side", "declarer"),
    "opponents": pgettext_lazy("a bonus's side", "opponents"),
}
ANNOUNCED = gettext_lazy("announced")
NEEDED = gettext_lazy("Needed for this hand.")


def word(game: GameDescriptor, value: str) -> str:
    """A word of the game in the reader's language (jargon is labelled by itself)."""
    return str(game_word(game.id, value))


def field_name(path: str) -> str:
    return path.replace(".", "__")


class GameForm(forms.Form):
    """What every form of a game's generic kit shares: the game and the errors of whole groups."""

    game: GameDescriptor

    def __init__(self, *args: Any, view: Any, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}
        self.view, self.deal = view, deal

    def group_for(self, path: str) -> str | None:
        return None


class PaymentsForm(GameForm):
    """One number per seat and the kind of hand; a seat sitting out gets 0 unless the game lets it share."""

    confirm_unusual = forms.BooleanField(required=False, label=gettext_lazy("Yes, this is what we played"))
    #: the kinds of hand as the form offers them; None: every kind of the game, in its labels
    kind_choices: list[tuple[str, Any]] | None = None

    def __init__(self, *args: Any, view: Any, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, view=view, deal=deal, **kwargs)
        kinds = self.game.vocabularies.get("kind", ("played",))
        kind = forms.ChoiceField(
            choices=self.kind_choices or [(k, word(self.game, k)) for k in kinds],
            initial="played",
            label=gettext_lazy("The hand was"),
        )
        self.fields = {"kind": kind, **self.fields}
        shares = self.game.sitting_out_shares(rules_of(view.tournament)) is not None
        bound = services.payment_bound(view.tournament, deal.stake)
        self.seat_fields = []
        for seat in view.seats:
            name = f"pay_{seat.position}"
            out = seat.position not in deal.active and not shares and not self.game.everyone_plays_kinds
            self.fields[name] = forms.IntegerField(
                required=False,
                label=seat_label(seat),
                min_value=-bound,
                max_value=bound,
                disabled=out,
                initial=0 if out else None,
                widget=forms.NumberInput(
                    attrs={"inputmode": "numeric", "step": 1, "data-pay": seat.position}
                ),
            )
            self.seat_fields.append((seat, name, out))

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        thrown_in = cleaned.get("kind") in self.game.thrown_in_kinds
        for seat, name, _out in self.seat_fields:
            if thrown_in:
                cleaned[name] = 0
                self.errors.pop(name, None)
            elif cleaned.get(name) is None and name not in self.errors:
                self.add_error(name, _("Enter the points of %(seat)s (0 if none).") % {"seat": seat.position})
        return cleaned

    @property
    def seat_rows(self) -> list[tuple[Any, Any, bool]]:
        return [(seat, self[name], out) for seat, name, out in self.seat_fields]

    def to_data(self) -> dict[str, Any]:
        payments = {seat.position: int(self.cleaned_data[name] or 0) for seat, name, _ in self.seat_fields}
        return {"kind": self.cleaned_data["kind"], "payments": payments}

    @property
    def unusual(self) -> bool:
        return bool(getattr(self, "_unusual", False) or self.data.get("confirm_unusual"))

    def field_for(self, path: str) -> str | None:
        match = re.fullmatch(r"data\.payments\.([A-F])", path)
        if match and f"pay_{match.group(1)}" in self.fields:
            return f"pay_{match.group(1)}"
        return "kind" if path == "data.kind" else None

    def group_for(self, path: str) -> str | None:
        return "payments" if path == "data.payments" else None

    def field_label(self, name: str) -> str:
        return str(self.fields[name].label) if name in self.fields else name


class SummaryForm(GameForm):
    """The game's summary questions (``summary_form``); ``to_data`` is its hand-summary JSON."""

    def __init__(self, *args: Any, view: Any, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, view=view, deal=deal, **kwargs)
        # who may declare, call or be named: the seats that play the deal; a number per seat also for a
        # seat sitting out when it plays some kinds of hand (Königrufen's dealer in a Fahren, 18.11)
        playing = [(s.position, seat_label(s)) for s in view.seats if s.position in deal.active]
        everyone = [
            (s.position, seat_label(s))
            for s in view.seats
            if s.position in deal.active
            or (s.position in deal.sitting_out and self.game.everyone_plays_kinds)
        ]
        self.rules = rules_of(view.tournament)
        #: (question, names of its form fields) in the game's order: the questions the rules ask
        self.questions: list[tuple[FormField, list[str]]] = []
        self.table_size = len(view.seats)
        for question in self.game.summary_form:
            if not question.asked_under(self.rules, self.table_size):
                continue
            names = self._add(question, everyone if question.kind in (*PER_SEAT_KINDS, "seats") else playing)
            self.questions.append((question, names))

    def _add(self, q: FormField, seat_choices: list[tuple[str, str]]) -> list[str]:
        name, label = field_name(q.path), _(q.label)
        kwargs: dict[str, Any] = {"required": False, "label": label, "help_text": _(q.help) if q.help else ""}
        offered = q.choices_under(self.rules, self.table_size)
        if q.kind == "choice" and q.path == "kind" and "played" in offered:
            # the kind of hand: played unless the table says otherwise (as every summary reads it)
            choices = [(c, word(self.game, c)) for c in offered]
            kwargs["help_text"] = self._dealer_plays(offered) or kwargs["help_text"]
            self.fields[name] = forms.ChoiceField(choices=choices, initial="played", **kwargs)
        elif q.kind == "choice":
            choices = [("", "—"), *((c, word(self.game, c)) for c in offered)]
            self.fields[name] = forms.ChoiceField(choices=choices, **kwargs)
        elif q.kind == "seat":
            self.fields[name] = forms.ChoiceField(choices=[("", "—"), *seat_choices], **kwargs)
        elif q.kind == "seats":
            self.fields[name] = forms.MultipleChoiceField(
                choices=seat_choices, widget=forms.CheckboxSelectMultiple, **kwargs
            )
        elif q.kind == "int":
            self.fields[name] = forms.IntegerField(
                min_value=q.minimum,
                max_value=q.maximum,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                **kwargs,
            )
        elif q.kind == "bool":
            self.fields[name] = forms.BooleanField(**kwargs)
        elif q.kind == "kontra":
            names = self.game.kontra_names  # the game's own words (Kontra, Contra): jargon, never translated
            none = _("no %(kontra)s") % {"kontra": names[0]}
            levels = [(0, none), *((i + 1, n) for i, n in enumerate(names))]
            self.fields[name] = forms.TypedChoiceField(choices=levels, coerce=int, empty_value=0, **kwargs)
        elif q.kind == "bonus":
            choices = [("", _("not made"))] + [
                (f"{side}:{state}", f"{SIDE_LABELS[side]}: {BONUS_STATE_LABELS[state]}")
                for side in SIDES
                for state in BONUS_STATES
            ]
            self.fields[name] = forms.ChoiceField(choices=choices, **kwargs)
            self.fields[f"{name}__announced"] = forms.BooleanField(required=False, label=ANNOUNCED)
            return [name, f"{name}__announced"]
        elif q.kind == "per_seat_thirds":  # card points counted in thirds for each seat: 23, 23 1/3, 23,33
            names = []
            for position, seat_text in seat_choices:
                sub = f"{name}__{position}"
                self.fields[sub] = ThirdsField(q.minimum or 0, q.maximum or 0, label=f"{label}: {seat_text}")
                names.append(sub)
            return names
        else:  # per_seat: a number for each seat of the hand
            names = []
            for position, seat_text in seat_choices:
                sub = f"{name}__{position}"
                self.fields[sub] = forms.IntegerField(
                    min_value=q.minimum,
                    max_value=q.maximum,
                    required=False,
                    label=f"{label}: {seat_text}",
                    widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
                )
                names.append(sub)
            return names
        return [name]

    def _dealer_plays(self, kinds: tuple[str, ...]) -> str:
        """At a table whose dealer sits out, what the form says of the kinds of hand the dealer plays too
        (a Königrufen Trischaken at five, 18.11): "The dealer (E, Kovács Anna) plays a Trischaken too."."""
        joins = [k for k in kinds if k in self.game.everyone_plays_kinds]
        if not joins or not self.deal.sitting_out:
            return ""
        dealer = self.view.seat(self.deal.sitting_out[0])
        return _("The dealer (%(seat)s) sits out, but plays a hand of %(kinds)s too.") % {
            "seat": seat_label(dealer) if dealer else self.deal.sitting_out[0],
            "kinds": ", ".join(word(self.game, k) for k in joins),
        }

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The questions as the template lays them out: label, bound fields, when shown."""
        return [
            {
                "question": q,
                "label": _(q.label),
                "help": _(q.help) if q.help else "",
                "fields": [self[n] for n in names],
                "when": [(field_name(path), " ".join(values)) for path, values in q.shown_when.items()],
            }
            for q, names in self.questions
        ]

    def _applies(self, q: FormField, cleaned: dict[str, Any]) -> bool:
        """Whether ``q`` is asked: the answers it depends on are given, by questions that are asked."""
        by_path = {other.path: other for other, _names in self.questions}
        return all(
            cleaned.get(field_name(path)) in values
            and (path not in by_path or self._applies(by_path[path], cleaned))
            for path, values in q.shown_when.items()
        )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for q, names in self.questions:
            if not (q.required and self._applies(q, cleaned)):
                continue
            for n in names:
                if cleaned.get(n) in (None, "", []) and n not in self.errors:
                    self.add_error(n, NEEDED)
        return cleaned

    def to_data(self) -> dict[str, Any]:
        """The hand summary of the questions that apply; seats, stake, who sits out and the rules are the
        table's (``hand_submit`` fills them in)."""
        c, data = self.cleaned_data, {}
        for q, names in self.questions:
            if not self._applies(q, c):
                continue
            if q.kind in PER_SEAT_KINDS:
                values = {n.rsplit("__", 1)[1]: c.get(n) for n in names if c.get(n) is not None}
                value: Any = values or None
            elif q.kind == "bonus":
                answer = c.get(names[0]) or ""
                if not answer:
                    continue
                side, state = answer.split(":")
                value = {"side": side, "announced": bool(c.get(names[1])), "made": BONUS_STATES[state]}
            elif q.kind == "seats":
                value = list(c.get(names[0]) or []) or None
            elif q.kind == "bool":
                value = bool(c.get(names[0]))
            elif q.kind == "kontra":
                value = c.get(names[0]) or None  # no kontra said: nothing to tell the engine
            else:
                value = c.get(names[0])
                if value in ("", None):
                    continue
            if value is None:
                continue
            _put(data, q.path, value)
        return data

    def field_for(self, path: str) -> str | None:
        """The field an engine error's path (``data.bonuses.trull.made``) names: its question's, or the
        seat's box of a per-seat question."""
        path = path.removeprefix("data.")
        best: tuple[FormField, list[str]] | None = None
        for q, names in self.questions:
            if (path == q.path or path.startswith(q.path + ".")) and (
                best is None or len(q.path) > len(best[0].path)
            ):
                best = (q, names)
        if best is None:
            return None
        q, names = best
        if q.kind in PER_SEAT_KINDS:
            seat = path.removeprefix(q.path + ".").split(".")[0]
            return next((n for n in names if n.endswith(f"__{seat}")), names[0])
        if q.kind == "bonus" and path == f"{q.path}.announced":
            return names[1]
        return names[0]

    def field_label(self, name: str) -> str:
        return str(self.fields[name].label) if name in self.fields else name


class ThirdsField(forms.CharField):
    """Card points counted in thirds (``engine.core.thirds``) as players type them, ``23``, ``23 1/3``,
    ``23⅓`` or ``23,33``, cleaned to what a summary stores: ``23`` or ``"23 1/3"``."""

    def __init__(self, low: int, high: int, **kwargs: Any) -> None:
        super().__init__(required=False, **kwargs)
        self.low, self.high = low, high  # a text longer than 32 is no count (parse_thirds)
        self.widget.attrs.update({"maxlength": "32", "autocomplete": "off", "spellcheck": "false"})

    def to_python(self, value: Any) -> int | str | None:
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        counted = thirds.parse_thirds(text)
        if counted is None or not 3 * self.low <= counted <= 3 * self.high:
            raise forms.ValidationError(
                _("Enter card points from %(low)s to %(high)s counted in thirds: 23, 23 1/3 or 23,33.")
                % {"low": self.low, "high": self.high},
                code="thirds",
            )
        return thirds.stored(counted)


def _put(data: dict[str, Any], path: str, value: Any) -> None:
    """Set ``path`` of the summary: dotted keys, a number for a list's item (``more_declarers.0.won``)."""
    *parents, last = path.split(".")
    node: Any = data
    for part, below in zip(parents, [*parents[1:], last][: len(parents)], strict=True):
        empty: Any = [] if below.isdigit() else {}
        if part.isdigit():
            while len(node) <= int(part):
                node.append(None)
            node[int(part)] = node[int(part)] if node[int(part)] is not None else empty
            node = node[int(part)]
        else:
            node = node.setdefault(part, empty)
    if last.isdigit():
        while len(node) <= int(last):
            node.append(None)
        node[int(last)] = value
    else:
        node[last] = value


def summary_value(payload: Any, path: str) -> Any:
    """The value at ``path`` of a stored summary (dotted keys, a number for a list's item), or None."""
    value = payload
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def kit_of(game: GameDescriptor) -> EntryKit:
    """The entry kit of ``game`` from its descriptor."""

    def hand_facts(view: Any, submission: HandSubmission) -> list[tuple[str, str]]:
        """What an entered hand says, question by question, for the seat that confirms it."""
        facts = [(_("Kind of hand"), word(game, submission.kind))]
        if submission.source != HandSubmission.Source.SUMMARY:
            return facts
        payload = submission.payload or {}
        for q in game.summary_form:
            value = summary_value(payload, q.path)
            if value in (None, "", [], {}):
                continue
            if q.path == "kind":  # the form's own question says the kind, in its words: once
                facts[0] = (_(q.label), _fact(game, view, q, value))
                continue
            facts.append((_(q.label), _fact(game, view, q, value)))
        return facts

    name = game.id.title().replace("_", "")
    return EntryKit(
        game=game.id,
        forms={
            "payments": type(f"{name}PaymentsForm", (PaymentsForm,), {"game": game}),
            "summary": type(f"{name}SummaryForm", (SummaryForm,), {"game": game}),
        },
        summary_template="tournaments/entry/_summary_fields_generic.html",
        hand_facts=hand_facts,
    )


def _fact(game: GameDescriptor, view: Any, q: FormField, value: Any) -> str:
    def who(position: Any) -> str:
        seat = view.seat(position) if isinstance(position, str) else None
        return seat_label(seat) if seat else str(position)

    if q.kind == "seat":
        return who(value)
    if q.kind == "seats" and isinstance(value, list):
        return ", ".join(who(p) for p in value)
    if q.kind == "choice":
        return word(game, str(value))
    if q.kind == "bool":
        return _("yes") if value else _("no")
    if q.kind == "kontra" and isinstance(value, int) and 0 < value <= len(game.kontra_names):
        return game.kontra_names[value - 1]
    if q.kind == "bonus" and isinstance(value, dict):
        state = BONUS_STATE_LABELS["made" if value.get("made") else "lost"]
        said = f", {ANNOUNCED}" if value.get("announced") else ""
        return f"{SIDE_LABELS.get(value.get('side'), '')}: {state}{said}"
    if q.kind == "per_seat" and isinstance(value, dict):
        return ", ".join(f"{p} {v}" for p, v in value.items())
    if q.kind == "per_seat_thirds" and isinstance(value, dict):
        counts = {p: thirds.parse_thirds(v) for p, v in value.items()}
        return ", ".join(f"{p} {value[p] if n is None else thirds.shown(n)}" for p, n in counts.items())
    return str(value)
