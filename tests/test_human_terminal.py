"""The terminal human seat: whole games driven by typed lines, hints, time limits, EOF, CLI."""

from __future__ import annotations

import asyncio
import io
import os
import re
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from rich.console import Console

from agents import Agent, make_agent
from agents.human import HumanAgent
from agents.human_parse import Hint, parse_answer
from agents.human_stdin import StdinReader
from agents.terminal_view import TerminalView
from arena import presets, transcript
from arena.app import reproduce
from arena.app.cli import main
from arena.engine import (
    Claim,
    Decision,
    Game,
    GameConfig,
    GameResult,
    Observation,
    Request,
    observe,
    run_game,
)
from arena.engine.events import BaseEvent, Fallback, GameEnd, Speech
from arena.engine.view import visible

SEAT = 4
BAD = "/shout"  # a line no request accepts
SPEECH = "I am a simple villager /claim villager /check 5 wolf /accuse 3 /vouch 2"
ANSWERS: dict[str, Callable[[Request], str]] = {
    "target": lambda r: str(r.options[-1]) if r.options else "pass",
    "yes_no": lambda r: "y",
    "speech": lambda r: SPEECH,
    "pair": lambda r: ", ".join(map(str, r.options[:r.count])),
    "subset": lambda r: "",
    "belief": lambda r: "skip",
}


def classic() -> GameConfig:
    return presets.load_preset("classic-12")


def seed_where(role: str) -> int:
    """The first seed that deals ``role`` to the human seat."""
    config = classic()
    agents = {s: make_agent("passive", s, 0) for s in range(1, config.players + 1)}
    return next(s for s in range(1, 500) if Game(config, agents, seed=s).roles[SEAT] == role)


def console() -> Console:
    return Console(file=io.StringIO(), width=100, force_terminal=False)


def request(kind: str, options: tuple[int, ...] = (), allow_none: bool = False) -> Request:
    return Request(seat=SEAT, kind=kind, day=1, options=options, allow_none=allow_none,
                   context={"seats": tuple(range(1, 13))})


NAMES = (*(f"P{s}" for s in range(1, 12)), "Alice")


class Typist(HumanAgent):
    """A human whose typing answers the current request; ``bad`` lines go first each time."""

    def __init__(self, out: Console, bad: tuple[str, ...] = ()) -> None:
        super().__init__(out, self.type_line)
        self.bad = bad
        self.queue: list[str] = []
        self.observations: list[Observation] = []

    async def decide(self, observation: Observation, request: Request) -> Decision:
        self.observations.append(observation)
        self.queue = [*self.bad, ANSWERS[request.shape](request)]
        return await super().decide(observation, request)

    async def type_line(self) -> str | None:
        return self.queue.pop(0)


def play(human: HumanAgent, seed: int, timeout_s: float = 5.0) -> GameResult:
    config = classic()
    agents: dict[int, Agent] = {s: make_agent("heuristic", s, seed)
                                for s in range(1, config.players + 1)}
    agents[SEAT] = human
    return asyncio.run(run_game(config, agents, seed=seed, timeout_s=timeout_s))


def printed(out: Console) -> str:
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def lines_of(events: Sequence[BaseEvent], *, god: bool = False,
             seat: int | None = None) -> set[str]:
    """The lines a terminal view prints for ``events`` (names P1..P12)."""
    out = console()
    render = TerminalView(out, god=god, seat=seat)
    render.names = tuple(f"P{s}" for s in range(1, 13))
    for event in events:
        render(event)
    render.flush()
    return {line.strip() for line in printed(out).splitlines() if line.strip()}


def leaked(events: Sequence[BaseEvent], text: str) -> set[str]:
    """Lines of events hidden from the seat that were printed, beyond what it saw anyway."""
    hidden: set[str] = set()
    for event in events:
        if not visible(event, SEAT) and not isinstance(event, GameEnd):
            hidden |= lines_of([event], god=True)
    seen = lines_of(events, seat=SEAT)
    shown = {line.strip() for line in text.splitlines()}
    return (hidden & shown) - seen


def hidden_roles_named(result: GameResult, text: str, known: set[int]) -> list[str]:
    """Another seat's true role printed right after its name, though the seat never knew it."""
    hits = []
    for seat, role in result.roles.items():
        if seat == SEAT or seat in known:
            continue
        pattern = rf"\bP{seat}\b(?: \(seat {seat}\))?(?::| is)? +{role}\b"
        hits += re.findall(pattern, text)
    return hits


