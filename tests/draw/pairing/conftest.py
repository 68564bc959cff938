"""The pairing library is pure Python: these tests need neither Django nor Celery.

The suite-wide autouse fixture in ``tests/conftest.py`` imports the Celery app; it is overridden here by a
no-op of the same name, so ``python -m pytest tests/draw/pairing -p no:django`` runs without the web stack.
"""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _eager_tasks_by_default() -> None:
    """Nothing to configure: no task is ever queued by the pairing library."""
