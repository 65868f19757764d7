"""The facts one seat holds (its ``Facts``), and what they answer: the pack's seats and
sizes, a role's claimants, the wolf sets they leave (``worlds``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from agents.belief.columns import Logs
from agents.belief.factors import POSSESSED, is_pack, pack_cards
from agents.belief.potentials import Scores
from agents.belief.space import Groups, Marginals, Worlds
from arena.engine.events import BaseEvent

EXACT_SETS = 1000
"""Tables with more possible wolf sets than this weigh them on arrays (``dense``); the
smaller keep the list path, bit for bit as before."""


@dataclass(slots=True)
class Facts:
    """Facts folded from one seat's events, incrementally (``public_only``: public events).

    ``dealt`` is the deal as announced (the thief's spare cards included); ``deal`` the
    cards that may still be in play (minus the spare cards this seat saw stay out).
    ``charmed`` holds the piper's own charms (the charmed players' wake-ups are ignored:
    being charmed says nothing about the wolves), ``supported`` the hybrid's choice.
    """

    seat: int
    public_only: bool
    players: int = 0
    dealt: dict[str, int] = field(default_factory=dict)
    deal: dict[str, int] = field(default_factory=dict)
    rules: dict[str, Any] = field(default_factory=dict)
    nightfall: bool = False  # a night has begun (so the thief has taken his card)
    first: BaseEvent | None = None
    moved: BaseEvent | None = None  # the last event that moved the belief
    known: dict[int, str] = field(default_factory=dict)
    good: set[int] = field(default_factory=set)
    wolves: set[int] = field(default_factory=set)
    seen_good: set[int] = field(default_factory=set)
    my_checks: dict[int, str] = field(default_factory=dict)
    claims: dict[int, list[str]] = field(default_factory=dict)
    claim_day: dict[tuple[int, str], int] = field(default_factory=dict)
    checks: dict[tuple[int, int], bool] = field(default_factory=dict)
    coincidences: set[tuple[int, int]] = field(default_factory=set)
    reactive: set[int] = field(default_factory=set)
    liars: set[int] = field(default_factory=set)
    accusations: list[tuple[int, int, int]] = field(default_factory=list)
    # the accusations and wolf checks counted per target (ever, per day; checks ever)
    accused: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    accused_on: dict[int, dict[int, int]] = field(default_factory=dict, compare=False,
                                                  repr=False)
    called_wolf: dict[int, int] = field(default_factory=dict, compare=False, repr=False)
    ballots: dict[int, list[tuple[int, int]]] = field(default_factory=dict, compare=False,
                                                      repr=False)  # per voter (target, day)
    vouches: set[tuple[int, int]] = field(default_factory=set)
    vouched: list[tuple[int, int]] = field(default_factory=list)  # the vouches in order
    votes: list[tuple[int, int, int]] = field(default_factory=list)
    night_dead: set[int] = field(default_factory=set)
    exiled: set[int] = field(default_factory=set)
    victims: set[int] = field(default_factory=set)
    piper_calls: dict[int, set[int]] = field(default_factory=dict)
    charmed: set[int] = field(default_factory=set)
    supported: int | None = None  # the hybrid's choice
    spare: tuple[str, ...] = ()
    out_of_play: tuple[str, ...] = ()
    picked_blind: bool = False
    pack_day: int = -1  # when this seat last met the pack (a wolf_team reveal)
    pack: set[int] = field(default_factory=set)
    earlier_pack: set[int] = field(default_factory=set)
    version: int = 0  # bumped by every event that may move the belief
    facts: int = field(default=0, compare=False)  # bumped by every change of certain knowledge
    sets: int = field(default=1, compare=False)  # wolf sets of the table as dealt
    moons: int = 0  # New Moon events seen (the tactics read the cards in force only then)
    # caches, left out of comparisons: a large table's acts folded (``kept_scores``), its
    # sets' weights (``Logs``), ``pack_seats`` and ``worlds`` while certain knowledge
    # stays the same, ``claimants`` while the claims do, and what ``weigh`` reads
    scores: Scores | None = field(default=None, compare=False, repr=False)
    logs: Logs | None = field(default=None, compare=False, repr=False)
    packed: tuple[int, tuple[int, ...]] = field(default=(-1, ()), compare=False, repr=False)
    claimed: tuple[int, dict[str, tuple[int, ...]]] = field(
        default_factory=lambda: (-1, {}), compare=False, repr=False)
    world: tuple[int, Worlds | None] = field(default=(-1, None), compare=False, repr=False)
    extras: tuple[tuple[Any, ...], dict[int, float], Groups] | None = field(
        default=None, compare=False, repr=False)
    read: tuple[tuple[int, int], frozenset[int], frozenset[int], bool] | None = field(
        default=None, compare=False, repr=False)
    fixed: Marginals | None = field(default=None, compare=False, repr=False)
    table: Facts | None = field(default=None, compare=False, repr=False)
    """A seat's public evidence at the same moment (its weights seed this one's)."""
    shares: Facts | None = field(default=None, compare=False, repr=False)
    """The table whose acts this evidence holds in common (``share``)."""

    @property
    def vectorised(self) -> bool:
        """A large table, whose wolf sets are weighed on arrays."""
        return self.sets > EXACT_SETS

    @property
    def lying(self) -> bool:
        """This seat is the possessed, whose own words and votes are lies to the wolves'
        profit: they tell him nothing."""
        return not self.public_only and self.known.get(self.seat) == POSSESSED

    def pack_seats(self) -> tuple[int, ...]:
        """The seats known to hold a pack card, in order (every change of ``known``
        bumps ``facts``)."""
        if self.packed[0] != self.facts:
            self.packed = (self.facts,
                           tuple(sorted(s for s, r in self.known.items() if is_pack(r))))
        return self.packed[1]

    def claimants(self, role: str) -> tuple[int, ...]:
        """Seats that claimed ``role``, in the order they first did (claims are only
        ever added, so their count tells whether the kept answers still hold)."""
        if self.claimed[0] != len(self.claim_day):
            self.claimed = (len(self.claim_day), {})
        found = self.claimed[1].get(role)
        if found is None:
            found = self.claimed[1][role] = tuple(
                s for (s, r), _ in sorted(self.claim_day.items(), key=lambda kv: kv[1])
                if r == role)
        return found

    def pack_sizes(self) -> list[tuple[int, float]]:
        """How many seats may hold a pack card, each with its prior weight.

        The deal's pack cards, less those among the undealt cards this seat has not
        seen (a hypergeometric draw), or plus one when the online thief's blind pick may
        turn up the extra wolf card; a pack that met knows its size."""
        if is_pack(self.known.get(self.seat)) and self.pack_day >= 0:
            return [(sum(1 for r in self.known.values() if is_pack(r)), 1.0)]
        cards = pack_cards(self.deal)
        hidden = sum(self.dealt.values()) - self.players - len(self.out_of_play)
        if hidden <= 0 or self.picked_blind:
            return [(cards, 1.0)]
        total = self.players + hidden
        if self.rules.get("thief.mode") == "online_blind3":
            centre_wolf = cards / max(total - 1, 1)
            if not self.nightfall:  # the thief has not picked yet
                return [(cards - 1, centre_wolf), (cards, 1 - centre_wolf)]
            extra_wolf = (1 - centre_wolf) / 3
            return [(cards, 1 - extra_wolf), (cards + 1, extra_wolf)]
        return [(cards - j, math.comb(cards, j) * math.comb(total - cards, hidden - j)
                 / math.comb(total, hidden)) for j in range(min(cards, hidden) + 1)]


def worlds(ev: Facts) -> Worlds:
    """The wolf sets certain knowledge leaves (no size at all when it contradicts itself),
    kept on the evidence while its certain knowledge stays the same."""
    world = ev.world[1]
    if ev.world[0] != ev.facts or world is None:
        world = _worlds(ev)
        ev.world = (ev.facts, world)
    return world


def _worlds(ev: Facts) -> Worlds:
    must = frozenset(s for s, r in ev.known.items() if is_pack(r)) | ev.wolves
    good = {s for s, r in ev.known.items() if not is_pack(r)} | ev.good
    open_seats = tuple(s for s in range(1, ev.players + 1) if s not in must and s not in good)
    sizes = tuple((k - len(must), math.log(prior))
                  for k, prior in ev.pack_sizes()
                  if prior > 0 and 0 <= k - len(must) <= len(open_seats))
    return Worlds(must, open_seats, sizes if not must & good else ())
