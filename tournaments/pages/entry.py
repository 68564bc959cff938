"""Score entry at the table, from a phone (issue 14 §3).

The table's entry code (the one on the table card, the same as the API's) opens the table: its score
sheet, the next hand to enter with its dealer and stake, the entries waiting for a second seat and the
hands in dispute. The phone says once which seat it is (kept in the session for that code); every entry
and confirmation goes to the services as that seat's player, so the rules of the table (a second seat
confirms, a different entry opens a dispute, a retried form stores nothing twice) are the services'.

A hand is entered as payments (one field per seat) or as a hand summary in the words players use, mapped
to the engine's hand-summary JSON (``engine/schemas/hand-summary.schema.json``). ``services.hand_preview``
scores a summary without storing it: the form shows the payments and scored items before saving, and the
engine's errors beside the field their path names. Pages here carry CSRF tokens and a seat: never cached.

Without a connection (``static/tournaments/offline.js``, issue 21 §5) the phone keeps entries and
confirmations and sends them by itself, with the same idempotency key, when the connection is back; the
pages give it the table's URL and, on a payments form, the dealer and stake of the next hands for each way
the hands before them may go (``services.deals_ahead``), so that several hands can be entered in a row.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from engine.hungarian.summary import BONUSES
from tournaments import selectors, services
from tournaments.core.formats import Deal, game_of, rules_of, sits_out
from tournaments.draw.models import Round, Seat, Table, TableCode
from tournaments.organizing.models import Tournament
from tournaments.results.models import Dispute, Hand, HandSubmission

SEAT_SESSION_KEY = "entry-seat:{code}"
SOURCES = ("payments", "summary")
KONTRA_NAMES = ("—", "kontra", "rekontra", "szubkontra", "hirskontra", "mordkontra")
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
    ("trial_three_failed", gettext_lazy("failed trial three (fourth hand's three drew no honour)")),
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
    ("8-late", gettext_lazy("eight tarokks, not declared (claimed afterwards)")),
    ("9-late", gettext_lazy("nine tarokks, not declared (claimed afterwards)")),
]
PAGAT_LAST_CHOICES = [
    ("", gettext_lazy("not played to the last trick")),
    ("declarer:won", gettext_lazy("declarer's team: won the last trick")),
    ("declarer:lost", gettext_lazy("declarer's team: lost the last trick")),
    ("opponents:won", gettext_lazy("opponents: won the last trick")),
    ("opponents:lost", gettext_lazy("opponents: lost the last trick")),
]
ANNOUNCED_CHOICES = [("", gettext_lazy("not announced")), *TEAM_CHOICES[1:]]
TOOK_CHOICES = [("", gettext_lazy("neither team")), *TEAM_CHOICES[1:]]
RESULT_BONUSES = ("trull", "four_kings", "xxi_catch")
ALONE = "alone"  # the summary form's partner choice for a solo: the engine's summary says partner null
OFFLINE_DEPTH = 5  # hands a phone without a connection may enter after the one on its form


# --- the table behind a code --------------------------------------------------------------------------


@dataclass
class TableView:
    """A table opened with its code, and who this phone is."""

    code: TableCode
    table: Table
    round: Round
    tournament: Tournament
    seats: list[Seat]
    me: Seat | None
    open: bool
    closed_message: str = ""
    by_player: dict[int, Seat] = field(default_factory=dict)

    @property
    def positions(self) -> list[str]:
        return [s.position for s in self.seats]

    def seat(self, position: str) -> Seat | None:
        return next((s for s in self.seats if s.position == position), None)


def _client(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR", "unknown")


def _code_form_page(
    request: HttpRequest, tournament: Tournament, code: str, error: str, status: int
) -> HttpResponse:
    response = render(
        request,
        "tournaments/entry/start.html",
        {"tournament": tournament, "code": code, "error": error},
        status=status,
    )
    return response


def _open_table(request: HttpRequest, slug: str, code: str) -> TableView | HttpResponse:
    """The table of ``code`` in tournament ``slug``, or the code form with why not (404, 429)."""
    tournament = get_object_or_404(Tournament, slug=slug)
    try:
        found = services.table_code_find(slug, code, _client(request))
    except services.TooManyCodeFailures as exc:
        wait = max(1, round(exc.retry_after))
        response = _code_form_page(
            request,
            tournament,
            code,
            _("Too many wrong codes from this phone. Wait %(seconds)s seconds and try again.")
            % {"seconds": wait},
            429,
        )
        response["Retry-After"] = str(wait)
        return response
    if found is None:
        return _code_form_page(
            request,
            tournament,
            code,
            _(
                "There is no table with the code “%(code)s” in this tournament. "
                "Check the code on the table card."
            )
            % {"code": code},
            404,
        )
    table = found.table
    round_ = table.round
    seats = list(table.seats.select_related("player").order_by("position"))
    position = request.session.get(SEAT_SESSION_KEY.format(code=found.code))
    me = next((s for s in seats if s.position == position), None)
    closed_message = ""
    if round_.status == Round.Status.PUBLISHED:
        closed_message = _(
            "Round %(n)s has not started yet: results can be entered once the organizer starts it."
        ) % {"n": round_.number}
    elif round_.status != Round.Status.IN_PLAY:
        closed_message = _(
            "Round %(n)s is closed: no more entries from the table. If a result is wrong, tell the organizer."
        ) % {"n": round_.number}
    return TableView(
        code=found,
        table=table,
        round=round_,
        tournament=round_.tournament,
        seats=seats,
        me=me,
        open=round_.status == Round.Status.IN_PLAY,
        closed_message=closed_message,
        by_player={s.player_id: s for s in seats},
    )


def _open_seated(request: HttpRequest, slug: str, code: str) -> TableView | HttpResponse:
    """``_open_table`` for actions made in a seat's name: without a chosen seat, back to the table page."""
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse) or opened.me is not None:
        return opened
    messages.error(request, _("Choose your seat first."))
    return HttpResponseRedirect(_table_url(opened))


