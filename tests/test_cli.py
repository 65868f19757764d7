"""The ``arena`` command: play, simulate, replay, presets, rules, and its one-line errors.

Commands run in-process through ``arena.app.cli.main`` (fast); two checks run the installed
console script end to end.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from arena import presets
from arena.app.cli import main, parser
from arena.app.commands._game_setup import build_setup
from arena.app.seeds import game_seed
from arena.engine.config import RULE_KEYS
from arena.engine.roles import ROLES

Run = Callable[..., tuple[int, str, str]]

SCENARIO_DEAL = ('roles = ["werewolf", "werewolf", "seer", "witch", '
                 '"villager", "villager", "villager", "villager"]\n')


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run in a scratch directory (a default transcript never lands in the repo), wide."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "160")


@pytest.fixture
def run(capsys: pytest.CaptureFixture[str]) -> Run:
    def call(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        out, err = capsys.readouterr()
        return code, out, err

    return call


def play_random(run: Run, out: Path, *extra: str, seed: int = 3) -> str:
    code, stdout, err = run("play", "--agents", "random", "--seed", str(seed),
                            "--out", str(out), *extra)
    assert err == ""
    assert code == 0, stdout
    assert out.exists()
    return stdout


def body(output: str) -> list[str]:
    """Rendered game lines: without play's banner and transcript footer."""
    lines = [line.rstrip() for line in output.splitlines()]
    if lines and lines[0].startswith("Werewolf Arena ·"):
        lines = lines[1:]
    footer = [i for i, line in enumerate(lines) if line.startswith("Transcript: ")]
    if footer:
        lines = lines[: footer[-1]]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def roles_of(path: Path) -> dict[int, str]:
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    return {int(seat): role for seat, role in header["roles"].items()}


# --- play --------------------------------------------------------------------------------


