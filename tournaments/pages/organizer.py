"""Organizer pages: run a round from one page and decide disputes side by side, where the admin is awkward.

Every page is for the tournament's organizers (and superusers) only: anonymous visitors are sent to the
login page (with ``next``), anyone else gets 403. Pages are per user with CSRF forms, so never cached.

Every write goes through ``services``; a refusal (a ``ValidationError`` naming a field) is shown on the
page with nothing stored. Forms carry the version of the round or dispute the page showed, so a change
made meanwhile by someone else is a conflict ("reload"), never a silent overwrite. Drawing and re-drawing
are jobs computed by the worker: the job's page shows its progress (polled by ``organizer.js``, or a meta
refresh without JavaScript) and leads to the round once done.
"""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path, reverse, reverse_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from engine.core.messages import EngineError
from tournaments import selectors, services
from tournaments.core.formats import game_of, pairing_method_for
from tournaments.core.labels import METHOD_CHOICES, game_word
from tournaments.draw.models import RELEASED_ROUND_STATUSES, Job, Round
from tournaments.organizing.models import Tournament
from tournaments.pages.common import organizer_page, seat_label
from tournaments.pages.entry import Preview, error_summary, mark_invalid, place_errors
from tournaments.pages.entry import TableView as EntryTable
from tournaments.pages.forms import labelled
from tournaments.pages.games import entry_kit
from tournaments.pages.live import live_tables_by_table
from tournaments.participants.models import Registration
from tournaments.results.games import explanation_of
from tournaments.results.models import Dispute, Hand, HandSubmission
from tournaments.results.services.disputes import assess
from tournaments.results.services.hands import next_deal
from tournaments.templatetags.tarokk import signed

JOB_POLL_SECONDS = 2
PROGRESS_POLL_SECONDS = 10

View = Callable[..., HttpResponse]


# --- errors --------------------------------------------------------------------------------------------


def error_lines(exc: ValidationError) -> tuple[str, list[str]]:
    """A service's refusal as the page shows it: its first code and one line per message, each introduced
    by its field's label ("Rating: ..."), never by its key (``forms.labelled``)."""
    if hasattr(exc, "error_dict"):
        pairs = [(field, e) for field, errors in exc.error_dict.items() for e in errors]
    else:
        pairs = [(None, e) for e in exc.error_list]
    lines = [labelled(field, message) for field, error in pairs for message in error.messages]
    code = (pairs[0][1].code if pairs else None) or "invalid"
    return code, lines


STATUS_BY_CODE = {"conflict": 409, "precondition_failed": 409, "permission_denied": 403}


def failure(exc: ValidationError, what: str) -> dict[str, Any]:
    """The template's ``failure``: a headline (a stale page says "reload"), the messages, the status."""
    code, lines = error_lines(exc)
    if code == "precondition_failed":
        headline = _(
            "Someone else changed this %(what)s since you opened the page. Reload it and try again."
        ) % {"what": what}
    else:
        headline = _("Nothing was changed:")
    return {"headline": headline, "lines": lines, "code": code, "status": STATUS_BY_CODE.get(code, 400)}


def posted_int(request: HttpRequest, name: str) -> int | None:
    """A whole number from the form (``None`` if missing or not a number)."""
    value = request.POST.get(name, "").strip()
    return int(value) if value.isdigit() and len(value) <= 9 else None


def invalid_form(field: str, message: str) -> ValidationError:
    return ValidationError({field: [ValidationError(message, code="invalid")]})


# --- login ---------------------------------------------------------------------------------------------


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("tournaments:list")


