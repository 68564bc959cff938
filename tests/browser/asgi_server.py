"""The site's ASGI application (``config.asgi``: the pages and the live tables' WebSockets) served by daphne
in a thread of the test's own process, for browser tests that need a real WebSocket.

Why a thread, not a process (``channels.testing.ChannelsLiveServerTestCase`` forks daphne): the suite's
SQLite test database lives in memory (``file:memorydb_default?mode=memory&cache=shared``), which a child
process cannot open (Channels refuses in-memory databases for that reason), while the threads of one process
all reach it; with PostgreSQL each thread opens its own connection to the test database, as any server would.
In the test's process the ``settings`` fixture's changes reach the server too, and the in-memory channel
layer of the SQLite set-up is the one the server's connections listen on; with ``REDIS_URL`` (CI) the
pushes go through Redis, as in production.

The server's threads (daphne's loop's executor, the bots' timers) each open their own connection:

* SQLite's shared in-memory database answers "database table is locked" at once where a file database
  would wait its busy timeout (a bot's move being written while a WebSocket reads the state): while the
  server runs, every connection to it tries a locked statement again for a while, as the busy timeout
  would (``_patient``). PostgreSQL waits for its locks.
* With PostgreSQL, the connections the server's threads opened are closed when it stops (persistent
  connections, ``CONN_MAX_AGE``, would otherwise outlive the test and keep the test database from being
  dropped).

daphne runs Twisted's asyncio reactor; a reactor cannot run twice, so each server installs a fresh one on a
new event loop in its thread (as ``daphne.testing`` does in its child process).
"""

from __future__ import annotations

import asyncio
import sys
import threading
import time
from typing import Any

START_TIMEOUT = 10  # seconds
LOCK_TIMEOUT = 10  # seconds: how long a statement waits for a table SQLite's shared cache has locked


def _in_memory(connection: Any) -> bool:
    return connection.vendor == "sqlite" and connection.is_in_memory_db()


def _patient(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    """An execute wrapper: a statement that found a table locked (it did nothing) is tried again."""
    from django.db import OperationalError

    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        try:
            return execute(sql, params, many, context)
        except OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


class AsgiLiveServer:
    """``with AsgiLiveServer() as server:`` daphne listens on ``server.url`` (a free port of 127.0.0.1)."""

    host = "127.0.0.1"

    def __init__(self) -> None:
        self.port = 0
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._reactor: Any = None
        self._server: Any = None
        self._test_thread = threading.get_ident()
        self._test_connection: Any = None
        self._opened: list[Any] = []  # the connections the server's threads opened
        self._thread = threading.Thread(target=self._run, name="asgi-live-server", daemon=True)

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def __enter__(self) -> AsgiLiveServer:
        from django.db import DEFAULT_DB_ALIAS, connections
        from django.db.backends.signals import connection_created

        connection_created.connect(self._connection_created)
        self._test_connection = connections[DEFAULT_DB_ALIAS]
        if _in_memory(self._test_connection):  # the test's own reads while the server's threads write
            self._test_connection.execute_wrappers.append(_patient)
        self._thread.start()
        if not self._ready.wait(START_TIMEOUT) or self._error is not None or not self.port:
            self.stop()
            raise RuntimeError(f"daphne did not start: {self._error!r}") from self._error
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.stop()

    def stop(self) -> None:
        from django.db.backends.signals import connection_created

        reactor = self._reactor
        if reactor is not None and self._thread.is_alive():
            self._drain()
            reactor.callFromThread(reactor.stop)
        self._thread.join(START_TIMEOUT)
        connection_created.disconnect(self._connection_created)
        if _patient in self._test_connection.execute_wrappers:
            self._test_connection.execute_wrappers.remove(_patient)
        for connection in self._opened:
            if not _in_memory(connection):  # closing the in-memory database's connections would do nothing
                connection.inc_thread_sharing()  # its thread is idle now: closed from here
                try:
                    connection.close()
                finally:
                    connection.dec_thread_sharing()

    def _connection_created(self, sender: Any, connection: Any, **kwargs: Any) -> None:
        """``connection_created`` while the server runs: a connection of one of its threads (or the
        test's, after it reconnected)."""
        if _in_memory(connection) and _patient not in connection.execute_wrappers:
            connection.execute_wrappers.append(_patient)
        if threading.get_ident() != self._test_thread:
            self._opened.append(connection)

    def _drain(self) -> None:
        """Wait (a few seconds at most) for the application's requests, and the WebSockets whose page was
        closed, to finish: a closed WebSocket still runs its ``disconnect`` (a database write) after the
        browser let go. A WebSocket still open is cancelled when the server stops."""
        from daphne.ws_protocol import WebSocketProtocol

        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            try:
                items = list(getattr(self._server, "connections", {}).items())
            except RuntimeError:  # changed while read (the reactor's thread): look again
                continue
            running = [
                protocol
                for protocol, details in items
                if details.get("application_instance") is not None
                and not details["application_instance"].done()
                and (not isinstance(protocol, WebSocketProtocol) or "disconnected" in details)
            ]
            if not running:
                return
            time.sleep(0.05)

    def _run(self) -> None:
        try:
            loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            # a reactor of our own on this thread's loop; daphne.server binds the reactor when imported
            sys.modules.pop("twisted.internet.reactor", None)
            sys.modules.pop("daphne.server", None)
            from twisted.internet import asyncioreactor

            asyncioreactor.install(loop)
            from channels.routing import get_default_application
            from daphne.server import Server
            from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
            from twisted.internet import reactor

            self._reactor = reactor
            self._server = Server(
                application=ASGIStaticFilesHandler(get_default_application()),
                endpoints=[f"tcp:port=0:interface={self.host}"],
                signal_handlers=False,
            )
            reactor.callLater(0, self._listening)
            self._server.run()
            loop.close()  # its executor's threads end, the channel layer's Redis connections of it close
        except BaseException as exc:  # told to the test's thread, which raises it
            self._error = exc
            self._ready.set()

    def _listening(self) -> None:
        addresses = self._server.listening_addresses
        if not addresses:
            self._reactor.callLater(0.02, self._listening)
            return
        self.port = addresses[0][1]
        self._ready.set()
