from django.urls import path

from api.v1 import views

urlpatterns = [
    path("rules/", views.RulesPresetsView.as_view(), name="rules-presets"),
]