LEARNED = {"seer": "Night 1: Your check: P", "witch": "Night 1: The wolves attacked P",
           "werewolf": "The pack (the wolves know each other): P",
           "villager": "No power. Find the wolves by talk and vote.",
           "cupid": f"(seat {SEAT}) links P"}  # what the card or the record shows this role


@pytest.mark.parametrize("role", ["villager", "seer", "witch", "werewolf", "cupid"])
def test_whole_game_shows_only_the_seats_view(role: str) -> None:
    seed = seed_where(role)
    out = console()
    human = Typist(out, bad=(BAD,))
    result = play(human, seed)
    text = printed(out)
    assert result.winner
    assert f"Your card · P{SEAT}" in text and f"Your role: {role}." in text
    assert LEARNED[role] in text
    # the agent sees observations only, so nothing hidden can reach the screen
    assert all(visible(e, SEAT) for obs in human.observations for e in obs.events)
    assert leaked(result.events, text) == set()
    known = {s for obs in human.observations for s in obs.known_roles}
    assert hidden_roles_named(result, text, known) == []
    # the checks have teeth: the god view of the same game fails them
    god = "\n".join(lines_of(result.events, god=True))
    assert leaked(result.events, god)
    assert hidden_roles_named(result, god, known)
    assert not [e for e in result.events if isinstance(e, Fallback) and e.seat == SEAT]


def test_typed_answers_become_the_seats_decisions() -> None:
    out = console()
    human = Typist(out, bad=(BAD,))
    result = play(human, seed_where("seer"))
    speeches = [e for e in result.events if isinstance(e, Speech) and e.seat == SEAT]
    assert speeches and speeches[0].text == "I am a simple villager"
    assert [(c.kind, c.role, c.target, c.result) for c in speeches[0].claims] == [
        ("role", "villager", None, None), ("check", None, 5, "werewolf"),
        ("accuse", None, 3, None), ("vouch", None, 2, None)]
    text = printed(out)
    assert "✗ '/shout' is not a seat number or a player's name" in text
    assert "✗ answer y (yes) or n (no)" in text
    assert "✗ unknown command /shout" in text


def test_question_mark_shows_the_card_again() -> None:
    out = console()
    human = Typist(out, bad=("?",))
    play(human, seed_where("villager"))
    text = printed(out)
    assert text.count(f"Your card · P{SEAT}") > len(human.observations)


class Silent(HumanAgent):
    """A human who never types."""

    def __init__(self, out: Console) -> None:
        super().__init__(out, self.never)

    async def never(self) -> str | None:
        await asyncio.Event().wait()
        return None


def test_time_limit_falls_back_with_a_note() -> None:
    out = console()
    result = play(Silent(out), seed_where("witch"), timeout_s=0.05)
    fallbacks = [e for e in result.events if isinstance(e, Fallback) and e.seat == SEAT]
    assert result.winner and fallbacks
    assert {e.reason for e in fallbacks} == {"timeout"}
    text = printed(out)
    assert text.count("⏰ Time is up (0.05s): the judge applies the default") == len(fallbacks)
    assert "save · 0s left >" in text
    assert "the judge applies the default for save: no." in text


def test_a_refused_answer_is_explained_before_asking_again() -> None:
    result = play(Typist(console()), seed_where("villager"))
    refused = request("vote", (1, 2))
    refused.context["error"] = "vote: 9 is not one of [1, 2]"

    async def two() -> str | None:
        return "2"

    out = console()
    decision = asyncio.run(HumanAgent(out, two).decide(observe(result.events, SEAT), refused))
    assert decision == Decision(kind="vote", target=2)
    assert "The judge refused your last answer: vote: 9 is not one of [1, 2]" in printed(out)


def test_end_of_input_falls_back_for_the_rest_of_the_game() -> None:
    out = console()

    async def closed() -> str | None:
        return None

    result = play(HumanAgent(out, closed), seed_where("seer"))
    fallbacks = [e for e in result.events if isinstance(e, Fallback) and e.seat == SEAT]
    assert result.winner and len(fallbacks) > 1
    assert all(e.reason == "error: InputClosed: input has ended" for e in fallbacks)
    assert printed(out).count("Input has ended") == 1