def _table_url(view: TableView) -> str:
    return reverse("tournaments:entry-table", kwargs={"slug": view.tournament.slug, "code": view.code.code})


def _hand_url(view: TableView, number: int, source: str) -> str:
    return reverse(
        "tournaments:entry-hand",
        kwargs={"slug": view.tournament.slug, "code": view.code.code, "number": number, "source": source},
    )


def _deals_limit(view: TableView) -> int:
    return view.tournament.deals_per_round(len(view.seats))


def _error_messages(exc: ValidationError) -> list[tuple[str, str, str]]:
    """(field, code, message) of a service's ValidationError, as the API's error shape has them."""
    if hasattr(exc, "error_dict"):
        return [
            ("" if name == "__all__" else name, e.code or "invalid", "; ".join(e.messages))
            for name, errors in exc.error_dict.items()
            for e in errors
        ]
    return [("", e.code or "invalid", "; ".join(e.messages)) for e in exc.error_list]


# --- the code form and the table page -----------------------------------------------------------------


@never_cache
def entry_start(request: HttpRequest, slug: str) -> HttpResponse:
    """Type the table's code (``?code=``): a GET form, so it works from a bookmark and without a session."""
    tournament = get_object_or_404(Tournament, slug=slug)
    code = request.GET.get("code", "").strip()
    if not code:
        return _code_form_page(request, tournament, "", "", 200)
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    return HttpResponseRedirect(_table_url(opened))


@dataclass
class PendingEntry:
    hand: Hand
    submission: HandSubmission
    by: Seat | None
    mine: bool
    items: list[dict[str, Any]]

    @property
    def retype(self) -> str:
        """The form to enter another version with: the same way this one was entered."""
        return "payments" if self.submission.source == HandSubmission.Source.PAYMENTS else "summary"


@dataclass
class DisputedHand:
    hand: Hand
    versions: list[tuple[HandSubmission, Seat | None]]


