"""FanLang-9 records: imported games replay exactly and match the record."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from arena.app.importers import RecordError
from arena.app.importers.fanlang import claims
from arena.app.importers.record import Record
from arena.app.importers.run import Imported
from arena.app.reproduce import verify
from arena.engine import Claim
from tests.importers.helpers import fixture, import_text, of_type, write

GAME = json.loads(fixture("fanlang-village.json"))


def _imported(game: dict[str, object] | None = None) -> Imported:
    return import_text("fanlang", json.dumps(game or GAME, ensure_ascii=False))


def test_synthetic_game_matches_the_record_and_replays(tmp_path: Path) -> None:
    imported = _imported()
    assert imported.mismatches == []
    assert imported.differences == []
    assert of_type(imported, "game_end")[0]["winner"] == "village"
    ok, message = verify(write(imported, tmp_path / "game.jsonl"))
    assert ok, message


def test_record_decisions_reach_the_engine() -> None:
    imported = _imported()
    deaths = [(e["day"], e["seat"], e["cause"]) for e in of_type(imported, "death")]
    assert deaths == [(1, 2, "vote"), (2, 6, "night"), (2, 8, "hunter"), (2, 5, "explode")]
    revote = [(e["seat"], e["target"]) for e in of_type(imported, "vote") if e["round"] == 2]
    assert revote == [(3, 2), (4, 2), (5, 1), (6, 2), (7, 2), (8, 1), (9, 2)]
    saves = [e["target"] for e in of_type(imported, "night_action") if e["action"] == "save"]
    assert saves == [6]


def test_speech_text_and_claims_are_carried() -> None:
    imported = _imported()
    first = of_type(imported, "speech")
    seer = next(e for e in first if e["seat"] == 1 and e["context"] == "discussion")
    assert str(seer["text"]).startswith("我是预言家")
    assert seer["claims"] == [{"kind": "role", "role": "seer"},
                              {"kind": "check", "target": 2, "result": "werewolf"}]
    lying = next(e for e in first if e["seat"] == 5 and e["context"] == "discussion")
    assert lying["claims"] == [{"kind": "vouch", "target": 2}, {"kind": "accuse", "target": 1}]
    assert [e["seat"] for e in first if e["context"] == "last_words"] == [2]


def test_a_record_the_rules_contradict_is_reported() -> None:
    game = json.loads(json.dumps(GAME))
    game["game_state"]["Day 1 Daytime"]["Voting Result"] = 1  # the votes exile seat 2
    imported = _imported(game)
    assert any("day 1: the record has 1 die, the engine 2" in m for m in imported.mismatches)


def _day1_order(game: dict[str, Any], seats: list[int]) -> dict[str, Any]:
    """The game with its day-1 discussion speeches in the order of ``seats``."""
    audio = game["audio"]
    first = {f"Day 1 Daytime - [{s}] is speaking": audio[f"Day 1 Daytime - [{s}] is speaking"]
             for s in seats}
    return {**game, "audio": first | {k: v for k, v in audio.items() if k not in first}}


def test_each_day_starts_where_the_record_did_and_goes_its_way(tmp_path: Path) -> None:
    """The record's tables drew the first speaker and the direction: day 1 starts at
    seat 5 counter-clockwise, day 2 at 7 clockwise; the engine follows both
    (speech.order = recorded:5-,7+) and the game replays."""
    imported = _imported(_day1_order(GAME, [5, 4, 3, 2, 1, 9, 8, 7, 6]))
    assert imported.header.rules["speech.order"] == "recorded:5-,7+"
    spoken = [(e["day"], e["seat"]) for e in of_type(imported, "speech")
              if e["context"] == "discussion"]
    assert spoken == [(1, s) for s in (5, 4, 3, 2, 1, 9, 8, 7, 6)] + [
        (2, s) for s in (7, 9, 1, 3, 4)]
    assert imported.mismatches == [] and imported.differences == []
    ok, message = verify(write(imported, tmp_path / "game.jsonl"))
    assert ok, message


def test_a_speaking_order_the_engine_cannot_follow_is_noted() -> None:
    """Seats 3 and 4 spoke out of turn: the day still starts at seat 1 clockwise, and the
    order the engine could not follow is noted."""
    imported = _imported(_day1_order(GAME, [1, 2, 4, 3, 5, 6, 7, 8, 9]))
    assert imported.mismatches == []
    assert any("day 1: speaking order 1,2,4,3,5,6,7,8,9 in the record, "
               "1,2,3,4,5,6,7,8,9 in the engine" in d for d in imported.differences)


@pytest.mark.parametrize(("order", "value"), [
    ({1: [9, 1, 2], 3: [5, 4, 2]}, "recorded:9+,*,5-"),
    ({2: [2, 7, 1]}, "recorded:*,2+"),  # far apart, still clockwise from 2
    ({1: [3]}, "recorded:3+"),
    ({}, None),
])
def test_the_recorded_orders_as_a_rule_value(order: dict[int, list[int]],
                                             value: str | None) -> None:
    """Each day's first speaker and direction; a day without speeches is left to the
    draw; a record without speeches changes nothing."""
    record = Record(fmt="fanlang", preset="fanlang-9", roles=["villager"] * 9, order=order)
    assert record.speaking() == value


@pytest.mark.parametrize(("text", "message"), [
    ("{", "not JSON"),
    ("{}", "not a FanLang game"),
    (json.dumps({"game_state": {"roles": {"1": "Wizard"}}}), "not a FanLang game"),
    (json.dumps({**GAME, "audio": {"Day 1 - 1 talks": {}}}, ensure_ascii=False),
     "unreadable label"),
])
def test_malformed_records_are_record_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        import_text("fanlang", text)


def test_a_speaker_listed_among_the_wolves_claims_nothing_for_himself() -> None:
    """The summaries put a speaker under 狼人 when he quotes an accusation of himself:
    the accusation of seat 4 stays, the self "werewolf" role claim is dropped."""
    record = Record(fmt="fanlang", preset="fanlang-9", roles=["villager"] * 9)
    fmt = '{"身份类型":{"狼人":[4,6],"女巫":[6]}}'
    assert claims(record, 6, fmt) == (Claim(kind="accuse", target=4),
                                      Claim(kind="role", role="witch"))


def test_a_wolf_self_destructs_during_another_players_speech(tmp_path: Path) -> None:
    """wolves.self_destruct_timing = any_time (FanLang): wolf 5 blows up during seat 1's
    speech, so 3 and 4 never speak; the Explode event names the speech it cut off."""
    game = json.loads(json.dumps(GAME))
    for label in ("Day 2 Daytime - [3] is speaking", "Day 2 Daytime - [4] is speaking"):
        del game["audio"][label]
    imported = _imported(game)
    assert imported.mismatches == [] and imported.differences == []
    assert [(e["seat"], e.get("during")) for e in of_type(imported, "explode")] == [(5, 1)]
    assert [e["seat"] for e in of_type(imported, "speech")
            if e["day"] == 2 and e["context"] == "discussion"] == [7, 9, 1]
    ok, message = verify(write(imported, tmp_path / "game.jsonl"))
    assert ok, message


def test_a_self_vote_is_a_fanlang_ballot() -> None:
    """FanLang allows voting for oneself (vote.allow_self): seat 9's ballot counts."""
    game = json.loads(json.dumps(GAME))
    game["game_state"]["Day 1 Daytime"]["Voting Pattern"]["9"] = 9
    imported = _imported(game)
    assert (9, 9) in [(e["seat"], e["target"]) for e in of_type(imported, "vote")]
    assert not [d for d in imported.differences if "refuses" in d]


def test_a_record_that_runs_out_stops_the_import_with_a_note() -> None:
    """The record ends after day 1 with nobody winning: the engine stops there (a draw
    by day limit) instead of inventing the rest, and the import says so."""
    game = json.loads(json.dumps(GAME))
    state = game["game_state"]
    del state["Day 2 Night"], state["Day 2 Daytime"]
    state["final"] = {**state["final"], "5": "in_game", "6": "in_game", "8": "in_game"}
    game["audio"] = {k: v for k, v in game["audio"].items() if not k.startswith("Day 2")}
    imported = _imported(game)
    (end,) = of_type(imported, "game_end")
    assert (end["day"], end["winner"]) == (1, "draw")
    assert imported.mismatches == [
        "the record runs out after day 1 with no winner in the engine: the import stops there"]
