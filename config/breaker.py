"""A circuit breaker for a service the request path may do without (the cache, the broker).

A Redis that is frozen (``kill -STOP``, a stalled host) accepts connections and never answers: each call
waits its socket timeout. One failure opens the breaker for ``settings.<setting>`` seconds; until then
every call of this process skips the service at once (``allows()`` is False) instead of waiting again.
Afterwards one call tries the service again (the others still skip while it does); its success closes
the breaker, its failure opens it for another while.

Per process: each web worker finds an outage with one call of its own. Thread-safe.
"""

from __future__ import annotations

import threading
import time

from django.conf import settings


class Breaker:
    def __init__(self, setting: str) -> None:
        self.setting = setting  # the name of the setting holding the seconds to skip the service
        self._lock = threading.Lock()
        self._open_until = 0.0  # 0: closed (the service is used)
        self._trying = False

    def allows(self) -> bool:
        """True if this call may use the service now (the breaker is closed, or this call is the try)."""
        if not self._open_until:
            return True
        if time.monotonic() < self._open_until:
            return False
        with self._lock:
            if self._trying:
                return False
            self._trying = True
            return True

    def succeeded(self) -> bool:
        """Close the breaker; True if it was open (the service is back)."""
        if not self._open_until:
            return False
        with self._lock:
            was_open = bool(self._open_until)
            self._open_until, self._trying = 0.0, False
        return was_open

    def failed(self) -> bool:
        """Open the breaker (again); True if it was closed (an outage begins)."""
        with self._lock:
            was_closed = not self._open_until
            self._open_until = time.monotonic() + float(getattr(settings, self.setting))
            self._trying = False
        return was_closed

    def reset(self) -> None:
        """Closed, as in a new process (tests)."""
        with self._lock:
            self._open_until, self._trying = 0.0, False
