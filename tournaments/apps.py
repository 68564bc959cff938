from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from simple_history.signals import pre_create_historical_record

        from tournaments.audit import label_history_row

        pre_create_historical_record.connect(label_history_row, dispatch_uid="tournaments.audit")
