"""OpenSkill and Elo ratings on hand-built games with known outcomes."""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Callable
from dataclasses import asdict, replace
from pathlib import Path

import pytest
from openskill.models import PlackettLuce, PlackettLuceRating

from evals import plackett_luce, ratings
from evals.metrics import evaluate
from evals.ratings import ELO_K, ELO_START, POOLS, Key, Match, elo, matches, openskill, rate
from evals.records import GameRecord
from evals.stats import wilson

WOLF, GOOD = "wolves", "village"


def game(index: int, seats: list[tuple[str, str]], winner: str | None) -> GameRecord:
    """A finished game: ``seats`` lists (model, role) from seat 1; werewolves are wolves."""
    roles = {n: role for n, (_, role) in enumerate(seats, start=1)}
    teams = {n: WOLF if role == "werewolf" else GOOD for n, role in roles.items()}
    models = {n: model for n, (model, _) in enumerate(seats, start=1)}
    return GameRecord(
        path=Path(f"g{index}.jsonl"), game_id=f"g{index:03d}", preset=None, roles=roles,
        agents=dict(models), models=models, teams=teams, winner=winner,
        winners=frozenset(n for n, team in teams.items() if team == winner), days=2, events=())


def a_beats_b(index: int) -> GameRecord:
    """A and B swap sides every game; A's side always wins."""
    a_wolf = index % 2 == 0
    wolf, good = ("A", "B") if a_wolf else ("B", "A")
    seats = [(wolf, "werewolf"), (wolf, "werewolf"), (good, "seer"), (good, "villager"),
             (good, "villager"), (good, "villager")]
    return game(index, seats, WOLF if a_wolf else GOOD)


