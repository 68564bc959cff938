"""``manage.py quickstart``: the newcomer's one command on the embedded default (SQLite, eager tasks).

Checks that the port is free, migrates, makes sure an admin user exists (password from ``ADMIN_PASSWORD``
or generated and printed once), loads the demo tournament unless one exists, prints the URLs of its pages
and starts the development server. ``--lan`` serves the phones in a club room through its router (no
internet needed): it listens on all interfaces, accepts the LAN address as host, and the printed URLs and
the table cards' QR codes carry that address (``config/lan.py``).
"""

from __future__ import annotations

import os
import secrets
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.urls import reverse

from config import lan
from tournaments import selectors
from tournaments.draw.models import Round
from tournaments.organizing.models import Tournament


class Command(BaseCommand):
    help = "Migrate, create an admin, load the demo tournament and run the development server."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--addrport",
            default="8000",
            help="where to serve: a port (8001), address:port (0.0.0.0:8001, [::]:8001, myhost:8001)",
        )
        parser.add_argument(
            "--lan",
            action="store_true",
            help="serve the phones on the venue's network: listen on all interfaces and print the URLs and "
            "the table cards' QR codes with this computer's LAN address",
        )
        parser.add_argument("--no-serve", action="store_true", help="set up and load the demo, do not serve")
        parser.add_argument("--admin-username", default="admin")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            serving = lan.plan(options["addrport"], lan=options["lan"])
            if not options["no_serve"]:
                lan.check_port(serving)  # before the minutes of building the demo
        except lan.AddressError as exc:
            raise CommandError(str(exc)) from exc
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        self._ensure_admin(options["admin_username"])
        if not Tournament.objects.filter(slug="demo").exists():
            self.stdout.write("Loading the demo tournament (every hand played by the engine's bots)...")
            call_command("demo", "--live", stdout=self.stdout)
        else:
            self.stdout.write("Demo tournament already loaded.")
        url = serving.public_url
        self.stdout.write(self.style.SUCCESS(f"Open {url}/ — the demo tournament's pages:"))
        pages = demo_pages()
        width = max(len(label) for label, _path in pages)
        for label, path in pages:
            self.stdout.write(f"  {label:<{width}} {url}{path}")
        if serving.lan:
            self._explain_lan(serving)
        if not options["no_serve"]:
            _serve_settings(serving)
            call_command("runserver", serving.addrport, use_reloader=False)

    def _explain_lan(self, serving: lan.Serving) -> None:
        if serving.public_host == "127.0.0.1":
            self.stdout.write(
                self.style.WARNING(
                    "This computer is on no network: only its own browser reaches the server. Connect it to "
                    "the venue's router (Wi-Fi or cable) and start again for the phones."
                )
            )
            return
        self.stdout.write(
            f"Phones on the same network (the venue's Wi-Fi) open these URLs; the table cards' QR codes "
            f"carry {serving.public_url}. On this computer {serving.local_url}/ works too."
        )

    def _ensure_admin(self, username: str) -> None:
        User = get_user_model()
        if User.objects.filter(username=username).exists():
            self.stdout.write(
                f"Admin user '{username}' exists (change its password with: manage.py changepassword)."
            )
            return
        password = os.environ.get("ADMIN_PASSWORD") or secrets.token_urlsafe(12)
        User.objects.create_superuser(username=username, email="", password=password)
        self.stdout.write(self.style.WARNING(f"Created admin user '{username}' with password: {password}"))


def _serve_settings(serving: lan.Serving) -> None:
    """Accept the hosts the phones and the laptop use, and put the LAN address on the table cards even
    when the organizer opens them from 127.0.0.1 (the development server runs in this process)."""
    settings.ALLOWED_HOSTS = list(dict.fromkeys([*settings.ALLOWED_HOSTS, *serving.allowed_hosts]))
    if serving.lan:
        settings.PUBLIC_BASE_URL = serving.public_url


def demo_pages(slug: str = "demo") -> list[tuple[str, str]]:
    """The site's main pages for the demo tournament, with a table of the round in play and its code."""
    tournament = Tournament.objects.get(slug=slug)
    current = tournament.rounds.filter(status=Round.Status.IN_PLAY).first() or tournament.rounds.last()
    table = current.tables.order_by("number").first()
    player = table.seats.order_by("position").first().player
    code = selectors.active_table_code(table)
    t, n = {"slug": slug}, {"slug": slug, "number": current.number}
    pages = [
        ("home", reverse("tournaments:detail", kwargs=t)),
        (f"pairings of round {current.number}", reverse("tournaments:round", kwargs=n)),
        ("standings (live)", reverse("tournaments:standings", kwargs=t)),
        (f"player page ({player.name})", reverse("tournaments:player", kwargs={**t, "player_id": player.pk})),
        (
            f"score sheet of table {table.number}",
            reverse("tournaments:table", kwargs={**n, "table": table.number}),
        ),
        (f"draw of round {current.number}", reverse("tournaments:draw", kwargs=n)),
        ("projector (for the wall)", reverse("tournaments:projector", kwargs=t)),
    ]
    if code and current.status == Round.Status.IN_PLAY:
        entry = reverse("tournaments:entry-table", kwargs={**t, "code": code})
        pages.append((f"enter results at table {table.number} ({code})", entry))
    pages += [
        ("organizer (log in as admin): the round", reverse("tournaments:manage-round", kwargs=n)),
        ("organizer: disputes", reverse("tournaments:manage-disputes", kwargs=t)),
        ("print: table cards with QR codes", reverse("tournaments:print-cards", kwargs=n)),
        ("print: blank score sheet (4 / 5)", reverse("tournaments:print-sheet", kwargs={**t, "size": 4})),
        ("print: standings (also .pdf)", reverse("tournaments:print-standings", kwargs=t)),
        ("admin", reverse("admin:index")),
        ("API documentation", reverse("v1:docs")),
    ]
    return pages