def _table_state(view: TableView) -> dict[str, Any]:
    """What the table page shows beside the sheet: the next hand, entries awaiting a second seat, disputes."""
    hands = {h.number: h for h in view.table.hands.all()}
    limit = _deals_limit(view)
    pending_subs = {
        s.hand_id: s
        for s in HandSubmission.objects.filter(
            hand__table=view.table, status=HandSubmission.Status.PENDING
        ).order_by("version")
    }
    rules = rules_of(view.tournament)
    pending, disputed = [], []
    next_number = None
    for number in range(1, limit + 1):
        hand = hands.get(number)
        waiting = pending_subs.get(hand.pk) if hand else None
        if hand is not None and hand.status == Hand.Status.DISPUTED:
            dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
            versions = list(dispute.submissions.order_by("version")) if dispute else []
            disputed.append(
                DisputedHand(hand, [(v, view.by_player.get(v.submitted_by_id)) for v in versions])
            )
        elif waiting is not None:
            by = view.by_player.get(waiting.submitted_by_id)
            pending.append(
                PendingEntry(
                    hand,
                    waiting,
                    by,
                    view.me is not None and by is not None and by.pk == view.me.pk,
                    selectors.scored_items(waiting.source, waiting.payload, rules),
                )
            )
        elif next_number is None and (hand is None or (hand.status == Hand.Status.PENDING and not hand.kind)):
            next_number = number
    deal = None
    if next_number is not None:
        try:
            deal = services.next_deal(view.table, next_number, view.positions)
        except ValidationError:  # an earlier hand was sent back to the table: enter that one first
            deal = None
    return {
        "pending": pending,
        "disputed": disputed,
        "contestable": [n for n, h in sorted(hands.items()) if h.status == Hand.Status.CONFIRMED],
        "next_deal": deal,
        "next_dealer": view.seat(deal.dealer) if deal else None,
        "limit": limit,
    }


def _offline_plan(view: TableView, deal: Deal | None = None) -> dict[str, Any]:
    """What ``offline.js`` needs on the table's pages: where the table page is, which hand kinds are thrown
    in; with ``deal`` (a payments form) the deals after it for each way the hands in between may go
    (paths of ``p``/``t``, see ``formats.deal_paths``), with their form URLs and labels in the reader's
    language."""
    thrown_in = sorted(game_of(view.tournament).thrown_in_kinds)
    plan: dict[str, Any] = {"table": _table_url(view), "thrownIn": thrown_in}
    if deal is None:
        return plan
    deals = services.deals_ahead(view.table, deal.number, view.positions, OFFLINE_DEPTH)
    plan.update(
        start=deal.number,
        deals={path: {"n": d.number, "dealer": d.dealer, "stake": d.stake} for path, d in deals.items()},
        urls={d.number: _hand_url(view, d.number, "payments") for d in deals.values()},
        sitsOut=_("sits out") if sits_out(view.positions, view.positions[0], view.tournament) else "",
        dealers={s.position: f"{s.position} — {s.player.name}" for s in view.seats},
        heading=_("Hand %(n)s") % {"n": "{n}"},
        title=_("Hand %(n)s, table %(t)s") % {"n": "{n}", "t": view.table.number},
    )
    plan["title"] += f" · {view.tournament.name}"  # as the page's <title>
    return plan


def _base_context(view: TableView) -> dict[str, Any]:
    return {
        "tournament": view.tournament,
        "view": view,
        "table": view.table,
        "round": view.round,
        "seats": view.seats,
        "me": view.me,
        "code": view.code.code,
    }


@never_cache
def entry_table(
    request: HttpRequest, slug: str, code: str, *, extra: dict[str, Any] | None = None, status: int = 200
) -> HttpResponse:
    """The table page (``extra``: a refused contest's typed values and errors, shown with ``status``)."""
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    context = _base_context(opened)
    context.update(_table_state(opened))
    context["sheet"] = selectors.score_sheet(opened.table)
    context["offline"] = _offline_plan(opened)
    context["reason_max"] = services.NOTE_MAX
    context.update(extra or {})
    return render(request, "tournaments/entry/table.html", context, status=status)


