"""The project's own app, installed last: it connects the side effects (``config.wiring``) once every
other app is ready, so the wiring may import anything of the project."""

from django.apps import AppConfig


class WiringConfig(AppConfig):
    name = "config"
    label = "wiring"
    verbose_name = "Wiring"

    def ready(self) -> None:
        from config import wiring

        wiring.connect()
