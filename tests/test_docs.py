"""The generated docs are fresh, the check catches stale ones, and the docs cover the code."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from arena.engine.config import RULE_KEYS, rule_help
from arena.engine.events import EVENT_TYPES, BaseEvent
from tests.helpers import load_script

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
COMMON = {"seq", "day", "phase", "type", "audience"}
GENERATED = {"transcript.schema.json", "rule-keys.md", "scenarios.md"}  # the last in part


@pytest.fixture
def gen_docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The gen_docs module, writing to (and checking) a scratch docs directory that holds
    the docs it generates blocks of."""
    module = load_script("gen_docs")
    monkeypatch.setattr(module, "DOCS", tmp_path)
    for name in module.BLOCKS:
        (tmp_path / name).write_text((DOCS / name).read_text(encoding="utf-8"), encoding="utf-8")
    return module


def run_main(module: ModuleType, monkeypatch: pytest.MonkeyPatch, *args: str) -> int:
    monkeypatch.setattr(sys, "argv", ["gen_docs.py", *args])
    code: int = module.main()
    return code


# --- gen_docs --check -------------------------------------------------------------------------


def test_generated_docs_are_fresh() -> None:
    done = subprocess.run([sys.executable, "scripts/gen_docs.py", "--check"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ""


def test_check_passes_on_what_it_generates(gen_docs: ModuleType,
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    assert run_main(gen_docs, monkeypatch) == 0
    assert {p.name for p in tmp_path.iterdir()} == GENERATED
    assert run_main(gen_docs, monkeypatch, "--check") == 0


@pytest.mark.parametrize(("name", "old", "new"), [
    ("transcript.schema.json", '"integer"', '"number"'),
    ("rule-keys.md", "seer", "prophet"),
    ("scenarios.md", "| `thief_shuffle` |", "| `thief_pick` |"),
])
def test_check_catches_a_stale_file(gen_docs: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                    tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    name: str, old: str, new: str) -> None:
    assert run_main(gen_docs, monkeypatch) == 0
    path = tmp_path / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    capsys.readouterr()
    assert run_main(gen_docs, monkeypatch, "--check") == 1
    out = capsys.readouterr().out
    assert name in out
    assert "stale" in out
    assert not [other for other in GENERATED - {name} if other in out]


@pytest.mark.parametrize("name", ["transcript.schema.json", "rule-keys.md"])
def test_check_catches_a_missing_file(gen_docs: ModuleType, monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      name: str) -> None:
    assert run_main(gen_docs, monkeypatch) == 0
    (tmp_path / name).unlink()
    capsys.readouterr()
    assert run_main(gen_docs, monkeypatch, "--check") == 1
    assert name in capsys.readouterr().out


def test_check_catches_a_code_change(gen_docs: ModuleType,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A rule whose help text changes in the code makes the committed docs stale."""
    assert run_main(gen_docs, monkeypatch) == 0
    rows = rule_help()
    changed = [(rows[0][0], rows[0][1], rows[0][2] + " (changed)"), *rows[1:]]
    monkeypatch.setattr(gen_docs, "rule_help", lambda: changed)
    assert run_main(gen_docs, monkeypatch, "--check") == 1


def test_a_draw_s_change_makes_its_block_stale_and_the_hand_text_stays(
        gen_docs: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """docs/scenarios.md's table of chance draws follows arena/engine/chance.py's
    registry; regenerating it leaves the rest of the page as written."""
    assert run_main(gen_docs, monkeypatch) == 0
    page = tmp_path / "scenarios.md"
    before = page.read_text(encoding="utf-8")
    monkeypatch.setitem(gen_docs.DRAWS, "O5", dataclasses.replace(gen_docs.DRAWS["O5"],
                                                                  when="the bolt (changed)."))
    assert run_main(gen_docs, monkeypatch, "--check") == 1
    assert run_main(gen_docs, monkeypatch) == 0
    after = page.read_text(encoding="utf-8")
    assert "| `O5` | the bolt (changed). | a seat |" in after
    lines_before, lines_after = before.splitlines(), after.splitlines()
    assert [a for a, b in zip(lines_before, lines_after, strict=True) if a != b] == [
        line for line in lines_before if line.startswith("| `O5` |")]


def test_a_page_without_its_block_markers_is_an_error(
        gen_docs: ModuleType, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    page = tmp_path / "scenarios.md"
    page.write_text(page.read_text(encoding="utf-8").replace("<!-- /draws -->", ""),
                    encoding="utf-8")
    with pytest.raises(ValueError, match="no generated block 'draws'"):
        run_main(gen_docs, monkeypatch)


def test_check_does_not_write(gen_docs: ModuleType, monkeypatch: pytest.MonkeyPatch,
                              tmp_path: Path) -> None:
    stale = tmp_path / "rule-keys.md"
    stale.write_text("old\n", encoding="utf-8")
    assert run_main(gen_docs, monkeypatch, "--check") == 1
    assert stale.read_text(encoding="utf-8") == "old\n"
    assert not (tmp_path / "transcript.schema.json").exists()


# --- docs cover the code ------------------------------------------------------------------


def documented_events() -> dict[str, set[str]]:
    """type -> field names, from the table in docs/transcript.md."""
    text = (DOCS / "transcript.md").read_text(encoding="utf-8")
    section = text.split("## Event types", 1)[1].split("\n## ", 1)[0]
    table: dict[str, set[str]] = {}
    for row in section.splitlines():
        if not row.startswith("| `"):
            continue
        cells = [cell.strip() for cell in row.strip().strip("|").split("|")]
        fields = re.sub(r"`[^`]*`", "", cells[1])
        while re.search(r"\([^()]*\)", fields):
            fields = re.sub(r"\([^()]*\)", "", fields)
        names = fields.split(":", 1)[0]
        table[cells[0].strip("`")] = {n.strip() for n in names.split(",") if n.strip()}
    return table


def test_every_event_type_is_documented() -> None:
    table = documented_events()
    assert EVENT_TYPES, "no event types registered"
    missing = sorted(set(EVENT_TYPES) - set(table))
    assert not missing, f"event types missing from docs/transcript.md: {missing}"
    extra = sorted(set(table) - set(EVENT_TYPES))
    assert not extra, f"docs/transcript.md documents unknown event types: {extra}"


@pytest.mark.parametrize("type_", sorted(EVENT_TYPES))
def test_documented_fields_match_the_event(type_: str) -> None:
    table = documented_events()
    if type_ not in table:
        pytest.fail(f"{type_} is not documented")
    cls: type[BaseEvent] = EVENT_TYPES[type_]
    assert table[type_] == set(cls.field_names) - COMMON


def test_common_fields_are_documented() -> None:
    text = (DOCS / "transcript.md").read_text(encoding="utf-8")
    section = text.split("## Common fields", 1)[1].split("\n## ", 1)[0]
    base = {f.name for f in dataclasses.fields(BaseEvent)}
    assert base
    for name in base | {"type"}:
        assert f"`{name}`" in section, name


def test_every_rule_key_is_in_rule_keys_md() -> None:
    text = (DOCS / "rule-keys.md").read_text(encoding="utf-8")
    rows = set(re.findall(r"^\| `([^`]+)` \|", text, re.M))
    assert RULE_KEYS
    assert set(RULE_KEYS) - rows == set()
    assert rows - set(RULE_KEYS) == set()


# --- README ---------------------------------------------------------------------------------


def test_readme_starts_with_make_play_and_make_test() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M)
    assert block, "README.md has no code block"
    commands = [line.split("#", 1)[0].strip() for line in block.group(1).splitlines()]
    commands = [c for c in commands if c]
    assert commands[:2] == ["make play", "make test"]
    # and the Makefile has both targets
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^play:", makefile, re.M)
    assert re.search(r"^test:", makefile, re.M)


def test_readme_links_resolve() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\((docs/[^)#]+)", text)
    assert links
    for link in links:
        assert (ROOT / link).exists(), link


def test_readme_agent_example_plays_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The "Write an agent" example runs as printed: both agents play a whole game."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Write an agent", 1)[1]
    code = re.search(r"^```python\n(.*?)^```", section, re.S | re.M)
    assert code, "the section has no Python example"
    exec(compile(code.group(1), "README.md", "exec"), {"__name__": "readme_example"})
    assert capsys.readouterr().out.strip() in ("village", "wolves", "lovers")
