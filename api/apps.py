from django.apps import AppConfig


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
    verbose_name = "API"

    def ready(self) -> None:
        import config.converters  # noqa: F401  (registers <num:...> before the imports below build routes)
        from api.v1 import schema  # noqa: F401  (registers the OpenAPI extensions of our authenticators)
