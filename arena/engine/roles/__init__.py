"""One module per role; ``ROLES`` maps each role name to its spec, in name order. A
role registers itself: every module of this package that defines a ``SPEC`` is a role,
and its decision kinds register from that spec."""

from __future__ import annotations

from arena.engine.plugins import discover
from arena.engine.requests import add_kinds
from arena.engine.roles.base import RoleSpec

ROLES: dict[str, RoleSpec] = {spec.name: spec for spec in discover(__name__, __path__, RoleSpec)}
for _spec in ROLES.values():
    add_kinds(_spec.kinds)


def role_spec(name: str) -> RoleSpec:
    try:
        return ROLES[name]
    except KeyError:
        raise ValueError(f"unknown role {name!r} (known: {', '.join(sorted(ROLES))})") from None
