"""Scenario files as files: rule values read as with --set, entries and seat attributes
checked by type with one-line errors, and entries a game never used reported.
"""

from __future__ import annotations

import asyncio
import tomllib
from pathlib import Path

import pytest

from agents import make_agent
from agents.scripted import ScenarioError
from arena.app import scenario
from arena.app.cli import main
from arena.app.tournament.config import TournamentError, parse_config
from arena.engine import RuleError, make_rules
from arena.engine.config import parse_rule_value
from arena.engine.game import run_game
from tests.rules.test_day_common import PLAIN7, game, wolves_kill

CLASSIC8 = 'preset = "classic-8"\n'
SHORT = {"sheriff.election": "none", "game.max_days": 1}


def rules_of(text: str) -> dict[str, object]:
    return scenario.parse(tomllib.loads(CLASSIC8 + "[rules]\n" + text)).config.rules.key_values()


# --- rule values: one reading for files and --set (C13, C3, C27) ------------------------

@pytest.mark.parametrize(("key", "single", "as_list"), [
    ("vote.tie", '"none"', ["none"]),
    ("vote.tie", '"revote_once,random"', ["revote_once", "random"]),
    ("hunter.blocked_causes", '"poison"', ["poison"]),
    ("hunter.blocked_causes", '"poison, lover"', ["poison", "lover"]),
    ("night.order", '"seer,werewolf,witch,guard"', ["seer", "werewolf", "witch", "guard"]),
])
def test_a_single_value_or_text_is_a_list_where_a_list_is_expected(
        key: str, single: str, as_list: list[str]) -> None:
    """A list key given one value, or "a,b" text, reads as the list (as --set reads it)."""
    assert rules_of(f'"{key}" = {single}\n')[key] == as_list
    assert rules_of(f'"{key}" = {as_list!r}\n'.replace("'", '"'))[key] == as_list
    text = single.strip('"')
    assert make_rules(overrides={key: parse_rule_value(key, text)}).key_values()[key] == as_list


def test_text_values_read_as_with_set() -> None:
    values = rules_of('"witch.self_save" = "false"\n"sheriff.vote_weight" = "1.5"\n')
    assert values["witch.self_save"] is False
    assert values["sheriff.vote_weight"] == 1.5


@pytest.mark.parametrize("text", ['"vote.tie" = "coin"\n', '"hunter.blocked_causes" = 3\n',
                                  '"night.order" = "seer,wizard"\n'])
def test_a_bad_single_value_is_still_an_error(text: str) -> None:
    key = text.split('"')[1]
    with pytest.raises(ScenarioError, match=key.replace(".", r"\.")):
        rules_of(text)


def test_the_tournament_config_reads_rule_values_the_same_way() -> None:
    base = 'name = "t"\npresets = ["classic-8"]\n[agents.bot]\nagent = "random"\n[rules]\n'
    config = parse_config(base + '"vote.tie" = "random"\n"hunter.blocked_causes" = "poison"\n',
                          "t.toml")
    rules = config.game_config("classic-8").rules.key_values()
    assert rules["vote.tie"] == ["random"]
    assert rules["hunter.blocked_causes"] == ["poison"]
    with pytest.raises(TournamentError, match=r"vote\.tie"):
        parse_config(base + '"vote.tie" = 2\n', "t.toml")


def test_an_unknown_key_is_named() -> None:
    with pytest.raises(RuleError, match=r"vote\.tied"):
        make_rules({"vote.tied": "none"})


# --- scripted entries are checked by type ------------------------------------------------

@pytest.mark.parametrize(("seats", "words"), [
    ("[seats.3]\nvote = [true]\n", ["seat 3, vote #1", "True", "seat number"]),
    ("[seats.1]\nkill = [5, 3.7]\n", ["seat 1, kill #2", "3.7", "seat number"]),
    ('[seats.1]\nkill = "3"\n', ["seat 1, kill #1", "'3'"]),
    ("[seats.4]\nsave = [1]\n", ["seat 4, save #1", "true or false"]),
    ("[seats.4]\nsave = \"yes\"\n", ["seat 4, save #1", "true or false"]),
    ("[seats.3]\nspeak = [3]\n", ["seat 3, speak #1", "a string or a table"]),
    ('[seats.3]\nspeak = [{text = "hi", claims = [{kind = "check", target = true}]}]\n',
     ["seat 3, speak #1", "a string or a table"]),
    ('[seats.3]\nspeak = [{txt = "hi"}]\n', ["seat 3, speak #1", "txt"]),
    ('[seats.3]\nbelief = [{"1" = {werewolf = true}}]\n', ["seat 3, belief #1"]),
    ("[seats.3.day2]\nvote = [1, false]\n", ["seat 3, day2.vote #2", "False"]),
], ids=["vote-bool", "kill-float", "kill-text", "save-number", "save-text", "speech-number",
        "claim-seat-bool", "speech-unknown-key", "belief-bool", "by-day-vote-bool"])
