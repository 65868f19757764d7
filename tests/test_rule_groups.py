"""Each role declares its rule keys in its own module; the rule set inherits them all."""

from __future__ import annotations

import pytest

from arena.engine.config import RULE_KEYS, RuleSet, make_rules
from arena.engine.roles import ROLES
from arena.engine.roles.base import RoleSpec
from arena.engine.rule_types import RuleGroup

GROUPED = [spec for spec in ROLES.values() if spec.rules is not None]


SHARED_HOMES = {"elder": "spare_lives", "chief": "spare_lives"}  # one mechanism, two cards


def test_roles_declare_their_keys_in_their_own_module() -> None:
    """The elder's and the chief's penalty keys are read by the spare life they share,
    which their modules import: declared there, they climb no floor."""
    assert {spec.name for spec in GROUPED} >= {"witch", "hunter", "seer", "cupid", "thief"}
    for spec in GROUPED:
        assert spec.rules is not None
        home = SHARED_HOMES.get(spec.name, spec.name)
        assert spec.rules.__module__ == f"arena.engine.roles.{home}", spec.name


@pytest.mark.parametrize("spec", GROUPED, ids=lambda s: s.name)
def test_rule_set_inherits_every_role_group(spec: RoleSpec) -> None:
    group = spec.rules
    assert group is not None
    assert issubclass(RuleSet, group)
    for name in group.model_fields:
        assert RULE_KEYS[name.replace("__", ".")] == name


def test_no_key_is_declared_twice() -> None:
    groups = [c for c in RuleSet.__mro__ if issubclass(c, RuleGroup) and c is not RuleGroup]
    declared = [name for c in groups for name in c.__annotations__]
    assert len(declared) == len(set(declared)) == len(RuleSet.model_fields)


def test_a_role_group_validates_like_the_rule_set() -> None:
    assert make_rules({"witch.self_save": "false"}).witch__self_save is False
    with pytest.raises(ValueError, match=r"witch\.total_uses"):
        make_rules({"witch.total_uses": 3})
