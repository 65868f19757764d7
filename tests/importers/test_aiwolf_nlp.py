"""AIWolf server semantics in imports: the aiwolf-nlp server's log format and rules
(no revote, self-votes, abstentions, attack by lot or none), the 2024 nlp server (one
name, no revote) and the classic server's attack drawn among all humans when no wolf
vote counts."""

from __future__ import annotations

import pytest

from arena.app.importers.aiwolf import parse, spoken
from tests.importers.helpers import fixture, import_text, of_type

LOT = fixture("aiwolf-nlp-5-lot.log")
ATTACK = fixture("aiwolf-nlp-9-attack.log")
SERVER = fixture("aiwolf-5-server-attack.log")
UNVOTED = fixture("aiwolf-7-server-lot.log")
NLP2024 = fixture("aiwolf-nlp2024-5-lot.log")


# the three fixtures below match their records and replay: tests/importers/test_aiwolf.py


@pytest.mark.parametrize(("turn", "said"), [
    ("Hello all. Over,1778650000", "Hello all."),
    ("Nice to meet you, everyone.,1778650002", "Nice to meet you, everyone."),
    ("Over,1778650003", ""), ("Skip", ""), ("Force_Skip,1778650003", ""),
    ("Game over in 1999", "Game over in 1999"),
])
def test_timestamps_and_passes_are_not_speech(turn: str, said: str) -> None:
    assert spoken(turn) == said


def test_nlp_status_lines_choose_the_nlp_preset_and_the_game_name() -> None:
    record = parse(LOT)
    assert record.preset == "aiwolf-nlp-5"
    assert record.names == ("Alder", "Birch", "Cedar", "Dogwood", "Elm")
    assert parse(ATTACK).preset == "aiwolf-nlp-9"


def test_nlp_speeches_drop_timestamps_over_and_skip() -> None:
    imported = import_text("aiwolf", LOT)
    day1 = {e["seat"]: e["text"] for e in of_type(imported, "speech") if e["day"] == 1}
    assert day1[1] == "Hello all.\nI am the seer. Cedar is human."
    assert day1[3] == "Nice to meet you, everyone.\nI will vote for myself, to be honest."
    assert day1[2] == "" and day1[5] == ""


def test_nlp_self_votes_count_a_missing_ballot_abstains_and_a_tie_is_drawn_at_once() -> None:
    imported = import_text("aiwolf", LOT)
    day1 = [e for e in of_type(imported, "vote") if e["day"] == 1]
    assert [(e["seat"], e["target"]) for e in day1] == [(1, 4), (2, 3), (3, 3), (4, 4),
                                                        (5, None)]
    results = [(e["day"], e["round"], e["tie"]) for e in of_type(imported, "vote_result")]
    assert results == [(1, 1, [3, 4]), (2, 1, [1, 2])]  # no revote round
    assert [(e["day"], e["seat"]) for e in of_type(imported, "death")] == [(1, 4), (2, 2)]
    assert not [d for d in imported.differences if "vote" in d]  # abstention: no note


def test_nlp_attack_minus_one_is_no_attack() -> None:
    """``attack,-1,true``: the wolf's self-vote did not count, so nobody died."""
    imported = import_text("aiwolf", LOT)
    assert [e["target"] for e in of_type(imported, "night_action")
            if e["action"] == "kill" and e.get("final", True)] == [None]
    assert "day 2: seat 2 kill: the engine refuses {'target': 2} (kill: 2 is not one of " \
           "[1, 3, 5])" in imported.differences


def test_nlp_tied_attack_is_drawn_by_lot_and_a_guarded_attack_kills_nobody() -> None:
    imported = import_text("aiwolf", ATTACK)
    kills = [(e["day"], e["seat"], e["target"]) for e in of_type(imported, "night_action")
             if e["action"] == "kill"]
    assert kills == [(2, 7, 5), (2, 8, 6), (2, 7, 6), (3, 8, 3), (3, 8, 3)]
    assert [(e["day"], e["seat"]) for e in of_type(imported, "death")] == [
        (1, 4), (2, 6), (2, 7), (3, 8)]


def test_classic_server_draws_the_victim_when_no_wolf_votes() -> None:
    """No attackVote line: the server's lot killed 5, given as the wolf's kill (noted),
    so no seed has to be searched for."""
    imported = import_text("aiwolf", SERVER)
    assert [(e["day"], e["seat"], e["cause"]) for e in of_type(imported, "death")] == [
        (1, 3, "vote"), (2, 5, "night"), (2, 2, "vote")]
    assert imported.differences[0] == ("night 2: no attack vote counts in the log, the "
                                       "server drew 5 by lot: given as seat 2's kill")
    assert imported.header.seed == 0


def test_a_revote_replaces_the_attack_votes_and_an_uncounted_vote_is_the_lot() -> None:
    """Night 2: the wolves tie (2 -> 6, 5 -> 3) and revote, only 5 votes again: his
    vote alone counts. Night 3: only wolf 2, executed that day, voted (the server drops
    his vote), so the lot fell on the guarded seer (attack,1,false)."""
    imported = import_text("aiwolf", UNVOTED)
    kills = [(e["day"], e["seat"], e["target"]) for e in of_type(imported, "night_action")
             if e["action"] == "kill" and not e.get("final", True)]
    assert kills == [(2, 2, None), (2, 5, 3), (3, 5, 1)]
    assert [(e["day"], e["seat"]) for e in of_type(imported, "death")] == [
        (1, 7), (2, 3), (2, 2), (3, 5)]
    assert [d for d in imported.differences if d.startswith("night")] == [
        "night 3: no attack vote counts in the log, the server drew 1 by lot: given as "
        "seat 5's kill"]
    assert imported.header.seed == 0


def test_the_2024_nlp_server_logs_one_name_and_draws_a_tie_at_once() -> None:
    """One-name status lines but natural-language talk: the 2024 contest server, the
    classic rules without a revote (vote.tie = random)."""
    record = parse(NLP2024)
    assert (record.preset, record.rules) == ("aiwolf-5", {"vote.tie": ["random"]})
    assert parse(SERVER).rules == {} and parse(fixture("aiwolf-5-wolves.log")).rules == {}
    imported = import_text("aiwolf", NLP2024)
    assert imported.header.rules["vote.tie"] == ["random"]
    results = [(e["day"], e["round"], e["tie"]) for e in of_type(imported, "vote_result")]
    assert results == [(1, 1, [1, 3]), (2, 1, [])]
    assert [(e["day"], e["seat"]) for e in of_type(imported, "death")] == [
        (1, 1), (2, 5), (2, 2)]
    assert of_type(imported, "game_end")[0]["winner"] == "wolves"
