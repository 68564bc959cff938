"""What every view of the API shares: the tournament in the URL, who may see it, paging, body limits,
ETags with the object's version and ``If-Match`` preconditions."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import Http404
from rest_framework import pagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from api.v1.access import is_organizer, table_access
from api.v1.errors import PayloadTooLarge, PreconditionFailed
from tournaments import selectors
from tournaments.core import api_texts as texts
from tournaments.core.validation import storable_text
from tournaments.organizing.models import Tournament


class Pagination(pagination.PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500


def version_etag(kind: str, obj: Any) -> str:
    return f'"{kind}-{obj.pk}-v{obj.version}"'


def expected_version(request: Request, kind: str, obj: Any) -> int | None:
    """The version an ``If-Match`` header names (``None`` without one); 412 if it names another object.
    The service compares it with the current version under the object's row lock."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    prefix = f'"{kind}-{obj.pk}-v'
    value = header.strip().removeprefix("W/")
    if not (value.startswith(prefix) and value.endswith('"') and value[len(prefix) : -1].isdigit()):
        raise PreconditionFailed(texts.IF_MATCH_OTHER % {"kind": kind, "etag": version_etag(kind, obj)})
    return int(value[len(prefix) : -1])


def with_etag(response: Response, kind: str, obj: Any) -> Response:
    response["ETag"] = version_etag(kind, obj)
    return response


class ApiView(APIView):
    """Refuses bodies over ``API_MAX_BODY_BYTES`` before parsing them, and parses every write's body
    before the view acts: a malformed body (e.g. a lone surrogate, ``api/v1/parsers.py``) is a 400 even
    where the view reads nothing from it (closing a round)."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        length = request.META.get("CONTENT_LENGTH") or "0"
        if length.isdigit() and int(length) > settings.API_MAX_BODY_BYTES:
            raise PayloadTooLarge(
                texts.BODY_HAS_BYTES % {"length": length, "max": settings.API_MAX_BODY_BYTES}
            )
        # a query parameter the database cannot compare (a NUL: PostgreSQL refuses the query) is a 400
        # naming it, before any view looks anything up with it (``?tournament=`` of a series was a 500)
        for name, values in request.query_params.lists():
            for value in values:
                storable_text({name: value})
        super().initial(request, *args, **kwargs)
        if request.method in ("POST", "PUT", "PATCH"):
            request.data  # noqa: B018 (parsing is the point: its refusal is raised here)


class TournamentView(ApiView):
    """A view under ``/tournaments/{slug}/``: the public see public tournaments only (404 otherwise)."""

    def tournament(self) -> Tournament:
        if not hasattr(self, "_tournament"):
            slug = self.kwargs["slug"]
            access = table_access(self.request)
            if access is not None:  # the code was looked up in this tournament, with its round and table
                found = access.table.round.tournament
            else:
                found = Tournament.objects.filter(slug=slug).first()
            if found is None:
                raise Http404
            if not selectors.is_public(found) and not is_organizer(self.request.user, found):
                raise Http404
            self._tournament = found
        return self._tournament

    def organizer(self) -> bool:
        return is_organizer(self.request.user, self.tournament())
