"""Seeds derived from a base seed: one place for ``arena simulate`` and tournaments.

``game_seed(base, i)`` is the seed of game (or deal) ``i`` of a run started with
``base``: a permutation of the 31-bit seed space keyed by ``base`` (a four-round
Feistel network over 32 bits with blake2b rounds, repeated until the value is
below 2**31). So one run never plays a seed twice, and runs with different base
seeds share a game only by chance (about n·m / 2**31 for n and m games), not
as ``base + i`` did (seeds 1 and 2 shared all but one game).
"""

from __future__ import annotations

import hashlib

SEED_SPACE = 1 << 31
_HALF = 16
_MASK = (1 << _HALF) - 1


def derive(*parts: object) -> int:
    """A stable 31-bit number from the parts (blake2b of their text)."""
    text = ":".join(str(p) for p in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=4).digest(), "big") % SEED_SPACE


def _feistel(base: int, value: int) -> int:
    left, right = value >> _HALF, value & _MASK
    for step in range(4):
        key = hashlib.blake2b(f"{base}:{step}:{right}".encode(), digest_size=2).digest()
        left, right = right, left ^ int.from_bytes(key, "big")
    return left << _HALF | right


def game_seed(base: int, index: int) -> int:
    """The seed of game ``index`` (0 ≤ index < 2**31) of the run with seed ``base``."""
    if not 0 <= index < SEED_SPACE:
        raise ValueError(f"game index {index} outside 0..{SEED_SPACE - 1}")
    value = _feistel(base, index)
    while value >= SEED_SPACE:  # cycle-walking keeps the permutation within 31 bits
        value = _feistel(base, value)
    return value
