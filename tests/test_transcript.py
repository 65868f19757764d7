"""Transcripts: the header, flushing, the schema, verify, per-seat replay, read() errors."""

from __future__ import annotations

import asyncio
import io
import json
import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
from rich.console import Console

from agents import make_agent
from agents.terminal_view import render_transcript
from arena import transcript
from arena.app import reproduce
from arena.app.cli import parser
from arena.app.commands._game_setup import build_setup
from arena.app.session import play_one
from arena.engine import BaseEvent, Decision, Game, Observation, Request
from arena.engine.events import SCHEMA, Refused
from arena.engine.view import visible
from arena.errors import TranscriptError
from arena.header import SeatEntry, make_header
from arena.presets import load_preset
from arena.text import Describer
from arena.transcript import EVENT_ADAPTER
from arena.transcript_writer import TranscriptWriter, event_line

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def play_to(path: Path, *options: str, seed: int = 3) -> transcript.Transcript:
    """Play one game of random bots through the CLI's own path; read it back."""
    args = parser().parse_args(["play", "--agents", "random", "--seed", str(seed), *options])
    setup = build_setup(args)
    play_one(setup, seed, path)
    return transcript.read(path)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("game") / "game.jsonl"
    play_to(path)
    return path


# --- the header ----------------------------------------------------------------------------


def documented_header() -> dict[str, Any]:
    text = (DOCS / "transcript.md").read_text(encoding="utf-8")
    section = text.split("## Header", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.S)
    assert block, "docs/transcript.md has no header example"
    header: dict[str, Any] = json.loads(block.group(1))
    return header


def test_header_has_every_documented_field(game: Path) -> None:
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    documented = documented_header()
    assert set(header) == set(documented)
    assert set(header["seats"][0]) == set(documented["seats"][0])
    assert set(header["versions"]) == set(documented["versions"])
    assert header["type"] == "header"
    assert header["schema"] == SCHEMA == documented["schema"]


def test_header_describes_the_game(game: Path) -> None:
    record = transcript.read(game)
    header = record.header
    assert header.seed == 3
    assert header.preset == "classic-12"
    assert header.game_id == "game"
    assert [s.seat for s in header.seats] == list(range(1, 13))
    assert {s.agent for s in header.seats} == {"random"}
    dealt = {str(e.seat): e.role for e in record.events if e.type == "role"}  # type: ignore[attr-defined]
    assert header.roles == dealt
    counts: dict[str, int] = {}
    for role in header.roles.values():
        counts[role] = counts.get(role, 0) + 1
    assert counts == {k: v for k, v in header.deal.items() if v}
    assert header.rules == load_preset("classic-12").rules.key_values()
    assert datetime.fromisoformat(header.created).tzinfo is not None


# --- flushing --------------------------------------------------------------------------------


def test_every_event_is_on_disk_before_the_next_one(tmp_path: Path) -> None:
    path = tmp_path / "live.jsonl"
    setup = build_setup(parser().parse_args(["play", "--agents", "random", "--seed", "5"]))
    seen: list[int] = []

    def peek(event: BaseEvent) -> None:
        # called for each event; every earlier event must already be in the file
        rows = path.read_text(encoding="utf-8").splitlines()
        assert json.loads(rows[0])["type"] == "header"
        written = [json.loads(row)["seq"] for row in rows[1:]]
        assert written[: event.seq] == list(range(event.seq)), event
        assert len(written) <= event.seq + 1
        seen.append(event.seq)

    play_one(setup, 5, path, peek)
    rows = path.read_text(encoding="utf-8").splitlines()
    assert len(seen) == len(rows) - 1 > 50
    assert [json.loads(row)["seq"] for row in rows[1:]] == seen


# --- the schema -------------------------------------------------------------------------------


def _resolve(schema: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    ref = schema.get("$ref")
    if ref is None:
        return schema
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return _resolve(node, root)


JSON_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,), "number": (int, float), "string": (str,), "boolean": (bool,),
    "array": (list,), "object": (dict,), "null": (type(None),),
}


