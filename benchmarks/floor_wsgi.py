"""The floor of ``api_bench.py``: the site's WSGI application (same settings, middleware, gunicorn and
PostgreSQL) with one extra URL whose view does the least an entry must do, in one transaction: one locked
read of a row and one insert. Submissions/s are reported as a share of its requests/s.

For the benchmarks only: gunicorn is pointed at ``benchmarks.floor_wsgi:application`` by the bench; the
product's URLs (``config.urls``) do not know this view. Its two tables are made by ``api_bench.py``
(``FLOOR_TABLES``) in the bench's own database.
"""

from __future__ import annotations

import json
import os

from django.core.wsgi import get_wsgi_application
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

ROWS = "bench_floor_row"
ENTRIES = "bench_floor_entry"


@csrf_exempt
def floor(request: HttpRequest, row: int) -> JsonResponse:
    """One locked read and one insert in a transaction, answering the new row's id."""
    body = json.loads(request.body or b"{}")
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"SELECT status FROM {ROWS} WHERE id = %s FOR UPDATE", [row])
        found = cursor.fetchone()
        if found is None:
            return JsonResponse({"error": "no such row"}, status=404)
        cursor.execute(
            f"INSERT INTO {ENTRIES} (row_id, body) VALUES (%s, %s) RETURNING id", [row, json.dumps(body)]
        )
        (entry,) = cursor.fetchone()
    return JsonResponse({"id": entry, "status": found[0]}, status=201)


urlpatterns = [path("bench-floor/<int:row>/", floor), path("", include("config.urls"))]


def _use_this_urlconf() -> None:
    from django.conf import settings

    settings.ROOT_URLCONF = __name__  # read on every request: the site's URLs plus the floor's


_use_this_urlconf()
