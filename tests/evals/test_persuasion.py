"""Vote swing (eval.vote_probes): a hand-made transcript worked out by hand, random play,
and probes that change nothing in the game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arena.app.cli import main
from arena.engine.events import (
    BaseEvent,
    Death,
    GameEnd,
    RoleDealt,
    Setup,
    Speech,
    VoteProbe,
)
from arena.presets import load_preset
from evals.metrics import evaluate
from evals.persuasion import Swing, swings
from evals.records import GameRecord, load_record, load_records
from tests.evals.scripted_game import Script, header, write
from tests.helpers import play_bots

ROLES = {1: "werewolf", 2: "seer", 3: "villager", 4: "villager", 5: "villager"}
RULES = {"eval.vote_probes": True}


def probes(s: Script, after: int | None, **targets: int | None) -> None:
    for seat, target in targets.items():
        s.add(VoteProbe, "god", seat=int(seat.lstrip("s")), target=target, after=after)


def speech(s: Script, seat: int) -> int:
    s.speech(seat)
    return s.events[-1].seq


def probed_events() -> list[BaseEvent]:
    """Day 1: a first probe, then speeches by 1 (the wolf), 2 (the seer) and 3, each
    followed by the other seats' probes; day 2: a speech by 5 with no probe before it."""
    s = Script()
    s.add(Setup, players=5, names=tuple(f"P{n}" for n in ROLES),
          roles={"werewolf": 1, "seer": 1, "villager": 3}, rules=RULES)
    for seat, role in ROLES.items():
        s.add(RoleDealt, (seat,), seat=seat, role=role)
    s.at(1, "night")
    s.at(1, "day")
    probes(s, None, s1=3, s2=1, s3=4, s4=1, s5=None)
    # the wolf speaks. 2 stays on 1; 3 moves 4 -> 2 (neither a wolf: moved, no side);
    # 4 moves 1 -> 3 (off the wolf: away); 5 still abstains.
    # moved 2, toward 0, away 1: deceptive persuasion +1
    first = speech(s, 1)
    probes(s, first, s2=1, s3=2, s4=3, s5=None)
    # the seer speaks. The wolf's own probe (1 -> 2) is not counted; 3 moves 2 -> 1, 4
    # moves 3 -> 1, 5 moves from abstaining to 1: three votes onto the wolf.
    # moved 3, toward 3, away 0: truth persuasion +3
    second = speech(s, 2)
    probes(s, second, s1=2, s3=1, s4=1, s5=1)
    # 3 speaks. 2's vote before it is his probe after the wolf's speech (1), unchanged;
    # 4 stays on 1; 5 moves 1 -> 4 (away); the wolf's probe is not counted.
    # moved 1, toward 0, away 1: truth persuasion -1
    third = speech(s, 3)
    probes(s, third, s1=2, s2=1, s4=1, s5=4)
    s.at(2, "night")
    s.at(2, "day")
    # a new day: nobody has a probe from today before 5 speaks, so nothing can move.
    # moved 0: truth persuasion 0
    fourth = speech(s, 5)
    probes(s, fourth, s1=2, s2=1, s3=3, s4=3)
    s.add(Death, seat=1, cause="vote", revealed_role="werewolf")
    s.phase = "end"
    s.add(GameEnd, winner="village", winners=(2, 3, 4, 5),
          roles={str(seat): role for seat, role in ROLES.items()})
    return s.events


@pytest.fixture
def probed(tmp_path: Path) -> GameRecord:
    record = load_record(write(tmp_path / "probed.jsonl", header(ROLES, "probed"),
                               probed_events()))
    assert record is not None
    return record


def metric(record: GameRecord, name: str, by: str | None = None,
           key: str = "all") -> dict[str, Any]:
    found: dict[str, Any] = evaluate([record], by)["groups"][key][name]
    return found


def test_each_speech_swing_worked_out_by_hand(probed: GameRecord) -> None:
    got = [(s.day, s.speaker, s.moved, s.toward, s.away, s.net) for s in swings(probed)]
    assert got == [(1, 1, 2, 0, 1, -1), (1, 2, 3, 3, 0, 3), (1, 3, 1, 0, 1, -1),
                   (2, 5, 0, 0, 0, 0)]


def test_persuasion_per_role_and_side(probed: GameRecord) -> None:
    # vote_swing: (2 + 3 + 1 + 0) / 4 speeches
    assert metric(probed, "vote_swing")["value"] == pytest.approx(1.5)
    assert metric(probed, "vote_swing")["n"] == 4
    # the village's speeches: (+3 - 1 + 0) / 3; the wolf's one speech moved one vote off him
    assert metric(probed, "truth_persuasion")["value"] == pytest.approx(2 / 3)
    assert metric(probed, "deceptive_persuasion")["value"] == pytest.approx(1.0)
    # per role: the seer +3; the villagers 3 and 5: (-1 + 0) / 2
    assert metric(probed, "truth_persuasion", "role", "seer")["value"] == pytest.approx(3.0)
    assert metric(probed, "truth_persuasion", "role", "villager")["value"] == pytest.approx(-0.5)
    # per agent: seat 5 is the model seat of the header ("gpt-x"), its one speech moved nothing
    assert metric(probed, "vote_swing", "model", "gpt-x")["value"] == 0.0
    # one game: no interval
    assert metric(probed, "truth_persuasion")["low"] is None


