"""Which presets the preset sweeps play by default, and which only in `make test-full`.

The default sample is a fixed list of names (``NAMED``), not a slice of the preset list,
completed by the smallest presets that deal what the named ones do not (a new role, a
variant, a New Moon mode, a building): adding a preset changes which games the other
tests see only when it brings something no sampled preset deals. The named list is
stratified: every edition's smallest and largest table, plus classic-12 (the table
`make play` deals) and village-11 (a pinned prompt case). `tests/test_sweep_sample.py`
checks that the sample holds every edition's extremes (a new edition fails there until
it is named here) and deals every role and expansion at least once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest

from arena.engine import variants
from arena.presets import load_preset, preset_names

NAMED: tuple[str, ...] = (
    "aiwolf-5", "aiwolf-15",
    "aiwolf-nlp-5", "aiwolf-nlp-13",
    "classic-8", "classic-12", "classic-18",
    "fanlang-9",
    "newmoon-8", "newmoon-18",
    "online-lastwords-6", "online-lastwords-18",
    "online-newmoon-6", "online-newmoon-18",
    "online-piper-12", "online-piper-18",
    "online-standard-6", "online-standard-18",
    "online-thief-12", "online-thief-18",
    "online-tucheng-6", "online-tucheng-18",
    "ta-12",
    "tv-6", "tv-16",
    "variant-blackdeath-6", "variant-blackdeath-16",
    "variant-doubleyou-great-8", "variant-doubleyou-great-12",
    "variant-doubleyou-small-7", "variant-doubleyou-small-9",
    "variant-fascination-6", "variant-fascination-16",
    "variant-harvest-6", "variant-harvest-16",
    "variant-vouching-6", "variant-vouching-16",
    "village-8", "village-11", "village-18",
)


def facets(name: str) -> set[str]:
    """What a preset deals: its roles, the variants its rules switch on, its New Moon
    mode and its Village buildings."""
    config = load_preset(name)
    rules = config.rules
    found = {f"role:{role}" for role, count in config.roles.items() if count}
    found |= {f"variant:{v.name}" for v in variants.active(rules)}
    if rules.events__mode != "none":
        found.add(f"new moon:{rules.events__mode}")
    found |= {f"building:{key}" for key, value in rules.model_dump().items()
              if key.startswith("buildings__") and isinstance(value, int) and value > 0}
    return found


def completed(named: tuple[str, ...], names: Iterable[str], dealt: Callable[[str], set[str]],
              size: Callable[[str], int]) -> tuple[str, ...]:
    """``named``, then the presets among ``names`` that deal what no preset before them
    does, the smallest first (fewest players, then by name)."""
    covered = set().union(*map(dealt, named))
    extra: list[str] = []
    for name in sorted(set(names) - set(named), key=lambda n: (size(n), n)):
        new = dealt(name) - covered
        if new:
            extra.append(name)
            covered |= new
    return named + tuple(extra)


SAMPLE = completed(NAMED, preset_names(), facets, lambda name: load_preset(name).players)


# the sample's tables of at most 12 seats (every edition's smallest among them), for the
# sweeps whose every game costs seconds to check (each prompt rendered and re-rendered)
SMALL_SAMPLE: tuple[str, ...] = tuple(n for n in SAMPLE if load_preset(n).players <= 12)


def presets(names: Iterable[str] | None = None,
            sample: tuple[str, ...] = SAMPLE) -> list[pytest.ParameterSet]:
    """Every preset (or ``names``) as a parameter; those outside ``sample`` are `slow`.

    A preset's tests share an xdist group: they run on one worker, which plays each
    shared game of tests/games.py once for all of them."""
    return [pytest.param(name, id=name, marks=(
                pytest.mark.xdist_group(f"preset-{name}"),
                *(() if name in sample else (pytest.mark.slow,))))
            for name in (preset_names() if names is None else names)]


def sizes(quick: int, full: int) -> list[pytest.ParameterSet]:
    """A property's number of examples (or games): ``quick`` by default, ``full`` when slow."""
    return [pytest.param(quick, id=f"n{quick}"),
            pytest.param(full, id=f"n{full}", marks=pytest.mark.slow)]
