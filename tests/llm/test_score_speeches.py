"""``arena score-speeches`` against the stub server (replayed from a cassette): every public
speech scored, the ledger check worked out by hand, ``arena eval --speech-scores`` joining
it, and the old names (``arena judge``, ``--judged``, ``judgement`` rows) still working."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest

from agents.speech_scorer import read_answer, schema
from arena.app.cli import main, parser
from arena.app.commands.score_speeches import cmd_score_speeches, speeches
from arena.text import Describer
from evals.records import load_record
from tests.evals.scripted_game import scripted_events, write_scripted
from tests.llm.conftest import CASSETTES
from tests.llm.stub_server import StubServer, decision

Cassette = Callable[[str], AbstractContextManager[Any]]


def answer(naturalness: int = 3, fabrication: bool = False) -> dict[str, Any]:
    return {"naturalness": naturalness, "contextual_fit": 4, "coherence": 4, "diversity": 2,
            "fabrication": fabrication, "omission": False, "misdirection": False,
            "bussing": False, "rationale": "short"}


# The scripted game's nine public speeches, in order (tests/evals/scripted_game.py):
# day 1: 3 (true seer claim and check), 2 (false seer claim and check), 4, 5; the revote:
# 1, 3; day 2: 2, 4, 5. The ledger checks claims in the first two only (later repeats
# are not checked again).
ANSWERS = [
    answer(fabrication=True),  # 3 told the truth: the scorer disagrees with the ledger
    answer(naturalness=5, fabrication=True),  # 2 lied: it agrees
    answer(), answer(), answer(), answer(), answer(), answer(),
    {**answer(), "naturalness": 9},  # out of range: no score for 5's last speech
]


@pytest.fixture
def scored(stub: StubServer, cassette: Cassette, tmp_path: Path,
           capsys: pytest.CaptureFixture[str]) -> tuple[Path, Path, dict[str, Any]]:
    game = write_scripted(tmp_path / "scripted.jsonl")
    out = tmp_path / "speech_scores.jsonl"
    stub.push(*(decision(a) for a in ANSWERS))
    recorded = (CASSETTES / "speech_scores_scripted.yaml").exists()
    with cassette("speech_scores_scripted"):
        code = main(["score-speeches", str(game), "--model",
                     f"openai:gpt-5.4-mini@{stub.openai_url}",
                     "--out", str(out), "--concurrency", "1", "--json"])
    assert code == 0
    assert stub.seen == [] if recorded else len(stub.seen) == len(ANSWERS)  # a replay stays off
    summary: dict[str, Any] = json.loads(capsys.readouterr().out)
    return game, out, summary


def test_every_public_speech_is_scored_and_written(
        scored: tuple[Path, Path, dict[str, Any]]) -> None:
    _, out, summary = scored
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["type"] == "speech_scores_header" and rows[0]["speeches"] == 9
    assert {r["type"] for r in rows[1:]} == {"speech_score"}
    assert [r["seat"] for r in rows[1:]] == [3, 2, 4, 5, 1, 3, 2, 4, 5]
    assert "naturalness" in rows[-1]["error"] and "scores" not in rows[-1]
    assert rows[2]["scores"]["naturalness"] == 5 and rows[2]["deception"]["fabrication"]
    assert summary["scored"] == 8 and summary["errors"] == 1
    # two speeches hold checked claims: 3's true ones (flagged: a miss), 2's false (flagged);
    # a seer's and a wolf's, so no pair of the same role to compare
    agree = summary["ledger_concordance"]
    assert agree["value"] is None and agree["pairs"] == 0 and agree["speeches"] == 2
    assert summary["confusion"] == {"ledger_false/flagged": 1, "ledger_true/flagged": 1}


def test_eval_joins_the_speech_scores_by_speech_and_agent(
        scored: tuple[Path, Path, dict[str, Any]], capsys: pytest.CaptureFixture[str]) -> None:
    game, out, _ = scored
    assert main(["eval", str(game), "--speech-scores", str(out), "--json"]) == 0
    m = json.loads(capsys.readouterr().out)["groups"]["all"]
    assert m["speech_naturalness"]["value"] == pytest.approx((7 * 3 + 5) / 8)
    assert m["speech_fabrication"]["value"] == pytest.approx(2 / 8)
    assert "judge_ledger_agreement" not in m  # a check of the scorer, not of the speaker
    assert main(["eval", str(game), "--speech-scores", str(out), "--json", "--by", "role"]) == 0
    by_role = json.loads(capsys.readouterr().out)["groups"]
    # the wolves' speeches: 2 on day 1 (5), 1 in the revote and 2 on day 2 (3 each)
    assert by_role["werewolf"]["speech_naturalness"]["value"] == pytest.approx(11 / 3)
    assert by_role["werewolf"]["speech_naturalness"]["n"] == 3
    assert main(["eval", str(game), "--json", "--by", "model"]) == 0
    assert "speech_naturalness" not in json.loads(capsys.readouterr().out)["groups"]["gpt-x"]


def test_a_file_of_the_old_judge_still_joins_under_the_old_flag(
        scored: tuple[Path, Path, dict[str, Any]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A file ``arena judge`` wrote before the rename (``judge_header``, ``judgement``
    rows), read with the old ``--judged``, gives the same metrics as the new file."""
    game, out, _ = scored
    old = tmp_path / "judgements.jsonl"
    text = out.read_text(encoding="utf-8")
    old.write_text(text.replace('"speech_scores_header"', '"judge_header"')
                   .replace('"speech_score"', '"judgement"'), encoding="utf-8")
    assert '"speech_score' not in old.read_text(encoding="utf-8")
    results = []
    for argv in (["--speech-scores", str(out)], ["--judged", str(old)]):
        assert main(["eval", str(game), *argv, "--json"]) == 0
        results.append(json.loads(capsys.readouterr().out)["groups"]["all"])
    assert results[0]["speech_naturalness"]["n"] == 8 and results[0] == results[1]


def test_the_old_command_name_runs_the_same_command(tmp_path: Path) -> None:
    game = write_scripted(tmp_path / "scripted.jsonl")
    parsed = [parser().parse_args([name, str(game), "--model", "openai:x"])
              for name in ("judge", "score-speeches")]
    assert parsed[0].run is parsed[1].run is cmd_score_speeches
    assert vars(parsed[0]) | {"command": None} == vars(parsed[1]) | {"command": None}


def test_the_scorer_sees_only_the_public_record(tmp_path: Path) -> None:
    record = load_record(write_scripted(tmp_path / "scripted.jsonl"))
    assert record is not None
    items = speeches(record)
    events = scripted_events()
    hidden = [line for e in events if e.audience != "public"
              and (line := Describer("en", "god")(e))]  # deals, night actions, wolf chat
    assert any("check" in line.lower() for line in hidden)
    seer, wolf, last = items[0], items[1], items[-1]
    assert (seer.seat, wolf.seat, last.seat) == (3, 2, 5)
    assert seer.public == wolf.public[:len(seer.public)] and len(wolf.public) > len(seer.public)
    for item in items:
        prompt = item.prompt()
        assert not any(line in prompt for line in hidden)
        assert not any(f"seat {seat}: {role}" in prompt for seat, role in record.roles.items())
    assert "role role=seer" in wolf.prompt()


def test_answers_are_read_strictly() -> None:
    assert read_answer(answer())[1]["fabrication"] is False
    for bad, field in (({**answer(), "coherence": True}, "coherence"),
                       ({**answer(), "bussing": "no"}, "bussing"), (None, "JSON")):
        with pytest.raises(ValueError, match=field):
            read_answer(bad)
    assert set(schema()["required"]) == set(answer())
