"""``/api/v1/jobs/{id}/``: pairing work done by the worker (a draft of the next round, a re-draw, the final
stage). The endpoints that ask for it answer ``202 Accepted`` with the job and its URL in ``Location``;
the client polls it until it is ``done`` (with a link to the round) or ``failed`` (with the reason).

Who may read a job: the organizers of its tournament and superusers; anyone else gets 404, so job ids
say nothing about other tournaments.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.urls import path, reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from api.v1.access import is_organizer
from api.v1.auth import TableCodeAuthentication
from api.v1.base import ApiView
from tournaments.draw.models import Job

POLL_SECONDS = 1  # Retry-After of a job that is not finished yet


class JobSerializer(serializers.Serializer):
    """A job as its requester follows it. ``round_url`` is set once it is done; ``error`` says why it
    failed (or, while queued again after an unexpected error, what went wrong on the last attempt)."""

    id = serializers.IntegerField()
    url = serializers.SerializerMethodField(help_text="This job's URL (poll it).")
    kind = serializers.ChoiceField(choices=Job.Kind.choices)
    status = serializers.ChoiceField(choices=Job.Status.choices)
    tournament = serializers.CharField(source="tournament.slug")
    round = serializers.IntegerField(source="round_number", allow_null=True, help_text="The round it draws.")
    params = serializers.JSONField(help_text="method, seed, expected_version as the job keeps them")
    round_url = serializers.SerializerMethodField(help_text="The round drawn, once done (else null).")
    error = serializers.CharField(allow_null=True, help_text="Why it failed (else null).")
    error_code = serializers.CharField(
        allow_null=True, help_text="invalid, conflict, precondition_failed or error (unexpected)"
    )
    attempts = serializers.IntegerField()
    requested_by = serializers.CharField(source="requested_by.get_username", allow_null=True, default=None)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, job: Job) -> dict[str, Any]:
        data = super().to_representation(job)
        data["error"] = str(job.error_text) or None  # in the request's language
        data["error_code"] = job.error_code or None
        return data

    def _absolute(self, url: str) -> str:
        request = self.context.get("request")
        return request.build_absolute_uri(url) if request is not None else url

    @extend_schema_field(OpenApiTypes.URI)
    def get_url(self, job: Job) -> str:
        return self._absolute(reverse("v1:job", args=[job.pk]))

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_round_url(self, job: Job) -> str | None:
        number = job.result.get("round") if job.status == Job.Status.DONE else None
        if number is None:
            return None
        return self._absolute(reverse("v1:round", kwargs={"slug": job.tournament.slug, "number": number}))


LOCATION = OpenApiParameter(
    "Location",
    OpenApiTypes.URI,
    OpenApiParameter.HEADER,
    response=[202],
    description="The job's URL: poll it until its status is done or failed.",
)
RETRY_AFTER = OpenApiParameter(
    "Retry-After",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    response=[200],
    description="While the job is queued or running: seconds to wait before polling again.",
)
ACCEPTED = OpenApiResponse(
    JobSerializer,
    description="Accepted: the worker computes it. The job as it is now (already done when tasks run "
    "in-process); Location is its URL.",
)


def job_accepted(request: Request, job: Job) -> Response:
    """The answer of an endpoint that handed its work to a job: 202, the job, ``Location`` to poll."""
    data = JobSerializer(job, context={"request": request}).data
    return Response(data, status=status.HTTP_202_ACCEPTED, headers={"Location": data["url"]})


class JobDetailView(ApiView):
    """A pairing job: queued, running, done (with a link to its round) or failed (with the reason)."""

    # A table's code reads its table only: here it is not even looked at (the caller is anonymous: 404).
    authentication_classes = [
        c for c in api_settings.DEFAULT_AUTHENTICATION_CLASSES if c is not TableCodeAuthentication
    ]

    @extend_schema(
        summary="A pairing job: its status, and the round once done or the reason it failed (organizers)",
        parameters=[RETRY_AFTER],
        responses={200: OpenApiResponse(JobSerializer, description="The job.")},
    )
    def get(self, request: Request, pk: int) -> Response:
        job = Job.objects.select_related("tournament", "requested_by").filter(pk=pk).first()
        if job is None or not is_organizer(request.user, job.tournament):
            raise Http404
        response = Response(JobSerializer(job, context={"request": request}).data)
        if job.status in Job.ACTIVE:
            response["Retry-After"] = str(POLL_SECONDS)
        return response


urlpatterns = [path("<num:pk>/", JobDetailView.as_view(), name="job")]
