"""The read side of the domain for its readers (the API, the pages, the admin, the commands): each
selector is defined in its noun's package and gathered here, so a reader imports one name."""

from __future__ import annotations

from tournaments.draw.models import OPEN_ROUND_STATUSES, RELEASED_ROUND_STATUSES
from tournaments.draw.selectors import (
    active_table_code,
    current_round,
    released_round,
    released_table,
    round_is_released,
    rounds_with_draws,
    visible_rounds,
)
from tournaments.organizing.selectors import (
    is_organizer,
    is_public,
    organized_tournaments,
    public_tournament,
    public_tournaments,
    tournaments_visible_to,
)
from tournaments.participants.selectors import active_registrations, tournament_player
from tournaments.results.selectors import (
    SheetHand,
    hands_in_dispute,
    running_totals,
    same_device_confirmations,
    score_sheet,
    scored_items,
    settled_by_validator,
    table_hand_counts,
    table_money,
    tables_with_play,
)
from tournaments.standings.selectors import (
    PlayerRound,
    StandingsTable,
    latest_standing,
    mark_provisional,
    oldest_stale_standings,
    player_rounds,
    provisional_rounds,
    standings_csv,
    standings_state,
    standings_table,
    table_places,
)
from tournaments.webhooks.selectors import webhook_subscriptions

__all__ = [
    "OPEN_ROUND_STATUSES",
    "RELEASED_ROUND_STATUSES",
    "PlayerRound",
    "SheetHand",
    "StandingsTable",
    "active_registrations",
    "active_table_code",
    "current_round",
    "hands_in_dispute",
    "is_organizer",
    "is_public",
    "latest_standing",
    "mark_provisional",
    "oldest_stale_standings",
    "organized_tournaments",
    "player_rounds",
    "provisional_rounds",
    "public_tournament",
    "public_tournaments",
    "released_round",
    "released_table",
    "round_is_released",
    "rounds_with_draws",
    "running_totals",
    "same_device_confirmations",
    "score_sheet",
    "scored_items",
    "settled_by_validator",
    "standings_csv",
    "standings_state",
    "standings_table",
    "table_hand_counts",
    "table_money",
    "table_places",
    "tables_with_play",
    "tournament_player",
    "tournaments_visible_to",
    "visible_rounds",
    "webhook_subscriptions",
]

# Series (issue 24 §1)
from tournaments.series.selectors import (
    PlayerSeriesLine,
    can_manage_series,
    player_series_lines,
    public_series,
    series_get,
    series_player_line,
    series_ranking,
    series_visible_to,
)

__all__ += [
    "PlayerSeriesLine",
    "can_manage_series",
    "player_series_lines",
    "public_series",
    "series_get",
    "series_player_line",
    "series_ranking",
    "series_visible_to",
]
