"""The row count of every model of the domain, in one query: the tests that check that a refused call
stores nothing compare it before and after (one ``COUNT`` per model, as each model's own manager counts,
each its own round trip, cost a busy test hundreds of round trips a run)."""

from __future__ import annotations

from django.apps import apps
from django.db import connection


def row_counts() -> dict[str, int]:
    """``{model label: model.objects.count()}`` for every model of the tournaments app, read at once."""
    models = list(apps.get_app_config("tournaments").get_models())
    parts: list[str] = []
    params: list[object] = []
    for model in models:
        sql, model_params = model.objects.all().query.sql_with_params()
        parts.append(f"(SELECT COUNT(*) FROM ({sql}) AS counted)")
        params.extend(model_params)
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(parts), params)
        counts = cursor.fetchone()
    return {model._meta.label: count for model, count in zip(models, counts, strict=True)}
