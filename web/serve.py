"""``adjudicator serve``: claim the port, build what is missing, then serve the app.

Production: waitress with :data:`THREADS` worker threads, set up to hold out against slow
and idle clients (below). ``--debug``: Flask's development server with reloading. On a
first start the rules reference (both languages) and then the search index are built,
printing progress lines, unless ``--no-build``. The port is bound before the build, so a
busy port is reported at once (and "serving on" is said only once serving).

Slow clients (measured by ``tests/web/test_serve.py``: 300 connections each sending a
header byte a second). Waitress keeps connections in its event loop and gives a thread
only to a complete request, so a trickling client costs a socket, not a thread; what locked
everyone out was ``connection_limit`` (200): past it waitress stops accepting, and its idle
timeout restarts with every byte. So here:

- :data:`CONNECTION_LIMIT` is 1,000 (``poll()`` instead of ``select()``, which stops at
  file descriptor 1024; the process's open-files limit is raised to fit when it can);
- a request must arrive whole within :data:`REQUEST_SECONDS` of its first byte, however
  steadily it trickles (:class:`GuardedChannel`), and an idle connection is closed after
  :data:`IDLE_SECONDS`;
- request headers are capped at :data:`MAX_HEADER_BYTES` and bodies at twice the app's own
  limit, so waitress refuses huge requests itself (with the security headers too); its 413
  is worded by the app (:func:`too_large_answer`), as JSON under /api/, so every oversized
  body gets the same answer whichever of the two limits it passed.

A public deployment still belongs behind a reverse proxy (``docs/deploy.md``): it buffers
slow clients and rate-limits floods, which no single process can.
"""
from __future__ import annotations

import logging
import socket
import sys
import time

# Rulings are CPU-bound Python (the GIL serialises them). A whole battle is the one ruling
# that costs a noticeable fraction of a second; the engine solves one at a time
# (battle_outcome.SOLVES_AT_ONCE) and the others wait blocked, without the GIL. So threads
# are cheap while they wait, and enough of them that a client sending 16 battles at once
# leaves threads for everyone else (measured: tests/web/test_bounds_web.py).
THREADS = 24
CONNECTION_LIMIT = 1000
REQUEST_SECONDS = 10     # from a request's first byte to its last (headers and body)
IDLE_SECONDS = 20        # a keep-alive connection with nothing to do
MAX_HEADER_BYTES = 16 * 1024
SPARE_FILES = 64         # open files besides the connections: the docs, the index, logs
BACKLOG = 1024


def progress(line: str) -> None:
    print(f"[adjudicator] {line}", flush=True)


def build_missing_artefacts() -> bool:
    """Build the docs and the search index if they are missing; False if the build failed."""
    try:
        from adjudicator import build
    except ImportError:
        progress("the build module is not available: the rules reference and search stay unbuilt")
        return True
    ensure_built = getattr(build, "ensure_built", None)
    if ensure_built is None:
        progress("adjudicator.build has no ensure_built(): skipping the docs and index build")
        return True
    try:
        ensure_built(progress=progress)
    except Exception as exc:  # a failed build must not stop the rulings from being served
        progress(f"building the docs or the search index failed: {exc}")
        progress("serving anyway; the rules reference or the search may be unavailable")
        return False
    return True


def listen(host: str, port: int) -> list[socket.socket]:
    """Listening sockets for every address of ``host`` (raises OSError: busy port, bad host)."""
    sockets: list[socket.socket] = []
    try:
        seen = set()
        for family, kind, proto, _, address in socket.getaddrinfo(host, port, socket.AF_UNSPEC,
                                                                   socket.SOCK_STREAM, 0, socket.AI_PASSIVE):
            if (family, address) in seen:
                continue
            seen.add((family, address))
            sock = socket.socket(family, kind, proto)
            sockets.append(sock)
            if sys.platform != "win32":
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            sock.bind(address)
            sock.listen(BACKLOG)
    except OSError:
        for sock in sockets:
            sock.close()
        raise
    return sockets


