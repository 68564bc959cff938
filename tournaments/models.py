"""The app's models module, as Django loads it: every model of the domain, each defined in its noun's
package (``organizing``, ``participants``, ``draw``, ``results``, ``standings``, ``series``, ``ratings``,
``webhooks``, ``core``).
The tables keep their names (one app label, ``tournaments``). Code imports a model from its package."""

from tournaments.core.models import DeadLetter
from tournaments.draw.models import Bye, Job, Round, Seat, Table, TableCode
from tournaments.live.models import LiveAction, LiveHand, LiveSeat, LiveTable
from tournaments.organizing.models import Club, Tournament, TournamentReopening
from tournaments.participants.models import Player, PlayerMerge, Registration
from tournaments.ratings.models import PlayerRating, RatingChange, RatingRun, RatingState
from tournaments.results.models import (
    Dispute,
    DisputeFinding,
    DisputeSubmission,
    Hand,
    HandSubmission,
    Penalty,
)
from tournaments.series.models import Series, SeriesStanding, SeriesState, SeriesTournament
from tournaments.standings.models import Standing, StandingsState, TableResult
from tournaments.webhooks.models import WebhookDelivery, WebhookSubscription

__all__ = [
    "Bye",
    "Club",
    "DeadLetter",
    "Dispute",
    "DisputeFinding",
    "DisputeSubmission",
    "Hand",
    "HandSubmission",
    "Job",
    "LiveAction",
    "LiveHand",
    "LiveSeat",
    "LiveTable",
    "Penalty",
    "Player",
    "PlayerMerge",
    "PlayerRating",
    "RatingChange",
    "RatingRun",
    "RatingState",
    "Registration",
    "Round",
    "Seat",
    "Series",
    "SeriesStanding",
    "SeriesState",
    "SeriesTournament",
    "Standing",
    "StandingsState",
    "Table",
    "TableCode",
    "TableResult",
    "Tournament",
    "TournamentReopening",
    "WebhookDelivery",
    "WebhookSubscription",
]
