"""The Docker files describe the full stack (no Docker engine runs here, so their structure is checked)."""

from __future__ import annotations

import yaml

from tests.conftest import ROOT


def test_it_defines_the_full_stack_with_health_checks_and_a_database_volume() -> None:
    compose = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())
    services = compose["services"]
    assert {"postgres", "redis", "web", "worker", "beat"} <= set(services)
    for name in ("postgres", "redis", "worker", "beat"):
        assert "healthcheck" in services[name], name
    assert "pgdata:/var/lib/postgresql/data" in services["postgres"]["volumes"]
    assert "pgdata" in compose["volumes"]
    assert services["worker"]["command"][:4] == ["celery", "-A", "config", "worker"]
    assert services["beat"]["command"][:4] == ["celery", "-A", "config", "beat"]
    env = services["web"]["environment"]
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["REDIS_URL"].startswith("redis://")


def test_it_restarts_every_long_running_service_that_exits() -> None:
    """Issue 21 §7: supervision of the worker and beat (and the rest) in the compose file too."""
    services = yaml.safe_load((ROOT / "docker" / "compose.yaml").read_text())["services"]
    for name in ("postgres", "redis", "web", "worker", "beat"):
        assert services[name].get("restart") in ("unless-stopped", "always"), name
    assert services["migrate"]["restart"] == "no"  # one-shot


def test_it_builds_a_slim_non_root_image_served_by_gunicorn() -> None:
    dockerfile = (ROOT / "docker" / "Dockerfile").read_text()
    assert "FROM python:3.11-slim" in dockerfile
    assert "collectstatic --noinput" in dockerfile
    assert "\nUSER tarokk\n" in dockerfile
    assert '"gunicorn", "config.wsgi:application"' in dockerfile
    assert "HEALTHCHECK" in dockerfile
