"""One module per role; ``ROLES`` maps each role name to its spec."""

from __future__ import annotations

from arena.engine.roles import cupid, guard, hunter, idiot, seer, villager, werewolf, witch
from arena.engine.roles.base import RoleSpec

ROLES: dict[str, RoleSpec] = {
    m.SPEC.name: m.SPEC for m in (werewolf, villager, seer, witch, hunter, guard, cupid, idiot)
}


def role_spec(name: str) -> RoleSpec:
    try:
        return ROLES[name]
    except KeyError:
        raise ValueError(f"unknown role {name!r} (known: {', '.join(sorted(ROLES))})") from None
