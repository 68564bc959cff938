"""``/api/v1/``: each group of resources has its own module; this file only mounts them."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from api.v1 import views
from api.v1.docs import RedocView, SwaggerView

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SwaggerView.as_view(url_name="v1:schema"), name="docs"),
    path("redoc/", RedocView.as_view(url_name="v1:schema"), name="redoc"),
    path("auth/token/", views.TokenView.as_view(), name="token"),
    path("rules/", views.RulesPresetsView.as_view(), name="rules-presets"),
    path("games/", views.GamesView.as_view(), name="games"),
    path("games/<str:game_id>/", views.GameView.as_view(), name="game"),
    path("", include("api.v1.tournaments")),
    path("tournaments/<slug:slug>/", include("api.v1.rounds")),
    path("tournaments/<slug:slug>/", include("api.v1.results")),
    path("tournaments/<slug:slug>/", include("api.v1.webhooks")),
    path("jobs/", include("api.v1.jobs")),
    path("", include("api.v1.series")),
    path("", include("api.v1.players")),
    path("", include("api.v1.clubs")),
    path("", include("api.v1.ratings")),
    path("", include("api.v1.statistics")),
    path("", include("api.v1.live")),
]