def my_tournaments(request: HttpRequest) -> HttpResponse:
    """Where signing in leads (``LOGIN_REDIRECT_URL``, unless the login had a ``next``): the dashboard of
    the one tournament the organizer runs, else the list of theirs (``?all=1`` shows the list anyway)."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("tournaments:login"))
    tournaments = list(selectors.organized_tournaments(request.user))
    if len(tournaments) == 1 and not request.GET.get("all"):
        return redirect("tournaments:manage", tournaments[0].slug)
    clubs = list(selectors.organized_clubs(request.user)[:50])
    context = {
        "tournaments": tournaments,
        "clubs": clubs,
        "may_create": bool(request.user.is_staff or request.user.is_superuser or clubs),
    }
    return render(request, "tournaments/organizer/mine.html", context)


# --- the dashboard -------------------------------------------------------------------------------------


def hand_counts(round_: Round) -> dict[str, int]:
    counts = Hand.objects.filter(table__round=round_).aggregate(
        done=Count("id", filter=Q(status__in=(Hand.Status.CONFIRMED, Hand.Status.VOIDED))),
        pending=Count("id", filter=Q(status=Hand.Status.PENDING)),
        disputed=Count("id", filter=Q(status=Hand.Status.DISPUTED)),
    )
    return counts


def next_round_number(tournament: Tournament) -> tuple[int, Round | None]:
    last = tournament.rounds.order_by("-number").first()
    return (last.number + 1 if last else 1), last


@organizer_page
def dashboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The organizer's overview: rounds and their state, the next draw, open disputes, printables."""
    return dashboard_response(request, tournament)


def dashboard_response(
    request: HttpRequest,
    tournament: Tournament,
    failed: dict[str, Any] | None = None,
    confirm_finish: dict[str, Any] | None = None,
    reopen_reason: str = "",
) -> HttpResponse:
    rounds = list(tournament.rounds.annotate(n_tables=Count("tables", distinct=True)).order_by("number"))
    number, last = next_round_number(tournament)
    open_disputes = Dispute.objects.filter(
        hand__table__round__tournament=tournament, status=Dispute.Status.OPEN
    ).count()
    active_jobs = list(tournament.jobs.filter(status__in=Job.ACTIVE).order_by("created_at"))
    players = selectors.present_registrations(tournament, number).count()
    can_draw = (last is None or last.status == Round.Status.CLOSED) and not active_jobs
    qualifying = sum(r.stage == Round.Stage.QUALIFYING for r in rounds)
    has_final = any(r.stage == Round.Stage.FINAL for r in rounds)
    # The planned number of rounds ends the tournament: then the final stage (where the format has
    # one), "Finish the tournament", and an extra round only as a separate action with a reason.
    planned_played = can_draw and qualifying >= tournament.rounds_planned
    context = {
        "tournament": tournament,
        "rounds": rounds,
        "next_number": number,
        "can_draw": can_draw and not tournament.finished_at,
        "planned_played": planned_played and not tournament.finished_at,
        "final_stage_due": planned_played and tournament.final_table and not has_final,
        "extra_allowed": not has_final,
        "last_round": last,
        "default_method": pairing_method_for(tournament.pairing_methods, number),
        "methods": METHOD_CHOICES,
        "players": players,
        "registered": tournament.registrations.exclude(status=Registration.Status.WITHDRAWN).count(),
        "checked_in": tournament.registrations.filter(status=Registration.Status.CHECKED_IN).count(),
        "open_disputes": open_disputes,
        "active_jobs": active_jobs,
        "failure": failed,
        "confirm_finish": confirm_finish,
        "reopenings": list(tournament.reopenings.select_related("reopened_by")),
        "reopen_reason": reopen_reason,
        "reopen_max": services.REOPEN_REASON_MAX,
        "format_open": not rounds,
        "may_create": bool(
            request.user.is_staff
            or request.user.is_superuser
            or selectors.organized_clubs(request.user).exists()
        ),
    }
    response = context_render(request, "tournaments/organizer/dashboard.html", context)
    if confirm_finish:
        response.status_code = 409  # asked, nothing stored (as the round page asks before closing)
    return response


def context_render(request: HttpRequest, template: str, context: dict[str, Any]) -> HttpResponse:
    failed = context.get("failure")
    return render(request, template, context, status=failed["status"] if failed else 200)


@organizer_page
def round_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """POST: ask the worker to draw the next round as a draft; then follow the job."""
    if request.method != "POST":
        return redirect("tournaments:manage", tournament.slug)
    method = request.POST.get("method", "").strip() or None
    seed = request.POST.get("seed", "")
    reason = request.POST.get("extra_reason", "")
    try:
        job = services.job_request(
            Job.Kind.GENERATE, tournament, by=request.user, method=method, seed=seed, extra_reason=reason
        )
    except ValidationError as exc:
        return dashboard_response(request, tournament, failure(exc, _("tournament")))
    return redirect("tournaments:manage-job", tournament.slug, job.pk)