def connection_limit(wanted: int = CONNECTION_LIMIT) -> int:
    """Raise the soft open-files limit to fit ``wanted`` connections if the hard limit
    allows; else as many connections as fit."""
    try:
        import resource
    except ImportError:   # not POSIX: nothing to raise
        return wanted
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    need = wanted + SPARE_FILES
    if soft != resource.RLIM_INFINITY and soft < need:
        target = need if hard == resource.RLIM_INFINITY else min(need, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            soft = target
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return wanted
    return max(16, min(wanted, soft - SPARE_FILES))


def server_settings(limit: int, max_body: int) -> dict:
    return {
        "threads": THREADS, "connection_limit": limit, "asyncore_use_poll": True,
        "channel_timeout": IDLE_SECONDS, "cleanup_interval": 2,
        "max_request_header_size": MAX_HEADER_BYTES, "max_request_body_size": max_body,
        "backlog": BACKLOG, "ident": "adjudicator",
    }


def too_large_answer(app, path: str, query: str, accept_language: str) -> tuple[str, list, bytes]:
    """The app's own 413 for a body waitress refused before the app saw it: JSON under
    /api/, a page elsewhere, in the user's language, with the security headers."""
    from werkzeug.exceptions import RequestEntityTooLarge

    headers = {"Accept-Language": accept_language} if accept_language else {}
    with app.test_request_context(path or "/", query_string=query, headers=headers):
        response = app.process_response(app.make_response(app.handle_http_exception(RequestEntityTooLarge())))
        return response.status, list(response.headers.items()), response.get_data()


def _channel_classes(app=None):
    """Waitress's connection and error answer, guarded (built on first use: waitress is
    imported only to serve)."""
    from waitress.channel import HTTPChannel
    from waitress.task import ErrorTask
    from waitress.utilities import RequestEntityTooLarge

    from web import security

    class HeaderedErrorTask(ErrorTask):
        """Waitress's own answers (400, 408, 413, 431) carry the app's security headers too;
        its 413 (a body past the backstop) is the app's own, in the user's language."""

        def execute(self) -> None:
            if app is not None and isinstance(self.request.error, RequestEntityTooLarge):
                try:
                    answer = too_large_answer(app, self.request.path, self.request.query,
                                              self.request.headers.get("ACCEPT_LANGUAGE", ""))
                except Exception:   # the backstop must answer: waitress's own words, then
                    logging.getLogger(__name__).exception("the app's 413 answer failed")
                else:
                    self._answer(*answer)
                    return
            self.response_headers.extend(security.HEADERS.items())
            super().execute()

        def _answer(self, status: str, headers: list, body: bytes) -> None:
            self.status = status
            self.response_headers.extend((k, v) for k, v in headers if k.lower() != "content-length")
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class GuardedChannel(HTTPChannel):
        """A connection that must deliver each request whole within REQUEST_SECONDS of its
        first byte: a client trickling bytes forever is closed, whatever waitress's idle
        timeout (which each byte restarts) says."""

        error_task_class = HeaderedErrorTask
        request_started = 0.0
        will_close: bool   # waitress's own flag (untyped there): close the socket at the loop's next turn

        def received(self, data: bytes) -> bool:
            if self.request is None:
                self.request_started = time.monotonic()
            return super().received(data)

        def readable(self) -> bool:
            if (self.request is not None and not self.requests and not self.will_close
                    and time.monotonic() - self.request_started > REQUEST_SECONDS):
                self.will_close = True   # closed by the event loop at its next turn
                return False
            return super().readable()

    return GuardedChannel


def make_server(app, sockets: list[socket.socket], limit: int):
    """The waitress server on ``sockets``, with the guarded connections."""
    import waitress
    from waitress.server import BaseWSGIServer

    from web import MAX_BODY_BYTES

    servers: dict = {}
    # Twice the app's body limit: the app answers an oversized body itself (in the user's
    # language); waitress's limit only stops a huge upload from being buffered whole.
    server = waitress.create_server(app, map=servers, sockets=sockets, **server_settings(limit, 2 * MAX_BODY_BYTES))
    channel = _channel_classes(app)
    for dispatcher in list(servers.values()):
        if isinstance(dispatcher, BaseWSGIServer):
            dispatcher.channel_class = channel
    return server


LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging() -> None:
    """Warnings and errors (an internal error with its traceback) to stderr, each line with
    its time, unless the host program set up logging already (gunicorn, a test)."""
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(handler)
        root.setLevel(logging.WARNING)


def main(host: str | None = "127.0.0.1", port: int = 5000, debug: bool = False, build_missing: bool = True,
         lan: bool = False) -> int:
    """Serve the app; ``lan``: on every IPv4 interface, announcing the addresses (web/lan.py)."""
    from web import lan as lan_module

    if lan and host not in (None, lan_module.LAN_HOST):
        sys.stderr.write(f"adjudicator serve: --lan listens on {lan_module.LAN_HOST}; leave out --host {host}\n")
        return 2
    host = lan_module.LAN_HOST if lan else (host or "127.0.0.1")
    sockets: list[socket.socket] = []
    if not debug:
        try:
            sockets = listen(host, port)
        except OSError as exc:
            sys.stderr.write(f"adjudicator serve: cannot listen on {host}:{port}: {exc.strerror or exc}\n")
            return 1
    if build_missing:
        build_missing_artefacts()
    configure_logging()
    from web import create_app

    app = create_app()
    if debug:
        progress(f"development server (debug, reloading) on http://{host}:{port}/")
        if host == lan_module.LAN_HOST:
            lan_module.announce(host, port, progress)
        app.run(host=host, port=port, debug=True)
        return 0
    # Under load waitress logs "Task queue depth is N" for every queued request: expected,
    # and a flood that hides real problems, so only its errors are shown.
    logging.getLogger("waitress.queue").setLevel(logging.ERROR)
    limit = connection_limit()
    server = make_server(app, sockets, limit)
    bound = sockets[0].getsockname()
    shown_host = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    progress(f"serving on http://{shown_host}:{bound[1]}/ (waitress, {THREADS} threads, "
             f"up to {limit} connections); Ctrl+C stops")
    if bound[0] == lan_module.LAN_HOST:
        lan_module.announce(bound[0], bound[1], progress)
    try:
        server.run()   # returns on Ctrl+C, having stopped its threads
    finally:
        server.close()
    return 0
