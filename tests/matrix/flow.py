"""One case of the matrix driven through the site as its users do (issue 31 §3): a tournament of the case's
game and preset with one table of the case's size, its hands entered and confirmed from the seats' phones
(the summary form, "confirm on this phone", the payments form), one contested and corrected by the
organizer as a summary, then every page that shows it (score sheet, standings, projector, printables, the
player page, the statistics), the round closed and the tournament finished through the organizer's pages,
a series that counts it, its CSV and the API's reads.

Every step checks its status and the content that proves it worked, and records what is wrong instead of
stopping: a case reports all its problems at once, each with where the product raised (file:line). A step
whose page fails falls back on the service (``hand_submit``) only so that the later steps still run; the
failure stays recorded."""

from __future__ import annotations

import csv
import io
import itertools
import re
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import translation

from engine.core.descriptor import Deal
from tests.matrix.cases import Case
from tests.matrix.forms import not_on_page, payments_post, rendered_fields, summary_post
from tests.matrix.pages import (
    LANGUAGES,
    label,
    missing_items,
    page_errors,
    preview_payments,
    raw_identifiers,
    section,
    svg_numbers_not_dotted,
    visible_text,
)
from tests.matrix.summaries import FEW_DRAWS, Sample, draw, richest
from tournaments import selectors, services
from tournaments.core.labels import game_word
from tournaments.draw.models import Round, Table
from tournaments.organizing.models import Club, Tournament
from tournaments.participants.models import Player
from tournaments.results.models import Dispute, Hand, HandSubmission
from tournaments.series.models import Series

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("tournaments", "api", "engine", "config")
NAMES = ["Kovács Anna", "Szabó Bence", "Tóth Csaba", "Horváth Dóra", "Varga Endre", "Kiss Flóra"]
SLUG = "matrix-cup"
#: hand 1 previews every distinct sample of this many draws (the coverage of the game's words is
#: test_summaries', over more draws)
HAND_ONE_DRAWS = 150
DEALS = 3  # hand 1: the summary form; hand 2: confirmed on the same phone; hand 3: the payments form


def where(exc: BaseException) -> str:
    """The product's frame an exception came from (file:line, function), the test's own otherwise."""
    frames = traceback.extract_tb(exc.__traceback__)
    product = [f for f in frames if Path(f.filename).resolve().is_relative_to(ROOT)]
    product = [f for f in product if Path(f.filename).resolve().relative_to(ROOT).parts[0] in PRODUCT]
    frame = (product or frames)[-1]
    path = Path(frame.filename).resolve()
    shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return f"{shown}:{frame.lineno} ({frame.name})"


