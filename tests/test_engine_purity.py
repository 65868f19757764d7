"""The engine does no I/O and owns its randomness (design.md section 1)."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent / "arena" / "engine"
IO_MODULES = {"os", "io", "pathlib", "socket", "subprocess", "shutil", "tempfile", "urllib",
              "http", "time", "datetime", "sys", "json", "tomllib", "logging", "requests",
              "httpx", "rich"}
IO_CALLS = {"open", "print", "input"}


def _violations(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name.split(".")[0] in IO_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] in IO_MODULES:
                found.append(node.module)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id in IO_CALLS:
                found.append(f"{node.func.id}()")
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
              and node.value.id == "random" and node.attr != "Random"):
            found.append(f"random.{node.attr} (global RNG)")
    return found


def test_engine_sources_do_no_io_and_use_no_global_rng() -> None:
    bad = {str(p.relative_to(ENGINE)): v for p in sorted(ENGINE.rglob("*.py"))
           if (v := _violations(p.read_text(encoding="utf-8")))}
    assert bad == {}


def test_the_check_catches_io_and_global_randomness() -> None:
    sample = ("import os\nfrom pathlib import Path\nimport random\n"
              "x = random.choice([1])\nopen('f')\n")
    expected = ["open()", "os", "pathlib", "random.choice (global RNG)"]
    assert sorted(_violations(sample)) == expected
