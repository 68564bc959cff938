from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from simple_history.signals import pre_create_historical_record

        from tournaments.core import labels
        from tournaments.core.audit import label_history_row
        from tournaments.draw.models import Job, Round
        from tournaments.organizing.models import Tournament
        from tournaments.participants.models import Registration
        from tournaments.results.models import Dispute, DisputeFinding, Hand, HandSubmission

        pre_create_historical_record.connect(label_history_row, dispatch_uid="tournaments.core.audit")
        labels.register_choices(
            tournament_status=Tournament.Status,
            registration_status=Registration.Status,
            round_status=Round.Status,
            round_stage=Round.Stage,
            hand_status=Hand.Status,
            source=HandSubmission.Source,
            submission_status=HandSubmission.Status,
            dispute_status=Dispute.Status,
            outcome=DisputeFinding.Outcome,
            job_kind=Job.Kind,
            job_status=Job.Status,
        )
