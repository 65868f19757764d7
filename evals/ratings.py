"""Skill ratings from finished games: OpenSkill (Plackett-Luce) and team Elo.

Each game is one match between the winning side's seats and every other seat.
A player is the model or agent identity of a seat (``GameRecord.models``), not
the seat number. Three pools are rated: overall, per side (the seat's team,
e.g. ``wolves`` or ``village``) and per role; in the split pools a player is a
(model, side) or (model, role) pair, so "gpt-4o as wolves" and "gpt-4o as
village" are rated separately against everyone in the same pool.

Werewolf sides are unequal (3 wolves against 9 villagers). Both systems rate a
side by the mean of its seats and keep every game zero-sum, so ratings neither
inflate nor deflate and the bigger side is not the favourite by size alone:
Plackett-Luce rates a team by the sum of its members, so each side's seats are
repeated until both sides have the same number of entries (the least common
multiple of the two sizes); in Elo each side gains or loses K x (result -
expected) x (seats in the game / 2) in all, shared equally by its seats (with
equal sides: K x (result - expected) per seat, the usual team Elo). A seat's
update is the sum of its entries'; a player holding several seats of one game
gets the mean of its seats' updates, so a rating measures one seat's play and
does not grow with the number of seats held (a player on both sides of a win
moves by the mean of a gain and a loss). The Plackett-Luce update is the openskill
package's with its defaults, computed on plain floats by ``evals.plackett_luce``.
Games that nobody or everybody won are left out. Ratings are sequential, so the
games are first sorted by ``(game_id, path)``; the intervals are percentile
bootstrap intervals over deals resampled with replacement (the games of one preset
and seed together, each other game alone; kept in that order), with a seeded RNG:
the same records and seed give the same numbers.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cached_property
from typing import Any, Literal

from openskill.models import PlackettLuceRating

from evals import plackett_luce
from evals.records import GameRecord, deal_numbers
from evals.stats import Clusters, Estimate, proportion, totals

Pool = Literal["overall", "side", "role"]
POOLS: tuple[Pool, ...] = ("overall", "side", "role")
Key = tuple[str, str]  # (player, group): group is "all", a side or a role
ELO_START = 1500.0
ELO_K = 16.0
"""Elo K: with equal sides each seat moves by K x (result - expected), result 1 for a win and
0 for a loss, expected = 1 / (1 + 10 ** ((other side's mean - own side's mean) / 400)).
Half the chess value, as a wolf's seat of a 3-against-9 game moves twice as far."""
RESAMPLES = 200
START = (plackett_luce.MU, plackett_luce.SIGMA)


@dataclass(frozen=True)
class Match:
    """One game as the ratings see it: the winners' keys against the losers', one per seat
    (neither side empty)."""

    winners: tuple[Key, ...]
    losers: tuple[Key, ...]

    @cached_property
    def copies(self) -> tuple[int, int]:
        """How often each side's seats are repeated to give both sides as many entries."""
        size = math.lcm(len(self.winners), len(self.losers))
        return size // len(self.winners), size // len(self.losers)

    @cached_property
    def seats(self) -> dict[Key, tuple[int, int]]:
        """The seats each key holds among the winners and among the losers."""
        return {key: (self.winners.count(key), self.losers.count(key))
                for key in dict.fromkeys(self.winners + self.losers)}


