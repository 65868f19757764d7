"""The default sweep's sample deals every role and expansion, and each edition's extremes."""

from __future__ import annotations

from collections import defaultdict

from arena.engine import variants
from arena.presets import load_preset, preset_file, preset_names
from tests.sweep import SAMPLE, SMALL_SAMPLE, presets


def _roles(name: str) -> set[str]:
    return {role for role, count in load_preset(name).roles.items() if count}


def _expansions(name: str) -> set[str]:
    rules = load_preset(name).rules
    found = {f"variant:{v.name}" for v in variants.active(rules)}
    if rules.events__mode != "none":
        found.add(f"new moon:{rules.events__mode}")
    found |= {f"building:{key}" for key, value in rules.model_dump().items()
              if key.startswith("buildings__") and isinstance(value, int) and value > 0}
    return found


def test_the_sample_names_real_presets_once() -> None:
    assert len(set(SAMPLE)) == len(SAMPLE)
    assert set(SAMPLE) <= set(preset_names())


def test_the_sample_holds_each_editions_smallest_and_largest_table() -> None:
    tables: dict[str, list[tuple[int, str]]] = defaultdict(list)
    for name in preset_names():
        tables[preset_file(name).edition].append((load_preset(name).players, name))
    for edition, sized in tables.items():
        assert min(sized)[1] in SAMPLE and max(sized)[1] in SAMPLE, edition
        assert min(sized)[1] in SMALL_SAMPLE, edition  # the costly sweeps' sample


def test_the_sample_deals_every_role_and_expansion() -> None:
    """A role or expansion that only unsampled presets deal fails here until one is added."""
    for facet in (_roles, _expansions):
        everywhere = set().union(*(facet(n) for n in preset_names()))
        sampled = set().union(*(facet(n) for n in SAMPLE))
        assert everywhere - sampled == set(), facet.__name__
        assert sampled, facet.__name__


def test_only_presets_outside_the_sample_are_slow() -> None:
    slow = {p.values[0] for p in presets() if any(m.name == "slow" for m in p.marks)}
    assert slow == set(preset_names()) - set(SAMPLE)