def schema_problems(value: Any, schema: dict[str, Any], root: dict[str, Any],
                    where: str = "") -> Iterator[str]:
    """A small JSON Schema checker (the keywords the generated schema uses)."""
    schema = _resolve(schema, root)
    if "anyOf" in schema:
        options = [list(schema_problems(value, s, root, where)) for s in schema["anyOf"]]
        if all(options):
            yield f"{where}: {value!r} matches no anyOf branch"
        return
    kind = schema.get("type")
    if kind is not None:
        ok = isinstance(value, JSON_TYPES[kind]) and not (
            kind in ("integer", "number") and isinstance(value, bool))
        if not ok:
            yield f"{where}: {value!r} is not {kind}"
            return
    if "const" in schema and value != schema["const"]:
        yield f"{where}: {value!r} != {schema['const']!r}"
    if "enum" in schema and value not in schema["enum"]:
        yield f"{where}: {value!r} not in {schema['enum']}"
    if isinstance(value, dict) and "properties" in schema:
        for key in schema.get("required", ()):
            if key not in value:
                yield f"{where}: missing {key}"
        for key, item in value.items():
            if key not in schema["properties"]:
                yield f"{where}: unexpected field {key}"
            else:
                yield from schema_problems(item, schema["properties"][key], root, f"{where}.{key}")
    elif isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        for key, item in value.items():
            yield from schema_problems(item, schema["additionalProperties"], root,
                                       f"{where}.{key}")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for index, item in enumerate(value):
            yield from schema_problems(item, schema["items"], root, f"{where}[{index}]")


def event_schema_problems(event: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    mapping = schema["discriminator"]["mapping"]
    if event.get("type") not in mapping:
        return [f"type {event.get('type')!r} is not in the schema"]
    return list(schema_problems(event, {"$ref": mapping[event["type"]]}, schema, event["type"]))


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DOCS / "transcript.schema.json").read_text("utf-8"))
    return loaded


def test_the_schema_checker_catches_bad_events(schema: dict[str, Any]) -> None:
    vote = {"seq": 1, "day": 1, "phase": "day", "audience": "public", "type": "vote", "seat": 2,
            "target": None, "round": 1, "weight": 1.0, "ballot": "exile"}
    assert event_schema_problems(vote, schema) == []
    assert event_schema_problems({**vote, "seat": "2"}, schema)
    assert event_schema_problems({**vote, "audience": "everyone"}, schema)
    assert event_schema_problems({**vote, "extra": 1}, schema)
    assert event_schema_problems({k: v for k, v in vote.items() if k != "round"}, schema)
    assert event_schema_problems({**vote, "type": "teleport"}, schema)


def test_the_header_matches_its_schema(game: Path, schema: dict[str, Any]) -> None:
    header = json.loads(game.read_text(encoding="utf-8").splitlines()[0])
    ref = {"$ref": "#/$defs/TranscriptHeader"}
    assert list(schema_problems(header, ref, schema, "header")) == []
    assert list(schema_problems({**header, "seed": "3"}, ref, schema, "header"))
    assert list(schema_problems({**header, "seats": [{"seat": 1}]}, ref, schema, "header"))


def test_the_header_model_writes_the_line_it_read(game: Path) -> None:
    """Same keys, same order, nulls kept and absent keys left out: tools compare headers."""
    line = game.read_text(encoding="utf-8").splitlines()[0]
    assert transcript.read(game).header.line() == line


def all_event_rows(*paths: Path) -> list[str]:
    rows: list[str] = []
    for path in paths:
        rows += path.read_text(encoding="utf-8").splitlines()[1:]
    return rows


def test_every_event_line_validates_against_the_schema(
        game: Path, faulty_game: Path, schema: dict[str, Any]) -> None:
    rows = all_event_rows(game, faulty_game)
    checker = jsonschema.validators.validator_for(schema)
    checker.check_schema(schema)  # once: validating each line must not re-check the schema
    validator = checker(schema)
    types = set()
    for number, row in enumerate(rows, start=2):
        data = json.loads(row)
        types.add(data["type"])
        event = EVENT_ADAPTER.validate_json(row)
        assert event_line(event) == row, f"line {number} does not round-trip"
        assert event_schema_problems(data, schema) == [], f"line {number}: {row}"
        validator.validate(data)
    # a fair sample of the event types
    assert {"setup", "role", "reveal", "phase", "night_action", "check_result", "speech",
            "vote", "vote_result", "death", "error", "fallback", "game_end"} <= types


# --- verify ----------------------------------------------------------------------------------


def test_verify_accepts_an_untouched_transcript(game: Path) -> None:
    ok, message = reproduce.verify(game)
    assert ok, message
    assert message.startswith(f"{len(transcript.read(game).events)} events")


def rewrite(source: Path, target: Path, number: int, change: dict[str, Any]) -> None:
    """Copy a transcript with fields of line ``number`` (1-based) changed."""
    rows = source.read_text(encoding="utf-8").splitlines()
    data = json.loads(rows[number - 1])
    data.update(change)
    rows[number - 1] = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    target.write_text("\n".join(rows) + "\n", encoding="utf-8")


