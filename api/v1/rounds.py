"""Rounds resources of /api/v1/tournaments/{slug}/: draws and their lifecycle, tables and entry codes.

Who may call what:

* reading rounds and tables: organizers of the tournament (every round), the public (released rounds of
  public tournaments), a table's entry code (its own table only; another table is 403);
* every write: organizers of the tournament only (a table code gets 403, no credentials 401).

Drawing the next round, re-drawing one and seating the final stage are computed by the worker: after the
same checks as before (a refused request stores nothing), they answer ``202 Accepted`` with a job
(``/api/v1/jobs/{id}/``, in ``Location``) that the client polls until it is done, with a link to the round.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, status
from rest_framework.request import Request
from rest_framework.response import Response

from api.v1 import serializers_rounds as s
from api.v1.access import require_organizer, table_access
from api.v1.base import Pagination, TournamentView, expected_version, with_etag
from api.v1.idempotency import idempotent
from api.v1.jobs import ACCEPTED, LOCATION, job_accepted
from tournaments import selectors
from tournaments.core import api_texts as texts
from tournaments.draw.models import Job, Round, Table
from tournaments.draw.services.jobs import job_request
from tournaments.draw.services.rounds import (
    draw_edit,
    round_close,
    round_confirm,
    round_publish,
    round_start,
    round_verify,
)
from tournaments.draw.services.tables import table_code_replace
from tournaments.organizing.models import Tournament

IF_MATCH = OpenApiParameter(
    "If-Match",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description='The round\'s ETag as read (e.g. "round-7-v3"): a stale one gives 412 and changes nothing.',
)
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    required=False,
    description="Retrying with the same key returns the first response and does nothing again.",
)
ROUND_RESPONSE = OpenApiResponse(
    s.RoundDetailSerializer, description='The round; ETag "round-{id}-v{version}".'
)


class RoundsBase(TournamentView):
    """Shared lookups: the caller's view of the rounds, and the organizer check that also refuses codes."""

    def require_organizer(self) -> Any:
        """Organizers only: 401 without credentials, 403 for others, also for a table's code."""
        tournament = self.tournament()
        if table_access(self.request) is not None:
            raise exceptions.PermissionDenied(texts.TABLE_CODE_READS_AND_ENTERS)
        return require_organizer(self.request, tournament)

    def round_(self, number: int) -> Round:
        """The round as the caller may see it (404 for the public on drafts and confirmed rounds)."""
        found = selectors.visible_rounds(self.tournament(), organizer=self.organizer())
        found = found.filter(number=number).first()
        if found is None:
            raise Http404
        return found

    def reload(self, round_: Round) -> Round:
        return selectors.visible_rounds(self.tournament(), organizer=True).get(pk=round_.pk)

    def round_response(self, round_: Round, code: int = status.HTTP_200_OK) -> Response:
        round_ = self.reload(round_)
        data = s.RoundDetailSerializer(round_, context={"verifies": round_verify(round_)}).data
        return with_etag(Response(data, status=code), "round", round_)


