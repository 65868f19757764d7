"""AIWolf logs: imported games replay exactly; rule differences are named."""

from __future__ import annotations

from pathlib import Path

import pytest

from arena.app.importers import RecordError
from arena.app.importers.aiwolf import claims, parse
from arena.app.reproduce import verify
from tests.importers.helpers import fixture, import_text, of_type, write

WOLVES = fixture("aiwolf-5-wolves.log")
LOT = fixture("aiwolf-5-lot.log")
VILLAGE = fixture("aiwolf-15-village.log")


@pytest.mark.parametrize(("name", "preset"), [("aiwolf-5-wolves.log", "aiwolf-5"),
                                              ("aiwolf-5-lot.log", "aiwolf-5"),
                                              ("aiwolf-15-village.log", "aiwolf-15"),
                                              ("aiwolf-nlp-5-lot.log", "aiwolf-nlp-5"),
                                              ("aiwolf-nlp-9-attack.log", "aiwolf-nlp-9"),
                                              ("aiwolf-5-server-attack.log", "aiwolf-5"),
                                              ("aiwolf-7-server-lot.log", "aiwolf-15"),
                                              ("aiwolf-nlp2024-5-lot.log", "aiwolf-5")])
def test_fixtures_match_the_record_and_replay(name: str, preset: str, tmp_path: Path) -> None:
    imported = import_text("aiwolf", fixture(name))
    assert imported.mismatches == []
    assert imported.header.preset == preset
    ok, message = verify(write(imported, tmp_path / "game.jsonl"))
    assert ok, message


def test_possessed_wins_with_the_wolf_and_the_late_attack_is_a_rule_difference() -> None:
    imported = import_text("aiwolf", WOLVES)
    (end,) = of_type(imported, "game_end")
    assert (end["winner"], end["winners"]) == ("wolves", [2, 3])
    # AIWolf checks the winner only at dawn: its night-2 attack comes after our end
    assert "day 3: the record has 3 die after the engine's end" in imported.differences
    # C13, AIWolf revote (vote.revote = all_for_anyone): the tied pair vote again too
    assert not [d for d in imported.differences if "vote" in d]
    assert [e["seat"] for e in of_type(imported, "vote") if e["round"] == 2] == [1, 2, 3, 4, 5]
    assert not [e for e in of_type(imported, "speech") if e["context"] == "revote"]


def test_day_zero_talk_opens_day_one_and_protocol_gives_claims() -> None:
    imported = import_text("aiwolf", WOLVES)
    speeches = {(e["day"], e["seat"]): e for e in of_type(imported, "speech")
                if e["context"] == "discussion"}
    assert speeches[1, 3]["text"] == ("Good evening, all. Let us be careful today.\n"
                                      "COMINGOUT Agent[03] SEER\nDIVINED Agent[04] WEREWOLF")
    assert speeches[1, 3]["claims"] == [{"kind": "role", "role": "seer"},
                                        {"kind": "check", "target": 4, "result": "werewolf"}]
    assert speeches[1, 4]["claims"] == [{"kind": "accuse", "target": 3}]
    assert speeches[2, 3]["claims"] == [{"kind": "vouch", "target": 2}]