def numbered(path: Path) -> list[tuple[int, dict[str, Any]]]:
    rows = path.read_text(encoding="utf-8").splitlines()
    return [(n, json.loads(row)) for n, row in enumerate(rows, start=1) if n > 1]


def legal_vote_change(rows: list[tuple[int, dict[str, Any]]]) -> tuple[int, int]:
    """(line, new target): an exile vote moved to another seat voted for in the same round.

    The new target is alive and not the voter (nor the voter's lover), so it is legal.
    """
    lovers = next((set(e["seats"]) for _, e in rows if e["type"] == "lovers"), set())
    for number, vote in rows:
        if vote["type"] != "vote" or vote["ballot"] != "exile" or vote["target"] is None:
            continue
        same = [e for _, e in rows if e["type"] == "vote" and e["day"] == vote["day"]
                and e["round"] == vote["round"] and e["ballot"] == "exile"]
        others = {e["target"] for e in same} - {None, vote["target"], vote["seat"]}
        if vote["seat"] in lovers:
            others -= lovers  # lovers.vote_restriction = forbid_each_other
        if others:
            return number, min(others)
    pytest.fail("no exile vote to tamper with")


def test_verify_detects_a_changed_vote(game: Path, tmp_path: Path) -> None:
    # the engine takes the changed (legal) vote; the recorded result no longer matches
    rows = numbered(game)
    number, target = legal_vote_change(rows)
    result_line = next(n for n, e in rows if n > number and e["type"] == "vote_result")
    tampered = tmp_path / "vote.jsonl"
    rewrite(game, tampered, number, {"target": target})
    ok, message = reproduce.verify(tampered)
    assert not ok
    assert message.startswith(f"line {result_line} differs")


def test_verify_detects_an_illegal_vote(game: Path, tmp_path: Path) -> None:
    number, vote = next((n, e) for n, e in numbered(game)
                        if e["type"] == "vote" and e["ballot"] == "exile")
    tampered = tmp_path / "self.jsonl"
    rewrite(game, tampered, number, {"target": vote["seat"]})  # vote.allow_self is off
    ok, message = reproduce.verify(tampered)
    assert not ok
    assert message.startswith(f"line {number} differs")
    assert '"type":"error"' in message


@pytest.mark.parametrize(("kind", "field", "values"), [
    ("check_result", "result", ["idiot", "villager"]),
    ("death", "cause", ["poison", "hunter"]),
    ("death_cause", "cause", ["poison", "wolves"]),
    ("game_end", "winner", ["draw", "lovers"]),
])
def test_verify_detects_a_changed_outcome(game: Path, tmp_path: Path, kind: str, field: str,
                                          values: list[str]) -> None:
    number, event = next((n, e) for n, e in numbered(game) if e["type"] == kind)
    tampered = tmp_path / "outcome.jsonl"
    rewrite(game, tampered, number, {field: next(v for v in values if v != event[field])})
    ok, message = reproduce.verify(tampered)
    assert not ok
    assert message.startswith(f"line {number} differs")
    assert "recorded" in message and "replayed" in message


def test_verify_detects_a_missing_tail(game: Path, tmp_path: Path) -> None:
    rows = game.read_text(encoding="utf-8").splitlines()
    short = tmp_path / "short.jsonl"
    short.write_text("\n".join(rows[:-1]) + "\n", encoding="utf-8")
    ok, message = reproduce.verify(short)
    assert not ok
    assert message == f"recorded {len(rows) - 2} events, replay produced {len(rows) - 1}"


