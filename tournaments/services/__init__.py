"""Write-side business logic of the tournament domain, shared by the API, pages, admin and workers."""

from tournaments.services.disputes import dispute_validate
from tournaments.services.jobs import job_request, job_run, jobs_sweep
from tournaments.services.penalties import penalty_award, penalty_withdraw
from tournaments.services.registrations import (
    ImportReport,
    club_create,
    player_create,
    player_register,
    players_import_csv,
    registration_check_in,
    registration_withdraw,
    tournament_player_add,
)
from tournaments.services.results import (
    deals_ahead,
    dispute_resolve,
    hand_confirm,
    hand_contest,
    hand_preview,
    hand_submit,
    hand_void,
    next_deal,
    score_sheets_enter,
)
from tournaments.services.rounds import (
    draw_edit,
    final_stage_generate,
    round_close,
    round_confirm,
    round_generate,
    round_publish,
    round_redraw,
    round_start,
    round_verify,
)
from tournaments.services.tables import (
    TooManyCodeFailures,
    table_code_find,
    table_code_replace,
    table_codes_issue,
)
from tournaments.services.tournaments import (
    tournament_create,
    tournament_edit,
    tournament_finish,
    tournament_save,
)
from tournaments.services.webhooks import (
    delivery_attempt,
    event_publish,
    webhook_deactivate,
    webhook_subscribe,
    webhooks_due,
)

__all__ = [
    "ImportReport",
    "TooManyCodeFailures",
    "club_create",
    "deals_ahead",
    "delivery_attempt",
    "dispute_resolve",
    "dispute_validate",
    "draw_edit",
    "event_publish",
    "final_stage_generate",
    "hand_confirm",
    "hand_contest",
    "hand_preview",
    "hand_submit",
    "hand_void",
    "job_request",
    "job_run",
    "jobs_sweep",
    "next_deal",
    "penalty_award",
    "penalty_withdraw",
    "player_create",
    "player_register",
    "players_import_csv",
    "registration_check_in",
    "registration_withdraw",
    "round_close",
    "round_confirm",
    "round_generate",
    "round_publish",
    "round_redraw",
    "round_start",
    "round_verify",
    "score_sheets_enter",
    "table_code_find",
    "table_code_replace",
    "table_codes_issue",
    "tournament_create",
    "tournament_edit",
    "tournament_finish",
    "tournament_player_add",
    "tournament_save",
    "webhook_deactivate",
    "webhook_subscribe",
    "webhooks_due",
]
