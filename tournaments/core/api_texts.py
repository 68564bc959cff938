"""What the API says by itself (not a service's refusal): who may do what, what a request must give.

Kept here, in the tournament system's package, because ``makemessages`` (and the project's merge tool)
read the catalogues' texts from ``tournaments/`` and ``engine/`` only, never from ``api/``. Each is a lazy
template rendered in the request's language (``Accept-Language``; ``LocaleMiddleware`` runs for the API).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

NOT_FOUND = _("not found")
NOT_ALLOWED = _("not allowed")
CHANGED_SINCE_READ = _("the object changed since you read it")
BODY_TOO_LARGE = _("the request body is too large")
BODY_HAS_BYTES = _("the body has %(length)s bytes; at most %(max)s")
IDEMPOTENCY_KEY_REUSED = _("this Idempotency-Key was used for a different request")
IDEMPOTENCY_KEY_OTHER_REQUEST = _("the %(header)s %(key)s was used for a different request; use a new key")
NESTED_TOO_DEEPLY = _("JSON parse error - the body is nested too deeply")
IF_MATCH_OTHER = _("If-Match must be this %(kind)s's ETag, e.g. %(etag)s")
NOT_TEXT = _("must be text, not %(type)s")  # the services' own words (core.validation.text)

TABLE_CODE_ORGANIZERS_ONLY = _("a table code cannot do this: only the tournament's organizers")
LOG_IN_AS_ORGANIZER = _("log in as an organizer of this tournament")
ORGANIZERS_ONLY = _("only this tournament's organizers may do this")
CODE_OF_ANOTHER_TABLE = _("this code belongs to another table")
CODE_OF_ANOTHER_ROUND = _("this code belongs to a table of another round")
NAME_THE_SEAT = _("name the seat that enters (A, B, C, D or E)")
NO_SEAT = _("no seat %(seat)s at this table")
TABLE_PLAYERS_ONLY = _("only the table's players may do this")
GIVE_TABLE_CODE = _("give the table's code (X-Table-Code) or log in as its player")
NOT_AT_THIS_TABLE = _("you do not sit at this table")
NOT_IN_THIS_SEAT = _("you do not sit in seat %(seat)s")
UNKNOWN_TABLE_CODE = _("unknown table code for this tournament")
TABLE_CODE_READS_AND_ENTERS = _("a table code may read its table and enter its hands only")
LOG_IN = _("log in to do this")
ORGANIZERS_CREATE_CLUBS = _("only organizers may create clubs")
NOT_LINKED_TO_A_PLAYER = _("your account is not linked to a player of this tournament")
ROUND_NUMBER = _("must be a round number (1 or more)")
NO_SUCH_ROUND = _("this tournament has no round %(number)s")
NO_SUCH_TABLE = _("round %(number)s has no table %(table)s")
NO_SUCH_VERSION = _("hand %(hand)s has no version %(version)s")
TABLE_LISTED_TWICE = _("table %(table)s is listed twice")
SUMMARY_OR_RECORD = _("give a summary or a record, not both")
GIVE_A_RESULT = _("give payments, a summary or a record")
VERSION_OR_RESULT = _("choose a version or enter the correct result, not both")
EXISTING_OR_NEW_PLAYER = _("give an existing player or a new one, not both")
NAME_A_NEW_PLAYER = _("name a new player, or give an existing player")
JSON_OBJECT = _("must be a JSON object")

# Clubs (issue 24)
CLUB_ORGANIZERS_ONLY = _("only this club's organizers may do this")
CLUB_FIELD_UNKNOWN = _("is not a club setting")
FIELD_UNKNOWN = _("is not a field of this request")
PLAYER_RECORDS_ORGANIZERS_ONLY = _("only organizers may search the players' records")
MERGES_ORGANIZERS_ONLY = _("only staff users and the players' clubs' organizers may merge records")