def test_games_without_probes_have_no_swing(scripted: GameRecord) -> None:
    assert list(swings(scripted)) == []
    assert "vote_swing" not in evaluate([scripted])["groups"]["all"]


def test_swing_counts_moves_by_side() -> None:
    assert Swing(seq=0, day=1, speaker=1, moved=4, toward=1, away=3).net == -2


@pytest.fixture(scope="module")
def random_probed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """150 classic-12 games of the random agent with vote probes."""
    out = tmp_path_factory.mktemp("random-probed")
    assert main(["simulate", "--agents", "random", "--preset", "classic-12", "--games", "150",
                 "--seed", "5", "--set", "eval.vote_probes=true", "--out-dir", str(out),
                 "--json"]) == 0
    result: dict[str, Any] = evaluate(load_records([out]))["groups"]["all"]
    return result


@pytest.mark.slow
@pytest.mark.parametrize("name", ["truth_persuasion", "deceptive_persuasion"])
def test_random_speeches_persuade_nobody(random_probed: dict[str, Any], name: str) -> None:
    # random voters draw each probe afresh: onto a wolf as often as off one, whoever spoke
    estimate = random_probed[name]
    assert estimate["low"] <= 0.0 <= estimate["high"]
    assert estimate["high"] - estimate["low"] < 0.3


@pytest.mark.slow
def test_random_probes_move_most_votes(random_probed: dict[str, Any]) -> None:
    # each good voter redraws among ~10 seats, so about 9 in 10 probed votes change
    assert random_probed["vote_swing"]["value"] > 3.0


@pytest.mark.parametrize("spec", ["random", "heuristic"])
@pytest.mark.parametrize("seed", range(3))
def test_probes_change_nothing_in_the_game(spec: str, seed: int) -> None:
    off = play_bots(load_preset("classic-12"), spec, seed)
    on = play_bots(load_preset("classic-12", overrides={"eval.vote_probes": True}), spec, seed)
    asked = [e for e in on.events if isinstance(e, VoteProbe)]
    assert asked and all(e.audience == "god" for e in asked)
    assert _without_probes(off.events) == _without_probes(on.events)


@pytest.mark.parametrize("seed", range(3))
def test_each_living_voter_but_the_speaker_is_probed(seed: int) -> None:
    game = play_bots(load_preset("classic-12", overrides={"eval.vote_probes": True}),
                     "heuristic", seed)
    alive = set(range(1, 13))
    idiots = {s for s, role in game.roles.items() if role == "idiot"}  # may lose the vote
    asked: dict[int, set[int]] = {}
    speeches: dict[int, Speech] = {}
    days_probed = set()
    for event in game.events:
        if isinstance(event, Death):
            alive.discard(event.seat)
        elif isinstance(event, Speech):
            speeches[event.seq] = event
        elif isinstance(event, VoteProbe):
            if event.after is None:  # the day's first probe comes before any speech
                assert not any(s.day == event.day and s.context == "discussion"
                               for s in speeches.values())
                days_probed.add(event.day)
                continue
            speaker = speeches[event.after].seat
            assert speeches[event.after].context == "discussion"
            asked.setdefault(event.after, set()).add(event.seat)
            assert event.seat != speaker and event.seat in alive
    for seq, seats in asked.items():
        speech = speeches[seq]
        assert speech.day in days_probed
        assert seats >= alive_at(game.events, seq) - {speech.seat} - idiots
    discussed = {s.seq for s in speeches.values() if s.context == "discussion"}
    assert discussed == set(asked)  # every discussion speech, and only those


def alive_at(events: tuple[BaseEvent, ...], seq: int) -> set[int]:
    dead = {e.seat for e in events[:seq] if isinstance(e, Death)}
    return set(range(1, 13)) - dead


def _without_probes(events: tuple[BaseEvent, ...]) -> list[dict[str, Any]]:
    kept = []
    for event in events:
        if isinstance(event, VoteProbe):
            continue
        line = event.to_dict()
        del line["seq"]
        if isinstance(event, Setup):
            line["rules"] = {k: v for k, v in line["rules"].items() if k != "eval.vote_probes"}
        kept.append(line)
    return kept


def test_a_game_with_probes_replays_exactly(tmp_path: Path) -> None:
    assert main(["simulate", "--agents", "heuristic", "--preset", "fanlang-9", "--games", "1",
                 "--seed", "2", "--set", "eval.vote_probes=true", "--out-dir", str(tmp_path),
                 "--json"]) == 0
    [game] = sorted(tmp_path.glob("*.jsonl"))
    assert '"type":"vote_probe"' in game.read_text(encoding="utf-8")
    assert main(["replay", str(game), "--verify"]) == 0
