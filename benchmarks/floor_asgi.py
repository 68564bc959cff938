"""The floor of ``live_bench.py``: ``floor_wsgi.py``'s view (one locked read of a row and one insert, in a
transaction) served by the ASGI application that serves the live tables (config/asgi.py: Django's ASGI
handler and middleware under daphne, the sync view run on the handler's thread as the API's views are).
Live actions per second are reported as a share of its requests per second.

For the benchmarks only: daphne is pointed at ``benchmarks.floor_asgi:application`` by the bench; its two
tables are made by the bench in its own database (``floor_wsgi.ROWS`` and ``floor_wsgi.ENTRIES``).
"""

from __future__ import annotations

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from benchmarks import floor_wsgi  # noqa: F401  (the floor's URL and view; ROOT_URLCONF names it)
from config.asgi import application

__all__ = ["application"]
