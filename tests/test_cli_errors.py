"""The terminal and the CLI: listings readable at 80 columns with no cut cell,
bad ``--timeout`` values refused, a spoiler-free seat page, Ctrl-D said once, a clean
install log."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from agents.random import RandomAgent
from agents.terminal_view import TerminalView
from arena import presets
from arena.app.cli import main
from arena.app.render.game_story import build_story
from arena.engine import GameConfig, run_game
from arena.engine.events import BaseEvent, Candidacy, Fallback
from arena.engine.roles import ROLES

ROOT = Path(__file__).resolve().parents[1]


def output(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


@pytest.mark.parametrize("command", ["presets", "rules"])
def test_listings_cut_no_cell_at_80_columns(command: str, capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = output(capsys, command)
    assert "…" not in out
    assert max(len(line.rstrip()) for line in out.splitlines()) <= 80


def test_presets_shows_each_preset_s_whole_deal(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    flat = " ".join(output(capsys, "presets").split())
    for name in presets.preset_names():
        config = presets.load_preset(name)
        deal = ", ".join(f"{n}×{c}" if c > 1 else n for n, c in config.roles.items())
        assert f"{name} — {config.players} players roles: {deal}" in flat, name
    assert "['" not in flat  # lists print as they are typed: a,b


def test_rules_prints_every_role_summary_whole(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = output(capsys, "rules")
    words = set(re.findall(r"[\w']+", out))
    for spec in ROLES.values():
        assert set(re.findall(r"[\w']+", spec.summary)) <= words, spec.name


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-3"])
def test_a_bad_timeout_is_a_one_line_error(value: str, capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--games", "1", "--agents", "random", f"--timeout={value}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("arena: error: --timeout ") and err.count("\n") == 1


def test_simulate_says_its_seed_and_documents_its_options(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert "base seed 7" in output(capsys, "simulate", "--games", "2", "--agents", "random",
                                   "--seed", "7")
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    helped = " ".join(capsys.readouterr().out.split())
    assert "--games GAMES how many games" in helped and "--json print the summary" in helped


@pytest.fixture(scope="module")
def game() -> list[BaseEvent]:
    config = GameConfig(roles={"werewolf": 3, "seer": 1, "witch": 1, "hunter": 1,
                               "villager": 4}, rules={"reveal.night_death": True})
    agents = {s: RandomAgent(seed=s) for s in range(1, 11)}
    return list(asyncio.run(run_game(config, dict(agents), seed=11)).events)


def test_a_seat_s_page_lists_only_what_it_knew_at_the_deal(game: list[BaseEvent]) -> None:
    header = {"seats": [{"seat": s, "name": f"P{s}"} for s in range(1, 11)],
              "roles": {str(s): "villager" for s in range(1, 11)}}
    for seat in range(1, 11):
        story = build_story(header, game, seat)
        shown = [card.seat for card in story.seats if card.role]
        assert seat in shown
        assert len(shown) in (1, 3), (seat, shown)  # itself, or itself and its pack


def test_ctrl_d_is_said_once_not_at_every_decision(game: list[BaseEvent]) -> None:
    closed = [Fallback(seq=1000 + n, day=1, phase="day", audience=(2,), seat=2, kind="vote",
                       reason="error: InputClosed: input has ended") for n in range(4)]
    out = io.StringIO()
    view = TerminalView(Console(file=out, width=200, color_system=None), seat=2)
    for event in [*game[:3], *closed]:
        view(event)
    view.flush()
    text = out.getvalue()
    assert "InputClosed" not in text and "(error" not in text
    assert text.count("input has ended") == 1


def test_the_install_log_is_clean() -> None:
    """`make play` installs the package: the license is an SPDX string (a TOML table makes
    setuptools print a deprecation banner at each build step), with the setuptools that
    reads it, and the unused websockets dependency is gone."""
    pyproject = (ROOT / "pyproject.toml").read_text()
    assert 'license = "MIT"' in pyproject and "license = {" not in pyproject
    assert '"setuptools>=77"' in pyproject and "websockets" not in pyproject


def test_candidates_are_printed_before_the_sheriff_vote_is_asked() -> None:
    """Live, the view prints a batch's summary before the engine asks anyone, so the
    sheriff vote's prompt never comes before "Running for sheriff"."""
    out = io.StringIO()
    view = TerminalView(Console(file=out, width=200, color_system=None), seat=2)

    async def live() -> str:
        for seat in (1, 2, 3):
            view(Candidacy(seq=seat, day=1, phase="day", audience="public", seat=seat,
                           running=seat != 2))
        await asyncio.sleep(0)  # the engine awaits the next decision
        return out.getvalue()

    printed = asyncio.run(live())
    assert "Running for sheriff: 1, 3" in printed