class RoundListView(RoundsBase):
    """The rounds in number order; POST has the worker draw the next one as a draft."""

    pagination_class = Pagination

    @extend_schema(summary="List the rounds and their draws", responses=s.RoundSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        rounds = selectors.visible_rounds(self.tournament(), organizer=self.organizer())
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(rounds, request, view=self)
        return paginator.get_paginated_response(s.RoundSerializer(page, many=True).data)

    @extend_schema(
        summary="Draw the next round as a draft, in the worker: 202 with the job (organizers)",
        request=s.GenerateSerializer,
        parameters=[IDEMPOTENCY_KEY, LOCATION],
        responses={202: ACCEPTED},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        by = self.require_organizer()
        body = s.GenerateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        job = job_request(Job.Kind.GENERATE, self.tournament(), by=by, **body.validated_data)
        return job_accepted(request, job)


class RoundDetailView(RoundsBase):
    """A round with its draw; its ETag is what If-Match names on the round's actions."""

    @extend_schema(summary="A round, its draw and whether the draw verifies", responses=ROUND_RESPONSE)
    def get(self, request: Request, slug: str, number: int) -> Response:
        return self.round_response(self.round_(number))


class RedrawView(RoundsBase):
    """A new seed for a round that is not yet published, drawn by the worker. The re-draw is of the round
    as read (If-Match; without it, as it was when asked): a change before the worker runs fails the job."""

    @extend_schema(
        summary="Re-draw a draft or confirmed round with a new seed, in the worker: 202 with the job "
        "(organizers)",
        request=s.RedrawSerializer,
        parameters=[IF_MATCH, IDEMPOTENCY_KEY, LOCATION],
        responses={202: ACCEPTED},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        by = self.require_organizer()
        round_ = self.round_(number)
        body = s.RedrawSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        version = expected_version(request, "round", round_)
        job = job_request(
            Job.Kind.REDRAW, self.tournament(), by=by, number=round_.number, expected_version=version,
            **body.validated_data,
        )  # fmt: skip
        return job_accepted(request, job)


class DrawEditView(RoundsBase):
    """A draw entered by hand, validated like a drawn one; the round becomes a manual draft."""

    def edit(self, request: Request, number: int) -> Response:
        by = self.require_organizer()
        round_ = self.round_(number)
        body = s.DrawEditSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        version = expected_version(request, "round", round_)
        round_ = draw_edit(
            round_, body.validated_data["tables"], byes=body.validated_data["byes"], by=by,
            expected_version=version,
        )  # fmt: skip
        return self.round_response(round_)

    @extend_schema(
        summary="Replace a draft draw by hand (organizers)",
        request=s.DrawEditSerializer,
        parameters=[IF_MATCH],
        responses=ROUND_RESPONSE,
    )
    def put(self, request: Request, slug: str, number: int) -> Response:
        return self.edit(request, number)

    @extend_schema(
        summary="Replace a draft draw by hand (organizers; as PUT)",
        request=s.DrawEditSerializer,
        parameters=[IF_MATCH, IDEMPOTENCY_KEY],
        responses=ROUND_RESPONSE,
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        return self.edit(request, number)


def transition_view(service: Any, summary: str) -> type[RoundsBase]:
    """A view whose POST moves a round's status with ``service`` under the caller's ``If-Match``."""

    class TransitionView(RoundsBase):
        __doc__ = (service.__doc__ or summary).strip().splitlines()[0]

        @extend_schema(
            summary=summary, request=None, parameters=[IF_MATCH, IDEMPOTENCY_KEY], responses=ROUND_RESPONSE
        )
        @idempotent
        def post(self, request: Request, slug: str, number: int) -> Response:
            by = self.require_organizer()
            round_ = self.round_(number)
            version = expected_version(request, "round", round_)
            return self.round_response(service(round_, by=by, expected_version=version))

    TransitionView.__name__ = TransitionView.__qualname__ = (
        f"Round{service.__name__.title().replace('_', '')}View"
    )
    return TransitionView


class CloseView(RoundsBase):
    """Close a round once every table is settled. While its timer still runs the close must be confirmed
    (``{"confirm": true}``), as on the organizer's page: otherwise 409 saying how long it has left."""

    @extend_schema(
        summary="Close a round once every table is settled (organizers); confirm: true while its timer "
        "still runs (else 409)",
        request=s.CloseSerializer,
        parameters=[IF_MATCH, IDEMPOTENCY_KEY],
        responses=ROUND_RESPONSE,
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        by = self.require_organizer()
        round_ = self.round_(number)
        version = expected_version(request, "round", round_)
        body = s.CloseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        confirm = body.validated_data["confirm"]
        return self.round_response(round_close(round_, by=by, expected_version=version, confirm=confirm))


class VerifyView(RoundsBase):
    """Re-runs the draw from the stored seed and input: anyone may check it was not arranged."""

    def verify(self, number: int) -> Response:
        round_ = self.round_(number)
        data = {"round": round_.number, "method": round_.method, "seed": round_.seed}
        return Response(s.VerifySerializer({**data, "verifies": round_verify(round_)}).data)

    @extend_schema(
        summary="Whether the stored draw is what its seed and input give", responses=s.VerifySerializer
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        return self.verify(number)

    @extend_schema(
        summary="Whether the stored draw is what its seed and input give (as GET)",
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses=s.VerifySerializer,
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int) -> Response:
        return self.verify(number)


class FinalStageView(RoundsBase):
    """After the qualifying rounds: the top of the standings at the final table(s), seated by the worker."""

    @extend_schema(
        summary="Seat the final stage from the qualifying standings, in the worker: 202 with the job "
        "(organizers)",
        request=None,
        parameters=[IDEMPOTENCY_KEY, LOCATION],
        responses={202: ACCEPTED},
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        by = self.require_organizer()
        return job_accepted(request, job_request(Job.Kind.FINAL_STAGE, self.tournament(), by=by))


class TablesBase(RoundsBase):
    """Tables are also readable with the table's own entry code, even in a private tournament."""

    def tournament(self) -> Tournament:
        access = table_access(self.request)
        if access is not None and not hasattr(self, "_tournament"):
            # the code was looked up in this URL's tournament: it sees its own table there
            self._tournament = access.table.round.tournament
        return super().tournament()

    def tables(self, number: int) -> Any:
        access = table_access(self.request)
        if access is not None:
            if access.table.round.number != number:
                raise exceptions.PermissionDenied(texts.CODE_OF_ANOTHER_ROUND)
            round_ = access.table.round
        else:
            round_ = self.round_(number)
        return selectors.tables_with_play(round_, with_codes=self.organizer())

    def table(self, number: int, table_number: int) -> Table:
        access = table_access(self.request)
        if access is not None and access.table.number != table_number:
            raise exceptions.PermissionDenied(texts.CODE_OF_ANOTHER_TABLE)
        found = self.tables(number).filter(number=table_number).first()
        if found is None:
            raise Http404
        return found

    def context(self) -> dict[str, Any]:
        return {"with_codes": self.organizer()}


class TableListView(TablesBase):
    """A round's tables in number order (with a table code: that table only)."""

    pagination_class = Pagination

    @extend_schema(
        summary="A round's tables: seats, hands, running totals, places once closed",
        responses=s.TableSerializer(many=True),
    )
    def get(self, request: Request, slug: str, number: int) -> Response:
        tables = self.tables(number)
        access = table_access(request)
        if access is not None:
            tables = tables.filter(pk=access.table.pk)  # a code reads its own table only
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(tables, request, view=self)
        return paginator.get_paginated_response(
            s.TableSerializer(page, many=True, context=self.context()).data
        )


class TableDetailView(TablesBase):
    """One table; the entry code is shown to the tournament's organizers only."""

    @extend_schema(
        summary="A table: seats, hands with status and payments, running totals, places once closed",
        responses=s.TableSerializer,
    )
    def get(self, request: Request, slug: str, number: int, table: int) -> Response:
        found = self.table(number, table)
        return Response(s.TableSerializer(found, context=self.context()).data)


class TableCodeView(TablesBase):
    """A lost or seen code is replaced; the old one stops authenticating at once."""

    @extend_schema(
        summary="Replace a table's entry code (organizers); the old code stops working",
        request=None,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: s.TableCodeSerializer},
    )
    @idempotent
    def post(self, request: Request, slug: str, number: int, table: int) -> Response:
        by = self.require_organizer()
        code = table_code_replace(self.table(number, table), by=by)
        return Response(s.TableCodeSerializer(code).data, status=status.HTTP_201_CREATED)


urlpatterns = [
    path("rounds/", RoundListView.as_view(), name="rounds"),
    path("rounds/<num:number>/", RoundDetailView.as_view(), name="round"),
    path("rounds/<num:number>/redraw/", RedrawView.as_view(), name="round-redraw"),
    path("rounds/<num:number>/draw/", DrawEditView.as_view(), name="round-draw"),
    path(
        "rounds/<num:number>/confirm/",
        transition_view(round_confirm, "Confirm a draft draw (organizers)").as_view(),
        name="round-confirm",
    ),
    path(
        "rounds/<num:number>/publish/",
        transition_view(
            round_publish, "Publish a confirmed draw; tables get entry codes (organizers)"
        ).as_view(),
        name="round-publish",
    ),
    path(
        "rounds/<num:number>/start/",
        transition_view(round_start, "Start a published round and its timer (organizers)").as_view(),
        name="round-start",
    ),
    path("rounds/<num:number>/close/", CloseView.as_view(), name="round-close"),
    path("rounds/<num:number>/verify/", VerifyView.as_view(), name="round-verify"),
    path("final-stage/", FinalStageView.as_view(), name="final-stage"),
    path("rounds/<num:number>/tables/", TableListView.as_view(), name="tables"),
    path("rounds/<num:number>/tables/<num:table>/", TableDetailView.as_view(), name="table"),
    path("rounds/<num:number>/tables/<num:table>/code/", TableCodeView.as_view(), name="table-code"),
]
