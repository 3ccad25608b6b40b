"""``adjudicator serve --lan``: open the app to the phones at the table.

``--lan`` listens on every IPv4 interface (0.0.0.0) and prints the addresses a phone on
the same network can open, with the first one as a QR code drawn in the terminal (segno),
and a word on when that is safe: the app has no accounts and keeps nothing, but anyone on
the network can use it while it runs, so a home or a club's Wi-Fi is fine and a café's or
a hotel's open network is not (there, a phone's own hotspot is the table's network).

The addresses are found without sending anything: a UDP socket "connected" to a public
address only asks the kernel which local address would carry the route, and the host's
own names are resolved locally; loopback and link-local addresses are dropped (a phone
cannot reach them).
"""
from __future__ import annotations

import io
import ipaddress
import socket
from collections.abc import Callable, Iterable

LAN_HOST = "0.0.0.0"   # noqa: S104 - the point of --lan: every IPv4 interface
# Where a route would go (never contacted: connect() on UDP sends no packet).
_PROBES = ("192.0.2.1", "10.255.255.255", "172.16.0.1", "192.168.0.1")

SAFE_NOTE = ("Anyone on this network can open the app while it runs (it has no accounts and keeps "
             "nothing). Fine on a home or club Wi-Fi or a phone's hotspot; not on a café's or a "
             "hotel's open network. Ctrl+C closes it.")


def _route_address(probe: str) -> str | None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            return str(s.getsockname()[0])
    except OSError:
        return None


def _host_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET, socket.SOCK_STREAM)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def reachable(address: str) -> bool:
    """An IPv4 address another device could use: not loopback, link-local, unspecified or multicast."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.version == 4 and not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses(candidates: Iterable[str] | None = None) -> list[str]:
    """The IPv4 addresses of this machine a phone on the same network can reach, private
    (home, club) ones first, each once."""
    if candidates is None:
        candidates = [a for a in (_route_address(p) for p in _PROBES) if a] + _host_addresses()
    seen: list[str] = []
    for address in candidates:
        if reachable(address) and address not in seen:
            seen.append(address)
    return sorted(seen, key=lambda a: not ipaddress.ip_address(a).is_private)


def urls(host: str, port: int, addresses: list[str] | None = None) -> list[str]:
    """What to open: every LAN address when listening on all interfaces, else the host itself."""
    if host in (LAN_HOST, "", "::"):
        found = lan_addresses() if addresses is None else addresses
        return [f"http://{a}:{port}/" for a in found]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def terminal_qr(text: str) -> str:
    """``text`` as a QR code in the terminal's characters (two rows of modules a line)."""
    import segno

    out = io.StringIO()
    segno.make(text, error="m", micro=False).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def announce(host: str, port: int, say: Callable[[str], None], addresses: list[str] | None = None) -> list[str]:
    """Tell the person at the laptop what the phones open, with a QR code of the first address."""
    found = urls(host, port, addresses)
    if not found:
        say("no network address found: connect this computer to the table's Wi-Fi (or a phone's "
            "hotspot) and start again; meanwhile the app answers on this computer only")
        return found
    say("on the table's phones, open " + (found[0] if len(found) == 1 else "one of: " + ", ".join(found)))
    say("or scan this with a phone's camera:")
    print(terminal_qr(found[0]), end="", flush=True)
    say(SAFE_NOTE)
    return found
