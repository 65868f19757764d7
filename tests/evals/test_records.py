"""Reading finished games: ground truth per seat, folders, unfinished games."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.errors import TranscriptError
from evals.records import GameRecord, load_records, team_of
from tests.evals.scripted_game import ROLES, header, scripted_events, write, write_scripted


def test_record_holds_the_truth(scripted: GameRecord, scripted_path: Path) -> None:
    assert scripted.path == scripted_path
    assert scripted.game_id == "scripted"
    assert scripted.preset is None
    assert scripted.roles == ROLES  # seat 6 was dealt the thief and ended a villager
    assert scripted.teams == {1: "wolves", 2: "wolves", 3: "village", 4: "village",
                              5: "village", 6: "village"}
    assert scripted.agents[5] == "openai:gpt-x" and scripted.agents[1] == "heuristic"
    assert scripted.models[5] == "gpt-x" and scripted.models[1] == "heuristic"
    assert scripted.winner == "village"
    assert scripted.winners == frozenset({3, 4, 5, 6})
    assert scripted.days == 2
    assert scripted.wolves == frozenset({1, 2})
    assert scripted.events[-1].type == "game_end"  # type: ignore[attr-defined]


def test_solo_roles_are_their_own_team() -> None:
    assert team_of("piper") == "piper"
    assert team_of("white_wolf") == "white_wolf"
    assert team_of("guard") == "village"


def test_folders_recurse_and_unfinished_games_are_counted(tmp_path: Path) -> None:
    events = scripted_events()
    (tmp_path / "sub").mkdir()
    write_scripted(tmp_path / "sub" / "done.jsonl")
    write(tmp_path / "cut.jsonl", header(ROLES), events[:20])
    write(tmp_path / "empty.jsonl", header(ROLES), [])
    (tmp_path / "notes.txt").write_text("not a transcript")
    skipped: list[Path] = []
    records = load_records([tmp_path], skipped)
    assert [r.path.name for r in records] == ["done.jsonl"]
    assert sorted(p.name for p in skipped) == ["cut.jsonl", "empty.jsonl"]


def test_bad_paths_and_non_transcripts_raise(tmp_path: Path) -> None:
    with pytest.raises(TranscriptError, match="no such file"):
        load_records([tmp_path / "missing"])
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(TranscriptError, match="no transcript header"):
        load_records([bad])


def test_games_stopped_by_the_day_limit_are_counted_and_left_out_of_metrics(
        tmp_path: Path) -> None:
    from arena.app.cli import main
    from evals.metrics import evaluate
    from evals.records import load_records

    assert main(["simulate", "--agents", "random", "--preset", "classic-12", "--games", "6",
                 "--seed", "3", "--set", "game.max_days=3", "--out-dir", str(tmp_path),
                 "--json"]) == 0
    records = load_records([tmp_path])
    capped = [r for r in records if r.capped]
    assert capped and all(r.winner == "draw" and r.days == 3 for r in capped)
    result = evaluate(records)
    assert result["games"] == 6 and result["capped"] == len(capped)
    decided = [r for r in records if not r.capped]
    days = result["groups"].get("all", {}).get("game_days")
    assert (days["n"] if days else 0) == len(decided)


def test_games_sharing_a_seed_are_one_deal_only_with_the_same_cards(
        scripted: GameRecord) -> None:
    """Imported games share one seed, each with its own cards: separate deals; a
    tournament's turns of one deal share seed and cards: one deal."""
    from dataclasses import replace

    from evals.records import deal_numbers

    first = replace(scripted, seed=1, dealt=("werewolf", "seer", "villager"))
    turned = replace(first, game_id="turn-2")
    other = replace(first, game_id="imported-2", dealt=("seer", "werewolf", "villager"))
    assert deal_numbers([first, turned, other]) == [0, 0, 1]