class Run:
    """A case's tournament and the phones, the organizer and the public reading it."""

    def __init__(self, case: Case, capture: Callable[..., Any]) -> None:
        self.case, self.game, self.capture = case, case.game, capture
        self.problems: list[str] = []
        self._languages = itertools.cycle(LANGUAGES[case.index % 3 :] + LANGUAGES[: case.index % 3])
        self.phones: dict[str, Client] = {}
        self.public = Client()
        self.summaries: dict[int, Sample] = {}  # hand number -> the sample entered for it

    # --- recording ----------------------------------------------------------------------------------

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        try:
            yield
        except AssertionError as exc:
            self.problems.append(f"{name}: {exc}")
        except Exception as exc:  # a page's 500 or a service's refusal: where the product raised
            self.problems.append(f"{name}: {type(exc).__name__}: {str(exc)[:400]} at {where(exc)}")

    def check(self, ok: bool, message: str) -> None:
        """A soft check inside a step: recorded, the step goes on."""
        if not ok:
            self.problems.append(message)

    def language(self) -> str:
        return next(self._languages)

    # --- requests -----------------------------------------------------------------------------------

    def get(self, client: Client, url: str, language: str, name: str, status: int = 200) -> str:
        """GET ``url`` in ``language``; the status must be ``status``; the page must show no raw
        identifier. Returns the page."""
        with self.capture(execute=True):
            response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        body = response.content.decode()
        assert response.status_code == status, f"{name} ({language}) answers {response.status_code}: {url}"
        if "html" in response.get("Content-Type", ""):
            raw = raw_identifiers(body, language, self.game)
            self.check(not raw, f"{name} ({language}) shows raw identifiers {raw}: {url}")
        return body

    def post(self, client: Client, url: str, data: dict[str, Any], language: str = "en") -> Any:
        with self.capture(execute=True):
            return client.post(url, data, HTTP_ACCEPT_LANGUAGE=language)

    # --- the tournament -----------------------------------------------------------------------------

    def setup(self) -> None:
        """A club's organizer creates the tournament of the case (one round, one table of its size, three
        deals), registers and checks in its players, draws, confirms, publishes and starts the round."""
        case = self.case
        self.organizer = get_user_model().objects.create_user("matrix-org", password="pw-matrix-12345")
        self.club = Club.objects.create(name="Matrix Tarokk Klub", city="Szeged")
        self.club.organizers.add(self.organizer)
        fields = {
            "name": "Matrix Kupa",
            "slug": SLUG,
            "starts_on": date(2026, 12, 5),
            "game": case.game_id,
            "rules_preset": case.preset,
            "club": self.club,
            "table_sizes": [case.size],
            "rounds_planned": 1,
            f"deals_per_round_{case.size}": DEALS,
        }
        with self.capture(execute=True):
            self.tournament = services.tournament_create(fields=fields, by=self.organizer)
            for name in NAMES[: case.size]:
                player = Player.objects.create(name=name, club=self.club)
                services.player_register(self.tournament, player, check_in=True, by=self.organizer)
            round_ = services.round_generate(self.tournament, seed=case.id, by=self.organizer)
            for move in (services.round_confirm, services.round_publish, services.round_start):
                move(round_, by=self.organizer)
        self.round = Round.objects.get(pk=round_.pk)
        self.table: Table = self.round.tables.get()
        self.seats = list(self.table.seats.select_related("player").order_by("position"))
        self.positions = [s.position for s in self.seats]
        self.player_of = {s.position: s.player for s in self.seats}
        self.code = selectors.active_table_code(self.table)
        self.org = Client()
        self.org.force_login(self.organizer)
        assert len(self.seats) == case.size, f"the draw seats {len(self.seats)} at the table, not {case.size}"

    def url(self, name: str, **kwargs: Any) -> str:
        return reverse(f"tournaments:{name}", kwargs={"slug": SLUG, **kwargs})

    def entry_url(self, name: str, **kwargs: Any) -> str:
        return self.url(name, code=self.code, **kwargs)

    def phone(self, position: str) -> Client:
        """The phone of seat ``position``, its seat chosen once."""
        if position not in self.phones:
            phone = Client()
            answer = self.post(phone, self.entry_url("entry-seat"), {"position": position})
            assert answer.status_code == 302, f"choosing seat {position} answers {answer.status_code}"
            self.phones[position] = phone
        return self.phones[position]

    def deal(self, number: int) -> Deal:
        return services.next_deal(self.table, number)

    def samples(self, number: int, most: int = FEW_DRAWS) -> list[Sample]:
        """Distinct plausible summaries of hand ``number``'s deal (``most`` draws at most)."""
        deal = self.deal(number)
        seed = f"{self.case.id}-{number}"
        return draw(self.case.game_id, self.case.preset, deal, seed, most, most).representatives()

    def hand(self, number: int) -> Hand | None:
        return Hand.objects.filter(table=self.table, number=number).first()

    def expect_payments(self, sample: Sample) -> dict[str, int]:
        return {p: sample.payments.get(p, 0) for p in self.positions}

    # --- entering a hand ----------------------------------------------------------------------------

    def preview_summary(
        self, client: Client, url: str, sample: Sample, form: str, extra: dict[str, Any]
    ) -> str:
        """Preview ``sample`` through the summary form at ``url`` (its fields as rendered in ``form``);
        the preview must show the engine's payments and items. Returns the preview page."""
        language = self.language()
        post, _unasked = summary_post(self.game, sample.summary)
        offered = not_on_page(post, form)
        self.check(not offered, f"the summary form cannot say {sample.key}: {offered}")
        with self.capture(execute=True):
            answer = client.post(url, {**post, **extra}, HTTP_ACCEPT_LANGUAGE=language)
        page = answer.content.decode()
        if answer.status_code != 200:
            raise AssertionError(
                f"previewing {sample.key} {sample.summary} answers {answer.status_code}: "
                f"{page_errors(page)[:4]} (posted {post})"
            )
        shown = preview_payments(page)
        self.check(
            shown == self.expect_payments(sample),
            f"the preview of {sample.key} shows {shown}, the engine scores {self.expect_payments(sample)}",
        )
        for problem in missing_items(
            section(page, 'class="preview-result"'), sample.items, self.game, language
        ):
            self.problems.append(f"the preview of {sample.key} ({language}): {problem}")
        return page

    def enter_summary(self, number: int, position: str, sample: Sample, previews: list[Sample]) -> None:
        """Seat ``position`` previews each of ``previews`` and saves ``sample`` as hand ``number`` on the
        summary form; falls back on the service if the page does not save it."""
        phone = self.phone(position)
        url = self.entry_url("entry-hand", number=number, source="summary")
        saved = False
        with self.step(f"hand {number}: the summary form"):
            form = self.get(phone, url, self.language(), f"the summary form of hand {number}")
            live = self.entry_url("entry-preview", number=number)
            for other in previews:  # the live preview (the form's JavaScript asks it as one types)
                if other is not sample:
                    with self.step(f"hand {number}: the summary form's live preview"):
                        self.preview_summary(phone, live, other, form, {})
            self.preview_summary(phone, url, sample, form, {"action": "preview", "idem": f"save-{number}"})
            post, _unasked = summary_post(self.game, sample.summary)
            answer = self.post(phone, url, {**post, "action": "save", "idem": f"save-{number}"})
            assert answer.status_code == 302, (
                f"saving {sample.key} {sample.summary} answers {answer.status_code}: "
                f"{page_errors(answer.content.decode())[:4]}"
            )
            entry = HandSubmission.objects.filter(hand__table=self.table, hand__number=number).last()
            assert entry is not None, f"hand {number}: nothing was stored"
            assert entry.status == HandSubmission.Status.PENDING, f"hand {number}'s entry is {entry.status}"
            assert entry.payments == self.expect_payments(sample), (
                f"hand {number} stored {entry.payments}, the engine scores {self.expect_payments(sample)}"
            )
            saved = True
        if not saved:  # so that the later steps still have a hand to show
            self.fallback(number, position, "summary", sample.summary)
        self.summaries[number] = sample

    def fallback(self, number: int, position: str, source: str, data: dict[str, Any], **more: Any) -> None:
        with self.step(f"hand {number}: the service's fallback"), self.capture(execute=True):
            services.hand_submit(
                table=self.table,
                number=number,
                source=source,
                data=data,
                submitted_by=self.player_of[position],
                **more,
            )

    def confirmed_anyway(self, number: int, position: str) -> None:
        """The service confirms hand ``number`` in seat ``position``'s name when the pages did not, so the
        later steps still run (the pages' failure is recorded)."""
        hand = self.hand(number)
        if hand is not None and hand.status == Hand.Status.PENDING:
            entry = HandSubmission.objects.filter(hand=hand, status=HandSubmission.Status.PENDING).last()
            if entry is not None:
                with (
                    self.step(f"hand {number}: the service's fallback confirmation"),
                    self.capture(execute=True),
                ):
                    services.hand_confirm(entry, self.player_of[position])

    def pending(self, number: int) -> HandSubmission:
        entry = HandSubmission.objects.filter(
            hand__table=self.table, hand__number=number, status=HandSubmission.Status.PENDING
        ).last()
        assert entry is not None, f"hand {number} has no entry waiting"
        return entry

    # --- the flows ----------------------------------------------------------------------------------

    def hand_one(self) -> None:
        """The richest plausible summary, after a preview of every distinct one, saved by the first seat in
        play; every seat's phone shows it waiting with its scored items; another seat confirms it."""
        deal = self.deal(1)
        samples = self.samples(1, HAND_ONE_DRAWS)
        chosen = richest(samples)
        enterer, confirmer = deal.active[0], deal.active[1]
        self.enter_summary(1, enterer, chosen, samples)
        with self.step("hand 1 waits: the table page as every seat"):
            entry = self.pending(1)
            for seat in self.positions:
                language = self.language()
                page = self.get(
                    self.phone(seat), self.entry_url("entry-table"), language, f"the table page as {seat}"
                )
                waiting = section(page, 'class="card pending-card"')
                self.check(bool(waiting), f"the table page as {seat} ({language}) shows no entry waiting")
                for problem in missing_items(waiting, chosen.items, self.game, language):
                    self.problems.append(f"the table page as {seat} ({language}), hand 1 waiting: {problem}")
                confirm = self.entry_url("entry-confirm", number=1)
                if seat == enterer:
                    self.check(confirm not in page, f"the table page offers {seat} to confirm its own entry")
                else:
                    self.check(
                        confirm in page, f"the table page as {seat} ({language}) offers no confirmation"
                    )
        with self.step("hand 1: confirmed from another seat's phone"):
            answer = self.post(
                self.phone(confirmer), self.entry_url("entry-confirm", number=1), {"submission": entry.pk}
            )
            assert answer.status_code == 302, f"confirming answers {answer.status_code}"
            assert self.hand(1).status == Hand.Status.CONFIRMED, f"hand 1 is {self.hand(1).status}"
        self.confirmed_anyway(1, confirmer)

    def hand_two(self) -> None:
        """A summary of another kind or contract (the case picks in turn among the distinct ones), saved
        and confirmed by another seat on the same phone."""
        deal = self.deal(2)
        samples = self.samples(2)
        others = [s for s in samples if s.key != self.summaries[1].key] or samples
        chosen = others[self.case.index % len(others)]
        enterer = deal.active[0]
        self.enter_summary(2, enterer, chosen, [chosen])
        with self.step("hand 2: confirmed on this phone"):
            url = self.entry_url("entry-confirm-here", number=2)
            language = self.language()
            page = self.get(self.phone(enterer), url, language, "the confirm-here page")
            for problem in missing_items(page, chosen.items, self.game, language):
                self.problems.append(f"the confirm-here page ({language}): {problem}")
            other = next(p for p in self.positions if p != enterer)
            answer = self.post(self.phone(enterer), url, {"seat": other})
            assert answer.status_code == 302, f"confirming on this phone answers {answer.status_code}"
            confirmed = HandSubmission.objects.get(hand=self.hand(2), status=HandSubmission.Status.CONFIRMED)
            assert confirmed.same_device, "the confirmation does not say it was made on the same phone"
        self.confirmed_anyway(2, next(p for p in self.positions if p != enterer))

    def hand_three(self) -> None:
        """Payments only: the payments of a plausible played hand, previewed, saved, confirmed."""
        deal = self.deal(3)
        played = [s for s in self.samples(3) if s.kind == "played" and any(s.payments.values())]
        sample = played[self.case.index % len(played)] if played else self.samples(3)[0]
        payments = self.expect_payments(sample)
        enterer, confirmer = deal.active[0], deal.active[-1]
        phone = self.phone(enterer)
        url = self.entry_url("entry-hand", number=3, source="payments")
        saved = False
        with self.step("hand 3: the payments form"):
            language = self.language()
            form = self.get(phone, url, language, "the payments form")
            _fields, disabled = rendered_fields(form)
            out = tuple(p for p in self.positions if f"pay_{p}" in disabled)
            self.check(
                not any(payments[p] for p in out),
                f"the payments form disables {out}, who are paid {payments} in {sample.key}",
            )
            post = payments_post(payments, out=out)
            self.check(not not_on_page(post, form), f"the payments form: {not_on_page(post, form)}")
            answer = self.post(phone, url, {**post, "action": "preview", "idem": "pay-3"}, language)
            assert answer.status_code == 200, f"previewing payments answers {answer.status_code}"
            shown = preview_payments(answer.content.decode())
            self.check(shown == payments, f"the payments preview shows {shown}, typed {payments}")
            answer = self.post(phone, url, {**post, "action": "save", "idem": "pay-3"})
            if answer.status_code == 400 and 'name="confirm_unusual"' in answer.content.decode():
                # the form asks whether the payments are a typo: right beyond the game's plausible payment
                # (a rare giant hand: one more tap), wrong for an ordinary one
                limit = self.game.plausible_payment * deal.stake
                self.check(
                    max(abs(v) for v in payments.values()) > limit or not any(payments.values()),
                    f"hand 3: the payments form queries the engine's plausible {sample.key} payments "
                    f"{payments} (within {limit}) as a typo: {page_errors(answer.content.decode())[:1]}",
                )
                confirmed = {**post, "action": "save", "idem": "pay-3", "confirm_unusual": "on"}
                answer = self.post(phone, url, confirmed)
            assert answer.status_code == 302, (
                f"saving payments {payments} answers {answer.status_code}: "
                f"{page_errors(answer.content.decode())[:4]}"
            )
            saved = True
        if not saved:
            self.fallback(3, enterer, "payments", {"payments": payments}, confirm_unusual=True)
        with self.step("hand 3: confirmed from another seat's phone"):
            entry = self.pending(3)
            answer = self.post(
                self.phone(confirmer), self.entry_url("entry-confirm", number=3), {"submission": entry.pk}
            )
            assert answer.status_code == 302, f"confirming answers {answer.status_code}"
            assert self.hand(3).status == Hand.Status.CONFIRMED, f"hand 3 is {self.hand(3).status}"
            assert self.hand(3).payments == payments, f"hand 3 counts {self.hand(3).payments}, not {payments}"
        self.confirmed_anyway(3, confirmer)

    def contest_and_correct(self) -> None:
        """A seat contests hand 1; the organizer reads the dispute (the versions in words) and enters the
        correct result as a summary, with the engine's preview."""
        deal = self.deal(1)
        with self.step("hand 1: contested from a phone"):
            contester = deal.active[-1]
            answer = self.post(
                self.phone(contester),
                self.entry_url("entry-contest"),
                {"number": 1, "reason": "Rossz a pontszám."},
            )
            assert answer.status_code == 302, f"contesting answers {answer.status_code}"
            assert self.hand(1).status == Hand.Status.DISPUTED, f"hand 1 is {self.hand(1).status}"
        dispute = Dispute.objects.filter(hand__table=self.table, status=Dispute.Status.OPEN).first()
        if dispute is None:
            self.problems.append("hand 1: no dispute is open after the contest")
            return
        url = self.url("manage-dispute", dispute_id=dispute.pk)
        with self.step("the dispute page"):
            language = self.language()
            page = self.get(self.org, url, language, "the dispute page")
            self.check(
                self.player_of[deal.active[0]].name in page, "the dispute page does not say who entered"
            )
            self.check_versions_in_words(page, language)
            self.check_versions_say_what_was_entered(page, language, dispute)
        first = self.summaries[1]
        corrections = [
            s
            for s in self.samples(1, HAND_ONE_DRAWS)
            if s.kind == first.kind and s.payments != first.payments
        ] or [first]
        correction = corrections[self.case.index % len(corrections)]
        with self.step("the dispute page: a correction entered as a summary"):
            form = self.get(
                self.org, url + "?enter=summary", self.language(), "the dispute page's summary form"
            )
            dispute.refresh_from_db()
            extra = {"source": "summary", "version": dispute.version}
            self.preview_summary(self.org, url, correction, form, {**extra, "action": "enter-preview"})
            post, _unasked = summary_post(self.game, correction.summary)
            answer = self.post(
                self.org, url, {**post, **extra, "action": "enter-save", "note": "a papírlap szerint"}
            )
            assert answer.status_code == 302, f"saving the correction answers {answer.status_code}"
            dispute.refresh_from_db()
            assert dispute.status == Dispute.Status.RESOLVED, f"the dispute is {dispute.status}"
            hand = self.hand(1)
            assert hand.status == Hand.Status.CONFIRMED, f"hand 1 is {hand.status}"
            assert hand.payments == self.expect_payments(correction), (
                f"hand 1 counts {hand.payments}, the correction scores {self.expect_payments(correction)}"
            )
            self.summaries[1] = correction
        if Dispute.objects.filter(hand__table=self.table, status=Dispute.Status.OPEN).exists():
            with self.step("the dispute: resolved by the service's fallback"), self.capture(execute=True):
                services.dispute_resolve(
                    dispute, resolved_by=self.organizer, source="summary", data=correction.summary, note="x"
                )
                self.summaries[1] = correction

    def check_versions_in_words(self, page: str, language: str) -> None:
        """The dispute page names each version's facts and the finding's differences in words: no raw key
        (``bid``, ``payments.A``, ``result.declarer_card_points``) and no JSON."""
        labels = re.findall(r'<dl class="facts small fact-list">(.*?)</dl>', page, re.S)
        names = [visible_text(n) for block in labels for n in re.findall(r"<dt>(.*?)</dt>", block, re.S)]
        values = [visible_text(v) for block in labels for v in re.findall(r"<dd>(.*?)</dd>", block, re.S)]
        diffs = re.findall(r'<table class="data diffs">(.*?)</table>', page, re.S)
        names += [
            visible_text(n)
            for block in diffs
            for n in re.findall(r'<th scope="row"[^>]*>(.*?)</th>', block, re.S)
        ]
        raw = sorted({n for n in names if re.fullmatch(r"[a-z][a-z0-9_]*(?:[.\[][\w\]]+)*", n)})
        self.check(not raw, f"the dispute page ({language}) names facts by raw keys: {raw[:12]}")
        json_like = [v for v in values if v.startswith(("{", "["))]
        self.check(not json_like, f"the dispute page ({language}) shows facts as JSON: {json_like[:3]}")

    def check_versions_say_what_was_entered(self, page: str, language: str, dispute: Dispute) -> None:
        """Each version entered as a summary says, in its column, what was played (its contract, or its
        kind of hand): the organizer decides between what the seats entered, not between numbers."""
        columns = re.findall(r'<article class="card version.*?</article>', page, re.S)
        rules = self.game.resolve_rules(self.case.preset)
        versions = dispute.submissions.order_by("version")
        for column, entry in zip(columns, versions, strict=False):
            if entry.source != HandSubmission.Source.SUMMARY:
                continue
            facts = self.game.hand_facts(dict(entry.payload), rules)
            key = facts.contract or facts.kind
            with translation.override(language):
                words = str(game_word(self.game.id, key))
            self.check(
                words in visible_text(column),
                f"the dispute page ({language}) does not say what version {entry.version} entered: "
                f"no {words!r} ({key}) in its column",
            )

    # --- what the pages show ------------------------------------------------------------------------

    def counted(self) -> list[tuple[int, str, str | None, list[dict[str, Any]]]]:
        """The confirmed hands entered as summaries: number, kind, contract and the engine's items of
        what is stored (the pages must show what the engine scored from it)."""
        rules = self.game.resolve_rules(self.case.preset)
        out = []
        for entry in HandSubmission.objects.filter(
            hand__table=self.table,
            status=HandSubmission.Status.CONFIRMED,
            source=HandSubmission.Source.SUMMARY,
        ).order_by("hand__number"):
            payload = dict(entry.payload)
            facts = self.game.hand_facts(payload, rules)
            out.append(
                (
                    entry.hand.number,
                    entry.kind,
                    facts.contract,
                    list(self.game.score(payload, rules)["items"]),
                )
            )
        return out

    def confirmed_totals(self) -> dict[int, int]:
        """Each player's sum of the confirmed hands' payments."""
        totals = {p.pk: 0 for p in self.player_of.values()}
        for hand in Hand.objects.filter(table=self.table, status=Hand.Status.CONFIRMED):
            for position, value in (hand.payments or {}).items():
                totals[self.player_of[position].pk] += int(value)
        return totals

    def pages_while_playing(self) -> None:
        with self.step("the score sheet"):
            language = self.language()
            page = self.get(
                self.public, self.url("table", number=1, table=self.table.number), language, "the score sheet"
            )
            for number, kind, _contract, items in self.counted():
                for problem in missing_items(page, items, self.game, language):
                    self.problems.append(f"the score sheet ({language}), hand {number}: {problem}")
                if kind != "played":
                    words = label(self.game, kind, language)
                    self.check(
                        words is not None and words in visible_text(page),
                        f"the score sheet ({language}) does not say hand {number} was {kind} ({words!r})",
                    )
        with self.step("the live standings"):
            self.standings_page("the live standings")
        with self.step("the tournament's page"):
            self.get(self.public, self.url("detail"), self.language(), "the tournament's page")
        with self.step("the projector"):
            page = self.get(self.public, self.url("projector"), self.language(), "the projector")
            self.check(all(p.name in page for p in self.player_of.values()), "the projector misses a player")
        with self.step("the printed sheets"):
            self.get(
                self.public, self.url("print-round-sheets", number=1), self.language(), "the round's sheets"
            )
            self.get(
                self.public, self.url("print-sheet", size=self.case.size), self.language(), "the blank sheet"
            )
        with self.step("the printed standings"):
            page = self.get(
                self.public, self.url("print-standings"), self.language(), "the printed standings"
            )
            self.check(
                all(p.name in page for p in self.player_of.values()), "the printed standings miss a player"
            )
        with self.step("the player page"):
            player = self.seats[0].player
            for language in ("hu", "de"):
                page = self.get(
                    self.public, self.url("player", player_id=player.pk), language, "the player page"
                )
                self.check("<svg" in page, f"the player page ({language}) has no rank chart")
                bad = svg_numbers_not_dotted(page)
                self.check(not bad, f"the player page's rank chart ({language}) has numbers {bad[:4]}")
        with self.step("the statistics"):
            language = self.language()
            page = visible_text(self.get(self.public, self.url("statistics"), language, "the statistics"))
            for number, kind, contract, _items in self.counted():
                if contract and kind == "played":
                    with translation.override(language):  # the site's word for it (Hungarian: its bids')
                        words = str(game_word(self.game.id, contract))
                    self.check(
                        words in page,
                        f"the statistics ({language}) do not show hand {number}'s {contract} ({words!r})",
                    )

    def standings_page(self, name: str, final: bool = False) -> None:
        """The standings page lists every player with the game points the confirmed hands sum to, and
        so does the API."""
        language = self.language()
        page = self.get(self.public, self.url("standings"), language, name)
        api = self.public.get(f"/api/v1/tournaments/{SLUG}/standings/")
        assert api.status_code == 200, f"the API's standings answer {api.status_code}"
        body = api.json()
        expected = self.confirmed_totals()
        got = {row["player"]["id"]: row.get("game_points") for row in body["results"]}
        assert got == expected, (
            f"{name}: the API's game points {got}, the confirmed payments sum to {expected}"
        )
        if self.tournament.scoring == "game_points":  # the total is the game points themselves
            totals = {row["player"]["id"]: row.get("total") for row in body["results"]}
            self.check(
                totals == expected, f"{name}: the API's totals {totals}, the payments sum to {expected}"
            )
        self.check(bool(body.get("final")) == final, f"{name}: the API says final={body.get('final')}")
        shown = {}
        for row in re.findall(r"<tr><td class=\"num\".*?</tr>", page, re.S):
            player = re.search(r'class="row-link" href="[^"]*/players/(\d+)/"', row)
            cells = re.findall(r'<td class="num[^"]*" data-v="([^"]+)"', row)
            if player and len(cells) > 3:
                shown[int(player.group(1))] = round(float(cells[3]))
        self.check(
            shown == expected, f"{name} ({language}) shows game points {shown}, the hands sum to {expected}"
        )

    def close_and_finish(self) -> None:
        with self.step("the organizer closes the round"):
            round_ = Round.objects.get(pk=self.round.pk)
            self.get(self.org, self.url("manage-round", number=1), self.language(), "the round's page")
            answer = self.post(
                self.org,
                self.url("manage-round", number=1),
                {"action": "close", "version": round_.version, "confirm": "1"},
            )
            assert answer.status_code == 302, f"closing the round answers {answer.status_code}"
            assert Round.objects.get(pk=self.round.pk).status == Round.Status.CLOSED, (
                "the round is not closed"
            )
        with self.step("the organizer finishes the tournament"):
            asked = self.post(self.org, self.url("manage-finish"), {"skip_final": "1"})
            assert asked.status_code == 409, f"finishing is not asked first: {asked.status_code}"
            assert 'name="confirm" value="1"' in asked.content.decode(), "finishing asks no confirmation"
            answer = self.post(self.org, self.url("manage-finish"), {"skip_final": "1", "confirm": "1"})
            assert answer.status_code == 302, f"finishing answers {answer.status_code}"
            status = Tournament.objects.get(pk=self.tournament.pk).status
            assert status == Tournament.Status.FINISHED, f"the tournament is {status}"
        with self.step("the final standings"):
            self.standings_page("the final standings", final=True)

    def winner(self) -> Player:
        body = self.public.get(f"/api/v1/tournaments/{SLUG}/standings/").json()
        return Player.objects.get(pk=min(body["results"], key=lambda row: row["rank"])["player"]["id"])

    def series(self) -> None:
        """The club's organizer opens a series of the game and counts the tournament: its page and its CSV
        rank the tournament's winner first."""
        with self.step("a series that counts the tournament"):
            form = {
                "name": "Matrix Sorozat", "slug": "matrix-series", "season": "2026",
                "game": self.case.game_id, "points": "25, 20, 16, 13, 11, 10", "best_of": "3",
                "min_tournaments": "1", "participation_points": "1", "top": "2",
            }  # fmt: skip
            self.get(
                self.org,
                reverse("tournaments:series-new", args=[self.club.slug]),
                self.language(),
                "the new series form",
            )
            answer = self.post(self.org, reverse("tournaments:series-new", args=[self.club.slug]), form)
            assert answer.status_code == 302, f"creating the series answers {answer.status_code}"
            manage = reverse("tournaments:series-manage", args=["matrix-series"])
            self.get(self.org, manage, self.language(), "the series' manage page")
            answer = self.post(self.org, manage, {"action": "add", "tournament": SLUG})
            assert answer.status_code == 302, f"adding the tournament answers {answer.status_code}"
            series = Series.objects.get(slug="matrix-series")
            assert list(series.tournaments.all()) == [self.tournament], "the series does not count it"
            winner = self.winner()
            language = self.language()
            page = visible_text(
                self.get(
                    self.public,
                    reverse("tournaments:series", args=["matrix-series"]),
                    language,
                    "the series page",
                )
            )
            self.check(
                winner.name in page, f"the series page ({language}) does not show the winner {winner.name}"
            )
            names = [p.name for p in self.player_of.values()]
            first = (
                min((page.find(n), n) for n in names if n in page) if any(n in page for n in names) else None
            )
            self.check(
                first is not None and first[1] == winner.name,
                f"the series page ranks {first} first, not {winner.name}",
            )
            answer = self.public.get(reverse("tournaments:series-csv", args=["matrix-series"]))
            assert answer.status_code == 200, f"the series CSV answers {answer.status_code}"
            rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
            self.check(len(rows) > 1 and winner.name in rows[1], f"the series CSV's first row is {rows[1:2]}")

    def api(self) -> None:
        with self.step("the API's reads"):
            answer = self.public.get(f"/api/v1/tournaments/{SLUG}/")
            assert answer.status_code == 200, f"the API's tournament answers {answer.status_code}"
            body = answer.json()
            self.check(
                (body.get("game"), body.get("rules_preset")) == (self.case.game_id, self.case.preset),
                f"the API's tournament says {body.get('game')}/{body.get('rules_preset')}",
            )
            url = f"/api/v1/tournaments/{SLUG}/rounds/1/tables/{self.table.number}/hands/"
            answer = self.public.get(url)
            assert answer.status_code == 200, f"the API's hands answer {answer.status_code}"
            hands = answer.json()
            hands = hands.get("results", hands) if isinstance(hands, dict) else hands
            stored = {h.number: h.payments for h in Hand.objects.filter(table=self.table)}
            served = {h["number"]: h.get("payments") for h in hands}
            self.check(served == stored, f"the API's hands {served} are not the stored {stored}")
            self.check(
                all(h.get("status") == "confirmed" for h in hands),
                f"the API's hands are {[h.get('status') for h in hands]}",
            )

    def run(self) -> list[str]:
        self.setup()
        self.hand_one()
        self.hand_two()
        self.hand_three()
        self.contest_and_correct()
        self.pages_while_playing()
        self.close_and_finish()
        self.series()
        self.api()
        return self.problems