@pytest.mark.parametrize(("kind", "line", "options", "allow_none", "expected"), [
    ("vote", " 3 ", (1, 3, 5), False, Decision(kind="vote", target=3)),
    ("vote", "alice", (1, 12), False, Decision(kind="vote", target=12)),
    ("vote", "pass", (1, 3), True, Decision(kind="vote")),
    ("poison", "null", (1, 3), True, Decision(kind="poison")),
    ("save", "N", (), False, Decision(kind="save", yes=False)),
    ("link", "3,7", (3, 5, 7), False, Decision(kind="link", targets=(3, 7))),
    ("designate", "", (3, 5), False, Decision(kind="designate")),
    ("designate", "5 3", (3, 5), False, Decision(kind="designate", targets=(5, 3))),
    ("belief", "skip", (), False, Decision(kind="belief")),
    ("belief", "3 wolf, Alice seer", (), False,
     Decision(kind="belief", beliefs={"3": {"werewolf": 1.0}, "12": {"seer": 1.0}})),
    ("speak", "and/or /accuse 2", (), False,
     Decision(kind="speak", text="and/or", claims=(Claim(kind="accuse", target=2),))),
])
def test_lines_read_as_decisions(kind: str, line: str, options: tuple[int, ...],
                                 allow_none: bool, expected: Decision) -> None:
    req = request(kind, options, allow_none=allow_none)
    assert parse_answer(line, req, NAMES, SEAT) == expected
    assert req.validate(expected) is None


@pytest.mark.parametrize(("kind", "line", "options", "hint"), [
    ("vote", "pass", (1, 3), "passing is not allowed here; choose one of 1, 3"),
    ("vote", "4", (1, 3), "4 is not a choice here; choose one of 1, 3"),
    ("vote", "bob", (1, 3), "'bob' is not a seat number or a player's name"),
    ("run", "maybe", (), "answer y (yes) or n (no)"),
    ("link", "3", (3, 5), "name exactly 2 different ones, e.g. 3, 5"),
    ("link", "3, 3", (3, 5), "name each one only once"),
    ("speak", "hi /shout 3", (), "unknown command /shout"),
    ("speak", "hi /check 3", (), "write /check SEAT RESULT"),
    ("speak", "hi /accuse 13", (), "'13' is not a seat at this table (1 to 12)"),
    ("speak", "/claim king", (), "'king' is not a role"),
    ("speak", "x" * 2001, (), "the limit is 2000"),
    ("belief", "3", (), "give guesses as SEAT ROLE"),
    ("belief", "4 seer", (), "4 is not another player's seat"),
])
def test_bad_lines_give_a_hint(kind: str, line: str, options: tuple[int, ...],
                               hint: str) -> None:
    with pytest.raises(Hint, match=re.escape(hint)):
        parse_answer(line, request(kind, options), NAMES, SEAT)


def test_stdin_reader_drops_a_line_typed_after_its_time_ran_out() -> None:
    read_fd, write_fd = os.pipe()
    with os.fdopen(read_fd) as stream, os.fdopen(write_fd, "w") as typing:
        reader = StdinReader(stream)

        async def scene() -> list[str | None]:
            with pytest.raises(TimeoutError):
                await asyncio.wait_for(reader(), 0.05)
            typing.write("late\n")
            typing.flush()
            pending = reader.pending
            assert pending is not None
            await asyncio.wrap_future(pending)
            typing.write("fresh\n")
            typing.flush()
            first = await asyncio.wait_for(reader(), 5)
            typing.close()
            return [first, await asyncio.wait_for(reader(), 5)]

        assert asyncio.run(scene()) == ["fresh", None]


def test_cli_plays_a_human_seat_from_stdin(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    typed = "banana\n3\n\n" * 3
    proc = subprocess.run(
        [sys.executable, "-m", "arena.app.cli", "play", "--seat", f"{SEAT}=human", "--seed", "1",
         "--out", str(out)],
        input=typed, capture_output=True, text=True, timeout=120,
        env={**os.environ, "COLUMNS": "100"})
    assert proc.returncode in (0, 1), proc.stderr
    assert proc.stderr == ""
    text = proc.stdout
    assert f"Seat view: what P{SEAT} (seat {SEAT}) sees" in text
    assert f"Your card · P{SEAT}" in text and "Input has ended" in text and "Game over" in text
    record = transcript.read(out)
    assert record.header.seats[SEAT - 1].agent == "human"
    said = [e.text for e in record.events if isinstance(e, Speech) and e.seat == SEAT]
    assert said[0] == "banana"
    assert reproduce.verify(out)[0]
    assert leaked(record.events, text) == set()
    assert leaked(record.events, "\n".join(lines_of(record.events, god=True)))


@pytest.mark.parametrize("extra", [["--god"], ["--as-seat", "5"], ["--seat", "5=human"]])
def test_cli_keeps_a_human_seat_to_its_own_view(extra: list[str], tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "--seat", f"{SEAT}=human", "--seed", "1",
                 "--out", str(tmp_path / "g.jsonl"), *extra])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("arena: error: ") and err.count("\n") == 1
