"""The Inspect AI task end to end with Inspect's mock model: a game is played with the
model in two seats, recorded, and scored with the arena's metrics."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import inspect_ai
from inspect_ai.model import ChatMessage, ModelOutput, ModelUsage

from arena.app.inspect_task import werewolf
from arena.engine.events import VoteProbe
from evals.records import load_records
from tests.llm.legal import legal_answer, legal_values


def mock_answer(messages: list[ChatMessage], *_: Any) -> ModelOutput:
    """A legal answer to the seat's latest turn, read off its legal values (with its usage:
    else the mock counts tokens with a tokenizer it would download)."""
    said = [m.text for m in messages if m.role == "user"]
    output = ModelOutput.from_content(model="mockllm",
                                      content=json.dumps(legal_answer(legal_values(said))))
    output.usage = ModelUsage(input_tokens=100, output_tokens=10, total_tokens=110)
    return output


def test_the_task_plays_and_scores_games(tmp_path: Path) -> None:
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
