"""Settings, all read from the environment in this one file.

With nothing set the project runs on an embedded default: SQLite in the project folder and Celery tasks
executed in-process (eager), so a newcomer needs no servers. ``DATABASE_URL=postgres://...`` switches to
PostgreSQL (psycopg 3) and ``REDIS_URL``/``CELERY_BROKER_URL=redis://...`` to a real broker with separate
worker processes. With ``DEBUG=False`` the HTTPS/cookie hardening of ``check --deploy`` is on.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import dj_database_url

from engine.games import GAMES  # the API's description names every game of the registry

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", True)

_DEV_SECRET_KEY = "django-insecure-local-development-only-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY", _DEV_SECRET_KEY if DEBUG else "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")
# The site's address as phones reach it (the table cards' URLs and QR codes); empty: the address the page
# was opened at. ``quickstart --lan`` sets it to the LAN address.
PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "").rstrip("/")

INSTALLED_APPS = [
    "config.serve",  # first: its runserver (a busy port explained) wraps the ones of the apps below
    "daphne",  # runserver serves ASGI: the site and the live tables' WebSockets (config/asgi.py)
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "channels",
    "tournaments",
    "api",
    "config.apps.WiringConfig",  # last: connects the side effects once every app is ready
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.logging.RequestLogMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # ETag on every GET (a hash of the body unless the view set a versioned one) and 304 answers to
    # If-None-Match: scoreboards polling the standings download them only when they changed.
    "django.middleware.http.ConditionalGetMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.db_router.ReplicaReadsMiddleware",  # anonymous public GETs may read a replica
    "django.contrib.messages.middleware.MessageMiddleware",
    # "Manage" and "Signed in as ... · Sign out" for a signed-in reader, filled in after the page cache.
    "tournaments.pages.reader.ReaderSlotsMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"
# The pause before a bot's move at a live table, so that the players see it happen (0: at once)
LIVE_BOT_DELAY_MS = int(os.environ.get("LIVE_BOT_DELAY_MS", "700"))

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# --- Database: SQLite in the project folder unless DATABASE_URL says otherwise ---
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
DB_POOL = int(os.environ.get("DB_POOL", "0"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL > 0:
    # A pool of DB_POOL connections per process (psycopg's), for an ASGI server: it runs each request and
    # each live table's read in a thread of its own, and a connection per thread opened anew every time
    # cost a live table's push more than its queries (benchmarks/live_bench.py). Django's pool wants
    # CONN_MAX_AGE 0: a thread's connection goes back to the pool when Django closes it.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL,
        "timeout": 10,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # No persistent connections for SQLite; the test runner uses an in-memory database anyway.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    # Write transactions take SQLite's write lock when they begin, so a check made inside one (a round's
    # status, a hand's confirmed version) still holds when it writes: SQLite has no row locks.
    DATABASES["default"].setdefault("OPTIONS", {})["transaction_mode"] = "IMMEDIATE"
# PostgreSQL read replicas for the public pages' reads (comma-separated URLs; config/db_router.py says
# which reads go there). In tests each mirrors the default database.
DATABASE_REPLICAS = []
for _index, _url in enumerate(env_list("DATABASE_REPLICA_URLS", "")):
    DATABASES[f"replica_{_index}"] = {
        **dj_database_url.parse(
            _url, conn_max_age=DATABASES["default"]["CONN_MAX_AGE"], conn_health_checks=True
        ),
        "TEST": {"MIRROR": "default"},
    }
    DATABASE_REPLICAS.append(f"replica_{_index}")
DATABASE_ROUTERS = ["config.db_router.PublicReadsRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
LANGUAGES = [("hu", "Magyar"), ("en", "English"), ("de", "Deutsch")]  # the browser's choice by default
LOCALE_PATHS = [BASE_DIR / "tournaments" / "locale"]
LOGIN_URL = "tournaments:login"
LOGIN_REDIRECT_URL = "tournaments:my-tournaments"  # one tournament: its dashboard; else the list
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Budapest")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# --- The API (api/v1): tokens or sessions for organizers, table codes for tables, one error shape ---
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "api.v1.auth.BearerTokenAuthentication",
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
        "api.v1.auth.TableCodeAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],  # each view decides
    "DEFAULT_FILTER_BACKENDS": [
        "django_filters.rest_framework.DjangoFilterBackend",
        "rest_framework.filters.OrderingFilter",
    ],
    "DEFAULT_PAGINATION_CLASS": "api.v1.base.Pagination",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "api.v1.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["api.v1.parsers.JSONParser"],
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}
API_MAX_BODY_BYTES = 256 * 1024  # a larger request body is refused with 413
API_TABLE_CODE_FAILURES_PER_MINUTE = int(os.environ.get("API_TABLE_CODE_FAILURES_PER_MINUTE", "10"))
SPECTACULAR_SETTINGS = {
    # <num:...> (config/converters.py): whole numbers that fit the database's 64-bit integers
    "PATH_CONVERTER_OVERRIDES": {
        "num": {"type": "integer", "minimum": 0, "maximum": 999_999_999_999_999_999}
    },
    "TITLE": "tarokk-tournaments API",
    "DESCRIPTION": (
        "Tournaments of every game the engine's registry knows ("
        + ", ".join(f"{descriptor.names['en']} `{game_id}`" for game_id, descriptor in GAMES.items())
        + "; `GET /api/v1/games/` lists them with their presets and table sizes): draws, table results "
        "(payments, hand summaries the engine scores, hand records it replays), disputes and standings, "
        "series and ratings. Every tournament names its game; its hands are scored by that game's engine "
        "alone. Organizers authenticate with a token (`Authorization: Token ...` or `Bearer ...`) or a "
        "session; a table with its entry code (`X-Table-Code`). Errors always have the shape "
        '`{"errors": [{"field", "code", "message"}]}`.'
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # no web fonts at a venue without internet (api/v1/docs.py): the reader's own
    "REDOC_UI_SETTINGS": {
        "theme": {
            "typography": {
                "fontFamily": "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'DejaVu Sans', sans-serif",
                "headings": {"fontFamily": "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', sans-serif"},
                "code": {"fontFamily": "ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace"},
            }
        }
    },
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "TournamentStatusEnum": "tournaments.organizing.models.Tournament.Status",
        "RegistrationStatusEnum": "tournaments.participants.models.Registration.Status",
        "RoundStatusEnum": "tournaments.draw.models.Round.Status",
        "HandStatusEnum": "tournaments.results.models.Hand.Status",
        "SubmissionStatusEnum": "tournaments.results.models.HandSubmission.Status",
        "DisputeStatusEnum": "tournaments.results.models.Dispute.Status",
        "WebhookDeliveryStatusEnum": "tournaments.webhooks.models.WebhookDelivery.Status",
        "WebhookEventEnum": "tournaments.webhooks.models.WEBHOOK_EVENT_CHOICES",
        # a hand's kind (named before jobs had a kind)
        "JobKindEnum": "tournaments.draw.models.Job.Kind",
        "JobStatusEnum": "tournaments.draw.models.Job.Status",
    },
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "api.v1.schema.add_error_responses",
    ],
}

# --- Celery: a real Redis broker when configured, otherwise tasks run in-process (eager) ---
REDIS_URL = os.environ.get("REDIS_URL", "")

# --- Live tables' WebSockets (tournaments/live/push.py) ---


def channel_layers(redis_url: str) -> dict[str, Any]:
    """Redis carries a move to every process's phones; without it, the one server process holds them all.
    The socket timeout is longer than the layer's 5 s blocking read: redis-py 8's default (5 s) dropped every
    WebSocket that went 5 s without a message, a player thinking (tests/live/test_live_socket.py)."""
    if not redis_url:
        return {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    hosts = [{"address": redis_url, "socket_timeout": 30}]
    return {"default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": hosts}}}


CHANNEL_LAYERS = channel_layers(REDIS_URL)
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
CELERY_RESULT_BACKEND = os.environ.get("CELERY_RESULT_BACKEND", REDIS_URL or None)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not CELERY_BROKER_URL)
if not CELERY_BROKER_URL:
    # In-process transport; named host, or kombu warns "No hostname was supplied" when eager publishing
    # borrows a pooled producer (celery 5.7) for its serializer.
    CELERY_BROKER_URL = "memory://localhost/"
# kombu's Redis transport with the fix that keeps a worker holding a task alive through a broker restart
# (config/broker.py explains the fault).
CELERY_BROKER_TRANSPORT = (
    "config.broker:Transport" if CELERY_BROKER_URL.split("://", 1)[0] in ("redis", "rediss") else None
)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True  # a task is redelivered if its worker dies mid-way; tasks are idempotent
CELERY_TASK_REJECT_ON_WORKER_LOST = True
# Every task (tournaments.core.reliability.ReliableTask): SoftTimeLimitExceeded is raised in it after the soft
# limit (it is retried, then dead-lettered); the worker process running it is killed after the hard one.
CELERY_TASK_SOFT_TIME_LIMIT = int(os.environ.get("CELERY_TASK_SOFT_TIME_LIMIT", "60"))
CELERY_TASK_TIME_LIMIT = int(os.environ.get("CELERY_TASK_TIME_LIMIT", "90"))
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A broker outage must never fail or delay a saved result (issue #10): publishing gives up within about a
# second and config.celery.send_safely logs it; the work is picked up later. Sources, kombu 5.7 / celery 5.7:
# kombu/transport/redis.py (module docstring: socket_timeout "without it ... a publish waits forever on the
# dead connection"; socket_connect_timeout), celery/app/amqp.py send_task_message (task_publish_retry_policy
# passed to kombu Connection.ensure), celery/app/base.py producer_or_acquire (broker_pool_acquire_timeout,
# None = wait forever for a free producer) and send_task (the result backend's on_task_call, a Redis pub/sub
# subscribe retried 20 times 1 s apart, runs for every task that does not ignore its result).
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "socket_connect_timeout": 0.3,  # unreachable or unroutable broker
    "socket_timeout": 0.3,  # a broker that accepts but never answers (also the worker's dead-socket check)
    "retry_on_timeout": False,  # redis-py: no silent retry of a timed-out command
}
# One immediate retry (a pooled connection that went stale when Redis restarted is reopened), then give up.
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.1,
    "interval_max": 0.1,
}
CELERY_BROKER_POOL_ACQUIRE_TIMEOUT = 0.5
# ... and once a publish failed, config.celery.send_safely skips the broker for this long before trying it
# again (config/breaker.py): a frozen Redis costs one publish its timeouts, not every entry's (issue 31 §6).
BROKER_OUTAGE_SKIP_SECONDS = float(os.environ.get("BROKER_OUTAGE_SKIP_SECONDS", "10"))
# Tasks are fire-and-forget: no result-backend subscription at publish time. config.tasks.ping opts back in.
CELERY_TASK_IGNORE_RESULT = True
# The worker's own connection keeps retrying for as long as the broker is down (celery's default gives up
# after 100 attempts); only the publishing side is fast.
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
# /healthz says "degraded" when no worker has run the heartbeat task (every 60 s) for this many seconds.
HEALTH_WORKER_HEARTBEAT_MAX_AGE = int(os.environ.get("HEALTH_WORKER_HEARTBEAT_MAX_AGE", "180"))
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {"task": "config.tasks.heartbeat", "schedule": 60.0},
    "standings-sweep": {"task": "tournaments.standings_sweep", "schedule": 30.0},
    "disputes-sweep": {"task": "tournaments.disputes_sweep", "schedule": 30.0},
    "webhooks-sweep": {"task": "tournaments.webhooks_sweep", "schedule": 30.0},
    "jobs-sweep": {"task": "tournaments.jobs_sweep", "schedule": 30.0},
    "ratings-sweep": {"task": "tournaments.ratings_sweep", "schedule": 60.0},
    "live-sweep": {"task": "tournaments.live_sweep", "schedule": 10.0},
}
# A federation's season work (a series' recompute, a rating update or rebuild) on a queue of its own when
# set: workers started with ``-Q <name>`` serve it, and a venue's standings never wait behind a season.
SEASON_TASKS = (
    "tournaments.series_refresh",
    "tournaments.rating_update",
    "tournaments.ratings_rebuild",
    "tournaments.ratings_refresh",
    "tournaments.ratings_sweep",
)
SEASON_TASKS_QUEUE = os.environ.get("SEASON_TASKS_QUEUE", "")
CELERY_TASK_ROUTES = (
    {name: {"queue": SEASON_TASKS_QUEUE} for name in SEASON_TASKS} if SEASON_TASKS_QUEUE else {}
)

# --- Webhooks (tournaments/webhooks/services.py) ---
# Refusing private, loopback and link-local hosts keeps an organizer's webhook from making the server post
# to its own network (SSRF: the database, Redis, a cloud metadata endpoint). Allowed while developing
# (DEBUG) and in tests, whose receivers listen on loopback.
WEBHOOKS_ALLOW_PRIVATE_HOSTS = env_bool("WEBHOOKS_ALLOW_PRIVATE_HOSTS", DEBUG or "pytest" in sys.modules)
# Off: deliveries are recorded but nothing is posted (a staging copy of production data, CI's API fuzz).
WEBHOOKS_DELIVERY_ENABLED = env_bool("WEBHOOKS_DELIVERY_ENABLED", True)
WEBHOOKS_TIMEOUT_SECONDS = float(os.environ.get("WEBHOOKS_TIMEOUT_SECONDS", "5"))
WEBHOOKS_MAX_ATTEMPTS = int(os.environ.get("WEBHOOKS_MAX_ATTEMPTS", "8"))

# A stalled Redis must not hang a request that reads the cache (a table's entry reads its code throttle's
# count; /healthz its heartbeat): each call gives up after CACHE_SOCKET_TIMEOUT seconds (Redis answers in
# well under a millisecond on the same host or network, a whole standings body included), and once one
# has failed, config/cache.py skips the cache for CACHE_OUTAGE_SKIP_SECONDS before trying it again.
CACHE_SOCKET_TIMEOUT = float(os.environ.get("CACHE_SOCKET_TIMEOUT", "0.1"))
CACHE_OUTAGE_SKIP_SECONDS = float(os.environ.get("CACHE_OUTAGE_SKIP_SECONDS", "10"))
CACHE_REDIS_OPTIONS = {
    "socket_connect_timeout": CACHE_SOCKET_TIMEOUT,
    "socket_timeout": CACHE_SOCKET_TIMEOUT,
    "retry_on_timeout": False,  # redis-py: no silent second wait on a timed-out command
}
CACHES = {
    "default": (
        {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": CACHE_REDIS_OPTIONS,
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

# --- Production hardening (what `check --deploy` asks for), on whenever DEBUG is off ---
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = env_list("SILENCED_SYSTEM_CHECKS", "")

# --- Logging: one JSON object per line in production; one readable line (plain) while developing ---
LOG_LEVEL = os.environ.get("LOG_LEVEL", "INFO")
LOG_FORMAT = os.environ.get("LOG_FORMAT") or ("plain" if DEBUG else "json")
if LOG_FORMAT not in ("plain", "json"):
    raise RuntimeError(f"LOG_FORMAT must be 'plain' or 'json', not {LOG_FORMAT!r}")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {
            "()": "pythonjsonlogger.json.JsonFormatter",
            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
            "rename_fields": {"asctime": "time", "levelname": "level", "name": "logger"},
        },
        "plain": {"()": "config.logging.PlainFormatter"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "formatter": LOG_FORMAT,
            "level": LOG_LEVEL,  # also for records that propagate from loggers set lower (e.g. "django")
        },
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own default sends "django" records to a second console handler when DEBUG is on: every
        # "Not Found" line would show twice. Ours only.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "django.server": {"level": "WARNING"},  # RequestLogMiddleware logs requests with structure
        "django.db.backends": {"level": "INFO"},
        # In eager mode every task would log its success in the web process; workers keep INFO.
        "celery.app.trace": {"level": "WARNING" if CELERY_TASK_ALWAYS_EAGER else "INFO"},
    },
}
