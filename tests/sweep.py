"""Which presets the preset sweeps play by default, and which only in `make test-full`.

The default sample is a fixed list of names, not a slice of the preset list: adding a
preset never changes which games the other tests see. It is stratified: every edition's
smallest and largest table, plus classic-12 (the table `make play` deals) and
village-11 (a pinned prompt case). `tests/test_sweep_sample.py` checks that the sample
still holds every edition's extremes and deals every role and expansion at least once,
so a new edition or role fails there until it is added here.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from arena.presets import load_preset, preset_names

SAMPLE: tuple[str, ...] = (
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