def test_a_wrongly_typed_entry_is_a_one_line_error(tmp_path: Path, seats: str,
                                                    words: list[str]) -> None:
    path = tmp_path / "typed.toml"
    path.write_text(CLASSIC8 + seats, encoding="utf-8")
    with pytest.raises(ScenarioError) as err:
        scenario.load(path)
    line = str(err.value)
    assert "\n" not in line
    for word in [str(path), *words]:
        assert word in line


def test_a_pair_entry_names_whole_seats() -> None:
    with pytest.raises(ScenarioError, match=r"link #1: entry \[1, True\]"):
        scenario.parse(tomllib.loads('roles = ["cupid", "werewolf", "villager", "villager"]\n'
                                     "[seats.1]\nlink = [1, true]\n"))


def test_well_typed_entries_load_as_decisions() -> None:
    scen = scenario.parse(tomllib.loads(CLASSIC8 + (
        '[seats.1]\nkill = [5, "none"]\n[seats.4]\nsave = true\n'
        '[seats.3]\nspeak = [{text = "seer here", claims = [{kind = "check", target = 1, '
        'result = "wolf"}]}]\nbelief = {"1" = {werewolf = 1}}\n')))
    queues = {seat: q for seat, (q, _) in scen.scripts.items()}
    assert [e.decision.target for e in queues[1]["kill"]] == [5, None]
    assert queues[4]["save"][0].decision.yes is True
    speech = queues[3]["speak"][0].decision
    assert (speech.text, speech.claims[0].target) == ("seer here", 1)
    assert queues[3]["belief"][0].decision.beliefs == {"1": {"werewolf": 1.0}}


# --- seat attributes (project decision 5) ------------------------------------------------

@pytest.mark.parametrize(("attributes", "words"), [
    ('gender = "other"', ["attributes.2.gender", "female"]),
    ("age = true", ["attributes.2.age", "integer"]),
    ("age = 34.5", ["attributes.2.age", "integer"]),
    ("age = 0", ["attributes.2.age", "1"]),
    ("age = 300", ["attributes.2.age", "120"]),
    ("height = 180", ["attributes.2.height"]),
])
def test_bad_seat_attributes_are_one_line_errors(attributes: str, words: list[str]) -> None:
    with pytest.raises(ScenarioError) as err:
        scenario.parse(tomllib.loads(f"{CLASSIC8}[attributes.2]\n{attributes}\n"), "s.toml")
    for word in ["s.toml", *words]:
        assert word in str(err.value)


def test_given_attributes_are_kept() -> None:
    scen = scenario.parse(tomllib.loads(f'{CLASSIC8}[attributes.2]\ngender = "male"\n'
                                        "[attributes.3]\nage = 120\n"))
    assert scen.config.attributes == {2: {"gender": "male"}, 3: {"age": 120}}


# --- entries a game never asked for -------------------------------------------------------

UNUSED = game(PLAIN7, SHORT, wolves_kill([3, 4, 5]) + "[seats.4]\nvote = [1]\n"
              "[seats.4.day2]\nvote = 2\n")


def test_entries_never_used_are_listed_per_seat() -> None:
    """A one-day game uses one kill and seat 4's day-1 vote: the rest are listed in order."""
    scen = scenario.parse(tomllib.loads(UNUSED))
    agents = scen.agents(lambda spec, seat: make_agent(spec, seat, scen.seed))
    asyncio.run(run_game(scen.config, dict(agents), seed=scen.seed, deal=scen.deal))
    assert scen.unused() == [
        "seat 1: 2 scripted entries never used: kill #2, kill #3",
        "seat 2: 2 scripted entries never used: kill #2, kill #3",
        "seat 4: 1 scripted entry never used: day2.vote #1",
    ]


def test_play_warns_of_unused_entries_on_stderr(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "long.toml"
    path.write_text(UNUSED, encoding="utf-8")
    assert main(["play", "--scenario", str(path), "--out", str(tmp_path / "g.jsonl")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err == ["arena: warning: seat 1: 2 scripted entries never used: kill #2, kill #3",
                   "arena: warning: seat 2: 2 scripted entries never used: kill #2, kill #3",
                   "arena: warning: seat 4: 1 scripted entry never used: day2.vote #1"]


def test_a_script_the_game_uses_up_gives_no_warning(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "exact.toml"
    path.write_text(game(PLAIN7, SHORT, wolves_kill([3])), encoding="utf-8")
    main(["play", "--scenario", str(path), "--out", str(tmp_path / "g.jsonl")])
    assert capsys.readouterr().err == ""
