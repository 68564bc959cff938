"""Score entry at the table, from a phone (issue 14 §3).

The table's entry code (the one on the table card, the same as the API's) opens the table: its score
sheet, the next hand to enter with its dealer and stake, the entries waiting for a second seat and the
hands in dispute. The phone says once which seat it is (kept in the session for that code); every entry
and confirmation goes to the services as that seat's player, so the rules of the table (a second seat
confirms, a different entry opens a dispute, a retried form stores nothing twice) are the services'.

A hand is entered as payments (one field per seat) or as a hand summary in the words players use, mapped
to the game's hand-summary JSON (the forms of the tournament's game: ``pages/games/``).
``services.hand_preview`` scores a summary without storing it: the form shows the payments and scored
items before saving, and the engine's errors beside the field their path names. Pages here carry CSRF
tokens and a seat: never cached.

Without a connection (``static/tournaments/offline.js``, issue 21 §5) the phone keeps entries and
confirmations and sends them by itself, with the same idempotency key, when the connection is back; the
pages give it the table's URL and, on a payments form, the dealer and stake of the next hands for each way
the hands before them may go (``services.deals_ahead``), so that several hands can be entered in a row.
"""

from __future__ import annotations

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

from tournaments import selectors, services
from tournaments.core.formats import Deal, game_of, rules_of, sits_out
from tournaments.draw.models import Round, Seat, Table, TableCode
from tournaments.organizing.models import Tournament
from tournaments.pages.common import seat_label
from tournaments.pages.games import entry_kit
from tournaments.results.models import Dispute, Hand, HandSubmission

SEAT_SESSION_KEY = "entry-seat:{code}"


SOURCES = ("payments", "summary")


OFFLINE_DEPTH = 5  # hands a phone without a connection may enter after the one on its form


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
    dispute: Dispute | None = None

    @property
    def versions_differ(self) -> bool:
        """Whether the versions say different things (two seats entered different results), rather than one
        result contested."""
        return len({(v.kind, tuple(sorted(v.payments.items()))) for v, _by in self.versions}) > 1


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
    game, rules = game_of(view.tournament), rules_of(view.tournament)
    pending, disputed = [], []
    next_number = None
    for number in range(1, limit + 1):
        hand = hands.get(number)
        waiting = pending_subs.get(hand.pk) if hand else None
        if hand is not None and hand.status == Hand.Status.DISPUTED:
            dispute = hand.disputes.filter(status=Dispute.Status.OPEN).first()
            versions = list(dispute.submissions.order_by("version")) if dispute else []
            disputed.append(
                DisputedHand(hand, [(v, view.by_player.get(v.submitted_by_id)) for v in versions], dispute)
            )
        elif waiting is not None:
            by = view.by_player.get(waiting.submitted_by_id)
            pending.append(
                PendingEntry(
                    hand,
                    waiting,
                    by,
                    view.me is not None and by is not None and by.pk == view.me.pk,
                    selectors.scored_items(game, waiting.source, waiting.payload, rules),
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
    context["money"] = selectors.table_money(opened.tournament, context["sheet"])
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
                    % {"n": number, "seat": seat_label(seat)},
                )
                return HttpResponseRedirect(_table_url(opened))
    rules = rules_of(opened.tournament)
    context = _base_context(opened)
    context.update(
        {
            "number": number,
            "submission": submission,
            "by": by,
            "facts": entry_kit(opened.tournament).hand_facts(opened, submission),
            "items": selectors.scored_items(
                game_of(opened.tournament), submission.source, submission.payload, rules
            ),
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


UNUSUAL_SEATS = gettext_lazy(
    "%(payments)s: far more than a hand at stake %(stake)s pays (hands rarely go beyond %(limit)s either "
    "way). Check them for a typo; if they are what you played, confirm them."
)


def _said_once(form: forms.Form, exc: ValidationError) -> ValidationError:
    """The service names each seat whose payment looks like a typo (code ``unusual``, one error per seat
    for the API's clients); a typo in one box makes two seats unusual, since the payments sum to 0. The
    form says it once, over the payments, with each seat's number; the seats' boxes are marked
    (``form.flagged``) without the sentence again."""
    if not hasattr(exc, "error_dict"):
        return exc
    seats, rest = [], {}
    for name, errors in exc.error_dict.items():
        target = form.field_for(name) if name else None
        if target and target.startswith("pay_") and all(e.code == "unusual" and e.params for e in errors):
            seats.append((target, errors[0].params))
        else:
            rest[name] = errors
    if len(seats) < 2:
        return exc
    form.flagged = {target for target, _params in seats}
    payments = ", ".join(f"{target.removeprefix('pay_')} {params['value']}" for target, params in seats)
    params = {"payments": payments, "stake": seats[0][1]["stake"], "limit": seats[0][1]["limit"]}
    rest.setdefault("data.payments", []).append(ValidationError(UNUSUAL_SEATS, code="unusual", params=params))
    return ValidationError(rest)


def place_errors(form: forms.Form, exc: ValidationError) -> list[str]:
    """Put a service's errors beside the fields they name; the rest are returned for the top of the form."""
    top = []
    exc = _said_once(form, exc)
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
        flagged = getattr(form, "flagged", None)  # the seats a typo warning names, else every seat
        for _seat, name, out in getattr(form, "seat_fields", []):
            if not out and name not in form.errors and (flagged is None or name in flagged):
                form.fields[name].widget.attrs.update(
                    {"aria-invalid": "true", "aria-describedby": "payments-error"}
                )


@dataclass
class Preview:
    payments: list[tuple[Seat, int]]
    kind: str
    items: list[dict[str, Any]]


def error_summary(form: forms.Form) -> list[tuple[str, str, str]]:
    """(the field's id, its name in words, the error) of each refused field, for the box at the top of
    a refused form (GOV.UK's error summary: each line links to its field)."""
    out = []
    for name, errors in form.errors.items():
        if name not in form.fields:
            continue
        label = form.fields[name].label if name.startswith("pay_") else form.field_label(name)
        out += [(f"id_{name}", str(label or name), str(e)) for e in errors]
    marked = getattr(form, "flagged", ())
    flagged = [name for _seat, name, _out in getattr(form, "seat_fields", []) if name in marked]
    for group, errors in getattr(form, "group_errors", {}).items():
        label = {"payments": _("Points of each seat"), "announcements": _("Announced bonuses"),
                 "declarations": _("Declared tarokks")}.get(group, group)  # fmt: skip
        # a typo warning over several seats (_said_once) leads to the first of their boxes
        target = f"id_{flagged[0]}" if group == "payments" and flagged else f"group-{group}"
        out += [(target, str(label), str(e)) for e in errors]
    return out


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
    form_class = entry_kit(opened.tournament).forms[source]
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
        "summary_template": entry_kit(view.tournament).summary_template,
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
    form = entry_kit(opened.tournament).forms["summary"](request.POST, view=opened, deal=deal)
    preview, top = _preview(opened, form, number, "summary")
    context = {
        "preview": preview,
        "top_errors": top + [e for es in form.group_errors.values() for e in es],
        "field_errors": [
            (f"id_{name}", form.field_label(name), e)
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
