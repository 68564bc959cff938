"""The site's URLs: each audience's module of ``tournaments.pages`` lists its own."""

from django.urls import path

from tournaments.pages import (
    clubs,
    common,
    entry,
    live,
    live_replay,
    organizer,
    players,
    printables,
    projector,
    public,
    ratings,
    series,
    series_manage,
    setup,
    statistics,
)

app_name = "tournaments"

urlpatterns = [
    path("lang/<str:code>/", common.language_switch, name="language"),
    path("glossary/", common.glossary, name="glossary"),
    path("favicon.ico", common.favicon, name="favicon"),
    *public.urlpatterns,
    *projector.urlpatterns,
    *entry.urlpatterns,
    *organizer.urlpatterns,
    *setup.urlpatterns,
    *printables.urlpatterns,
    *series.urlpatterns,
    *series_manage.urlpatterns,
    *players.urlpatterns,
    *clubs.urlpatterns,
    *live.urlpatterns,
    *live_replay.urlpatterns,
    *ratings.urlpatterns,
    *statistics.urlpatterns,
]