@dataclass(frozen=True)
class Interval:
    """A point estimate with its bootstrap percentile interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Rating:
    """One player of one pool: OpenSkill and Elo with 95% intervals; ``games`` it took part
    in, ``seats`` it held and ``wins`` among them (win rate per seat, deals as clusters)."""

    player: str
    group: str
    games: int
    seats: int
    wins: int
    win_rate: Estimate
    mu: float
    sigma: float
    ordinal: Interval
    elo: Interval
    tied_with: tuple[str, ...] = ()  # "player·group" of keys always on its side: see ``tied``


@dataclass(frozen=True)
class Leaderboard:
    """Ratings of every pool, each list best first (by OpenSkill ordinal)."""

    games: int
    deals: int
    resamples: int
    seed: int
    overall: list[Rating]
    side: list[Rating]
    role: list[Rating]

    @property
    def counted(self) -> str:
        """``N games``, or ``N games in M deals`` when some games share a deal."""
        return f"{self.games} games" + (f" in {self.deals} deals" if self.deals < self.games
                                        else "")

    def pool(self, name: Pool) -> list[Rating]:
        return {"overall": self.overall, "side": self.side, "role": self.role}[name]

    def to_dict(self) -> dict[str, Any]:
        return {"games": self.games, "deals": self.deals, "resamples": self.resamples,
                "seed": self.seed,
                "elo": {"start": ELO_START, "k": ELO_K},
                **{name: [asdict(r) for r in self.pool(name)] for name in POOLS}}


def _group(record: GameRecord, seat: int, pool: Pool) -> str:
    if pool == "side":
        return record.teams[seat]
    if pool == "role":
        return record.roles[seat]
    return "all"


def decided(record: GameRecord) -> bool:
    """Whether someone, but not everyone, won the game."""
    return bool(record.winners) and not record.winners >= record.models.keys()


def matches(records: Sequence[GameRecord], pool: Pool) -> list[Match]:
    """The decided games of ``records`` (in the given order) as matches of ``pool`` keys."""
    out = []
    for record in records:
        if not decided(record):
            continue
        keys = {seat: (record.models[seat], _group(record, seat, pool)) for seat in record.models}
        out.append(Match(tuple(k for s, k in sorted(keys.items()) if s in record.winners),
                         tuple(k for s, k in sorted(keys.items()) if s not in record.winners)))
    return out


def openskill(games: Iterable[Match]) -> dict[Key, PlackettLuceRating]:
    """Plackett-Luce ratings after the games, in order (winners rank 1, losers rank 2)."""
    return {key: PlackettLuceRating(mu, sigma) for key, (mu, sigma) in _skills(games).items()}


def _skills(games: Iterable[Match]) -> dict[Key, plackett_luce.Player]:
    """(mu, sigma) per key after the games: ``openskill`` on plain floats."""
    ratings: dict[Key, plackett_luce.Player] = {}
    for match in games:
        old = {key: ratings.get(key, START) for key in match.seats}
        wide = {key: (mu, plackett_luce.widen(sigma)) for key, (mu, sigma) in old.items()}
        factors = plackett_luce.factors(
            *([wide[key] for key in side] * copies
              for side, copies in zip((match.winners, match.losers), match.copies, strict=True)))
        # the copies of a seat get equal updates: a seat's update is one copy's, times its
        # number of copies (mu) or raised to it (the factor on sigma); a player moves by the
        # mean of its seats'
        for key, held in match.seats.items():
            mu, sigma = old[key]
            moves: list[float] = []
            shrinks: list[float] = []
            for factor, copies, seats in zip(factors, match.copies, held, strict=True):
                if seats:
                    new_mu, new_sigma = plackett_luce.update(wide[key], factor)
                    moves += [copies * (new_mu - mu)] * seats
                    shrinks += [(new_sigma / sigma) ** copies] * seats
            ratings[key] = mu + sum(moves) / len(moves), sigma * (sum(shrinks) / len(shrinks))
    return ratings


def elo(games: Iterable[Match], k: float = ELO_K) -> dict[Key, float]:
    """Team Elo after the games, in order (see the module's docstring)."""
    ratings: dict[Key, float] = {}
    for match in games:
        win, lose = ([ratings.setdefault(key, ELO_START) for key in side]
                     for side in (match.winners, match.losers))
        expected = 1 / (1 + 10 ** ((statistics.fmean(lose) - statistics.fmean(win)) / 400))
        pot = k * (1 - expected) * (len(win) + len(lose)) / 2
        gain, loss = pot / len(win), -pot / len(lose)
        for key, (wins, losses) in match.seats.items():
            moves = [gain] * wins + [loss] * losses  # a player moves by its seats' mean
            ratings[key] += sum(moves) / len(moves)
    return ratings


RATERS: dict[str, Callable[[Sequence[Match]], dict[Key, float]]] = {
    "ordinal": lambda games: {key: r.ordinal() for key, r in openskill(games).items()},
    "elo": elo,
}


def _bootstrap(games: Sequence[Match], deals: Sequence[int], resamples: int,
               rng: random.Random) -> dict[str, dict[Key, tuple[float, float]]]:
    """Percentile interval of each key's ratings over deals resampled with replacement
    (``deals[i]``: game i's deal), the drawn deals' games kept in their order."""
    members: dict[int, list[int]] = defaultdict(list)
    for index, deal in enumerate(deals):
        members[deal].append(index)
    clusters = list(members.values())
    draws: dict[str, dict[Key, list[float]]] = {name: defaultdict(list) for name in RATERS}
    for _ in range(resamples):
        picks = rng.choices(clusters, k=len(clusters))
        sample = [games[i] for i in sorted(i for cluster in picks for i in cluster)]
        for name, rater in RATERS.items():
            for key, value in rater(sample).items():
                draws[name][key].append(value)
    return {name: {key: _percentiles(values) for key, values in by_key.items()}
            for name, by_key in draws.items()}


def _percentiles(values: list[float]) -> tuple[float, float]:
    """The 2.5th and 97.5th percentiles."""
    if len(values) < 2:
        return values[0], values[0]
    cuts = statistics.quantiles(values, n=40, method="inclusive")
    return cuts[0], cuts[-1]


def _interval(value: float, bounds: tuple[float, float] | None) -> Interval:
    low, high = bounds or (value, value)
    return Interval(value, low, high)


def _records(games: Sequence[Match], deals: Sequence[int]) -> dict[Key, Clusters]:
    """Per key, per deal it played: [winning seats, seats, seats]."""
    out: dict[Key, Clusters] = defaultdict(dict)
    for match, deal in zip(games, deals, strict=True):
        for key, (won, lost) in match.seats.items():
            cell = out[key].setdefault(deal, [0.0, 0.0, 0])
            cell[0] += won
            cell[1] += won + lost
            cell[2] += won + lost
    return out


def tied(games: Sequence[Match]) -> dict[Key, tuple[Key, ...]]:
    """Per key, the other keys that sat on the same side(s) as it in every game it
    played, and played no other: teammates the schedule never separates, whose ratings
    are one number by construction, a key moving by the mean of its seats' updates
    (with two agents in a duplicate schedule, both agents' village seats)."""
    sides: dict[Key, list[tuple[int, bool, bool]]] = defaultdict(list)
    for number, match in enumerate(games):
        for key, (won, lost) in match.seats.items():
            sides[key].append((number, won > 0, lost > 0))
    together: dict[tuple[tuple[int, bool, bool], ...], list[Key]] = defaultdict(list)
    for key, played in sides.items():
        together[tuple(played)].append(key)
    return {key: tuple(k for k in keys if k != key)
            for keys in together.values() if len(keys) > 1 for key in keys}


def rate_pool(games: Sequence[Match], deals: Sequence[int], resamples: int,
              rng: random.Random) -> list[Rating]:
    """Ratings with intervals of one pool's games (``deals[i]``: game i's deal), best
    ordinal first."""
    skill = openskill(games)
    elos = elo(games)
    bounds = _bootstrap(games, deals, resamples, rng)
    played = Counter(key for match in games for key in match.seats)
    shared = tied(games)
    rows = []
    for key, cells in _records(games, deals).items():
        rating = skill[key]
        wins, _, seats = totals(cells)
        rows.append(Rating(
            player=key[0], group=key[1], games=played[key], seats=seats, wins=int(wins),
            win_rate=proportion(cells), mu=rating.mu, sigma=rating.sigma,
            ordinal=_interval(rating.ordinal(), bounds["ordinal"].get(key)),
            elo=_interval(elos[key], bounds["elo"].get(key)),
            tied_with=tuple(f"{player}·{group}" for player, group in shared.get(key, ()))))
    return sorted(rows, key=lambda r: (-r.ordinal.value, r.player, r.group))


def rate(records: Iterable[GameRecord], *, resamples: int = RESAMPLES,
         seed: int = 0) -> Leaderboard:
    """The leaderboard of every pool; deterministic given the records and ``seed``."""
    ordered = [r for r in sorted(records, key=lambda r: (r.game_id, str(r.path))) if decided(r)]
    deals = deal_numbers(ordered)
    rng = random.Random(seed)
    pools = {name: rate_pool(matches(ordered, name), deals, resamples, rng) for name in POOLS}
    return Leaderboard(len(ordered), len(set(deals)), resamples, seed, pools["overall"],
                       pools["side"], pools["role"])
