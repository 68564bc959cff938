"""``manage.py runserver`` that checks its address first, as ``quickstart`` does (``config/lan.py``).

Django's own answer to a busy port is "Error: That port is already in use." once the checks have run, with
no word of what to do; a newcomer who left ``quickstart`` running in another window meets it first. Here
the port is tried before anything else, and a busy one names the free port to use instead::

    CommandError: Port 8000 is already in use on 127.0.0.1:8000 (is another server running?). Choose
    another port, e.g. python manage.py runserver 8001

Everything else is the ``runserver`` this one wraps: the next app's below this one in ``INSTALLED_APPS``
(whitenoise's, which wraps Django's static files' own).
"""

from __future__ import annotations

import os
from importlib import import_module
from typing import Any

from django.apps import apps
from django.core.management.base import CommandError
from django.utils import autoreload

from config import lan

USAGE = "python manage.py runserver"


def _next_runserver() -> type:
    """The ``runserver`` command of the first app after this one that has one (Django's as the last)."""
    names = [config.name for config in apps.get_app_configs()]
    for name in names[names.index("config.serve") + 1 :]:
        try:
            return import_module(f"{name}.management.commands.runserver").Command
        except ImportError:
            continue
    from django.core.management.commands.runserver import Command

    return Command


class Command(_next_runserver()):  # type: ignore[misc]
    def run(self, **options: Any) -> None:
        # Django's handle() has read the address (self.addr, self.port, self.use_ipv6) and calls run(); the
        # reloader's child process runs this again once the parent checked, and must not test its own port
        if os.environ.get(autoreload.DJANGO_AUTORELOAD_ENV) != "true":
            given_host = ":" in (options.get("addrport") or "")
            serving = lan.Serving(
                self.addr, int(self.port), self.use_ipv6, self.addr, lan=False, given_host=given_host
            )
            try:
                lan.check_port(serving, command=USAGE)
            except lan.AddressError as exc:
                raise CommandError(str(exc)) from exc
        super().run(**options)
