"""Per-reader slots on pages that are otherwise the same for everyone.

Public pages are cached whole (``common.cached_page``), so they must not carry anything of one reader:
no name, no CSRF token, no link only an organizer should see. Their templates hold two slots instead,
HTML comments that show nothing as they are:

* ``MANAGE_SLOT`` in the tournament's tab bar: a "Manage" link for a signed-in organizer of the
  tournament in the URL;
* ``ACCOUNT_START`` ... ``ACCOUNT_END`` in the footer around the anonymous reader's "Organizers" link:
  "Signed in as X · Sign out" (a POST form with its CSRF token) for a signed-in user.

``ReaderSlotsMiddleware`` fills them after the view (and so after the cache) for signed-in users only;
an anonymous reader's page, cached or not, passes through untouched (still gzipped). A filled page is
private, varies by cookie and gets its own ETag (the cached one plus the user), so neither a shared cache
nor a browser's revalidation hands one reader's page to another.
"""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers

from tournaments import selectors
from tournaments.organizing.models import Tournament

MANAGE_SLOT = b"<!--reader:manage-->"
ACCOUNT_START = b"<!--reader:account-->"
ACCOUNT_END = b"<!--/reader:account-->"


def _manage_link(request: HttpRequest, user: Any) -> bytes:
    """The "Manage" link when the URL names a tournament this user organizes (else nothing)."""
    match = request.resolver_match
    slug = match.kwargs.get("slug") if match else None
    if match and match.url_name == "glossary":
        slug = request.GET.get("t", "")[:50]  # opened from a tournament's page: its tabs
    if not slug:
        return b""
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None or not selectors.is_organizer(user, tournament):
        return b""
    html = render_to_string("tournaments/includes/reader_manage.html", {"tournament": tournament})
    return html.strip().encode()


def after_sign_out(request: HttpRequest) -> str:
    """Where signing out leads: back to the page, unless it is for organizers only (then the
    tournament's public page, or the list of tournaments)."""
    match = request.resolver_match
    name = match.url_name if match else ""
    if name and (name.startswith("manage") or name in ("my-tournaments", "print-cards", "print-cards-pdf")):
        slug = match.kwargs.get("slug") if match else None
        return reverse("tournaments:detail", args=[slug]) if slug else reverse("tournaments:list")
    return request.get_full_path()


def _account(request: HttpRequest, user: Any) -> bytes:
    html = render_to_string(
        "tournaments/includes/reader_account.html",
        {"reader": user, "next": after_sign_out(request)},
        request=request,
    )
    return html.strip().encode()


def fill_slots(request: HttpRequest, body: bytes) -> bytes:
    """``body`` with the slots filled for the signed-in ``request.user``."""
    user = request.user
    if MANAGE_SLOT in body:
        body = body.replace(MANAGE_SLOT, _manage_link(request, user))
    start = body.find(ACCOUNT_START)
    end = body.find(ACCOUNT_END, start)
    if start >= 0 and end >= 0:
        body = body[:start] + _account(request, user) + body[end + len(ACCOUNT_END) :]
    return body


def reader_tag(request: HttpRequest) -> str:
    """What the filled slots depend on beyond the page: the user, and the CSRF secret the sign-out form's
    token is made from (it changes at each sign-in, so a page kept from an earlier session is not
    revalidated with a 304 and its stale token)."""
    secret = request.META.get("CSRF_COOKIE") or ""
    raw = f"{request.user.pk}|{secret}"
    return hashlib.sha1(raw.encode(), usedforsecurity=False).hexdigest()[:12]


class ReaderSlotsMiddleware:
    """Fill the per-reader slots of an HTML page for a signed-in user (see the module's docstring). Placed
    after the authentication middleware, and so before ``ConditionalGetMiddleware`` sees the response:
    its 304 compares the reader's own ETag."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if (
            user is None
            or response.streaming
            or not response.get("Content-Type", "").startswith("text/html")
            or not user.is_authenticated
        ):
            return response
        gzipped = response.get("Content-Encoding") == "gzip"
        body = gzip.decompress(response.content) if gzipped else response.content
        if MANAGE_SLOT not in body and ACCOUNT_START not in body:
            return response
        response.content = fill_slots(request, body)
        if gzipped:
            del response["Content-Encoding"]
        etag = response.get("ETag")
        if etag:
            response["ETag"] = f'{etag[:-1]}-{reader_tag(request)}"'
        response["Cache-Control"] = "private, no-cache"
        patch_vary_headers(response, ["Cookie"])
        return response
