"""The admin, as Django's autodiscovery loads it: each package registers its own models' admin."""

from tournaments.core import admin as core_admin
from tournaments.draw import admin as draw_admin
from tournaments.organizing import admin as organizing_admin
from tournaments.participants import admin as participants_admin
from tournaments.results import admin as results_admin
from tournaments.standings import admin as standings_admin
from tournaments.webhooks import admin as webhooks_admin

__all__ = [
    "core_admin",
    "draw_admin",
    "organizing_admin",
    "participants_admin",
    "results_admin",
    "standings_admin",
    "webhooks_admin",
]
