"""The Redis broker transport the project uses: kombu's, with one fix that keeps a worker alive through a
broker restart while it holds a task.

The fault (celery 5.7.0 / kombu 5.7.0 / redis-py 8.1, the newest releases): a prefork worker holding a task
with ``acks_late`` loses its Redis connection. ``Consumer.on_connection_error_after_connected`` first
``collect()``s the connection, which drops the transport's link to its ``Connection`` (``client = None``),
and then ``close()``s it. Closing the channel requeues the unacknowledged message
(``QoS.restore_unacked``), which needs a new Redis pool, whose parameters are read from that dropped link:
``AttributeError: 'NoneType' object has no attribute 'hostname'``. That is not a connection error, so the
worker logs ``Unrecoverable error`` and exits instead of reconnecting.

The fix: each channel remembers the connection parameters it used. Once the link is gone it reuses them,
so requeueing tries the real broker: while Redis is down that fails with a *connection* error, which
kombu ignores while closing, and the worker goes on to reconnect. The task still running finishes and is
acknowledged through the same parameters once Redis is back (or, if Redis is still down then, the ack is
logged as failed and the message, kept in Redis's unacked index, is delivered again after the visibility
timeout; tasks are idempotent). ``config/settings.py`` selects this transport for ``redis://`` and
``rediss://`` broker URLs (``CELERY_BROKER_TRANSPORT``).
"""

from __future__ import annotations

from typing import Any

import redis
from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    """kombu's Redis channel, which keeps working after its connection was collected."""

    def _connparams(self, asynchronous: bool = False) -> dict[str, Any]:
        saved: dict[bool, dict[str, Any]] = self.__dict__.setdefault("_saved_connparams", {})
        if self.connection.client is None:  # collected after a connection loss
            if asynchronous not in saved:
                raise redis.exceptions.ConnectionError("the broker connection was closed")
            return dict(saved[asynchronous])
        params = super()._connparams(asynchronous=asynchronous)
        saved[asynchronous] = dict(params)
        return params


class Transport(kombu_redis.Transport):
    Channel = Channel