def mixed(count: int, seed: int) -> list[GameRecord]:
    """Games of four models dealt at random with random winners."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        models = rng.sample(["A", "B", "C", "D"], 4)
        seats = list(zip(models, ["werewolf", "seer", "villager", "villager"], strict=True))
        out.append(game(index, seats, rng.choice([WOLF, GOOD])))
    return out


def test_a_always_beating_b_is_rated_above_b_in_every_pool() -> None:
    board = rate([a_beats_b(i) for i in range(12)], resamples=50, seed=1)
    assert [r.player for r in board.overall] == ["A", "B"]
    a, b = board.overall
    assert a.ordinal.value > b.ordinal.value and a.elo.value > b.elo.value
    assert (a.games, a.seats, a.wins) == (12, 36, 36) and a.win_rate.value == 1.0
    assert (a.win_rate.n, a.win_rate.games) == (36, 12)  # seats, clustered by game
    assert (b.wins, b.win_rate.value) == (0, 0.0)
    for side in (WOLF, GOOD):
        as_side = {r.player: r for r in board.side if r.group == side}
        assert as_side["A"].ordinal.value > as_side["B"].ordinal.value


def test_win_rate_intervals_count_games_not_seats() -> None:
    # A holds both wolf seats of 12 games and wins 6: its two seats win or lose together
    seats = [("A", "werewolf"), ("A", "werewolf"), ("B", "seer"), ("B", "villager"),
             ("B", "villager"), ("B", "villager")]
    board = rate([game(i, seats, WOLF if i < 6 else GOOD) for i in range(12)], resamples=10)
    a = next(r for r in board.overall if r.player == "A")
    assert (a.win_rate.value, a.win_rate.n, a.win_rate.games) == (0.5, 24, 12)
    seat_wise = wilson(12, 24)
    assert a.win_rate.low is not None and seat_wise.low is not None
    assert a.win_rate.low < seat_wise.low - 0.05


def test_intervals_contain_the_estimates() -> None:
    board = rate(mixed(30, seed=5), resamples=60, seed=2)
    for rating in board.overall + board.side + board.role:
        for interval in (rating.ordinal, rating.elo):
            assert interval.low <= interval.value <= interval.high, rating
        assert rating.ordinal.low < rating.ordinal.high, rating


def test_bootstrap_is_deterministic_given_the_seed_and_independent_of_input_order() -> None:
    records = mixed(20, seed=9)
    first = rate(records, resamples=40, seed=7)
    assert rate(list(reversed(records)), resamples=40, seed=7) == first
    other = rate(records, resamples=40, seed=8)
    assert [r.ordinal.value for r in other.overall] == [r.ordinal.value for r in first.overall]
    assert [r.ordinal.low for r in other.overall] != [r.ordinal.low for r in first.overall]


def test_side_and_role_pools_count_each_models_seats() -> None:
    records = [
        game(0, [("A", "werewolf"), ("B", "seer"), ("B", "villager")], WOLF),
        game(1, [("B", "werewolf"), ("A", "seer"), ("A", "villager")], WOLF),
        game(2, [("A", "werewolf"), ("A", "seer"), ("B", "villager")], GOOD),
    ]
    board = rate(records, resamples=10)
    side = {(r.player, r.group): (r.games, r.seats, r.wins) for r in board.side}
    assert side == {("A", WOLF): (2, 2, 1), ("A", GOOD): (2, 3, 1),
                    ("B", WOLF): (1, 1, 1), ("B", GOOD): (2, 3, 1)}
    role = {(r.player, r.group): (r.games, r.seats, r.wins) for r in board.role}
    assert role == {("A", "werewolf"): (2, 2, 1), ("A", "seer"): (2, 2, 1),
                    ("A", "villager"): (1, 1, 0), ("B", "werewolf"): (1, 1, 1),
                    ("B", "seer"): (1, 1, 0), ("B", "villager"): (2, 2, 1)}


def test_games_without_winners_are_not_rated() -> None:
    records = [a_beats_b(0), game(1, [("C", "werewolf"), ("D", "seer")], None)]
    board = rate(records, resamples=5)
    assert board.games == 1
    assert {r.player for r in board.overall} == {"A", "B"}


def test_team_elo_by_hand() -> None:
    a, b, c, d, e = (("ABCDE"[i], "all") for i in range(5))
    assert (ELO_START, ELO_K) == (1500.0, 16.0)
    # 2 beat 3, all at 1500: expected 0.5, pot 16 x 0.5 x 5 / 2 = 20 shared by each side
    first = Match(winners=(a, b), losers=(c, d, e))
    assert elo([first]) == pytest.approx({a: 1510, b: 1510, c: 1493.3333, d: 1493.3333,
                                          e: 1493.3333})
    # C (1493.33) beats A (1510) and D (1493.33), mean 1501.67: expected
    # 1 / (1 + 10 ** (8.3333 / 400)) = 0.488010, pot 16 x 0.511990 x 3 / 2 = 12.2878
    after = elo([first, Match(winners=(c,), losers=(a, d))])
    assert after[c] == pytest.approx(1505.6211, abs=1e-4)
    assert after[a] == pytest.approx(1503.8561, abs=1e-4)
    assert after[d] == pytest.approx(1487.1894, abs=1e-4)
    assert after[b] == pytest.approx(1510)


def test_a_player_on_both_sides_gets_the_mean_of_its_seats_updates() -> None:
    a, b, c = ("A", "all"), ("B", "all"), ("C", "all")
    game = Match(winners=(a, b), losers=(a, c))
    assert elo([game]) == pytest.approx({a: ELO_START, b: ELO_START + ELO_K / 2,
                                         c: ELO_START - ELO_K / 2})
    skill = openskill([game])
    assert skill[a].mu == pytest.approx(25.0)
    assert skill[b].mu - 25.0 == pytest.approx(25.0 - skill[c].mu)


def test_a_side_is_rated_by_its_mean_and_a_game_is_zero_sum() -> None:
    """One wolf beating three villagers, all new: even odds, and what the wolf gains the
    villagers lose (summed teams would make the three the favourites and leak rating)."""
    game = Match(winners=(("W", "all"),), losers=(("X", "all"), ("Y", "all"), ("Z", "all")))
    skill = openskill([game])
    loss = 25.0 - skill["X", "all"].mu
    assert loss > 0
    assert skill["W", "all"].mu - 25.0 == pytest.approx(3 * loss)
    assert sum(r.mu for r in skill.values()) == pytest.approx(100.0)
    ratings = elo([game])
    assert sum(ratings.values()) == pytest.approx(4 * ELO_START)
    assert ratings["W", "all"] - ELO_START == pytest.approx(ELO_K)


def test_ratings_do_not_drift_when_every_player_is_alike() -> None:
    """Uneven sides, uneven seat counts, the wolves winning 60%: no one pulls away."""
    rng = random.Random(4)
    games = []
    for _ in range(300):
        seats = [("R", "all")] * 8 + [("H", "all")] * 3 + [("P", "all")]
        rng.shuffle(seats)
        wolves, village = tuple(seats[:3]), tuple(seats[3:])
        games.append(Match(wolves, village) if rng.random() < 0.6 else Match(village, wolves))
    for rating in openskill(games).values():
        assert 20 < rating.mu < 30
    for value in elo(games).values():
        assert 1350 < value < 1650


def test_matches_follow_the_seats_models_and_winners() -> None:
    record = game(0, [("A", "werewolf"), ("B", "seer"), ("C", "villager")], GOOD)
    assert matches([record], "role") == [
        Match(winners=(("B", "seer"), ("C", "villager")), losers=(("A", "werewolf"),))]


def random_team(rng: random.Random) -> list[tuple[float, float]]:
    return [(rng.uniform(-10, 60), rng.uniform(0.05, 12)) for _ in range(rng.randint(1, 12))]


def test_the_float_update_is_the_openskill_packages() -> None:
    rng = random.Random(11)
    model = PlackettLuce()
    for _ in range(500):
        winners, losers = random_team(rng), random_team(rng)
        expected = model.rate([[model.rating(mu, sigma) for mu, sigma in team]
                               for team in (winners, losers)], ranks=[1, 2])
        got = plackett_luce.rate(winners, losers)
        assert leaves(got) == pytest.approx(
            leaves([[(r.mu, r.sigma) for r in team] for team in expected]), abs=1e-9)


def leaves(value: object) -> list[object]:
    """The scalars of nested dicts, lists and tuples, in order (keys included)."""
    if isinstance(value, dict):
        return [leaf for item in value.items() for leaf in leaves(item)]
    if isinstance(value, list | tuple):
        return [leaf for item in value for leaf in leaves(item)]
    return [value]


def package_openskill(games: list[Match]) -> dict[Key, PlackettLuceRating]:
    """The ratings as the package rates them: each side's seats repeated to equal sizes, a
    seat moved by its copies' update, a player by the mean of its seats'."""
    model = PlackettLuce()
    ratings: dict[Key, PlackettLuceRating] = {}
    for match in games:
        size = math.lcm(len(match.winners), len(match.losers))
        sides = (match.winners, match.losers)
        for key in {*match.winners, *match.losers} - ratings.keys():
            ratings[key] = model.rating()
        teams = [[model.rating(ratings[k].mu, ratings[k].sigma)
                  for _ in range(size // len(side)) for k in side] for side in sides]
        moves: dict[Key, list[float]] = defaultdict(list)
        shrinks: dict[Key, list[float]] = defaultdict(list)
        for side, new in zip(sides, model.rate(teams, ranks=[1, 2]), strict=True):
            copies = size // len(side)
            for key, entry in zip(side, new, strict=False):
                moves[key].append(copies * (entry.mu - ratings[key].mu))
                shrinks[key].append((entry.sigma / ratings[key].sigma) ** copies)
        for key, values in moves.items():
            ratings[key].mu += statistics.fmean(values)
            ratings[key].sigma *= statistics.fmean(shrinks[key])
    return ratings


def skills(ratings: dict[Key, PlackettLuceRating]) -> list[object]:
    return leaves(sorted((key, r.mu, r.sigma) for key, r in ratings.items()))


def random_games(count: int, seed: int) -> list[GameRecord]:
    """Games of 2 to 12 seats dealt among five models (a model often holds several seats,
    on one side or both), with random winners."""
    rng = random.Random(seed)
    out = []
    for index in range(count):
        size = rng.randint(2, 12)
        roles = ["werewolf"] * rng.randint(1, size - 1) + ["seer"]
        roles += ["villager"] * (size - len(roles))
        out.append(game(index, [(rng.choice("ABCDE"), role) for role in roles],
                        rng.choice([WOLF, GOOD])))
    return out


def test_the_leaderboard_is_the_one_the_openskill_package_gives(
        monkeypatch: pytest.MonkeyPatch) -> None:
    records = random_games(300, seed=3)
    board = leaves(asdict(rate(records, resamples=5, seed=4)))
    games = matches(records, "role")
    package = package_openskill(games)
    assert skills(openskill(games)) == pytest.approx(skills(package), abs=1e-9)
    monkeypatch.setattr(ratings, "openskill", package_openskill)
    assert leaves(asdict(rate(records, resamples=5, seed=4))) == pytest.approx(board, abs=1e-9)


def dealt(deals: int, per_deal: int, a_wins: Callable[[int], bool]) -> list[GameRecord]:
    """``per_deal`` games of each deal (one preset and seed), A and B swapping sides from game
    to game; A's side wins every game of deal d when ``a_wins(d)``, B's otherwise."""
    out = []
    for d in range(deals):
        for turn in range(per_deal):
            a_wolf = turn % 2 == 0
            wolf, good = ("A", "B") if a_wolf else ("B", "A")
            seats = [(wolf, "werewolf"), (good, "seer"), (good, "villager")]
            record = game(d * per_deal + turn, seats, WOLF if a_wolf == a_wins(d) else GOOD)
            out.append(replace(record, preset="classic-8", seed=100 + d))
    return out


def test_games_sharing_a_preset_and_seed_are_one_cluster() -> None:
    records = dealt(3, 4, lambda d: d > 0)
    result = evaluate(records)
    assert (result["games"], result["deals"]) == (12, 3)
    days = result["groups"]["all"]["game_days"]
    assert (days["n"], days["games"]) == (12, 3)
    village = result["groups"]["all"]["team_win_rate[village]"]
    assert (village["value"], village["n"], village["games"]) == (0.5, 12, 3)
    board = rate(records, resamples=10)
    assert (board.games, board.deals, board.counted) == (12, 3, "12 games in 3 deals")
    a = next(r for r in board.overall if r.player == "A")
    assert (a.games, a.seats, a.wins) == (12, 18, 12)
    assert (a.win_rate.n, a.win_rate.games) == (18, 3)
    unseeded = rate([replace(r, seed=None) for r in records], resamples=10)
    assert (unseeded.deals, unseeded.counted) == (12, "12 games")


@pytest.mark.slow
def test_ratings_resample_deals_not_games() -> None:
    # 16 deals of 4 games: whoever wins a deal's first game wins all four (A in 10 deals);
    # a deal is one draw of luck, so resampling its games apart understates the spread
    records = dealt(16, 4, lambda d: d % 8 < 5)
    by_deal = rate(records, resamples=300, seed=3)
    by_game = rate([replace(r, seed=None) for r in records], resamples=300, seed=3)
    assert (by_deal.deals, by_game.deals) == (16, 64)
    for pool in POOLS:
        for dealt_rating, game_rating in zip(by_deal.pool(pool), by_game.pool(pool),
                                             strict=True):
            assert dealt_rating.player == game_rating.player
            for name, factor in (("ordinal", 1.0), ("elo", 1.3)):
                wide, narrow = getattr(dealt_rating, name), getattr(game_rating, name)
                assert wide.value == narrow.value
                assert wide.high - wide.low > factor * (narrow.high - narrow.low), (pool, name)
    assert rate(records, resamples=300, seed=3) == by_deal
