"""The live tables' WebSocket routes (config/asgi.py serves them beside the site)."""

from django.urls import path

from tournaments.live.consumers import SeatConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/live/seats/<str:token>/", SeatConsumer.as_asgi()),
    path("ws/live/tables/<int:live_table_id>/", TableConsumer.as_asgi()),
]
