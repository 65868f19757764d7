"""Scenarios that script chance (issue 32): a scenario's ``[draws]`` table forces the
judge's chance draws, E16's coin, O6's UFO, V5's first plague victim and the Harvest
witch's box toss (C33d), in order and by day; a forced draw that cannot be made when its
turn comes, or is never made, is an error; the transcript header records the draws, so
``arena replay --verify`` reproduces the game."""

from __future__ import annotations

import asyncio
import json
import tomllib
from pathlib import Path
from typing import Any

import pytest

from agents.scripted import ScenarioError
from arena.app import scenario
from arena.app.cli import main
from arena.app.fork import fork_game
from arena.app.reproduce import verify
from arena.app.session import Setup, play_one
from arena.engine.chance import DrawError
from tests.helpers import deaths
from tests.rules.newmoon_common import dead, moon, moon_events, scripts, seat
from tests.rules.test_day_common import Played
from tests.rules.test_roles_common import play
from tests.rules.test_variants import HARVEST8, PLAGUE, _game


def draws(table: dict[str, Any]) -> str:
    """A ``[draws]`` table's TOML: ``{"E16": ["heads"], "day2": {"V5": 6}}``."""
    flat = {k: v for k, v in table.items() if not isinstance(v, dict)}
    lines = ["[draws]", *(f"{k} = {json.dumps(v)}" for k, v in flat.items())]
    for day, inner in table.items():
        if isinstance(inner, dict):
            lines += [f"[draws.{day}]", *(f"{k} = {json.dumps(v)}" for k, v in inner.items())]
    return "\n".join(lines) + "\n"


def _exile_6(side: str | None = None, seed: int = 1) -> Played:
    """E16 drawn at dawn; 1, 2 and 3 vote out 6; the coin forced to ``side``."""
    votes = scripts(*(seat(s, day1_vote=[6]) for s in (1, 2, 3)))
    return moon(["E16"], votes, seed=seed, draws=draws({"E16": side}) if side else "")


@pytest.mark.parametrize("side", ["heads", "tails"])
def test_e16_the_scripted_coin_decides_the_verdict(side: str) -> None:
    """E16 (seed 000: a coin is tossed after the verdict; heads voids it, tails carries it
    out): the coin forced to each side, 6 lives on heads and dies on tails."""
    played = _exile_6(side)
    assert [e.answer for e in moon_events(played, "E16", "answer")] == [side]
    assert dead(played).get(6) == (None if side == "heads" else "vote")


def test_a_forced_draw_moves_the_rng_as_a_drawn_one() -> None:
    """Forcing the coin to the side the seed draws gives the unforced game event for
    event; forcing the other side changes nothing before the coin."""
    free = _exile_6(seed=3)
    natural = moon_events(free, "E16", "answer")[0]
    same = _exile_6(natural.answer, seed=3)
    assert [e.to_dict() for e in same.log] == [e.to_dict() for e in free.log]
    other = _exile_6("tails" if natural.answer == "heads" else "heads", seed=3)
    assert [e.to_dict() for e in other.log[:natural.seq]] == [
        e.to_dict() for e in free.log[:natural.seq]]
    assert other.log[natural.seq].to_dict() != natural.to_dict()


@pytest.mark.parametrize("taken", [6, 7])
def test_o6_the_scripted_ufo_takes_a_lover_and_the_partner_lives(taken: int) -> None:
    """O6 / C36 (seed 003: the system takes one player at random; he dies unrevealed): the
    UFO forced onto either lover (Cupid linked 6 and 7); his card stays hidden and the
    online rule parts the lovers, so the other lives."""
    roles = ["werewolf", "werewolf", "seer", "witch", "hunter", "villager", "villager", "cupid"]
    played = moon(["O6"], seat(8, link=[[6, 7]]), mode="online", roles=roles,
                  lovers__breakup_causes=["ufo"], draws=draws({"O6": taken}))
    assert played.first("death", cause="ufo").revealed_role is None
    assert dead(played) == {taken: "ufo"}


