"""Show only what the design identifies: the side-swap schedule, and ratings that
teammates always share marked as such."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.app.cli import main
from arena.app.tournament.config import TournamentError, parse_config
from arena.app.tournament.schedule import schedule
from arena.engine.roles.factions import faction
from evals.ratings import Match, rate, tied
from evals.records import load_records
from tests.tournament.conftest import config_text

BOTS = {"heuristic": "heuristic", "random": "random"}


def test_side_swap_puts_one_agent_on_every_wolf_seat_then_swaps_on_the_same_deal() -> None:
    config = parse_config(config_text("s", BOTS, presets=["classic-8", "fanlang-9"],
                                      deals=3, design="side-swap"), "test")
    games = schedule(config)
    assert len(games) == 2 * 3 * 2
    for first, second in zip(games[::2], games[1::2], strict=True):
        assert (first.preset, first.seed, first.deal) == (second.preset, second.seed,
                                                          second.deal)
        for seat, (a, b) in enumerate(zip(first.agents, second.agents, strict=True)):
            wolf = faction(first.deal[seat]) == "wolves"
            assert (a, b) == (("heuristic", "random") if wolf else ("random", "heuristic"))


def test_side_swap_takes_two_agents() -> None:
    with pytest.raises(TournamentError, match="side-swap plays two agents"):
        parse_config(config_text("s", BOTS | {"passive": "passive"}, presets=["classic-8"],
                                 design="side-swap"), "test")


def test_the_default_design_keeps_the_schedule_record_of_older_runs() -> None:
    config = parse_config(config_text("s", BOTS, presets=["classic-8"]), "test")
    assert "design" not in config.schedule_fields()


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """10 deals of classic-8, heuristic against random, in each design."""
    folder = tmp_path_factory.mktemp("designs")
    out = {}
    for design in ("duplicate", "side-swap"):
        path = folder / f"{design}.toml"
        path.write_text(config_text(design, BOTS, presets=["classic-8"], deals=10, seed=3,
                                    design=design), encoding="utf-8")
        assert main(["tournament", str(path), "--out", str(folder / design), "--quiet"]) == 0
        out[design] = folder / design
    return out


def test_keys_always_on_one_side_together_are_tied() -> None:
    h, r, hw, rw = ("h", "village"), ("r", "village"), ("h", "wolves"), ("r", "wolves")
    games = [Match((h, r, h), (hw,)), Match((rw,), (h, r, r))]
    assert tied(games) == {h: (r,), r: (h,)}
    assert tied([*games, Match((h,), (r, rw))]) == {}  # one game apart separates them


@pytest.mark.slow
def test_ratings_teammates_always_share_are_marked(runs: dict[str, Path]) -> None:
    side = {(r.player, r.group): r for r in rate(load_records([runs["duplicate"]]),
                                                 resamples=5).side}
    village = side["heuristic", "village"], side["random", "village"]
    # both agents sit on the village side of every game: one number, marked as such
    assert village[0].ordinal.value == village[1].ordinal.value
    assert village[0].tied_with == ("random·village",)
    assert village[1].tied_with == ("heuristic·village",)


@pytest.mark.slow
def test_side_swap_separates_the_sides(runs: dict[str, Path],
                                       capsys: pytest.CaptureFixture[str]) -> None:
    side = rate(load_records([runs["side-swap"]]), resamples=5).side
    assert not any(r.tied_with for r in side)
    assert len({r.ordinal.value for r in side}) == 4
    assert main(["report", str(runs["duplicate"]), "--resamples", "5"]) == 0
    assert "† random·village" in capsys.readouterr().out
