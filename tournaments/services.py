"""Write-side business logic of the tournament domain, shared by the API, pages, admin and workers."""

from tournaments.draw.services.jobs import job_request, job_run, jobs_sweep
from tournaments.draw.services.rounds import (
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
from tournaments.draw.services.tables import (
    TooManyCodeFailures,
    table_code_find,
    table_code_replace,
    table_codes_issue,
)
from tournaments.organizing.services import (
    club_create,
    club_edit,
    club_organizer_add,
    club_organizer_remove,
    tournament_create,
    tournament_edit,
    tournament_finish,
    tournament_save,
)
from tournaments.participants.services import (
    ImportReport,
    player_create,
    player_merge,
    player_merge_undo,
    player_register,
    players_import_csv,
    registration_check_in,
    registration_withdraw,
    tournament_player_add,
)
from tournaments.results.services.disputes import dispute_validate
from tournaments.results.services.hands import (
    NOTE_MAX,
    deals_ahead,
    dispute_resolve,
    hand_confirm,
    hand_contest,
    hand_preview,
    hand_submit,
    hand_void,
    next_deal,
    payment_bound,
    score_sheets_enter,
)
from tournaments.results.services.penalties import penalty_award, penalty_withdraw
from tournaments.webhooks.services import (
    delivery_attempt,
    event_publish,
    webhook_deactivate,
    webhook_subscribe,
    webhooks_due,
)

__all__ = [
    "NOTE_MAX",
    "ImportReport",
    "TooManyCodeFailures",
    "club_create",
    "club_edit",
    "club_organizer_add",
    "club_organizer_remove",
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
    "payment_bound",
    "penalty_award",
    "penalty_withdraw",
    "player_create",
    "player_merge",
    "player_merge_undo",
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

# Series (issue 24 §1)
from tournaments.series.services import (
    series_create,
    series_edit,
    series_final_create,
    series_recompute,
    series_refresh,
    series_tournament_add,
    series_tournament_remove,
)

__all__ += [
    "series_create",
    "series_edit",
    "series_final_create",
    "series_recompute",
    "series_refresh",
    "series_tournament_add",
    "series_tournament_remove",
]
