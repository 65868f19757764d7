"""One module per role; ``ROLES`` maps each role name to its spec. Adding a role is
adding its module to the list below: its decision kinds register from its spec."""

from __future__ import annotations

from arena.engine.requests import add_kinds
from arena.engine.roles import (
    chief,
    crow,
    cupid,
    dreamer,
    elder,
    guard,
    high_monk,
    hunter,
    hybrid,
    idiot,
    infatuated,
    little_girl,
    medium,
    piper,
    possessed,
    scapegoat,
    seer,
    thief,
    villager,
    werewolf,
    white_eyed_wolf,
    white_wolf,
    witch,
)
from arena.engine.roles.base import RoleSpec

ROLES: dict[str, RoleSpec] = {
    m.SPEC.name: m.SPEC
    for m in (werewolf, villager, seer, witch, hunter, guard, cupid, idiot, thief, little_girl,
              elder, chief, scapegoat, piper, white_wolf, crow, hybrid, infatuated, high_monk,
              dreamer, white_eyed_wolf, possessed, medium)
}
for _spec in ROLES.values():
    add_kinds(_spec.kinds)


def role_spec(name: str) -> RoleSpec:
    try:
        return ROLES[name]
    except KeyError:
        raise ValueError(f"unknown role {name!r} (known: {', '.join(sorted(ROLES))})") from None
