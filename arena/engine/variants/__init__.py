"""One module per variant (catalog 4.1, 4.2); ``VARIANTS`` maps each name to its spec,
in name order. A variant registers itself as a role does: every module of this package
that defines a ``SPEC`` is a variant, and its decision kinds register from that spec.
``active`` picks those a game's rules switch on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.plugins import discover
from arena.engine.requests import add_kinds
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.config import RuleSet

VARIANTS: dict[str, VariantSpec] = {
    spec.name: spec for spec in discover(__name__, __path__, VariantSpec)}
for _spec in VARIANTS.values():
    add_kinds(_spec.kinds)


def active(rules: RuleSet) -> tuple[VariantSpec, ...]:
    """The variants these rules switch on."""
    return tuple(spec for spec in VARIANTS.values() if spec.active(rules))