def test_v5_the_scripted_first_victim_dies_and_picks_the_next() -> None:
    """V5 (seed 001: on night 1 the judge picks the victim): the draw forced to 4; 4 dies
    that night and is the one asked to pass the plague on night 2."""
    played = play(_game(PLAGUE, draws({"V5": 4}), days=2))
    first: Any = played.events("plague", day=1)[0]
    assert (first.target, first.by) == (4, None)
    assert deaths(played.result)[0] == (1, 4, "night")
    assert [r.seat for r in played.asked("plague", day=2)] == [4]


def test_v5_a_draw_of_a_later_day_comes_from_its_own_day() -> None:
    """V5: the guard (3) saves night 1's forced victim 4, so the judge draws again on
    night 2, from ``draws.day2`` before the undated entries."""
    seats = "[seats.3]\nprotect = [4, 2]\n" + draws({"V5": 4, "day2": {"V5": 6}})
    played = play(_game(PLAGUE, seats, roles=HARVEST8, days=2))
    drawn: Any = played.events("plague")
    assert [(e.day, e.target, e.by) for e in drawn] == [(1, 4, None), (2, 6, None)]
    assert (2, 6, "night") in deaths(played.result)


def _toss(outcome: str, target: int, weights: str = "[1, 1, 1, 1]") -> Played:
    rules = f'"witch.potion" = "box_toss"\n"witch.box_weights" = {weights}\n'
    seats = f"[seats.1]\nkill = [5]\n[seats.7]\ntoss = [{target}]\n"
    return play(_game(rules, seats + draws({"box_toss": outcome}), roles=HARVEST8, days=2))


def test_c33d_the_scripted_box_makes_the_saved_player_a_werewolf() -> None:
    """C33d / 4.2.4 (seed 000: the host tosses the game box; lid outside and box inside
    up: an antidote that makes the drinker a werewolf): with every outcome weighted, the
    toss forced to it; 5 lives, is a werewolf and hunts with the pack on night 2."""
    played = _toss("antidote_werewolf", 5)
    fell: Any = played.events("box_toss")[0]
    assert fell.outcome == "antidote_werewolf"
    assert not [d for d in deaths(played.result) if d[1] == 5]
    assert [r.seat for r in played.asked("kill", day=2)] == [1, 5]


def test_c33d_the_scripted_box_poisons() -> None:
    """C33d / 4.2.4 (seed 000: both faces outside up: poison): the designated 6 dies."""
    played = _toss("poison", 6)
    assert (1, 6, "night") in deaths(played.result)


def test_an_outcome_the_weights_rule_out_cannot_be_forced() -> None:
    """A box outcome of weight 0 is no draw the judge can make: the game stops there."""
    with pytest.raises(DrawError, match=r"draws\.box_toss #1 on day 1: 'poison' cannot be "
                                        r"drawn \(it draws among antidote\)"):
        _toss("poison", 6, "[1, 0, 0, 0]")


def test_a_forced_seat_that_is_not_alive_is_an_error() -> None:
    """The UFO forced onto seat 6 after the wolves killed 6: not a living player."""
    wolves = seat(1, kill=[6]) + seat(2, kill=[6])
    with pytest.raises(DrawError, match=r"^draws\.O6 #1 on day 1: 6 cannot be drawn \(it "
                                        r"draws among 1, 2, 3, 4, 5, 7, 8\)$"):
        moon(["O6"], wolves, mode="online", draws=draws({"O6": 6}))


def test_a_forced_draw_never_made_is_an_error_after_the_game() -> None:
    """Nobody is voted out, so the coin is never tossed: the forced draws are named."""
    with pytest.raises(DrawError, match=r"never made: E16 #1, E16 #2$"):
        moon(["E16"], draws=draws({"E16": ["heads", "tails"]}))


