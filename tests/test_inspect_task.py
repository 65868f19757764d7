"""The Inspect AI task end to end with Inspect's mock model: a game is played with the
model in two seats, recorded, and scored with the arena's metrics.

Inspect takes seconds to import: the tests import it when they run, and run on one
xdist worker, so the other worker neither collects nor runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from arena.engine.events import VoteProbe
from evals.records import load_records
from tests.llm.legal import legal_answer, legal_values
from tests.llm.stub_server import StubServer

if TYPE_CHECKING:
    from inspect_ai.model import ChatMessage, ModelOutput

pytestmark = pytest.mark.xdist_group("inspect")
TASK = Path(__file__).parents[1] / "arena" / "app" / "inspect_task.py"


def mock_answer(messages: list[ChatMessage], *_: Any) -> ModelOutput:
    """A legal answer to the seat's latest turn, read off its legal values (with its usage:
    else the mock counts tokens with a tokenizer it would download)."""
    from inspect_ai.model import ModelOutput, ModelUsage

    said = [m.text for m in messages if m.role == "user"]
    output = ModelOutput.from_content(model="mockllm",
                                      content=json.dumps(legal_answer(legal_values(said))))
    output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return output


def test_the_task_plays_and_scores_games(tmp_path: Path) -> None:
    import inspect_ai

    from arena.app.inspect_task import werewolf

    games = tmp_path / "games"
    task = werewolf(preset="fanlang-9", seats="1,5", opponents="random", games=2, seed=3,
                    rules="eval.vote_probes=true", out_dir=str(games))
    [log] = inspect_ai.eval(task, model="mockllm/model", log_dir=str(tmp_path / "logs"),
                            model_args={"custom_outputs": mock_answer}, display="none")
    assert log.status == "success", log.error
    assert log.results is not None and log.results.total_samples == 2
    assert log.samples is not None
    seen: set[str] = set()
    for sample in log.samples:
        [score] = sample.scores.values() if sample.scores else []
        assert score.value in (0.0, 0.5, 1.0)
        metrics = score.metadata or {}
        # the model's seats were scored like any arena player
        assert {"win_rate", "error_rate", "fallback_rate"} <= set(metrics)
        assert metrics["fallback_rate"] == 0.0  # every mock answer was legal
        seen |= set(metrics)
    records = load_records([games])
    assert len(records) == 2
    # the rules reached the games: probes were asked, and the model's speeches scored
    assert any(isinstance(e, VoteProbe) for e in records[0].events)
    assert "vote_swing" in seen
    assert {records[0].agents[1], records[0].agents[5]} == {"inspect:mockllm/model"}
    assert records[0].agents[2] == "random"


def test_seats_take_a_list_as_the_command_line_gives_it() -> None:
    from arena.app.inspect_task import seat_numbers

    # `-T seats=1,5` reaches the task as ["1", "5"]; `-T seats=3` as 3
    assert seat_numbers(["1", "5"], 9) == seat_numbers("1,5", 9) == (1, 5)
    assert seat_numbers(3, 9) == (3,)
    bad: list[str | list[int | str]] = ["1,x", "0", [10], ""]
    for value in bad:
        with pytest.raises(ValueError, match="seats="):
            seat_numbers(value, 9)


def test_sample_seeds_of_neighbouring_task_seeds_share_no_game() -> None:
    from arena.app.inspect_task import sample_seeds

    first, second = sample_seeds(0, 50), sample_seeds(1, 50)
    assert len(set(first)) == 50 and not set(first) & set(second)
    assert sample_seeds(0, 3) == first[:3]  # a longer run extends a shorter one


@pytest.mark.slow
def test_inspect_eval_on_the_command_line_fails_a_model_that_never_played(
        tmp_path: Path) -> None:
    """`inspect eval` against the local stub whose model is gone (every call a 404): the
    model's seats 1 and 5 fall back on every decision, and the run reports an error, not
    a score of 0."""
    from inspect_ai.log import read_eval_log

    inspect = Path(sys.executable).parent / "inspect"
    with StubServer() as server:
        server.models = {"another-model"}
        done = subprocess.run(
            [str(inspect), "eval", f"{TASK}@werewolf", "--model", "openai-api/stub/gone",
             "-T", "seats=1,5", "-T", "games=1", "-T", "opponents=random",
             "-T", f"out_dir={tmp_path / 'games'}", "--log-dir", str(tmp_path / "logs"),
             "--display", "none"],
            env=os.environ | {"STUB_BASE_URL": server.openai_url, "STUB_API_KEY": "none"},
            capture_output=True, text=True, timeout=300, check=False)
        assert server.seen, done.stderr  # the model was called, through the endpoint
    [log_file] = (tmp_path / "logs").glob("*.eval")
    log = read_eval_log(str(log_file))
    assert log.status == "error", done.stderr
    assert log.error is not None and "none of its decisions" in log.error.message
    [record] = load_records([tmp_path / "games"])
    assert {record.agents[1], record.agents[5]} == {"inspect:openai-api/stub/gone"}
