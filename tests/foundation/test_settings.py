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
