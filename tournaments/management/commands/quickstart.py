"""``manage.py quickstart``: the newcomer's one command on the embedded default (SQLite, eager tasks).

Migrates, makes sure an admin user exists (password from ``ADMIN_PASSWORD`` or generated and printed once),
loads the demo tournament unless one exists, then starts the development server and prints the URL.
"""

from __future__ import annotations

import os
import secrets
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandParser

from tournaments.models import Tournament


class Command(BaseCommand):
    help = "Migrate, create an admin, load the demo tournament and run the development server."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--addrport", default="127.0.0.1:8000")
        parser.add_argument("--no-serve", action="store_true", help="set up and load the demo, do not serve")
        parser.add_argument("--admin-username", default="admin")

    def handle(self, *args: Any, **options: Any) -> None:
        call_command("migrate", interactive=False, verbosity=0)
        self.stdout.write("Database migrated.")
        self._ensure_admin(options["admin_username"])
        if not Tournament.objects.filter(slug="demo").exists():
            self.stdout.write("Loading the demo tournament (every hand played by the engine's bots)...")
            call_command("demo", "--live", stdout=self.stdout)
        else:
            self.stdout.write("Demo tournament already loaded.")
        url = f"http://{options['addrport']}/"
        self.stdout.write(self.style.SUCCESS(f"Open {url} (tournament: {url}t/demo/, admin: {url}admin/)"))
        if not options["no_serve"]:
            call_command("runserver", options["addrport"], use_reloader=False)

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
