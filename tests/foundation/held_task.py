"""A task that a test's Celery worker holds through a broker outage (imported by the worker with ``-I``)."""

from __future__ import annotations

import os
import time
from pathlib import Path

from celery import shared_task


@shared_task(name="tests.held_task.hold", acks_late=True, ignore_result=True)
def hold(marker: str, seconds: float) -> None:
    """Write "started", hold the worker for ``seconds``, then write "finished" with the wall time."""
    path = Path(marker)
    path.write_text(f"started {os.getpid()}\n")
    time.sleep(seconds)
    with path.open("a") as out:
        out.write(f"finished {time.time()}\n")
