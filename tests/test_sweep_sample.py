"""The default sweep's sample deals every role and expansion, and each edition's extremes."""

from __future__ import annotations

from collections import defaultdict

from arena.presets import load_preset, preset_file, preset_names
from tests.sweep import SAMPLE, SMALL_SAMPLE, completed, facets, presets


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


def test_the_sample_deals_every_kind_of_facet() -> None:
    """Every role and expansion a preset deals is sampled (``completed``, tested below);
    each kind of them is there."""
    sampled = set().union(*(facets(n) for n in SAMPLE))
    for kind in ("role:", "variant:", "new moon:", "building:"):
        assert any(f.startswith(kind) for f in sampled), kind


def test_a_preset_joins_the_sample_only_with_something_new_and_the_smallest_first() -> None:
    dealt = {"a": {"role:seer"}, "b": {"role:seer", "role:fool"}, "c": {"role:fool"},
             "d": {"role:fool", "role:idiot"}, "e": {"role:seer"}}
    size = {"a": 8, "b": 12, "c": 9, "d": 10, "e": 6}
    assert completed(("a",), dealt, dealt.__getitem__, size.__getitem__) == ("a", "c", "d")
    assert completed(("a", "d"), dealt, dealt.__getitem__, size.__getitem__) == ("a", "d")


def test_only_presets_outside_the_sample_are_slow() -> None:
    slow = {p.values[0] for p in presets() if any(m.name == "slow" for m in p.marks)}
    assert slow == set(preset_names()) - set(SAMPLE)
