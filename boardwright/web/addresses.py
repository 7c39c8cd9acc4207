"""Client addresses: what counts as one client for the per-address caps, and which reverse
proxies' ``X-Forwarded-For`` is believed (``--forwarded-allow``). Standard library only: the
command line reads the flag without the web extra."""

from __future__ import annotations

import ipaddress

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def address_key(host: str) -> str:
    """What a client address counts as for the per-address cap: itself, an IPv4 address inside
    an IPv6 one as the IPv4 address, and an IPv6 address as its /64 network (what one home or host
    is given, so that it cannot take a new address for each connection)."""
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network((address, 64), strict=False))


def parse_proxies(text: str) -> tuple[Network, ...]:
    """The proxies ``--forwarded-allow`` names: comma-separated addresses or networks
    (``10.0.0.1``, ``10.0.0.0/8``, ``::1``); a ``ValueError`` names the first that is neither."""
    found = []
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        try:
            found.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"--forwarded-allow takes addresses or networks separated by commas "
                             f"(like 127.0.0.1 or 10.0.0.0/8), not {item[:60]!r}") from None
    return tuple(found)


def check_proxies(text: str) -> None:
    """Refuse a ``--forwarded-allow`` that :func:`parse_proxies` cannot read."""
    parse_proxies(text)


def is_within(host: str | None, networks: tuple[Network, ...]) -> bool:
    """Whether ``host`` is an address inside one of ``networks``."""
    if not host or not networks:
        return False
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in networks)
