from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_list, name="list"),
    path("t/<slug:slug>/", views.tournament_detail, name="detail"),
    path("t/<slug:slug>/rounds/<num:number>/draw.json", views.round_draw_json, name="draw-json"),
]
