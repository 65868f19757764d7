"""Every rules-catalog id cited in the code and tests has a row in docs/rules-reference.md.

The catalog the ids come from is not in the repository, so the reference page is the
only place a reader can look one up: citing a new id without adding its row fails here.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "rules-reference.md"
SCANNED = ("arena", "agents", "evals", "tests")
SKIPPED_DIRS = {"__pycache__", "node_modules", ".pytest_cache", ".mypy_cache", ".ruff_cache"}

# R roles, C conflicts, A decisions, E / O events, V variants; C33c names one part of C33
ID = re.compile(r"\b[RCAEOV][0-9]{1,2}[a-z]?\b")
# scenario tests carry the id in their name too: test_c25_..., test_c33c_...
TEST_NAME_ID = re.compile(r"\bdef test_([rcaeov][0-9]{1,2}[a-z]?)_")
# a table row of the reference: | C13 | ...
ENTRY = re.compile(r"^\|\s*([RCAEOV][0-9]{1,2}[a-z]?)\s*\|", re.MULTILINE)


def _scanned_files() -> list[Path]:
    me = Path(__file__).resolve()
    files = []
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*")):
            if path.is_file() and path.resolve() != me and not SKIPPED_DIRS & set(path.parts):
                files.append(path)
    return files


def cited_ids() -> dict[str, set[str]]:
    """Each id cited under the scanned folders, with the files citing it."""
    cited: dict[str, set[str]] = {}
    for path in _scanned_files():
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue  # binary files (images, databases) cite nothing
        found = set(ID.findall(text))
        found |= {m[0].upper() + m[1:] for m in TEST_NAME_ID.findall(text)}
        for rule_id in found:
            cited.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return cited


def reference_ids() -> list[str]:
    return ENTRY.findall(REFERENCE.read_text(encoding="utf-8"))


def test_every_cited_id_has_a_reference_entry() -> None:
    documented = set(reference_ids())
    missing = {i: sorted(files) for i, files in cited_ids().items() if i not in documented}
    assert not missing, (
        "catalog ids cited without a row in docs/rules-reference.md (add one each): "
        + "; ".join(f"{i} in {', '.join(files[:3])}" for i, files in sorted(missing.items()))
    )


def test_reference_entries_are_unique() -> None:
    ids = reference_ids()
    assert len(ids) == len(set(ids)), sorted({i for i in ids if ids.count(i) > 1})


def test_the_scan_finds_the_known_citations() -> None:
    """Guards the scan itself: a broken pattern or path would pass the check vacuously."""
    cited = cited_ids()
    assert {"R12", "C13", "C33c", "A4"} <= set(cited)
    assert "arena/engine/shared_rules.py" in cited["C13"]
