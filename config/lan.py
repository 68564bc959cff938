"""Serving on the venue's own network: where to listen, which address the phones in the room use, and
whether the port is free (``manage.py quickstart --lan``).

A club room often has a router and no internet, so the LAN address is found without sending anything:
"connecting" a UDP socket only asks the kernel which local address it would route from (no packet leaves),
tried toward a few private addresses, then the host name's addresses; loopback only as the last resort.
"""

from __future__ import annotations

import errno
import ipaddress
import os
import re
import socket
from dataclasses import dataclass

from django.core.management.commands.runserver import naiveip_re

# Private destinations to ask the routing table about (never contacted: UDP connect sends nothing).
ROUTE_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
WILDCARDS = ("0.0.0.0", "::")
SUGGESTIONS = 50  # ports tried after a busy one, to suggest a free one


class AddressError(ValueError):
    """The address or port cannot be served; the message says what to pass to ``--addrport`` instead."""


@dataclass(frozen=True)
class Serving:
    """Where the development server listens (``bind_host``) and the address printed and put in QR codes
    (``public_host``). ``lan``: phones on the venue's network are meant to reach it."""

    bind_host: str
    port: int
    ipv6: bool
    public_host: str
    lan: bool
    given_host: bool = False  # the address was part of --addrport (kept in the suggested alternative)

    @property
    def addrport(self) -> str:
        """The ``addrport`` argument for ``runserver``."""
        return f"{_bracketed(self.bind_host, self.ipv6)}:{self.port}"

    @property
    def public_url(self) -> str:
        ipv6 = ":" in self.public_host
        return f"http://{_bracketed(self.public_host, ipv6)}:{self.port}"

    @property
    def local_url(self) -> str:
        """The URL on this computer itself (the laptop's own browser)."""
        if self.bind_host in WILDCARDS:
            return f"http://{'[::1]' if self.ipv6 else '127.0.0.1'}:{self.port}"
        return self.public_url

    @property
    def allowed_hosts(self) -> list[str]:
        """Host names the server must accept besides the configured ones: the ones phones and the laptop
        use to reach it."""
        hosts = [self.public_host if ":" not in self.public_host else f"[{self.public_host}]"]
        if self.lan:
            name = socket.gethostname()
            hosts += ["localhost", "127.0.0.1", "[::1]", name, f"{name}.local"]
        return list(dict.fromkeys(h for h in hosts if h))


def _bracketed(host: str, ipv6: bool) -> str:
    return f"[{host}]" if ipv6 and ":" in host else host


def parse_addrport(value: str) -> tuple[str | None, int, bool]:
    """(host or None, port, IPv6) of ``8001``, ``0.0.0.0:8001``, ``[::]:8001`` or ``host:8001``: the forms
    ``runserver`` accepts, read with its own pattern."""
    match = re.match(naiveip_re, value.strip())
    if match is None:
        raise AddressError(
            f"--addrport {value!r} is not a port or address:port; "
            "give e.g. --addrport 8001, 0.0.0.0:8001, [::]:8001 or myhost:8001"
        )
    addr, _ipv4, ipv6, _fqdn, port = match.groups()
    number = int(port)
    if not 1 <= number <= 65535:
        raise AddressError(f"port {number} in --addrport is not between 1 and 65535")
    if ipv6:
        return addr[1:-1], number, True
    return addr, number, False


def plan(addrport: str, *, lan: bool) -> Serving:
    """Where to listen and what to print for ``--addrport`` (and ``--lan``).

    ``--lan`` listens on all interfaces unless an address is given, and prints the LAN address. Listening
    on all interfaces (``0.0.0.0``, ``[::]``) means phones are meant to reach it, so it is LAN mode too.
    """
    host, port, ipv6 = parse_addrport(addrport)
    given = host is not None
    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"
    if lan and _is_loopback(host):
        raise AddressError(
            f"--lan serves the phones in the room, but {host} is reachable only from this computer; "
            f"give --addrport {port} (all interfaces) or --addrport <this computer's LAN address>:{port}"
        )
    if host in WILDCARDS:
        return Serving(host, port, ipv6, lan_address(), lan=True, given_host=given)
    return Serving(host, port, ipv6, host, lan=lan, given_host=given)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This computer's address on the local network (IPv4), found without internet; ``127.0.0.1`` when it
    has none (then only this computer reaches the server)."""
    for probe in ROUTE_PROBES:
        address = _routed_from(probe)
        if address and _usable(address):
            return address
    try:
        _name, _aliases, addresses = socket.gethostbyname_ex(socket.gethostname())
    except OSError:
        addresses = []
    return next((a for a in addresses if _usable(a)), "127.0.0.1")


def _routed_from(destination: str) -> str | None:
    """The local address the kernel would send from toward ``destination`` (a UDP connect sends nothing)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect((destination, 9))
            return probe.getsockname()[0]
    except OSError:  # no route at all (no network)
        return None


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def check_port(serving: Serving, *, command: str = "") -> None:
    """Raise AddressError (saying how to choose another) unless ``runserver`` can listen there now.
    ``command``: how the user passes another address, e.g. ``python manage.py runserver`` (its address is
    the argument); empty: quickstart's ``--addrport``."""
    try:
        _bind(serving.bind_host, serving.port, serving.ipv6)
    except OSError as exc:
        raise AddressError(_bind_failure(serving, exc, command)) from exc


def _bind(host: str, port: int, ipv6: bool) -> None:
    family = socket.AF_INET6 if ipv6 else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        if os.name != "nt":  # as runserver's server does (allow_reuse_address): TIME_WAIT is no conflict
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))


def _bind_failure(serving: Serving, exc: OSError, command: str = "") -> str:
    where = f"{_bracketed(serving.bind_host, serving.ipv6)}:{serving.port}"

    def choose(what: str, *examples: str) -> str:
        if command:
            return f"Choose {what}, e.g. {' or '.join(f'{command} {e}' for e in examples)}"
        return f"Choose {what} with --addrport, e.g. {' or '.join(f'--addrport {e}' for e in examples)}"

    if isinstance(exc, socket.gaierror) or exc.errno == errno.EADDRNOTAVAIL:
        problem = f"{serving.bind_host} is not an address of this computer."
        return f"{problem} {choose('one', str(serving.port), f'0.0.0.0:{serving.port}')}"
    if exc.errno == errno.EADDRINUSE:
        free = free_port_after(serving) or serving.port + 1
        hint = f"{_bracketed(serving.bind_host, serving.ipv6)}:{free}" if serving.given_host else str(free)
        problem = f"Port {serving.port} is already in use on {where} (is another server running?)."
        return f"{problem} {choose('another port', hint)}"
    if exc.errno == errno.EACCES:
        problem = f"This computer does not let the server listen on port {serving.port}."
        return f"{problem} {choose('a port above 1023', '8000')}"
    problem = f"Cannot listen on {where} ({exc.strerror or exc})."
    return f"{problem} {choose('another address or port', '8000')}"


def free_port_after(serving: Serving) -> int | None:
    """The first port after the busy one that is free on the same address, if any of the next few."""
    for port in range(serving.port + 1, min(serving.port + SUGGESTIONS, 65535) + 1):
        try:
            _bind(serving.bind_host, port, serving.ipv6)
        except OSError:
            continue
        return port
    return None
