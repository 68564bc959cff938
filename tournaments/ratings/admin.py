"""The ratings in the admin: shown, never edited (derived from the finished tournaments' table places by
``ratings.services``; a wrong rating is put right by ``ratings_rebuild``, not by hand)."""

from __future__ import annotations

from django.contrib import admin

from tournaments.core.admin import DerivedAdmin
from tournaments.ratings.models import PlayerRating, RatingChange, RatingRun


@admin.register(PlayerRating)
class PlayerRatingAdmin(DerivedAdmin):
    list_display = ["player", "game", "ordinal", "mu", "sigma", "tournaments", "tables", "updated_at"]
    list_filter = ["game"]
    search_fields = ["player__name"]
    list_select_related = ["player"]


@admin.register(RatingRun)
class RatingRunAdmin(DerivedAdmin):
    list_display = ["tournament", "game", "sequence", "players", "applied_at"]
    list_filter = ["game"]


@admin.register(RatingChange)
class RatingChangeAdmin(DerivedAdmin):
    list_display = ["player", "tournament", "game", "mu_before", "mu_after", "sigma_after", "ordinal_after"]
    list_filter = ["game"]
    search_fields = ["player__name"]
    list_select_related = ["player", "tournament"]
