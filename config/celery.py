"""The Celery app. Settings come from Django settings with the ``CELERY_`` prefix."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("tarokk")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["config"])


def send_safely(task, *args, **kwargs) -> bool:  # type: ignore[no-untyped-def]
    """Publish ``task`` now; never raises (the caller's data is already committed)."""
    import logging

    try:
        task.apply_async(args=args, kwargs=kwargs)
    except Exception:
        logging.getLogger(__name__).warning("could not send %s", task.name, exc_info=True)
        return False
    return True
