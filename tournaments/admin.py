"""Organizer tools in the Django admin: every model, plus actions that call the same services as the API.
Each package registers its own models' admin (``draw/admin.py``, ``results/admin.py`` ...); Django's
autodiscovery loads this module, which loads them.

Results, disputes, penalties, draws and registrations are changed here only through the services (actions
and small forms that call them): their change forms are read-only and nothing that counts is deleted
(a hand is voided, a penalty withdrawn, a player withdrawn, each with a reason). Actions: import players
from CSV, check in, withdraw, generate a round's draw as a draft, re-draw, confirm, publish, start and
close a round, enter an organizer's result for a hand or void it, resolve a dispute by choosing a version,
award and withdraw penalties, recompute standings and export them as CSV. Every change is kept by
django-simple-history (the "History" button shows who, when, before and after).

A draft, a re-draw and the final stage can also be asked of the worker (actions "... in the worker"):
they answer with the job, and "Jobs" lists every job with its status, its round once done or the reason
it failed.
"""

from tournaments.core import admin as core_admin
from tournaments.draw import admin as draw_admin
from tournaments.organizing import admin as organizing_admin
from tournaments.participants import admin as participants_admin
from tournaments.ratings import admin as ratings_admin
from tournaments.results import admin as results_admin
from tournaments.series import admin as series_admin
from tournaments.standings import admin as standings_admin
from tournaments.webhooks import admin as webhooks_admin

__all__ = [
    "core_admin",
    "draw_admin",
    "organizing_admin",
    "participants_admin",
    "ratings_admin",
    "results_admin",
    "series_admin",
    "standings_admin",
    "webhooks_admin",
]