@never_cache
@require_POST
def entry_seat(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """This phone is seat ``position`` of the table (remembered in the session for this code)."""
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    seat = opened.seat(request.POST.get("position", ""))
    key = SEAT_SESSION_KEY.format(code=opened.code.code)
    if seat is None:
        request.session.pop(key, None)
        messages.info(request, _("Choose your seat to enter results."))
    else:
        request.session[key] = seat.position
        messages.success(
            request,
            _("You enter results as %(seat)s — %(name)s.")
            % {"seat": seat.position, "name": seat.player.name},
        )
    return HttpResponseRedirect(_table_url(opened))


@never_cache
@require_POST
def entry_confirm(request: HttpRequest, slug: str, code: str, number: int) -> HttpResponse:
    """A second seat confirms an entry waiting for it."""
    opened = _open_seated(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    submission = HandSubmission.objects.filter(
        pk=_int_or_none(request.POST.get("submission")), hand__table=opened.table, hand__number=number
    ).first()
    if submission is None:
        raise Http404("No such entry at this table")
    try:
        services.hand_confirm(submission, opened.me.player)
    except ValidationError as exc:
        for _name, _code, message in _error_messages(exc):
            messages.error(request, _("Not confirmed: %(reason)s") % {"reason": message})
    else:
        messages.success(request, _("Hand %(n)s confirmed.") % {"n": number})
    return HttpResponseRedirect(_table_url(opened))


BID_NAMES = dict(BID_CHOICES)
KIND_NAMES = dict(SUMMARY_KINDS)


def _hand_facts(view: TableView, submission: HandSubmission) -> list[tuple[str, str]]:
    """What was played, in the summary form's words: the facts a confirming seat checks, beside the
    payments and the engine's items."""
    payload = submission.payload or {}
    facts = [(str(FIELD_LABELS["kind"]), str(KIND_NAMES.get(submission.kind, submission.kind)))]
    if submission.source != HandSubmission.Source.SUMMARY:
        return facts

    def who(position: Any) -> str:
        seat = view.seat(position) if isinstance(position, str) else None
        return _seat_label(seat) if seat else "—"

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


@never_cache
def entry_confirm_here(request: HttpRequest, slug: str, code: str, number: int) -> HttpResponse:
    """One phone per table: a second seat confirms on the phone the entry was made on, as a deliberate
    act. GET shows the whole hand (what was played, the payments, the engine's items) and the names of
    the seats that may confirm (not the one that entered it); POST ``seat`` confirms in that seat's name
    (``services.hand_confirm(..., same_device=True)``: the version's history says so)."""
    opened = _open_seated(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    submission = (
        HandSubmission.objects.filter(
            hand__table=opened.table, hand__number=number, status=HandSubmission.Status.PENDING
        )
        .order_by("-version")
        .first()
    )
    if submission is None:
        messages.info(request, _("Hand %(n)s has no entry waiting for a confirmation.") % {"n": number})
        return HttpResponseRedirect(_table_url(opened))
    by = opened.by_player.get(submission.submitted_by_id)
    confirmers = [s for s in opened.seats if by is None or s.pk != by.pk]
    error = ""
    if request.method == "POST":
        seat = next((s for s in confirmers if s.position == request.POST.get("seat")), None)
        if seat is None:
            error = _("Tap the name of the seat that confirms (not the one that entered the hand).")
        else:
            try:
                services.hand_confirm(submission, seat.player, same_device=True)
            except ValidationError as exc:
                error = "; ".join(m for _n, _c, m in _error_messages(exc))
            else:
                messages.success(
                    request,
                    _("Hand %(n)s confirmed by %(seat)s on this phone.")
                    % {"n": number, "seat": _seat_label(seat)},
                )
                return HttpResponseRedirect(_table_url(opened))
    rules = rules_of(opened.tournament)
    context = _base_context(opened)
    context.update(
        {
            "number": number,
            "submission": submission,
            "by": by,
            "facts": _hand_facts(opened, submission),
            "items": selectors.scored_items(submission.source, submission.payload, rules),
            "confirmers": confirmers,
            "error": error,
        }
    )
    return render(request, "tournaments/entry/confirm_here.html", context, status=400 if error else 200)


@never_cache
@require_POST
def entry_contest(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """A seat contests a confirmed hand while the round is open: the hand stops counting and the organizer
    decides (``services.hand_contest``; a retry returns the same dispute)."""
    opened = _open_seated(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    number = _int_or_none(request.POST.get("number"))
    hand = opened.table.hands.filter(number=number).first() if number else None
    if hand is None:
        messages.error(request, _("Choose the hand that is wrong."))
        return HttpResponseRedirect(_table_url(opened))
    reason = request.POST.get("reason", "")
    try:
        services.hand_contest(hand, contested_by=opened.me.player, reason=reason)
    except ValidationError as exc:  # the page again, with what was typed and the error beside it
        errors = [message for _name, _code, message in _error_messages(exc)]
        extra = {"contest_reason": reason, "contest_number": number, "contest_errors": errors}
        return entry_table(request, slug, code, extra=extra, status=400)
    else:
        messages.success(
            request,
            _("Hand %(n)s is contested: it does not count until the organizer decides.") % {"n": number},
        )
    return HttpResponseRedirect(_table_url(opened))


def _int_or_none(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


# --- the forms ----------------------------------------------------------------------------------------


def _seat_label(seat: Seat) -> str:
    return f"{seat.position} — {seat.player.name}"


class PaymentsForm(forms.Form):
    """One number per seat; the sitting-out dealer of a 5-table gets 0 (a read-only field)."""

    kind = forms.ChoiceField(choices=PAYMENT_KINDS, initial="played", label=gettext_lazy("The hand was"))
    confirm_unusual = forms.BooleanField(required=False, label=gettext_lazy("Yes, this is what we played"))

    def __init__(self, *args: Any, view: TableView, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}
        self.seat_fields = []
        bound = services.payment_bound(view.tournament, deal.stake)  # the server's limit, in the browser too
        for seat in view.seats:
            name = f"pay_{seat.position}"
            out = seat.position not in deal.active
            self.fields[name] = forms.IntegerField(
                required=False,
                label=_seat_label(seat),
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
        thrown_in = cleaned.get("kind") in ("passed_out", "annulled")
        for seat, name, _out in self.seat_fields:
            if thrown_in:  # nobody pays: the boxes are hidden, and whatever they hold is ignored
                cleaned[name] = 0
                self.errors.pop(name, None)
            elif cleaned.get(name) is None and name not in self.errors:
                self.add_error(name, _("Enter the points of %(seat)s (0 if none).") % {"seat": seat.position})
        return cleaned

    @property
    def seat_rows(self) -> list[tuple[Seat, Any, bool]]:
        return [(seat, self[name], out) for seat, name, out in self.seat_fields]

    def to_data(self) -> dict[str, Any]:
        payments = {seat.position: int(self.cleaned_data[name]) for seat, name, _ in self.seat_fields}
        return {"kind": self.cleaned_data["kind"], "payments": payments}

    @property
    def unusual(self) -> bool:
        """The server asked to confirm an unusual entry, or the player ticked the box already."""
        return bool(getattr(self, "_unusual", False) or self.data.get("confirm_unusual"))

    def field_for(self, path: str) -> str | None:
        match = re.fullmatch(r"data\.payments\.([A-E])", path)
        if match and f"pay_{match.group(1)}" in self.fields:
            return f"pay_{match.group(1)}"
        if path == "data.kind":
            return "kind"
        return None

    def group_for(self, path: str) -> str | None:
        return "payments" if path == "data.payments" else None


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

    def __init__(self, *args: Any, view: TableView, deal: Deal, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.group_errors: dict[str, list[str]] = {}
        active = [s for s in view.seats if s.position in deal.active]
        seat_choices = [(s.position, _seat_label(s)) for s in active]
        self.fields["declarer"].choices = [("", "—"), *seat_choices]
        # A solo (the declarer called a card in their own hand, or it lay in a discard) is chosen as such,
        # never by naming the declarer as their own partner nor by leaving the field empty.
        self.fields["partner"].choices = [
            ("", "—"),
            (ALONE, _("nobody: the declarer plays alone (called their own card)")),
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
        """The hand summary (schema: engine/schemas/hand-summary.schema.json). Seats, stake, the seat
        sitting out and the rules are the table's: ``hand_submit`` fills them in."""
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


FORMS = {"payments": PaymentsForm, "summary": SummaryForm}


def place_errors(form: forms.Form, exc: ValidationError) -> list[str]:
    """Put a service's errors beside the fields they name; the rest are returned for the top of the form."""
    top = []
    for name, _code, message in _error_messages(exc):
        target = form.field_for(name) if name else None
        group = form.group_for(name) if name else None
        if target is not None:
            form.add_error(target, message)
        elif group is not None:
            form.group_errors.setdefault(group, []).append(message)
        else:
            top.append(message)
    return top


def mark_invalid(form: forms.Form) -> None:
    """aria-invalid and aria-describedby on every field with an error (and on a group's fields)."""
    for name in form.errors:
        if name in form.fields:
            attrs = form.fields[name].widget.attrs
            attrs["aria-invalid"] = "true"
            attrs["aria-describedby"] = f"id_{name}-error"
    if "payments" in form.group_errors:
        for _seat, name, out in getattr(form, "seat_fields", []):
            if not out and name not in form.errors:
                form.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": "payments-error"}
                )


@dataclass
class Preview:
    payments: list[tuple[Seat, int]]
    kind: str
    items: list[dict[str, Any]]


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


def error_summary(form: forms.Form) -> list[tuple[str, str, str]]:
    """(the field's id, its name in words, the error) of each refused field, for the box at the top of
    a refused form (GOV.UK's error summary: each line links to its field)."""
    out = []
    for name, errors in form.errors.items():
        if name not in form.fields:
            continue
        label = form.fields[name].label if name.startswith("pay_") else _field_label(name)
        out += [(f"id_{name}", str(label or name), str(e)) for e in errors]
    for group, errors in getattr(form, "group_errors", {}).items():
        label = {"payments": _("Points of each seat"), "announcements": _("Announced bonuses"),
                 "declarations": _("Declared tarokks")}.get(group, group)  # fmt: skip
        out += [(f"group-{group}", str(label), str(e)) for e in errors]
    return out


def _field_label(name: str) -> str:
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
    return name


def _preview(view: TableView, form: forms.Form, number: int, source: str) -> tuple[Preview | None, list[str]]:
    """The engine's payments and items for a valid form, or the errors placed on the form."""
    if not form.is_valid():
        return None, []
    try:
        payments, kind, items = services.hand_preview(view.table, number, source, form.to_data())
    except ValidationError as exc:
        return None, place_errors(form, exc)
    return Preview([(s, payments.get(s.position, 0)) for s in view.seats], kind, items), []


SAVED_MESSAGES = {
    HandSubmission.Status.PENDING: gettext_lazy("Hand %(n)s saved — waiting for another seat to confirm it."),
    HandSubmission.Status.CONFIRMED: gettext_lazy("Hand %(n)s confirmed: it counts."),
    HandSubmission.Status.DISPUTED: gettext_lazy(
        "Hand %(n)s: a different result was entered. The hand is in dispute: the organizer decides."
    ),
}


@never_cache
def entry_hand(request: HttpRequest, slug: str, code: str, number: int, source: str) -> HttpResponse:
    """Enter hand ``number`` as payments or as a summary: GET the form, POST ``action=preview`` (re-render
    with the engine's result) or ``action=save`` (store, then back to the table page)."""
    if source not in SOURCES:
        raise Http404("No such way to enter a hand")
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    if not 1 <= number <= _deals_limit(opened):
        raise Http404("No such hand at this table")
    if not opened.open or opened.me is None:
        if not opened.open:
            messages.error(request, opened.closed_message)
        else:
            messages.info(request, _("Choose your seat first: entries are made in a seat's name."))
        return HttpResponseRedirect(_table_url(opened))
    hand = Hand.objects.filter(table=opened.table, number=number).first()
    try:
        deal = services.next_deal(opened.table, number, opened.positions)
    except ValidationError as exc:
        for _name, _code, message in _error_messages(exc):
            messages.error(request, message)
        return HttpResponseRedirect(_table_url(opened))
    form_class = FORMS[source]
    status = 200
    top: list[str] = []
    preview = None
    if request.method == "POST":
        form = form_class(request.POST, view=opened, deal=deal)
        action = request.POST.get("action", "save")
        if action == "save" and form.is_valid():
            try:
                submission = services.hand_submit(
                    table=opened.table,
                    number=number,
                    source=source,
                    data=form.to_data(),
                    submitted_by=opened.me.player,
                    idempotency_key=request.POST.get("idem") or request.headers.get("Idempotency-Key"),
                    confirm_unusual=bool(form.cleaned_data.get("confirm_unusual")),
                )
            except ValidationError as exc:
                top = place_errors(form, exc)
                codes = {c for _n, c, _m in _error_messages(exc)}
                form._unusual = "unusual" in codes
                status = 409 if "conflict" in codes else 400
            else:
                message = SAVED_MESSAGES.get(submission.status, SAVED_MESSAGES[HandSubmission.Status.PENDING])
                level = (
                    messages.WARNING
                    if submission.status == HandSubmission.Status.DISPUTED
                    else messages.SUCCESS
                )
                if (
                    not getattr(submission, "is_new", False)
                    and submission.status == HandSubmission.Status.PENDING
                ):
                    message = gettext_lazy(
                        "Hand %(n)s was already saved — waiting for another seat to confirm it."
                    )
                messages.add_message(request, level, message % {"n": number})
                return HttpResponseRedirect(_table_url(opened))
        elif form.is_valid():
            preview, top = _preview(opened, form, number, source)
        if form.errors or form.group_errors or top:
            status = status if status != 200 else 400
    else:
        form = form_class(view=opened, deal=deal)
    mark_invalid(form)
    context = _base_context(opened)
    idem = request.POST.get("idem", "") if request.method == "POST" else ""
    context.update(_hand_context(opened, hand, deal, source, form, preview, top, idem))
    return render(request, "tournaments/entry/hand.html", context, status=status)


def _hand_context(
    view: TableView,
    hand: Hand | None,
    deal: Deal,
    source: str,
    form: forms.Form,
    preview: Preview | None,
    top: list[str],
    request_idem: str = "",
) -> dict[str, Any]:
    others = []
    if hand is not None:
        for sub in hand.submissions.filter(
            status__in=(HandSubmission.Status.PENDING, HandSubmission.Status.DISPUTED)
        ).order_by("version"):
            others.append((sub, view.by_player.get(sub.submitted_by_id)))
    return {
        "hand": hand,
        "deal": deal,
        "dealer": view.seat(deal.dealer),
        "source": source,
        "form": form,
        "preview": preview,
        "top_errors": top,
        "error_summary": error_summary(form),
        "idem": request_idem or secrets.token_urlsafe(18),
        "other_entries": others,
        "confirmed": hand is not None and hand.status in (Hand.Status.CONFIRMED, Hand.Status.VOIDED),
        "disputed": hand is not None and hand.status == Hand.Status.DISPUTED,
        "other_url": _hand_url(view, deal.number, "summary" if source == "payments" else "payments"),
        "offline": _offline_plan(view, deal if source == "payments" else None),
        "preview_url": reverse(
            "tournaments:entry-preview",
            kwargs={"slug": view.tournament.slug, "code": view.code.code, "number": deal.number},
        ),
    }


@never_cache
@require_POST
def entry_preview(request: HttpRequest, slug: str, code: str, number: int) -> HttpResponse:
    """The preview of a summary as an HTML fragment (the form's live preview with JavaScript)."""
    opened = _open_table(request, slug, code)
    if isinstance(opened, HttpResponse):
        return opened
    if not opened.open:
        return render(
            request, "tournaments/entry/_preview.html", {"top_errors": [opened.closed_message]}, status=409
        )
    try:
        deal = services.next_deal(opened.table, number, opened.positions)
    except ValidationError as exc:
        top = [m for _n, _c, m in _error_messages(exc)]
        return render(request, "tournaments/entry/_preview.html", {"top_errors": top}, status=409)
    form = SummaryForm(request.POST, view=opened, deal=deal)
    preview, top = _preview(opened, form, number, "summary")
    context = {
        "preview": preview,
        "top_errors": top + [e for es in form.group_errors.values() for e in es],
        "field_errors": [
            (f"id_{name}", _field_label(name), e)
            for name, es in form.errors.items()
            if name in form.fields
            for e in es
        ],
        "fragment": True,
        "me": opened.me,
    }
    return render(request, "tournaments/entry/_preview.html", context, status=200 if preview else 400)


urlpatterns = [
    path("t/<slug:slug>/enter/", entry_start, name="entry"),
    path("t/<slug:slug>/enter/<str:code>/", entry_table, name="entry-table"),
    path("t/<slug:slug>/enter/<str:code>/seat/", entry_seat, name="entry-seat"),
    path("t/<slug:slug>/enter/<str:code>/contest/", entry_contest, name="entry-contest"),
    path("t/<slug:slug>/enter/<str:code>/hands/<num:number>/confirm/", entry_confirm, name="entry-confirm"),
    path("t/<slug:slug>/enter/<str:code>/hands/<num:number>/preview/", entry_preview, name="entry-preview"),
    path(
        "t/<slug:slug>/enter/<str:code>/hands/<num:number>/confirm-here/",
        entry_confirm_here,
        name="entry-confirm-here",
    ),
    path("t/<slug:slug>/enter/<str:code>/hands/<num:number>/<str:source>/", entry_hand, name="entry-hand"),
]