@pytest.mark.parametrize(("table", "words"), [
    ({"coin": "heads"}, "draws.coin: no such draw (known: E16, O5, O6, V5, box_toss, "
                       "exile_tie, first_speaker, little_girl_caught, little_girl_sees, "
                       "pack_stray, pack_tie, sheriff_tie, speech_beside, speech_direction, "
                       "stand_in_tie, thief_shuffle)"),
    ({"E16": ["heads", "edge"]}, "draws.E16 #2: 'edge' is not one of heads, tails"),
    ({"O6": 9}, "draws.O6 #1: 9 is not a seat (1 to 8)"),
    ({"O6": True}, "draws.O6 #1: True is not a seat (1 to 8)"),
    ({"day2": {"V5": "4"}}, "draws.day2.V5 #1: '4' is not a seat (1 to 8)"),
    ({"day2": 5}, "draws.day2 must be a table of draws"),
])
def test_a_bad_draws_table_is_a_one_line_error_before_the_game(
        tmp_path: Path, table: dict[str, Any], words: str) -> None:
    path = tmp_path / "draws.toml"
    path.write_text(HARVEST8 + draws(table), encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        scenario.load(path)
    assert str(err.value) == f"{path}: {words}"


def _record(tmp_path: Path, text: str) -> tuple[Path, list[str]]:
    """Play scenario text as ``arena play`` does; its transcript's path and lines."""
    scen = scenario.parse(tomllib.loads(text))
    out = tmp_path / "g.jsonl"
    play_one(Setup(scen.config, {}, scen.seed, scen.deal, scen), scen.seed, out)
    return out, out.read_text("utf-8").splitlines()


def test_a_game_with_forced_draws_replays_from_its_header(tmp_path: Path) -> None:
    """The header records the draws; ``replay --verify`` reproduces the game with them,
    and not without them (the seed alone draws another first victim)."""
    out, lines = _record(tmp_path, _game(PLAGUE, draws({"V5": 4}), days=2))
    header = json.loads(lines[0])
    assert header["draws"] == {"V5": 4}
    assert verify(out) == (True, f"{len(lines) - 1} events reproduced exactly")
    del header["draws"]
    out.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n", encoding="utf-8")
    ok, message = verify(out)
    assert not ok and "differs" in message


def test_a_fork_at_the_last_event_makes_the_same_draws(tmp_path: Path) -> None:
    """``arena fork`` keeps the parent's draws: forked at its last event, the game with a
    forced first victim is the parent line for line."""
    out, lines = _record(tmp_path, _game(PLAGUE, draws({"V5": 4}), days=2))
    child = tmp_path / "child.jsonl"
    asyncio.run(fork_game(out, json.loads(lines[-1])["seq"],
                          dict.fromkeys(range(1, 7), "passive"), child))
    forked = child.read_text("utf-8").splitlines()
    assert json.loads(forked[0])["draws"] == {"V5": 4}
    assert forked[1:] == lines[1:]


def test_without_draws_the_header_has_no_draws_key(tmp_path: Path) -> None:
    _, lines = _record(tmp_path, _game(PLAGUE))
    assert "draws" not in json.loads(lines[0])


def test_play_stops_with_one_line_and_exit_2_on_an_impossible_draw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "box.toml"
    rules = '"witch.potion" = "box_toss"\n"witch.box_weights" = [1, 0, 0, 0]\n'
    path.write_text(_game(rules, "[seats.7]\ntoss = [6]\n" + draws({"box_toss": "poison"}),
                          roles=HARVEST8), encoding="utf-8")
    assert main(["play", "--scenario", str(path), "--out", str(tmp_path / "g.jsonl")]) == 2
    assert capsys.readouterr().err == (
        "arena: error: draws.box_toss #1 on day 1: 'poison' cannot be drawn (it draws "
        "among antidote)\n")