def test_verify_cli_reports_mismatch(game: Path, tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    from arena.app.cli import main

    number, death = next((n, e) for n, e in numbered(game) if e["type"] == "death")
    tampered = tmp_path / "cli.jsonl"
    rewrite(game, tampered, number, {"seat": 1 if death["seat"] != 1 else 2})
    assert main(["replay", str(tampered), "--verify"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"MISMATCH: line {number} differs")


# --- refusals, failures and timeouts replay exactly ------------------------------------------


class Faulty:
    """A random bot; the table as a whole misbehaves once in each way.

    The first vote request is answered illegally once (then legally); the second is
    answered illegally every time (the engine falls back after three tries); the first
    speech raises; the first wolf proposal and the first check time out; the first
    sheriff candidacy answers with a decision of the wrong kind.
    """

    concurrent = True

    def __init__(self, seat: int, seed: int, log: dict[str, Any]) -> None:
        self.inner = make_agent("random", seat, seed)
        self.log = log

    def first(self, key: str) -> bool:
        count: int = self.log.get(key, 0)
        self.log[key] = count + 1
        return count == 0

    async def decide(self, observation: Observation, request: Request) -> Decision:
        kind = request.kind
        if kind == "vote":
            ballot = (request.seat, request.day, request.context.get("ballot"),
                      request.context.get("round"))
            if "error" not in request.context:
                self.log["votes"] = self.log.get("votes", 0) + 1
                if self.log["votes"] == 1:
                    return Decision(kind="vote", target=99)  # not a seat
                if self.log["votes"] == 2:
                    self.log["stubborn"] = ballot
            if self.log.get("stubborn") == ballot:
                return Decision(kind="vote", target=request.seat)  # vote.allow_self is off
        if kind == "speak" and self.first("speak"):
            raise RuntimeError("the model fell over")
        if kind in ("kill", "check") and self.first(kind):
            await asyncio.sleep(30)  # far beyond the (shortened) request timeout
        if kind == "run" and self.first("run"):
            return Decision(kind="vote", target=1)
        return await self.inner.decide(observation, request)


@pytest.fixture(scope="module")
def faulty_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classic-12 game with refusals, errors and real timeouts (50 ms), recorded."""
    path = tmp_path_factory.mktemp("faulty") / "faulty.jsonl"
    seed = 21
    config = load_preset("classic-12")
    log: dict[str, Any] = {}
    agents = {seat: Faulty(seat, seed, log) for seat in range(1, 13)}
    writer: list[TranscriptWriter] = []
    game = Game(config, agents, seed=seed, sink=lambda e: writer[0](e), timeout_s=0.05)
    seats = [SeatEntry(seat=n, name=f"P{n}", agent="faulty", model=None) for n in range(1, 13)]
    writer.append(TranscriptWriter(path, make_header(
        game, game_id="faulty", seed=seed, seats=seats)))
    try:
        asyncio.run(game.run())
    finally:
        writer[0].close()
    return path


def test_faulty_game_has_every_kind_of_failure(faulty_game: Path) -> None:
    events = [e for _, e in numbered(faulty_game)]
    reasons = [e["reason"] for e in events if e["type"] == "fallback"]
    assert "timeout" in reasons
    assert "illegal 3 times" in reasons
    assert "error: RuntimeError: the model fell over" in reasons
    refused = [e for e in events if e["type"] == "error"]
    assert any(e["kind"] == "vote" and e["decision"] == {"kind": "vote", "target": 99}
               for e in refused)
    assert any(e["kind"] == "run" and e["decision"]["kind"] == "vote" for e in refused)
    stubborn = [e for e in refused
                if e["kind"] == "vote" and e["decision"].get("target") == e["seat"]]
    assert len(stubborn) == 3
    assert sum(1 for r in reasons if r == "timeout") == 2  # one kill proposal, one check
    assert all(e["audience"] == [e["seat"]] for e in events if e["type"] in ("error",
                                                                             "fallback"))


def test_verify_reproduces_refusals_and_fallbacks(faulty_game: Path) -> None:
    ok, message = reproduce.verify(faulty_game)
    assert ok, message


def test_verify_catches_a_dropped_refusal(faulty_game: Path, tmp_path: Path) -> None:
    rows = faulty_game.read_text(encoding="utf-8").splitlines()
    number = next(n for n, row in enumerate(rows, start=1) if '"type":"error"' in row)
    dropped = tmp_path / "dropped.jsonl"
    dropped.write_text("\n".join(rows[: number - 1] + rows[number:]) + "\n", encoding="utf-8")
    with pytest.raises(TranscriptError, match=f"^{dropped}:{number}: seq "):
        reproduce.verify(dropped)  # a missing line is seen as soon as the file is read


# --- replay --seat --------------------------------------------------------------------------


def rendered(events: list[BaseEvent], *, seat: int | None, god: bool = False) -> list[str]:
    buffer = io.StringIO()
    render_transcript(events, Console(file=buffer, width=200), god=god, seat=seat)
    return [line.rstrip() for line in buffer.getvalue().splitlines()]


def private_lines(event: BaseEvent, view: Describer) -> str | None:
    """The words that render a non-public event (None for events with no unique line)."""
    data = event.to_dict()
    kind = data["type"]
    who = view.who
    if kind in ("night_action", "victim_info", "error", "fallback"):
        return view(event)
    if kind == "check_result":  # "Your check result: ..." or "P3's check result: ..."
        return f"check result: {who(data['target'])} is {view.role(data['result'])}"
    if kind == "speech" and data["context"] == "wolf_chat":
        return f"{who(data['seat'])} [wolf chat]:"
    if kind == "role":
        return f"You are {who(data['seat'])}:"
    if kind == "lovers":
        return "Lovers:"
    if kind == "death_cause":
        return "[true cause:"
    if kind == "belief":
        return "believes:"
    return None


@pytest.mark.parametrize("which", ["game", "faulty_game"])
def test_replay_seat_shows_exactly_the_visible_events(which: str,
                                                      request: pytest.FixtureRequest) -> None:
    path: Path = request.getfixturevalue(which)
    events = transcript.read(path).events
    players = len(transcript.read(path).header.roles)
    public = rendered(events, seat=None)
    view = Describer("en", "god", [f"P{n}" for n in range(1, players + 1)])
    private = [e for e in events if e.audience != "public"]
    assert private, "the game has no private events"
    checked = 0
    for seat in range(1, players + 1):
        shown = rendered(events, seat=seat)
        text = "\n".join(shown)
        # every public line, in order
        lines = iter(shown)
        for line in public:
            if line.startswith("Public view"):
                continue
            assert any(line == got for got in lines), f"seat {seat} misses public line {line!r}"
        # private lines appear exactly when the oracle says the seat may see them
        signatures: dict[str, bool] = {}
        for event in private:
            signature = private_lines(event, view)
            if signature is not None:
                signatures[signature] = signatures.get(signature, False) or visible(event, seat)
        for signature, expected in signatures.items():
            assert (signature in text) == expected, (seat, signature)
            checked += 1
    assert checked > players * 5


def test_replay_seat_through_the_cli(faulty_game: Path,
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from arena.app.cli import main

    monkeypatch.setenv("COLUMNS", "200")
    events = transcript.read(faulty_game).events
    refusals = [e for e in events if isinstance(e, Refused)]
    owner = refusals[0].seat
    for seat in (owner, owner % 12 + 1):
        assert main(["replay", str(faulty_game), "--seat", str(seat)]) == 0
        out = capsys.readouterr().out
        assert [line.rstrip() for line in out.splitlines()] == rendered(events, seat=seat)
        assert ("refused " in out) == any(visible(e, seat) for e in refusals)


# --- read() rejects what is not a transcript -------------------------------------------------


def header_line() -> str:
    return json.dumps({"type": "header", "schema": SCHEMA, "game_id": "x", "seed": 1})


EVENT = ('{"seq":0,"day":0,"phase":"setup","audience":"public","type":"phase",'
         '"name":"night"}')


@pytest.mark.parametrize(("text", "words"), [
    ("", ["empty"]),
    ("\n", ["header"]),
    ("not json\n", [":1:", "not JSON"]),
    ("[1, 2]\n", [":1:", "header"]),
    ('{"type": "event"}\n', [":1:", "header"]),
    (json.dumps({"type": "header", "schema": "werewolf-arena/0"}) + "\n", [":1:", "schema"]),
    (json.dumps({"type": "header"}) + "\n", [":1:", "schema"]),
    (header_line() + "\n" + EVENT.replace('"phase","name"', '"teleport","name"') + "\n",
     [":2:", "bad event"]),
    (header_line() + "\n" + EVENT + "\n{oops\n", [":3:"]),
    (header_line() + "\n" + EVENT.replace('"audience":"public"', '"audience":"all"') + "\n",
     [":2:", "audience"]),
    (header_line() + "\n" + EVENT.replace(',"name":"night"', "") + "\n", [":2:", "name"]),
], ids=["empty", "blank", "not-json", "not-object", "no-header", "wrong-schema", "no-schema",
        "unknown-event-type", "corrupt-line", "bad-audience", "missing-field"])
def test_read_rejects(tmp_path: Path, text: str, words: list[str]) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(TranscriptError) as caught:
        transcript.read(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(str(path))
    for word in words:
        assert word in message


def test_read_accepts_a_minimal_transcript(tmp_path: Path) -> None:
    path = tmp_path / "ok.jsonl"
    path.write_text(header_line() + "\n" + EVENT + "\n", encoding="utf-8")
    record = transcript.read(path)
    assert record.header.seed == 1
    assert [e.type for e in record.events] == ["phase"]  # type: ignore[attr-defined]
    assert record.lines == [EVENT]


def test_read_rejects_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="cannot read"):
        transcript.read(tmp_path / "nope.jsonl")