def test_play_writes_a_transcript_that_verifies(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    stdout = play_random(run, out)
    assert "seed 3" in stdout
    assert str(out) in stdout
    assert "Game over" in stdout
    code, verified, err = run("replay", str(out), "--verify")
    assert (code, err) == (0, "")
    assert verified.startswith("OK")


def test_play_is_reproducible_for_a_seed(run: Run, tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    play_random(run, first, seed=11)
    play_random(run, second, seed=11)
    assert first.read_text().splitlines()[1:] == second.read_text().splitlines()[1:]


def test_god_view_shows_the_night_and_public_view_does_not(run: Run, tmp_path: Path) -> None:
    public = play_random(run, tmp_path / "public.jsonl")
    god = play_random(run, tmp_path / "god.jsonl", "--god")
    for night_word in ("checks", "proposes to kill", "[wolf chat]", "Roles:"):
        assert night_word in god
        assert night_word not in public
    assert "God view" in god
    assert "Public view" in public


@pytest.mark.parametrize("seat", [2, 7])
def test_play_as_seat_matches_replay_of_that_seat(run: Run, tmp_path: Path, seat: int) -> None:
    path = tmp_path / "seat.jsonl"
    live = play_random(run, path, "--as-seat", str(seat))
    code, replayed, err = run("replay", str(path), "--seat", str(seat))
    assert (code, err) == (0, "")
    assert body(live) == body(replayed)
    assert f"Seat view: what P{seat} (seat {seat}) sees" in live
    role = roles_of(path)[seat]
    assert f"You are P{seat} (seat {seat}): {role}" in live
    assert re.findall(r"You are P\d+ \(seat (\d+)\)", live) == [str(seat)]
    assert "Roles:" not in live  # the god's list of every card


def test_each_seat_sees_only_its_own_secrets(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_random(run, path)
    roles = roles_of(path)
    for seat, role in roles.items():
        code, view, err = run("replay", str(path), "--seat", str(seat))
        assert (code, err) == (0, "")
        wolf = role == "werewolf"
        assert ("checks" in view) == (role == "seer"), seat
        assert ("is shown the wolves' target" in view) == (role == "witch"), seat
        assert ("proposes to kill" in view) == wolf, seat
        assert ("[wolf chat]" in view) == wolf, seat
        assert ("Wolf team:" in view) == wolf, seat
        assert ("links" in view) == (role == "cupid"), seat
        assert "[true cause" not in view  # god only
        assert "Roles:" not in view


# --- simulate ----------------------------------------------------------------------------


def test_simulate_json_summary(run: Run) -> None:
    code, out, err = run("simulate", "--games", "20", "--json", "--agents", "random",
                         "--seed", "1")
    assert (code, err) == (0, "")
    summary = json.loads(out)
    assert summary["games"] == 20
    assert sum(summary["wins"].values()) == 20
    assert set(summary["wins"]) <= {"village", "wolves", "lovers", "draw"}
    assert summary["mean_days"] >= 1
    assert summary["games_per_second"] > 0
    assert summary["preset"] == "classic-12"


def test_simulate_out_dir_writes_one_transcript_per_game(run: Run, tmp_path: Path) -> None:
    out_dir = tmp_path / "games"
    code, out, err = run("simulate", "--games", "5", "--json", "--agents", "random",
                         "--preset", "classic-8", "--seed", "40", "--out-dir", str(out_dir))
    assert (code, err) == (0, "")
    assert json.loads(out)["games"] == 5
    files = sorted(out_dir.glob("*.jsonl"))
    assert len(files) == 5
    seeds = {json.loads(f.read_text().splitlines()[0])["seed"] for f in files}
    assert seeds == {game_seed(40, i) for i in range(5)}
    code, verified, _ = run("replay", str(files[0]), "--verify")
    assert code == 0 and verified.startswith("OK")


# --- presets and rules -------------------------------------------------------------------


def test_presets_lists_every_preset_at_terminal_width(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # a standard terminal, or `arena presets | grep`
    code, out, err = run("presets")
    assert (code, err) == (0, "")
    names = presets.preset_names()
    assert "classic-12" in names and "fanlang-9" in names
    for name in names:
        assert name in out, f"{name} missing from `arena presets`"


def test_presets_explains_one(run: Run) -> None:
    code, out, err = run("presets", "fanlang-9")
    assert (code, err) == (0, "")
    assert "fanlang-9" in out
    assert "9 players" in out
    for role in ("werewolf×3", "seer", "witch", "hunter", "villager×3"):
        assert role in out
    assert "sheriff.election = none" in out
    assert "wolves.self_destruct" in out


def test_rules_lists_every_key_and_role_at_terminal_width(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # a standard terminal, or `arena rules | grep`
    code, out, err = run("rules")
    assert (code, err) == (0, "")
    missing = [key for key in RULE_KEYS if key not in out]
    assert not missing, f"rule keys missing from `arena rules`: {missing}"
    for role in ROLES.values():
        assert role.name in out
        assert role.zh in out


def test_rules_lists_every_key_when_wide(run: Run) -> None:
    code, out, _ = run("rules")
    assert code == 0
    assert [key for key in RULE_KEYS if key not in out] == []


# --- the default game --------------------------------------------------------------------


def test_play_without_options_is_classic_12_with_heuristic_bots() -> None:
    setup = build_setup(parser().parse_args(["play"]))
    assert setup.config.preset == "classic-12"
    assert setup.config.players == 12
    assert setup.specs == dict.fromkeys(range(1, 13), "heuristic")
    agents = setup.agents(setup.seed)
    assert sorted(agents) == list(range(1, 13))
    assert {type(agent).__name__ for agent in agents.values()} == {"HeuristicAgent"}


def test_timeout_option_reaches_the_setup() -> None:
    assert build_setup(parser().parse_args(["play", "--timeout", "2.5"])).timeout_s == 2.5
    assert build_setup(parser().parse_args(["simulate"])).timeout_s == 60


def test_seat_option_overrides_one_seat() -> None:
    setup = build_setup(parser().parse_args(
        ["play", "--agents", "random", "--seat", "3=passive", "--seed", "1"]))
    assert setup.specs[3] == "passive"
    assert {s for s, spec in setup.specs.items() if spec == "random"} == set(range(1, 13)) - {3}


# --- bad input: one line, exit 2, no traceback ---------------------------------------------


def write(path: Path, text: str) -> str:
    path.write_text(text, encoding="utf-8")
    return str(path)


def assert_user_error(result: tuple[int, str, str], *words: str) -> str:
    code, out, err = result
    assert "Traceback" not in out + err
    assert code == 2, (out, err)
    lines = err.strip("\n").splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("arena: error: ")
    for word in words:
        assert word in lines[0]
    return lines[0]


GAME_ERRORS = {
    "unknown preset": (["--preset", "classic-99"], ["classic-99"]),
    "unknown role": (["--roles", "werewolf=2,wizard=1,villager=4"], ["wizard"]),
    "role count not a number": (["--roles", "werewolf=two,villager=4"], ["werewolf=two"]),
    "deal without a wolf": (["--roles", "villager=3"], ["werewolf"]),
    "deal without a good player": (["--roles", "werewolf=4"], ["good"]),
    "unique role twice": (["--roles", "werewolf=2,seer=2,villager=3"], ["seer"]),
    "unknown rule key": (["--set", "seer.colour=red"], ["seer.colour"]),
    "bad enum rule value": (["--set", "seer.result=banana"], ["seer.result"]),
    "rule value out of range": (["--set", "witch.max_per_night=7"], ["witch.max_per_night"]),
    "rule value not a number": (["--set", "speech.max_chars=lots"], ["speech.max_chars"]),
    "--set without =": (["--set", "seer.result"], ["KEY=VALUE"]),
    "--seat out of range": (["--seat", "13=random"], ["13"]),
    "--seat zero": (["--seat", "0=random"], ["0"]),
    "--seat without =": (["--seat", "3"], ["N=SPEC"]),
    "unknown agent": (["--agents", "genius"], ["genius"]),
    "unknown agent for one seat": (["--seat", "4=genius"], ["genius"]),
    "model without its key": (["--agents", "openai:gpt-4o-mini"], ["openai:gpt-4o-mini"]),
    "model without its key for one seat": (["--seat", "2=anthropic:claude"], ["anthropic"]),
    "web seat outside the server": (["--seat", "2=web"], ["arena serve"]),
    "zero timeout": (["--timeout", "0"], ["--timeout"]),
    "negative timeout": (["--timeout", "-5"], ["--timeout"]),
}


@pytest.mark.parametrize("command", ["play", "simulate"])
@pytest.mark.parametrize("case", sorted(GAME_ERRORS))
def test_bad_game_options_are_one_line_errors(run: Run, tmp_path: Path, command: str,
                                              case: str) -> None:
    argv, words = GAME_ERRORS[case]
    out_option = ["--out", str(tmp_path / "x.jsonl")] if command == "play" else [
        "--games", "2", "--out-dir", str(tmp_path / "games")]
    assert_user_error(run(command, *argv, "--seed", "1", *out_option), *words)
    assert not (tmp_path / "x.jsonl").exists()  # nothing played


def test_simulate_refuses_a_human_seat(run: Run, tmp_path: Path) -> None:
    """Nobody sits through hundreds of games: simulate names the human seat and stops."""
    assert_user_error(run("simulate", "--seat", "4=human", "--games", "2", "--out-dir",
                          str(tmp_path / "games")), "seat 4", "human")
    assert not (tmp_path / "games").exists()


def test_missing_scenario_file(run: Run, tmp_path: Path) -> None:
    assert_user_error(run("play", "--scenario", str(tmp_path / "nope.toml")), "nope.toml")


@pytest.mark.parametrize(("text", "words"), [
    ("preset = \n", ["not TOML"]),
    ('preset = "classic-8"\ncolour = "red"\n', ["colour"]),
    ('preset = "classic-8"\n[seats.9]\nvote = 1\n', ["seats.9"]),
    ('roles = ["werewolf", "wizard", "villager", "villager"]\n', ["wizard"]),
    ('preset = "classic-8"\n[rules]\n"seer.result" = "banana"\n', ["seer.result"]),
    ('preset = "classic-8"\n[seats.3]\nfly = 3\n', ["fly"]),
    ('preset = "classic-8"\n[seats.3.day2]\nfly = 3\n', ["fly"]),
], ids=["not-toml", "unknown-field", "seat-out-of-range", "unknown-role", "bad-rule",
        "unknown-kind", "unknown-kind-by-day"])
def test_malformed_scenarios(run: Run, tmp_path: Path, text: str, words: list[str]) -> None:
    path = write(tmp_path / "bad.toml", text)
    assert_user_error(run("play", "--scenario", path, "--out", str(tmp_path / "s.jsonl")),
                      *words)


def test_scenario_wolf_killing_himself_when_not_allowed(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "selfkill.toml", 'preset = "classic-8"\n' + SCENARIO_DEAL + (
        '[rules]\n"wolves.allow_wolf_target" = false\n[seats.1]\nkill = 1\n'))
    line = assert_user_error(run("play", "--scenario", path, "--out",
                                 str(tmp_path / "s.jsonl")), "seat 1", "kill")
    assert "illegal" in line
    assert "[3, 4, 5, 6, 7, 8, 'none']" in line  # the legal options: no wolf


def test_scenario_seer_checking_himself(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "selfcheck.toml",
                 'preset = "classic-8"\n' + SCENARIO_DEAL + "[seats.3]\ncheck = 3\n")
    assert_user_error(run("play", "--scenario", path, "--out", str(tmp_path / "s.jsonl")),
                      "seat 3", "check", "illegal")


def test_scenario_killing_a_dead_seat(run: Run, tmp_path: Path) -> None:
    # Night 1 the wolves kill 5 (the passive witch does not save); night 2 seat 1 names 5.
    path = write(tmp_path / "dead.toml", 'preset = "classic-8"\n' + SCENARIO_DEAL + (
        "[seats.1]\nkill = [5, 5]\n[seats.2]\nkill = [5, 6]\n"))
    assert_user_error(run("play", "--scenario", path, "--out", str(tmp_path / "s.jsonl")),
                      "seat 1", "kill entry 5 on day 2", "illegal")


def test_scenario_speech_entry_of_the_wrong_type(run: Run, tmp_path: Path) -> None:
    """A number where a speech belongs is a malformed entry: it must stop the game."""
    path = write(tmp_path / "speech.toml", 'preset = "classic-8"\n' + SCENARIO_DEAL + (
        "[seats.5]\nspeak = [3]\n"))
    assert_user_error(run("play", "--scenario", path, "--out", str(tmp_path / "s.jsonl")),
                      "seat 5", "speak")


def test_scenario_claim_of_an_unknown_kind(run: Run, tmp_path: Path) -> None:
    """A claim kind outside role/check/accuse/vouch must not reach the transcript."""
    out = tmp_path / "s.jsonl"
    path = write(tmp_path / "claim.toml", 'preset = "classic-8"\n' + SCENARIO_DEAL + (
        '[seats.5]\nspeak = [{text = "hi", claims = [{kind = "bogus"}]}]\n'))
    assert_user_error(run("play", "--scenario", path, "--out", str(out)), "seat 5", "bogus")


def test_replay_of_a_missing_file(run: Run, tmp_path: Path) -> None:
    assert_user_error(run("replay", str(tmp_path / "gone.jsonl")), "gone.jsonl")
    assert_user_error(run("replay", str(tmp_path / "gone.jsonl"), "--verify"), "gone.jsonl")


def test_replay_of_a_file_that_is_not_a_transcript(run: Run, tmp_path: Path) -> None:
    path = write(tmp_path / "notes.jsonl", "just some notes\n")
    assert_user_error(run("replay", path), ":1:")
    assert_user_error(run("replay", path, "--verify"), ":1:")
    other = write(tmp_path / "other.jsonl", '{"type": "something else"}\n')
    assert_user_error(run("replay", other), ":1:")


def test_replay_of_a_corrupt_line_names_it(run: Run, tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    play_random(run, good)
    lines = good.read_text().splitlines()
    lines[6] = lines[6][: len(lines[6]) // 2]  # line 7, cut in half
    bad = write(tmp_path / "bad.jsonl", "\n".join(lines) + "\n")
    assert_user_error(run("replay", bad), f"{bad}:7:")
    assert_user_error(run("replay", bad, "--verify"), ":7:")


@pytest.mark.parametrize("field", ["seed", "roles"])
def test_verify_of_a_header_missing_a_field(run: Run, tmp_path: Path, field: str) -> None:
    good = tmp_path / "good.jsonl"
    play_random(run, good, "--preset", "classic-8")
    lines = good.read_text().splitlines()
    header = json.loads(lines[0])
    del header[field]
    bad = write(tmp_path / "bad.jsonl", "\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert_user_error(run("replay", bad, "--verify"))


def test_verify_of_a_header_whose_roles_do_not_match_the_deal(run: Run, tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    play_random(run, good, "--preset", "classic-8")
    lines = good.read_text().splitlines()
    header = json.loads(lines[0])
    header["roles"] = {str(seat): "villager" for seat in range(1, 9)}
    bad = write(tmp_path / "bad.jsonl", "\n".join([json.dumps(header), *lines[1:]]) + "\n")
    assert_user_error(run("replay", bad, "--verify"))


@pytest.mark.parametrize("seat", ["0", "13", "-1"])
def test_replay_seat_out_of_range(run: Run, tmp_path: Path, seat: str) -> None:
    path = tmp_path / "game.jsonl"
    play_random(run, path)
    assert_user_error(run("replay", str(path), "--seat", seat), seat, "1 to 12")


@pytest.mark.parametrize("seat", ["0", "13"])
def test_play_as_seat_out_of_range(run: Run, tmp_path: Path, seat: str) -> None:
    assert_user_error(run("play", "--agents", "random", "--seed", "3", "--as-seat", seat,
                          "--out", str(tmp_path / "x.jsonl")), seat)


def test_play_god_and_as_seat_together(run: Run, tmp_path: Path) -> None:
    assert_user_error(run("play", "--agents", "random", "--seed", "3", "--god", "--as-seat",
                          "3", "--out", str(tmp_path / "x.jsonl")))


def test_play_out_is_a_directory(run: Run, tmp_path: Path) -> None:
    assert_user_error(run("play", "--agents", "random", "--seed", "3", "--out", str(tmp_path)))


def test_simulate_negative_games(run: Run) -> None:
    assert_user_error(run("simulate", "--games", "-3", "--json", "--agents", "random"),
                      "--games")


# --- the console script, end to end ------------------------------------------------------


def arena_script() -> str:
    script = Path(sys.executable).with_name("arena")
    found = str(script) if script.exists() else shutil.which("arena")
    assert found, "the `arena` console script is not installed"
    return found


def test_console_script_play_and_verify(tmp_path: Path) -> None:
    arena = arena_script()
    out = tmp_path / "e2e.jsonl"
    played = subprocess.run([arena, "play", "--agents", "random", "--seed", "9", "--out",
                             str(out)], capture_output=True, text=True, timeout=60,
                            cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Game over" in played.stdout
    verified = subprocess.run([arena, "replay", str(out), "--verify"], capture_output=True,
                              text=True, timeout=60, cwd=tmp_path)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.startswith("OK")


def test_console_script_user_error(tmp_path: Path) -> None:
    done = subprocess.run([arena_script(), "play", "--preset", "nope"], capture_output=True,
                          text=True, timeout=60, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == ["arena: error: unknown preset 'nope' (see `arena presets`)"]
    assert not (tmp_path / "transcripts").exists()
