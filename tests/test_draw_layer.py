"""Every chance draw of the engine goes through the draw layer (``Judge.draw``,
arena/engine/chance.py), so a scenario's ``[draws]`` can force it (issue 32): a scan of
arena/engine's source for the game's RNG, or any other random draw, anywhere else."""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path

from arena.engine.chance import DRAWS

ENGINE = Path(__file__).resolve().parent.parent / "arena" / "engine"
DRAWING = {"betavariate", "choice", "choices", "expovariate", "gauss", "getrandbits",
           "normalvariate", "randbytes", "randint", "random", "randrange", "sample",
           "shuffle", "triangular", "uniform", "Random", "SystemRandom"}
ALLOWED = {
    ("chance.py", "draw"): "the draw layer: the order ``shuffled`` draws for Judge.draw",
    ("judge.py", "draw"): "the draw layer itself",
    ("judge.py", "__init__"): "the game's RNG made",
    ("dealing.py", "deal_game"): "the deal's own stream (a scenario's deal)",
    ("dealing.py", "seat_attributes"): "the attributes' own stream (a scenario's [attributes])",
    ("variants/double_you.py", "deal"): "V2's deal (a scenario's deal)",
    ("houses.py", "deal"): "the buildings' own stream (an attribute `building`)",
    ("newmoon/deck.py", "set_up"): "the deck's shuffle (events.deck, events.shuffle = false)",
}


def _chance_arguments(tree: ast.AST) -> set[int]:
    """The ids of the nodes inside ``chance`` arguments of ``….draw(name, options,
    chance)`` calls: a draw made there goes through the layer."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "draw"):
            given = node.args[2:] + [k.value for k in node.keywords if k.arg == "chance"]
            inside |= {id(n) for arg in given for n in ast.walk(arg)}
    return inside


def bypasses(source: str, module: str,
             allowed: Collection[tuple[str, str]] = ALLOWED.keys()) -> list[tuple[str, int]]:
    """(function, line) of each random draw in ``source`` outside the draw layer and the
    allowed sites: a use of an ``rng`` attribute, a call of a random method, an import
    from ``random``."""
    tree = ast.parse(source)
    inside, found = _chance_arguments(tree), []

    def visit(node: ast.AST, function: str) -> None:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            function = node.name
        drawing = ((isinstance(node, ast.Attribute) and node.attr == "rng")
                   or (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                   and node.func.attr in DRAWING)
                   or (isinstance(node, ast.ImportFrom) and node.module == "random"))
        if drawing and id(node) not in inside and (module, function) not in allowed:
            found.append((function, getattr(node, "lineno", 0)))
        for child in ast.iter_child_nodes(node):
            visit(child, function)

    visit(tree, "<module>")
    return found


def _scan() -> dict[str, list[tuple[str, int]]]:
    return {module: hits for path in sorted(ENGINE.rglob("*.py"))
            if (hits := bypasses(path.read_text("utf-8"),
                                 module := path.relative_to(ENGINE).as_posix()))}


def test_no_engine_module_draws_outside_the_draw_layer() -> None:
    assert _scan() == {}


def test_the_scan_catches_a_draw_that_bypasses_the_layer() -> None:
    """The forms a new draw could take are caught; a draw passed to Judge.draw is not."""
    source = """
from random import choice
def night(judge, pack, rng):
    a = judge.rng.choice(pack)
    rng = judge.rng
    rng.shuffle(pack)
    b = judge.draw(NAME, pack, lambda rng: rng.choice(pack))
    return random.Random(1).random()
"""
    assert bypasses(source, "roles/new.py") == [
        ("<module>", 2), ("night", 4), ("night", 4), ("night", 5), ("night", 6),
        ("night", 8), ("night", 8)]


def test_each_allowed_site_still_draws() -> None:
    """An allowed site that no longer draws is taken off the list, so it cannot hide a
    new draw of its module."""
    for site, why in ALLOWED.items():
        module, function = site
        found = bypasses((ENGINE / module).read_text("utf-8"), module, ALLOWED.keys() - {site})
        assert any(f == function for f, _ in found), (site, why)


def test_each_draw_is_registered_once_under_its_own_name() -> None:
    """Every ``chance("NAME", …)`` of the engine is in the registry, no name twice."""
    names = [node.args[0].value for path in ENGINE.rglob("*.py")
             for node in ast.walk(ast.parse(path.read_text("utf-8")))
             if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id == "chance" and isinstance(node.args[0], ast.Constant)]
    assert sorted(names) == sorted(DRAWS)
