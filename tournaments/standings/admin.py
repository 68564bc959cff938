"""The derived data in the admin: table results and standings, shown, never edited (recomputed from the
results by ``standings.services``)."""

from __future__ import annotations

from django.contrib import admin

from tournaments.core.admin import DerivedAdmin
from tournaments.standings.models import Standing, TableResult


@admin.register(TableResult)
class TableResultAdmin(DerivedAdmin):
    list_display = ["player", "round", "table", "game_points", "place", "table_points", "hands_played"]
    list_filter = ["round__tournament", "round"]


@admin.register(Standing)
class StandingAdmin(DerivedAdmin):
    list_display = ["tournament", "after_round", "rank", "player", "total", "game_points", "hands_played"]
    list_filter = ["tournament", "after_round"]
