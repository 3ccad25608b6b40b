"""Load benchmark of ``POST /api/v1/rulings``, against the server exactly as users run it.

Starts ``adjudicator serve --no-build --port <free port>`` (waitress, the production
server) in a subprocess, then drives it from this process with 32 concurrent keep-alive
connections on loopback (``http.client`` in threads), cycling through the shared example
scenarios, for a bounded number of requests or seconds, whichever comes first. Reports
rulings/s, p50/p90/p99 latency and errors, and writes ``benchmarks/results/api.json``.

Goals: over 300 rulings/s, p99 under 50 ms, no errors.

``--slow-clients N`` also keeps N connections open during the measurement, each sending one
header byte a second (the slow-client attack the server is set up to hold out against);
they are reopened as the server closes them, and the figures include how many it closed.

    .venv/bin/python benchmarks/bench_api.py [--requests 5000] [--seconds 10] [--connections 32]
                                             [--slow-clients 300] [--results api.json]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT.parent / "shared" / "examples"
RESULTS = ROOT / "benchmarks" / "results" / "api.json"
GOALS = {"rulings_per_second": 300, "p99_ms": 50, "errors": 0}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scenario_bodies() -> list[bytes]:
    import yaml

    files = sorted(EXAMPLES.glob("*.yaml")) or sorted((ROOT / "scenarios").rglob("*.yaml"))[:20]
    bodies = []
    for f in files:
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        bodies.append(json.dumps(data, ensure_ascii=False, default=str).encode("utf-8"))
    return bodies


def start_server(port: int) -> subprocess.Popen:
    exe = Path(sys.executable).with_name("adjudicator")
    command = [str(exe), "serve", "--no-build", "--port", str(port)] if exe.exists() else \
        [sys.executable, "-m", "adjudicator", "serve", "--no-build", "--port", str(port)]
    # The server's output goes to a file: an unread pipe would fill up and stall the server.
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, text=True)
    proc.log = log  # type: ignore[attr-defined]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            log.seek(0)
            raise SystemExit(f"the server exited early:\n{log.read()}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/v1/openapi.json")
            if conn.getresponse().status == 200:
                conn.close()
                return proc
        except OSError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


class Load:
    """Shared counters of the client threads."""

    def __init__(self, total: int, seconds: float, bodies: list[bytes]):
        self.total, self.seconds, self.bodies = total, seconds, bodies
        self.lock = threading.Lock()
        self.issued = 0
        self.latencies: list[float] = []
        self.errors: list[str] = []
        self.stop_at = 0.0

    def next_index(self) -> int | None:
        with self.lock:
            if self.issued >= self.total or time.perf_counter() >= self.stop_at:
                return None
            self.issued += 1
            return self.issued


def client(load: Load, port: int, record: bool) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    while (i := load.next_index()) is not None:
        body = load.bodies[i % len(load.bodies)]
        started = time.perf_counter()
        try:
            conn.request("POST", "/api/v1/rulings", body=body, headers=headers)
            response = conn.getresponse()
            payload = response.read()
            elapsed = time.perf_counter() - started
            if response.status != 200 or b'"verdict"' not in payload:
                with load.lock:
                    load.errors.append(f"{response.status}: {payload[:200]!r}")
            elif record:
                with load.lock:
                    load.latencies.append(elapsed)
        except (OSError, http.client.HTTPException) as exc:
            with load.lock:
                load.errors.append(repr(exc))
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.close()


def run(port: int, total: int, seconds: float, connections: int, bodies: list[bytes], record: bool = True) -> dict:
    load = Load(total, seconds, bodies)
    threads = [threading.Thread(target=client, args=(load, port, record)) for _ in range(connections)]
    started = time.perf_counter()
    load.stop_at = started + seconds
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    lat = sorted(load.latencies)

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p / 100 * len(lat)))] * 1000, 2) if lat else float("nan")

    return {"requests": load.issued, "ok": len(lat), "errors": len(load.errors), "error_samples": load.errors[:5],
            "seconds": round(wall, 3), "rulings_per_second": round(len(lat) / wall, 1) if wall else 0.0,
            "p50_ms": pct(50), "p90_ms": pct(90), "p99_ms": pct(99),
            "mean_ms": round(statistics.fmean(lat) * 1000, 2) if lat else float("nan"),
            "max_ms": round(lat[-1] * 1000, 2) if lat else float("nan")}


class SlowClients:
    """``n`` connections that trickle a request header, one byte a second, reopened when the
    server closes them (counted in ``closed``)."""

    def __init__(self, port: int, n: int):
        self.port, self.n, self.closed = port, n, 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self) -> socket.socket:
        sock = socket.create_connection(("127.0.0.1", self.port), timeout=5)
        sock.sendall(b"G")
        return sock

    def _run(self) -> None:
        socks = [self._open() for _ in range(self.n)]
        while not self.stop.wait(1):
            for i, sock in enumerate(socks):
                try:
                    sock.sendall(b"E")
                except OSError:
                    self.closed += 1
                    sock.close()
                    socks[i] = self._open()
        for sock in socks:
            sock.close()

    def __enter__(self) -> SlowClients:
        if self.n:
            self.thread.start()
            time.sleep(2)   # all open and trickling before the measurement starts
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        if self.n:
            self.thread.join(timeout=10)


def server_threads() -> int | None:
    try:
        from web.serve import THREADS
    except ImportError:
        return None
    return THREADS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--slow-clients", type=int, default=0)
    parser.add_argument("--results", default=RESULTS.name, help="file name under benchmarks/results/")
    args = parser.parse_args(argv)
    results = RESULTS.with_name(args.results)

    bodies = scenario_bodies()
    port = free_port()
    server = start_server(port)
    try:
        run(port, 300, 5.0, args.connections, bodies, record=False)   # warm-up: imports, caches
        with SlowClients(port, args.slow_clients) as slow:
            result = run(port, args.requests, args.seconds, args.connections, bodies)
        result["slow_clients"] = {"open": args.slow_clients, "closed_by_the_server": slow.closed}
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
    result.update({
        "connections": args.connections, "scenarios": len(bodies),
        "server": "adjudicator serve --no-build (waitress)", "server_threads": server_threads(), "goals": GOALS,
        "meets_goals": result["rulings_per_second"] > GOALS["rulings_per_second"]
        and result["p99_ms"] < GOALS["p99_ms"] and result["errors"] == GOALS["errors"],
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                    "load_average": os.getloadavg()},
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    })
    results.parent.mkdir(parents=True, exist_ok=True)
    results.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"{result['ok']} rulings in {result['seconds']} s over {args.connections} connections"
          f"{f' with {args.slow_clients} slow clients open' if args.slow_clients else ''}: "
          f"{result['rulings_per_second']} rulings/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
          f"{result['errors']} error(s) -> {results.relative_to(ROOT)}")
    return 0 if result["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