@pytest.mark.parametrize(("talk", "found"), [
    ("AND (VOTE Agent[03]) (REQUEST ANY (VOTE Agent[03]))", [("accuse", 3, None)]),
    ("BECAUSE (XOR (ESTIMATE Agent[04] WEREWOLF) (ESTIMATE Agent[04] POSSESSED)) "
     "(VOTE Agent[02])", [("accuse", 4, None), ("accuse", 2, None)]),
    ("BECAUSE (AND (COMINGOUT Agent[02] SEER) (Agent[05] COMINGOUT Agent[05] SEER)) "
     "(ESTIMATE Agent[05] POSSESSED)", [("accuse", 5, None)]),
    ("AND (DAY 1 (DIVINED Agent[04] HUMAN)) (Agent[01] COMINGOUT Agent[01] SEER)",
     [("check", 4, "good"), ("role", None, None)]),
    ("OR (ESTIMATE Agent[04] WEREWOLF) (ESTIMATE Agent[03] WEREWOLF)", []),
    ("DAY 1 (Agent[02] DIVINED Agent[04] WEREWOLF)", []),  # another seat's result
    ("NOT (ESTIMATE Agent[04] WEREWOLF)", []), ("INQUIRE ANY (VOTE Agent[04])", []),
    ("VOTE Agent[04", []), ("ESTIMATE Agent[09] WEREWOLF", []),
])
def test_protocol_claims_are_what_the_speaker_asserts(
        talk: str, found: list[tuple[str, int | None, str | None]]) -> None:
    record = parse(WOLVES)
    assert [(c.kind, c.target, c.result) for c in claims(record, 1, [talk])] == found


def test_night_zero_is_check_only_and_the_seer_reads_the_possessed_as_good() -> None:
    imported = import_text("aiwolf", LOT)
    night1 = [e for e in of_type(imported, "night_action") if e["day"] == 1]
    assert [(e["action"], e["target"]) for e in night1 if e.get("final", True)] == [
        ("check", 3)]  # wolves.first_night_kill = false: no attack on night 0
    assert [(e["target"], e["result"]) for e in of_type(imported, "check_result")] == [
        (3, "good")]


def test_a_revote_still_tied_is_drawn_by_lot_as_recorded() -> None:
    imported = import_text("aiwolf", LOT)
    assert [(e["seat"], e["cause"]) for e in of_type(imported, "death")] == [(2, "vote")]
    assert of_type(imported, "game_end")[0]["winner"] == "village"
    assert (imported.header.seed or 0) > 0  # seed 0 draws another seat


def test_medium_learns_each_execution_and_the_guard_blocks_the_attack() -> None:
    imported = import_text("aiwolf", VILLAGE)
    medium = [(e["day"], e["target"], e["result"]) for e in of_type(imported, "check_result")
              if e["seat"] == 2]
    assert medium == [(2, 4, "werewolf"), (3, 5, "werewolf")]
    assert all(e["audience"] == [2] for e in of_type(imported, "check_result") if e["seat"] == 2)
    protects = [(e["day"], e["target"]) for e in of_type(imported, "night_action")
                if e["action"] == "protect"]
    assert protects == [(1, None), (2, 1), (3, 2)]  # night 0: AIWolf guards nobody
    assert [(e["day"], e["seat"]) for e in of_type(imported, "death")] == [
        (1, 4), (2, 5), (3, 8), (3, 6)]
    assert imported.header.seats[1].name == "Beech"
    # AIWolf plays the night after the last wolf's execution; we end at once
    assert imported.differences == ["day 4: seat 1 check: recorded {'target': 7} never asked"]


@pytest.mark.slow
def test_an_execution_the_votes_do_not_give_is_a_mismatch() -> None:
    imported = import_text("aiwolf", WOLVES.replace("1,execute,1,SEER", "1,execute,3,POSSESSED"))
    assert "day 1: the record has 3 die, the engine 1" in imported.mismatches


@pytest.mark.parametrize(("text", "message"), [
    ("", "empty log"),
    ("0,status,1,SEER,ALIVE\n", "needs 4 fields"),
    ("0,gossip,1,2\n", "line 1: not an AIWolf log line"),
    (WOLVES.replace("0,status,5,VILLAGER", "0,status,5,FOX"), "unsupported role 'FOX'"),
    (WOLVES.replace("1,vote,5,3", "1,vote,5,9"), "seat 9 is not at a 5-seat table"),
    (WOLVES.replace("3,result,0,1,WEREWOLF\n", ""), "no result line"),
])
def test_malformed_logs_are_record_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        import_text("aiwolf", text)