@organizer_page
def final_stage(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """POST: ask the worker to seat the final stage from the qualifying standings; then follow the job."""
    if request.method != "POST":
        return redirect("tournaments:manage", tournament.slug)
    try:
        job = services.job_request(Job.Kind.FINAL_STAGE, tournament, by=request.user)
    except ValidationError as exc:
        return dashboard_response(request, tournament, failure(exc, _("tournament")))
    return redirect("tournaments:manage-job", tournament.slug, job.pk)


@organizer_page
def finish(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """POST: finish the tournament (``services.tournament_finish``); ``skip_final=1`` finishes without the
    final stage the format has. Asked first, as closing a round is: the service refuses until the organizer
    confirms (``confirm=1``) on the box the dashboard shows, and stores nothing meanwhile."""
    if request.method != "POST":
        return redirect("tournaments:manage", tournament.slug)
    skip_final = request.POST.get("skip_final") == "1"
    try:
        confirmed = request.POST.get("confirm") == "1"
        services.tournament_finish(tournament, by=request.user, skip_final=skip_final, confirm=confirmed)
    except ValidationError as exc:
        if "confirm" in getattr(exc, "error_dict", {}):
            lines = [m for e in exc.error_dict["confirm"] for m in e.messages]
            return dashboard_response(
                request, tournament, confirm_finish={"lines": lines, "skip_final": skip_final}
            )
        return dashboard_response(request, tournament, failure(exc, _("tournament")))
    messages.success(request, _("The tournament is finished: the standings are final."))
    return redirect("tournaments:manage", tournament.slug)


@organizer_page
def reopen(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """POST: re-open the finished tournament with a reason (``services.tournament_reopen``); a refusal
    comes back on the dashboard with the reason as typed."""
    if request.method != "POST":
        return redirect("tournaments:manage", tournament.slug)
    reason = request.POST.get("reason", "")
    try:
        services.tournament_reopen(
            tournament, by=request.user, reason=reason, expected_version=posted_int(request, "version")
        )
    except ValidationError as exc:
        return dashboard_response(request, tournament, failure(exc, _("tournament")), reopen_reason=reason)
    messages.success(
        request,
        _("The tournament is open again: its standings are no longer final. Finish it again once corrected."),
    )
    return redirect("tournaments:manage", tournament.slug)


# --- jobs ----------------------------------------------------------------------------------------------


def job_state(tournament: Tournament, job: Job) -> dict[str, Any]:
    steps = [Job.Status.QUEUED, Job.Status.RUNNING, Job.Status.DONE]
    step = steps.index(job.status) + 1 if job.status in steps else len(steps)
    number = job.result.get("round") if job.status == Job.Status.DONE else None
    return {
        "id": job.pk,
        "status": job.status,
        "label": str(job.get_status_display()),
        "step": step,
        "steps": len(steps),
        "error": str(job.error_text) if job.status == Job.Status.FAILED else "",
        "round_url": reverse("tournaments:manage-round", args=[tournament.slug, number]) if number else None,
        "active": job.status in Job.ACTIVE,
    }


def _job(tournament: Tournament, job_id: int) -> Job:
    job = tournament.jobs.select_related("requested_by").filter(pk=job_id).first()
    if job is None:
        raise Http404("No such job")
    return job


@organizer_page
def job_page(request: HttpRequest, tournament: Tournament, job_id: int) -> HttpResponse:
    """A draw computed by the worker: its progress while queued or running; once done, the round."""
    job = _job(tournament, job_id)
    state = job_state(tournament, job)
    if state["round_url"]:
        drawn = _("Round %(number)s is drawn: check the draft.") % {"number": job.round_number}
        messages.success(request, drawn)
        return redirect(state["round_url"])
    context = {
        "tournament": tournament,
        "job": job,
        "state": state,
        "poll_seconds": JOB_POLL_SECONDS,
        "status_url": reverse("tournaments:manage-job-status", args=[tournament.slug, job.pk]),
    }
    return render(request, "tournaments/organizer/job.html", context)


@organizer_page
def job_status(request: HttpRequest, tournament: Tournament, job_id: int) -> JsonResponse:
    """The job's progress for ``organizer.js`` to poll."""
    response = JsonResponse(job_state(tournament, _job(tournament, job_id)))
    response["Cache-Control"] = "no-store"
    return response


# --- running a round -----------------------------------------------------------------------------------


def table_progress(
    tournament: Tournament, round_: Round, with_seats: list[Any] | None = None
) -> dict[str, Any]:
    """Each table's hands: done (confirmed or voided) of the deals it plays, pending and disputed, and
    how many were confirmed on the same phone they were entered on.
    ``with_seats``: the round's tables as ``selectors.tables_with_play(with_codes=True)`` gives them, when
    the caller has read them already."""
    tables = []
    totals = {"done": 0, "deals": 0, "pending": 0, "disputed": 0, "same_device": 0}
    counts = selectors.table_hand_counts(round_)
    same_device = selectors.same_device_confirmations(round_)
    if with_seats is None:
        with_seats = list(selectors.tables_with_play(round_, with_codes=True, with_hands=False))
    live_tables = live_tables_by_table(with_seats)  # the tables that play live (pages.live)
    for table in with_seats:
        seats = list(table.seats.all())
        deals = tournament.deals_per_round(len(seats))
        hands = counts.get(table.pk, {})
        row = {
            "table": table,
            "seats": seats,
            "code": selectors.active_table_code(table),
            "deals": deals,
            "done": hands.get(Hand.Status.CONFIRMED, 0) + hands.get(Hand.Status.VOIDED, 0),
            "pending": hands.get(Hand.Status.PENDING, 0),
            "disputed": hands.get(Hand.Status.DISPUTED, 0),
            "same_device": same_device.get(table.pk, 0),
            "live": live_tables.get(table.pk),
        }
        row["complete"] = row["done"] >= deals and not row["pending"] and not row["disputed"]
        row["percent"] = min(100, round(100 * row["done"] / deals)) if deals else 100
        for name in totals:
            totals[name] += row[name]
        tables.append(row)
    complete = sum(row["complete"] for row in tables)
    return {"tables": tables, "totals": totals, "complete": complete, "all_complete": complete == len(tables)}


def draw_groups(round_: Round) -> tuple[list[list[int]], list[int]]:
    """The draw as ``draw_edit`` takes it: each table's players in seat order, and the byes."""
    tables = [[seat.player_id for seat in table.seats.all()] for table in round_.tables.all()]
    return tables, [bye.player_id for bye in round_.byes.all()]


def open_disputes(round_: Round) -> int:
    return Dispute.objects.filter(hand__table__round=round_, status=Dispute.Status.OPEN).count()


def _round(tournament: Tournament, number: int) -> Round:
    found = selectors.visible_rounds(tournament, organizer=True).filter(number=number).first()
    if found is None:
        raise Http404("No such round")
    return found


def round_context(request: HttpRequest, tournament: Tournament, round_: Round) -> dict[str, Any]:
    tables = list(selectors.tables_with_play(round_, with_codes=True, with_hands=False))
    players = sorted(
        [(seat.player, table.number, seat.position) for table in tables for seat in table.seats.all()],
        key=lambda p: p[0].name,
    )
    byes = [bye.player for bye in round_.byes.select_related("player")]
    editable = round_.status in (Round.Status.DRAFT, Round.Status.CONFIRMED)
    released = round_.status in RELEASED_ROUND_STATUSES
    job = tournament.jobs.filter(round_number=round_.number, status__in=Job.ACTIVE).first()
    return {
        "tournament": tournament,
        "round": round_,
        "tables": tables,
        "players": players,
        "byes": byes,
        "editable": editable,
        "released": released,
        "verifies": services.round_verify(round_) if round_.stage == Round.Stage.QUALIFYING else None,
        "progress": table_progress(tournament, round_, tables) if released else None,
        "active_job": job,
        "open_disputes": open_disputes(round_),
        "poll_seconds": PROGRESS_POLL_SECONDS,
        "failure": None,
        "time_up": services.time_is_up(round_),
    }


ROUND_ACTIONS: dict[str, Callable[..., Round]] = {
    "confirm": services.round_confirm,
    "publish": services.round_publish,
    "start": services.round_start,
    "close": services.round_close,
}
ROUND_DONE = {
    "confirm": gettext_lazy("The draw is confirmed. Publish it when the players may see it."),
    "publish": gettext_lazy(
        "The draw is published: players see their tables, and every table has its entry code."
    ),
    "start": gettext_lazy("The round has started: the timer runs."),
    "close": gettext_lazy("The round is closed."),
    "edit": gettext_lazy("The draw was changed by hand."),
}


@organizer_page
def round_page(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """One page to run a round: the draft, its redraw and edit, confirm, publish, start, progress, close."""
    round_ = _round(tournament, number)
    failed = confirm_close = None
    if request.method == "POST":
        action = request.POST.get("action", "")
        version = posted_int(request, "version")
        try:
            if version is None:
                raise invalid_form("version", _("the form has no round version: reload the page"))
            if action == "close":
                # While the timer runs the service refuses unless the organizer confirmed (confirm=1).
                confirmed = request.POST.get("confirm") == "1"
                services.round_close(round_, by=request.user, expected_version=version, confirm=confirmed)
            elif action in ROUND_ACTIONS:
                ROUND_ACTIONS[action](round_, by=request.user, expected_version=version)
            elif action == "redraw":
                job = services.job_request(
                    Job.Kind.REDRAW,
                    tournament,
                    by=request.user,
                    number=round_.number,
                    seed=request.POST.get("seed", ""),
                    expected_version=version,
                )
                return redirect("tournaments:manage-job", tournament.slug, job.pk)
            elif action == "edit":
                player, target = request.POST.get("player", ""), request.POST.get("target", "")
                tables, byes = edited_draw(round_, player, target)
                services.draw_edit(round_, tables, byes=byes, by=request.user, expected_version=version)
            else:
                raise invalid_form("action", _("unknown action"))
        except ValidationError as exc:
            if action == "close" and "confirm" in getattr(exc, "error_dict", {}):
                # the timer runs: ask, store nothing
                confirm_close = [m for e in exc.error_dict["confirm"] for m in e.messages]
            else:
                failed = failure(exc, _("round"))
        else:
            messages.success(request, str(ROUND_DONE[action]))
            return redirect("tournaments:manage-round", tournament.slug, round_.number)
        round_ = _round(tournament, number)  # as it is now: nothing was stored
    context = round_context(request, tournament, round_)
    context["failure"] = failed
    context["confirm_close"] = confirm_close
    return context_render(request, "tournaments/organizer/round.html", context)


def edited_draw(round_: Round, player: str, target: str) -> tuple[list[list[int]], list[int]]:
    """The draw with ``player`` swapped with another player (``target`` "p:<id>") or moved to the end of a
    table (``target`` "t:<number>"); byes count as one more group, so a bye can be swapped in too."""
    tables, byes = draw_groups(round_)
    groups = [*tables, byes]
    where = {pid: (g, i) for g, group in enumerate(groups) for i, pid in enumerate(group)}
    moving = int(player) if player.isdigit() and len(player) <= 18 else None
    if moving not in where:
        raise invalid_form("player", _("choose a player of this round"))
    g, i = where[moving]
    kind, _sep, rest = target.partition(":")
    value = int(rest) if rest.isdigit() and len(rest) <= 18 else None
    if kind == "p" and value in where and value != moving:
        h, j = where[value]
        groups[g][i], groups[h][j] = groups[h][j], groups[g][i]
    elif kind == "t" and value is not None and 1 <= value <= len(tables):
        if g == value - 1:
            raise invalid_form("target", _("the player already sits at table %(n)s") % {"n": value})
        groups[g].pop(i)
        groups[value - 1].append(moving)
    else:
        raise invalid_form("target", _("choose another player to swap with, or a table to move to"))
    return groups[:-1], groups[-1]


@organizer_page
def round_progress(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """The progress table alone, for ``organizer.js`` to refresh in place."""
    round_ = _round(tournament, number)
    context = {
        "tournament": tournament,
        "round": round_,
        "progress": table_progress(tournament, round_),
        "open_disputes": open_disputes(round_),
    }
    response = render(request, "tournaments/organizer/_progress.html", context)
    response["Cache-Control"] = "no-store"
    return response


# --- disputes ------------------------------------------------------------------------------------------


def _disputes(tournament: Tournament) -> Any:
    return (
        Dispute.objects.filter(hand__table__round__tournament=tournament)
        .select_related("hand__table__round", "chosen", "resolved_by")
        .annotate(n_versions=Count("links", distinct=True))
    )


@organizer_page
def dispute_list(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    disputes = _disputes(tournament)
    settled = set(disputes.filter(selectors.settled_by_validator()).values_list("pk", flat=True))
    closed = list(disputes.exclude(status=Dispute.Status.OPEN).order_by("-resolved_at", "-pk"))
    for dispute in closed:
        dispute.by_validator = dispute.pk in settled  # type: ignore[attr-defined]
    context = {
        "tournament": tournament,
        "open": list(disputes.filter(status=Dispute.Status.OPEN).order_by("opened_at", "pk")),
        "closed": closed,
    }
    return render(request, "tournaments/organizer/disputes.html", context)


def who_entered(submission: HandSubmission, seats: dict[int, str]) -> str:
    if submission.submitted_by_id is not None:
        name = submission.submitted_by.name  # type: ignore[union-attr]
        seat = seats.get(submission.submitted_by_id)
        return _("%(name)s, seat %(seat)s") % {"name": name, "seat": seat} if seat else name
    user = submission.entered_by
    if user is not None:
        return _("organizer %(name)s") % {"name": user.get_username()}
    return _("organizer")


def dispute_view(dispute: Dispute) -> tuple[EntryTable, Any]:
    """The disputed hand's table as the entry forms see it (its seats and players), and its deal (None:
    an earlier hand must be entered first)."""
    table = dispute.hand.table
    seats = list(table.seats.select_related("player").order_by("position"))
    view = EntryTable(
        code=None, table=table, round=table.round, tournament=table.round.tournament,  # type: ignore[arg-type]
        seats=seats, me=None, open=True,
    )  # fmt: skip
    try:
        deal = next_deal(table, dispute.hand.number, [s.position for s in seats])
    except ValidationError:
        deal = None
    return view, deal


def version_columns(dispute: Dispute, view: EntryTable, deal: Any) -> list[dict[str, Any]]:
    """Each version the dispute concerns, as a column: who, source, kind, payments, what was played in the
    entry form's words (the kit's ``hand_facts``, as the confirming seat reads it), scored items."""
    table = view.table
    seats = {seat.player_id: seat.position for seat in view.seats}
    names = {seat.position: seat.player.name for seat in view.seats}
    positions = view.positions
    kit = entry_kit(view.tournament)
    submissions = dispute.submissions.select_related("submitted_by", "entered_by", "confirmed_by").order_by(
        "version"
    )
    columns = []
    for submission in submissions:
        assessed = None
        if deal is not None and submission.source != HandSubmission.Source.VOID:
            try:
                assessed = assess(submission, table, positions, deal)
            except Exception:  # an old payload the engine no longer reads: show what was stored
                assessed = None
        says = submission.entered_payments or submission.payments
        engine = assessed.engine if assessed else None
        columns.append(
            {
                "submission": submission,
                "who": who_entered(submission, seats),
                "payments": [(p, names.get(p, ""), says.get(p)) for p in positions],
                "engine": [(p, engine.get(p)) for p in positions] if engine else None,
                "facts": kit.hand_facts(view, _as_played(submission, view, assessed))
                if submission.source != HandSubmission.Source.VOID
                else [],
                "items": selectors.named_items(
                    game_of(view.tournament), [item for item, _moves in assessed.items]
                )
                if assessed
                else [],
                "error": assessed.error if assessed else None,
                "chosen": dispute.chosen_id == submission.pk,
            }
        )
    return columns


def _as_played(submission: HandSubmission, view: EntryTable, assessed: Any) -> Any:
    """What a version says was played, as the entry forms read a summary: a record as the summary its replay
    derives (so the organizer reads the bid, the declarer, the card points ... of a record too)."""
    if submission.source != HandSubmission.Source.RECORD or assessed is None or assessed.error is not None:
        return submission
    try:
        summary = game_of(view.tournament).replay(submission.payload).summary
    except EngineError:
        return submission
    return SimpleNamespace(kind=assessed.kind, source=HandSubmission.Source.SUMMARY, payload=dict(summary))


def differences_rows(
    finding: Any, columns: list[dict[str, Any]], view: EntryTable, deal: Any
) -> tuple[list[str], list[dict[str, Any]]]:
    """The finding's differences as rows of a table: the field as the entry form labels it, then each
    version's value (and the engine's) in the reader's language."""
    if finding is None or not finding.differences:
        return [], []
    heads = [str(c["submission"].version) for c in columns]
    if any("engine" in values for values in finding.differences.values()):
        heads.append("engine")
    name_of = _field_namer(view, deal)
    rows = [
        {
            "field": name_of(field),
            "values": [_difference_value(view, field, values.get(head)) for head in heads],
        }
        for field, values in sorted(finding.differences.items())
    ]
    return heads, rows


def _field_namer(view: EntryTable, deal: Any) -> Callable[[str], str]:
    """A disputed field's path (``payments.A``, ``kind``, ``result.declarer_card_points``) as the entry form
    labels it: the summary form's own label where it asks that field."""
    form = entry_kit(view.tournament).forms["summary"](view=view, deal=deal) if deal is not None else None

    def name_of(path: str) -> str:
        if path.startswith("payments."):
            seat = view.seat(path.removeprefix("payments."))
            return _("Payments: %(seat)s") % {"seat": seat_label(seat) if seat else path[9:]}
        if path == "kind":
            return _("Kind of hand")
        name = form.field_for(f"data.{path}") if form is not None else None
        return (
            str(form.field_label(name))
            if form is not None and name
            else path.rsplit(".", 1)[-1].replace("_", " ")
        )

    return name_of


def _difference_value(view: EntryTable, field: str, value: Any) -> Any:
    """One version's value of a disputed field in the reader's language: a signed payment, a word of the
    game, a seat with its player, yes or no; what the game's dispute words say of anything else."""
    game = game_of(view.tournament)
    if value is None:
        return None
    if field.startswith("payments.") and isinstance(value, int):
        return signed(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str):
        seat = view.seat(value) if len(value) == 1 else None
        return seat_label(seat) if seat else game_word(game.id, value)
    if isinstance(value, list | dict):
        return explanation_of(game).fact(field, value)
    return value


def _dispute(tournament: Tournament, dispute_id: int) -> Dispute:
    found = (
        Dispute.objects.filter(hand__table__round__tournament=tournament, pk=dispute_id)
        .select_related("hand__table__round__tournament", "chosen", "resolved_by")
        .first()
    )
    if found is None:
        raise Http404("No such dispute")
    return found


ENTRY_SOURCES = ("payments", "summary")


def _entry_form(
    request: HttpRequest, view: EntryTable, deal: Any, source: str
) -> tuple[Any, Preview | None, list[str]]:
    """The dispute page's form to enter the correct result (the table phone's payments or summary form),
    bound to a posted ``enter-preview``/``enter-save``; with the engine's preview (``hand_preview``) of a
    valid one and the errors for the top. None without a deal (an earlier hand must be entered first)."""
    if deal is None:
        return None, None, []
    form_class = entry_kit(view.tournament).forms[source]
    if request.method != "POST" or not request.POST.get("action", "").startswith("enter-"):
        return form_class(view=view, deal=deal), None, []
    form = form_class(request.POST, view=view, deal=deal)
    preview, top = None, []
    if form.is_valid():
        try:
            payments, kind, items = services.hand_preview(view.table, deal.number, source, form.to_data())
        except ValidationError as exc:
            top = place_errors(form, exc)
        else:
            preview = Preview([(s, payments.get(s.position, 0)) for s in view.seats], kind, items)
    return form, preview, top


@organizer_page
def dispute_page(request: HttpRequest, tournament: Tournament, dispute_id: int) -> HttpResponse:
    """One dispute side by side: every version in a column, the validator's finding; resolve by choosing
    a version or by entering the correct result (payments or a hand summary, with the engine's preview:
    a new organizer's version, audited like any other), or void."""
    dispute = _dispute(tournament, dispute_id)
    failed = None
    source = request.POST.get("source") or request.GET.get("enter") or "payments"
    source = source if source in ENTRY_SOURCES else "payments"
    view, deal = dispute_view(dispute)
    entry_form, preview, entry_top = _entry_form(request, view, deal, source)
    action = request.POST.get("action", "") if request.method == "POST" else ""
    if action == "enter-save" and entry_form is not None and preview is not None:
        try:
            entered = services.dispute_resolve(
                dispute,
                resolved_by=request.user,
                source=source,
                data=entry_form.to_data(),
                note=request.POST.get("note", ""),
                expected_version=posted_int(request, "version"),
            )
        except ValidationError as exc:
            entry_top += place_errors(entry_form, exc)
            failed = failure(exc, _("dispute"))
            preview = None
        else:
            messages.success(
                request,
                _("The result you entered is now the hand's (version %(v)s).") % {"v": entered.version},
            )
            return redirect("tournaments:manage-dispute", tournament.slug, dispute.pk)
    if request.method == "POST" and not action.startswith("enter-"):
        try:
            if action == "resolve":
                version = posted_int(request, "version")
                chosen_number = posted_int(request, "chosen")
                chosen = dispute.submissions.filter(version=chosen_number).first() if chosen_number else None
                if chosen is None:
                    raise invalid_form("chosen", _("choose one of the versions"))
                services.dispute_resolve(
                    dispute,
                    resolved_by=request.user,
                    chosen=chosen,
                    note=request.POST.get("note", ""),
                    expected_version=version,
                )
                done = _("Version %(v)s is now the hand's result.") % {"v": chosen.version}
            elif action == "void":
                services.hand_void(dispute.hand, by=request.user, reason=request.POST.get("reason", ""))
                done = _("The hand is voided: it counts 0 for every seat.")
            else:
                raise invalid_form("action", _("unknown action"))
        except ValidationError as exc:
            failed = failure(exc, _("dispute"))
        else:
            messages.success(request, done)
            return redirect("tournaments:manage-dispute", tournament.slug, dispute.pk)
        dispute = _dispute(tournament, dispute_id)
    columns = version_columns(dispute, view, deal)
    finding = dispute.findings.select_related("chosen").order_by("-dispute_version").first()
    heads, rows = differences_rows(finding, columns, view, deal)
    by_validator = Dispute.objects.filter(selectors.settled_by_validator(), pk=dispute.pk).exists()
    context = {
        "tournament": tournament,
        "dispute": dispute,
        "hand": dispute.hand,
        "table": dispute.hand.table,
        "round": dispute.hand.table.round,
        "positions": view.positions,
        "columns": columns,
        "finding": finding,
        "diff_heads": heads,
        "diff_rows": rows,
        "is_open": dispute.status == Dispute.Status.OPEN,
        "by_validator": by_validator,
        "can_resolve": dispute.status == Dispute.Status.OPEN or by_validator,
        "failure": failed,
        "note_max": services.NOTE_MAX,
        "form": entry_form,
        "summary_template": entry_kit(dispute.hand.table.round.tournament).summary_template,
        "deal": deal,
        "source": source,
        "preview": preview,
        "entry_top": entry_top,
        "error_summary": error_summary(entry_form) if entry_form is not None else [],
    }
    if entry_form is not None:
        mark_invalid(entry_form)
    response = context_render(request, "tournaments/organizer/dispute.html", context)
    refused = entry_form is not None and (entry_form.errors or entry_form.group_errors)
    if action.startswith("enter-") and (entry_top or refused):
        response.status_code = 400
    return response


urlpatterns: list[URLPattern] = [
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", LogoutView.as_view(), name="logout"),
    path("manage/", my_tournaments, name="my-tournaments"),
    path("t/<slug:slug>/manage/", dashboard, name="manage"),
    path("t/<slug:slug>/manage/rounds/next/", round_next, name="manage-round-next"),
    path("t/<slug:slug>/manage/final-stage/", final_stage, name="manage-final-stage"),
    path("t/<slug:slug>/manage/finish/", finish, name="manage-finish"),
    path("t/<slug:slug>/manage/reopen/", reopen, name="manage-reopen"),
    path("t/<slug:slug>/manage/rounds/<num:number>/", round_page, name="manage-round"),
    path("t/<slug:slug>/manage/rounds/<num:number>/progress/", round_progress, name="manage-round-progress"),
    path("t/<slug:slug>/manage/jobs/<num:job_id>/", job_page, name="manage-job"),
    path("t/<slug:slug>/manage/jobs/<num:job_id>/status/", job_status, name="manage-job-status"),
    path("t/<slug:slug>/manage/disputes/", dispute_list, name="manage-disputes"),
    path("t/<slug:slug>/manage/disputes/<num:dispute_id>/", dispute_page, name="manage-dispute"),
]
