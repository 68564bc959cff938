"""Settings come from the environment; production settings pass ``check --deploy``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT


def _run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in {
            "DATABASE_URL",
            "REDIS_URL",
            "CELERY_BROKER_URL",
            "DEBUG",
            "SECRET_KEY",
            "ALLOWED_HOSTS",
            "CELERY_TASK_ALWAYS_EAGER",
            "DB_POOL",
            "DB_CONN_MAX_AGE",
        }
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="config.settings", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120
    )


def test_it_defaults_to_sqlite_and_eager_tasks_with_nothing_set() -> None:
    code = (
        "import django, json; django.setup(); from django.conf import settings as s;"
        "print(json.dumps([s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG]))"
    )
    out = _run(code)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["django.db.backends.sqlite3", True, True]


def test_it_reads_postgres_and_redis_from_the_environment() -> None:
    code = (
        "import django, json; django.setup(); from django.conf import settings as s;"
        "d = s.DATABASES['default'];"
        "print(json.dumps([d['ENGINE'], d['NAME'], d['HOST'], s.CELERY_BROKER_URL,"
        " s.CELERY_TASK_ALWAYS_EAGER]))"
    )
    out = _run(
        code, DATABASE_URL="postgres://u@db.example:5432/tarokk", REDIS_URL="redis://cache.example:6379/0"
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == [
        "django.db.backends.postgresql",
        "tarokk",
        "db.example",
        "redis://cache.example:6379/0",
        False,
    ]


def test_db_pool_gives_an_asgi_server_a_pool_of_postgresql_connections() -> None:
    """daphne runs each request and each live table's read in a thread of its own: DB_POOL lends them
    pooled connections (Django's pool wants CONN_MAX_AGE 0); SQLite ignores it."""
    code = (
        "import django, json; django.setup(); from django.conf import settings as s;"
        "d = s.DATABASES['default'];"
        "print(json.dumps([d.get('OPTIONS', {}).get('pool'), d['CONN_MAX_AGE']]))"
    )
    pooled = _run(code, DATABASE_URL="postgres://u@db.example:5432/tarokk", DB_POOL="10")
    assert pooled.returncode == 0, pooled.stderr
    assert json.loads(pooled.stdout) == [{"min_size": 1, "max_size": 10, "timeout": 10}, 0]
    unpooled = _run(code, DATABASE_URL="postgres://u@db.example:5432/tarokk")
    assert json.loads(unpooled.stdout) == [None, 60]
    sqlite = _run(code, DB_POOL="10")
    assert json.loads(sqlite.stdout) == [None, 0]


def test_it_refuses_to_start_in_production_without_a_secret_key() -> None:
    out = _run("import django; django.setup()", DEBUG="False")
    assert out.returncode != 0
    assert "SECRET_KEY must be set" in out.stderr


def test_it_passes_check_deploy_with_production_settings() -> None:
    out = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}},
            "DEBUG": "False",
            "SECRET_KEY": "k" * 20 + "-production-" + "x9Q!" * 10,
            "ALLOWED_HOSTS": "tarokk.example.org",
        },
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues" in out.stdout


# --- issue 21 §9: readable console logs while developing, JSON in production; no kombu warning ---

LOG_A_REQUEST = (
    "import django, logging; django.setup();"
    "logging.getLogger('tarokk.request')"
    ".info('request', extra={'method': 'GET', 'path': '/x', 'status': 200})"
)


def test_it_logs_one_readable_plain_line_per_record_with_debug_on() -> None:
    out = _run(LOG_A_REQUEST, DEBUG="1")
    assert out.returncode == 0, out.stderr
    (line,) = out.stderr.strip().splitlines()
    assert not line.startswith("{")
    assert line.endswith("INFO tarokk.request request method=GET path=/x status=200"), line


def test_it_logs_djangos_records_once_and_honours_the_log_level() -> None:
    """Django's default config adds a console handler of its own when DEBUG is on: every "Not Found" showed
    twice, and LOG_LEVEL did not quiet records that propagate from the "django" logger."""
    warn = (
        "import django, logging; django.setup();logging.getLogger('django.request').warning('Not Found: /x')"
    )
    out = _run(warn, DEBUG="1")
    assert out.returncode == 0, out.stderr
    (line,) = out.stderr.strip().splitlines()
    assert line.endswith("WARNING django.request Not Found: /x"), line
    quiet = _run(warn, DEBUG="1", LOG_LEVEL="ERROR")
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr.strip() == "", quiet.stderr


def test_it_logs_json_in_production_and_when_asked() -> None:
    production = _run(LOG_A_REQUEST, DEBUG="0", SECRET_KEY="x" * 50, ALLOWED_HOSTS="example.org")
    asked = _run(LOG_A_REQUEST, DEBUG="1", LOG_FORMAT="json")
    for out in (production, asked):
        assert out.returncode == 0, out.stderr
        record = json.loads(out.stderr.strip())
        assert (record["level"], record["logger"], record["path"], record["status"]) == (
            "INFO",
            "tarokk.request",
            "/x",
            200,
        )
    forced_plain = _run(LOG_A_REQUEST, DEBUG="0", SECRET_KEY="x" * 50, LOG_FORMAT="plain")
    assert "INFO tarokk.request request method=GET" in forced_plain.stderr


def test_it_publishes_tasks_in_embedded_mode_without_a_kombu_hostname_warning() -> None:
    """With no REDIS_URL tasks run in-process; publishing one must not make kombu log "No hostname was
    supplied. Reverting to default 'localhost'" on every save (as the demo and quickstart did)."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("CELERY_", "REDIS_", "DATABASE_"))}
    clean.update(PYTHONPATH=str(ROOT), DEBUG="1")
    code = (
        "from config.celery import send_safely; from config.tasks import ping, heartbeat;"
        "print(send_safely(ping), send_safely(heartbeat))"
    )
    out = subprocess.run(
        [sys.executable, "-W", "error", "manage.py", "shell", "-c", code],
        cwd=ROOT, env=clean, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().endswith("True True")
    assert "No hostname" not in out.stderr, out.stderr
    assert "WARNING" not in out.stderr, out.stderr
