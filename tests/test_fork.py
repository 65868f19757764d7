"""Forks (``arena fork``): a game replayed up to one of its events, then played on with
other agents. A fork at the last event reproduces its parent; a fork with another agent
is the parent up to the fork point; the new transcript names its parent and replays."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from agents import Agent, make_agent
from agents.heuristic import HeuristicAgent
from arena.app import reproduce
from arena.app.cli import main
from arena.app.session import Session
from arena.engine import Decision, Observation, Request, StopGame
from arena.presets import load_preset


def lines(path: Path) -> tuple[dict[str, object], list[str]]:
    header, *events = path.read_text(encoding="utf-8").splitlines()
    return json.loads(header), events


@pytest.fixture
def parent(tmp_path: Path) -> Path:
    path = tmp_path / "parent.jsonl"
    assert main(["play", "--preset", "classic-8", "--seed", "4", "--agents", "heuristic",
                 "--out", str(path)]) == 0
    return path


def test_a_fork_at_the_last_event_reproduces_its_parent(parent: Path, tmp_path: Path) -> None:
    _, events = lines(parent)
    last = json.loads(events[-1])["seq"]
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(parent), "--at", str(last), "--out", str(out)]) == 0
    header, forked = lines(out)
    assert forked == events
    assert header["fork"] == {"parent": "parent", "at": last}
    assert reproduce.verify(out)[0]


def test_a_fork_with_another_agent_is_the_parent_up_to_the_fork_point(
        parent: Path, tmp_path: Path) -> None:
    _, events = lines(parent)
    day2 = next(json.loads(e)["seq"] for e in events
                if json.loads(e)["type"] == "phase" and json.loads(e)["day"] == 2)
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(parent), "--at", str(day2), "--seat", "3=random",
                 "--seat", "5=passive", "--out", str(out)]) == 0
    header, forked = lines(out)
    before = [e for e in events if json.loads(e)["seq"] <= day2]
    assert forked[:len(before)] == before  # identical up to the fork point
    assert forked != events  # then the new agents play on
    assert [s["agent"] for s in header["seats"]][2:5] == ["random", "heuristic", "passive"]
    assert json.loads(forked[-1])["type"] == "game_end"
    assert reproduce.verify(out)[0]


def test_bad_forks_are_one_line_errors(parent: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fork", str(parent), "--at", "99999"]) == 2
    assert "--at 99999: the parent's events run from 0 to" in capsys.readouterr().err
    assert main(["fork", str(parent), "--at", "3", "--seat", "9=random"]) == 2
    assert "--seat 9: the table has seats 1 to 8" in capsys.readouterr().err
    person = tmp_path / "person.jsonl"
    header, events = lines(parent)
    header["seats"][0]["agent"] = "human"  # type: ignore[index]
    person.write_text("\n".join([json.dumps(header), *events]) + "\n", encoding="utf-8")
    assert main(["fork", str(person), "--at", "3"]) == 2
    assert "seat 1 was played by a person" in capsys.readouterr().err


def test_a_fork_of_a_chinese_game_plays_its_bots_on_in_chinese(tmp_path: Path) -> None:
    """The header records a speaking bot's language, so a fork that changes no seat plays
    on exactly as its Chinese parent did, speeches included."""
    parent = tmp_path / "zh.jsonl"
    assert main(["play", "--preset", "classic-8", "--seed", "4", "--agents", "heuristic",
                 "--lang", "zh", "--out", str(parent)]) == 0
    header, events = lines(parent)
    assert {s["lang"] for s in header["seats"]} == {"zh"}  # type: ignore[union-attr]
    day2 = next(json.loads(e)["seq"] for e in events
                if json.loads(e)["type"] == "phase" and json.loads(e)["day"] == 2)
    out = tmp_path / "fork.jsonl"
    assert main(["fork", str(parent), "--at", str(day2), "--out", str(out)]) == 0
    assert lines(out)[1] == events


class _Stops:
    """Seat 3's heuristic until the day's exile vote, where its endpoint 'dies'."""

    concurrent = False

    def __init__(self) -> None:
        self.inner = HeuristicAgent(4)

    async def decide(self, observation: Observation, request: Request) -> Decision:
        if request.kind == "vote":
            raise StopGame("5 failed calls in a row", seat=3, endpoint="a dead server")
        return await self.inner.decide(observation, request)


@pytest.fixture
def stopped(tmp_path: Path) -> Path:
    """A classic-8 game that stopped `aborted` at day 1's vote (seat 3's endpoint)."""
    path = tmp_path / "stopped.jsonl"
    config = load_preset("classic-8")
    agents: dict[int, Agent] = {s: make_agent("heuristic", s, 4) for s in range(1, 9)}
    agents[3] = _Stops()
    session = Session(config, agents, seed=4, out=path,
                      specs={s: "heuristic" for s in range(1, 9)})
    with pytest.raises(StopGame):
        asyncio.run(session.run())
    assert json.loads(lines(path)[1][-1])["type"] == "aborted"
    return path


@pytest.mark.parametrize("point", ["last played", "aborted"])
def test_a_fork_of_a_stopped_game_plays_it_on_from_where_it_stopped(
        stopped: Path, tmp_path: Path, point: str) -> None:
    """A parent that stopped `aborted`: a fork point at its last played event or past it
    (at the closing `aborted` event) plays the game on from there, its prefix the
    parent's, no decision the parent never made asked of the record."""
    _, events = lines(stopped)
    played = [e for e in events if json.loads(e)["type"] not in ("usage_summary", "aborted")]
    last = json.loads(played[-1])["seq"]
    at = last if point == "last played" else json.loads(events[-1])["seq"]
    out = tmp_path / "on.jsonl"
    assert main(["fork", str(stopped), "--at", str(at), "--out", str(out)]) == 0
    header, forked = lines(out)
    assert forked[:len(played)] == played
    assert not any(json.loads(e)["type"] == "fallback" for e in forked)
    assert json.loads(forked[-1])["type"] == "game_end"
    assert header["fork"] == {"parent": "stopped", "at": last}
    assert reproduce.verify(out)[0]
