"""Where a webhook may point: a public address, checked when it is set and when it is sent.

A webhook URL names a host; the server resolves it (every address the name has)
and refuses it unless each address is public: no loopback, private, link-local,
unspecified, multicast, reserved or carrier-grade NAT address, none of those
inside an IPv6 form (IPv4-mapped, 6to4, Teredo, NAT64), and no cloud metadata
address.  Host spellings that resolvers read as IPv4 numbers (``2130706433``,
``0x7f.1``, ``0177.0.0.1``, ``127.1``) are refused outright.  The delivery then
connects to the address that was checked (see ``webhooks``), so a name cannot
resolve to something else between the check and the connection.

``allow_internal`` (the ``--webhook-allow-internal`` server option) lifts the
address check, for servers whose hooks live on a private network, and tests.
"""

from __future__ import annotations

import asyncio
import ipaddress
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from navcomp.domain import refusals
from navcomp.domain.refusals import Refusal

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

METADATA = frozenset(
    ipaddress.ip_address(a)
    for a in (
        "169.254.169.254",  # AWS, GCP, Azure, OpenStack, ...
        "fd00:ec2::254",  # AWS over IPv6
        "100.100.100.200",  # Alibaba Cloud
        "168.63.129.16",  # Azure's platform address (a public one)
        "192.0.0.192",  # Oracle Cloud
    )
)
NAT64 = ipaddress.ip_network("64:ff9b::/96")
_HOST_CHARACTERS = re.compile(r"^[a-z0-9_.-]+$")
_NUMBER_LABEL = re.compile(r"^(0x[0-9a-f]*|[0-9]+)$")

RESOLVE_TIMEOUT_S = 3.0
NOT_PUBLIC = "the webhook's host is not a public address"


def refused(why: str) -> Refusal:
    return Refusal(refusals.INVALID_WEBHOOK, why)


@dataclass(frozen=True)
class Target:
    """A webhook URL taken apart, with the addresses its host was checked at."""

    scheme: str
    host: str  # as the URL names it (ASCII): the Host header and the TLS server name
    port: int
    addresses: tuple[str, ...]


def split(url: str) -> tuple[str, str, int]:
    """The scheme, host (ASCII, lower case) and port of a webhook URL, or a refusal."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise refused("a webhook is an http or https URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise refused("a webhook is an http or https URL")
    if parts.username is not None or parts.password is not None:
        raise refused("a webhook URL carries no user name or password")
    host = parts.hostname
    if ":" not in host:  # not an IPv6 literal: a name, or an IPv4 address
        try:
            host = host.encode("idna").decode("ascii").lower()
        except UnicodeError:
            raise refused("the webhook's host name is not a valid name") from None
        if not _HOST_CHARACTERS.match(host):
            raise refused("the webhook's host name is not a valid name")
        last = host.rstrip(".").rsplit(".", 1)[-1]
        if _NUMBER_LABEL.match(last) and not _is_ip(host):
            raise refused("write the webhook's IP address in dotted decimal (like 192.0.2.1)")
    elif not _is_ip(host):
        raise refused("the webhook's host is not a valid IP address")
    default = 443 if parts.scheme == "https" else 80
    return parts.scheme, host, port if port is not None else default


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def is_public(address: IPAddress) -> bool:
    """Whether ``address`` is one the whole internet reaches, and no metadata service."""
    if isinstance(address, ipaddress.IPv6Address):
        inner = address.ipv4_mapped or address.sixtofour
        if inner is None and address.teredo is not None:
            inner = address.teredo[1]
        if inner is None and address in NAT64:
            inner = ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        if inner is not None and not is_public(inner):
            return False
    return not (
        address in METADATA
        or not address.is_global
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or address.is_loopback
        or address.is_link_local
        or address.is_private
    )


async def resolve(host: str, port: int) -> list[str]:
    """Every address ``host`` resolves to (tests replace this to play DNS)."""
    loop = asyncio.get_running_loop()
    found = await loop.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    addresses: list[str] = []
    for _family, _type, _proto, _name, sockaddr in found:
        address = str(sockaddr[0]).split("%", 1)[0]  # an IPv6 scope is no part of it
        if address not in addresses:
            addresses.append(address)
    return addresses


async def check(url: str, allow_internal: bool) -> Target:
    """``url`` taken apart and resolved, or the refusal that says why (never which
    internal address a name resolved to)."""
    scheme, host, port = split(url)
    try:
        addresses = await asyncio.wait_for(resolve(host, port), RESOLVE_TIMEOUT_S)
    except (OSError, UnicodeError, TimeoutError):
        raise refused("the webhook's host name does not resolve") from None
    if not addresses:
        raise refused("the webhook's host name does not resolve")
    if not allow_internal and not all(is_public(ipaddress.ip_address(a)) for a in addresses):
        raise refused(NOT_PUBLIC)
    return Target(scheme, host, port, tuple(addresses))
