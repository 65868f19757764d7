"""A line typed by a person, read as a Decision for one request (or a hint how to answer).

Seats are named by number or by name; ``0`` / ``pass`` passes where that is legal.
A speech is free text followed by optional claim commands:
``/claim ROLE``, ``/check SEAT RESULT``, ``/accuse SEAT``, ``/vouch SEAT``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from arena.engine import Claim, Decision, Request
from arena.engine.roles import ROLES

PASS_WORDS = frozenset({"0", "pass", "none", "null", "nobody", "-"})
YES_WORDS = frozenset({"y", "yes", "true"})
NO_WORDS = frozenset({"n", "no", "false"})
SKIP_WORDS = frozenset({"", "skip"})
ALIASES = {"wolf": "werewolf", "wolves": "werewolf"}
RESULTS = frozenset({*ROLES, "good"})
CLAIM_HELP = "/claim ROLE  /check SEAT RESULT  /accuse SEAT  /vouch SEAT"
COMMAND = re.compile(r"(?:^|\s)/(?=[A-Za-z])")
SEPARATORS = re.compile(r"[,\s]+")


class Hint(ValueError):
    """An answer that cannot be used; the message says how to answer instead."""


def help_line(request: Request) -> str:
    """How to type an answer to ``request``, in one line."""
    shape = request.shape
    if shape == "target":
        passing = ", or 0 / pass to pass" if request.allow_none else ""
        return f"Type a number from the list{passing}."
    if shape == "yes_no":
        return "Type y or n."
    if shape == "pair":
        return f"Type {request.count} different numbers from the list, e.g. 3, 7."
    if shape == "subset":
        return "Type numbers from the list, e.g. 3, 7 (Enter alone: nobody)."
    if shape == "speech":
        return f"Type your speech (Enter alone says nothing), then any claims: {CLAIM_HELP}"
    return "Press Enter (or type skip) to stay undecided, or give guesses: 3 werewolf, 7 seer."


def parse_answer(line: str, request: Request, names: Sequence[str], me: int) -> Decision:
    """The Decision ``line`` stands for; raises Hint when it stands for nothing legal."""
    kind, shape, text = request.kind, request.shape, line.strip()
    if shape == "speech":
        return _speech(text, request)
    if shape == "belief":
        return _belief(text, kind, names, me)
    if shape == "yes_no":
        word = text.lower()
        if word in YES_WORDS | NO_WORDS:
            return Decision(kind=kind, yes=word in YES_WORDS)
        raise Hint("answer y (yes) or n (no)")
    if shape == "target":
        return Decision(kind=kind, target=_target(text, request, names))
    return Decision(kind=kind, targets=_targets(text, request, names))


def _target(text: str, request: Request, names: Sequence[str]) -> int | None:
    if text.lower() in PASS_WORDS:
        if request.allow_none:
            return None
        raise Hint(f"passing is not allowed here; choose one of {_listed(request.options)}")
    return _option(text, request, names)


def _targets(text: str, request: Request, names: Sequence[str]) -> tuple[int, ...]:
    words = [w for w in SEPARATORS.split(text) if w]
    if request.shape == "subset" and (not words or text.lower() in PASS_WORDS):
        return ()
    picks = tuple(_option(w, request, names) for w in words)
    if len(set(picks)) != len(picks):
        raise Hint("name each one only once")
    if request.shape == "pair" and len(picks) != request.count:
        raise Hint(f"name exactly {request.count} different ones, e.g. "
                   f"{', '.join(map(str, sorted(request.options)[:request.count]))}")
    return picks


def _option(word: str, request: Request, names: Sequence[str]) -> int:
    seat = _seat(word, names)
    if seat not in request.options:
        raise Hint(f"{seat} is not a choice here; choose one of {_listed(request.options)}")
    return seat


def _seat(word: str, names: Sequence[str]) -> int:
    if word.isdigit():
        return int(word)
    lowered = [n.lower() for n in names]
    if word.lower() in lowered:
        return lowered.index(word.lower()) + 1
    raise Hint(f"{word!r} is not a seat number or a player's name")


def _listed(options: Sequence[int]) -> str:
    return ", ".join(map(str, options))


def _role(word: str, allowed: frozenset[str] = frozenset(ROLES)) -> str:
    role = ALIASES.get(word.lower(), word.lower())
    if role not in allowed:
        raise Hint(f"{word!r} is not a role (e.g. werewolf, seer, witch, villager)")
    return role


def _speech(text: str, request: Request) -> Decision:
    said, *commands = COMMAND.split(text)
    claims = tuple(_claim(command.split(), request) for command in commands)
    said = said.strip()
    if len(said) > request.max_chars:
        raise Hint(f"that speech has {len(said)} characters; the limit is {request.max_chars}")
    return Decision(kind=request.kind, text=said, claims=claims)


def _claim(words: list[str], request: Request) -> Claim:
    command, args = words[0].lower(), words[1:]
    usage = {"claim": "/claim ROLE", "check": "/check SEAT RESULT", "accuse": "/accuse SEAT",
             "vouch": "/vouch SEAT"}
    if command not in usage:
        raise Hint(f"unknown command /{command}; use {CLAIM_HELP}")
    if len(args) != len(usage[command].split()) - 1:
        raise Hint(f"write {usage[command]}")
    if command == "claim":
        return Claim(kind="role", role=_role(args[0]))
    seat = _table_seat(args[0], request)
    if command == "check":
        return Claim(kind="check", target=seat, result=_role(args[1], RESULTS))
    return Claim(kind="accuse" if command == "accuse" else "vouch", target=seat)


def _table_seat(word: str, request: Request) -> int:
    seats: Sequence[int] = request.context.get("seats", ())
    if not word.isdigit() or int(word) not in seats:
        raise Hint(f"{word!r} is not a seat at this table ({seats[0]} to {seats[-1]})"
                   if seats else f"{word!r} is not a seat number")
    return int(word)


def _belief(text: str, kind: str, names: Sequence[str], me: int) -> Decision:
    if text.lower() in SKIP_WORDS:
        return Decision(kind=kind)
    beliefs: dict[str, dict[str, float]] = {}
    for guess in text.split(","):
        words = guess.split()
        if len(words) != 2:
            raise Hint("give guesses as SEAT ROLE, comma-separated: 3 werewolf, 7 seer")
        seat = _seat(words[0], names)
        if seat == me or not 0 < seat <= len(names):
            raise Hint(f"{seat} is not another player's seat")
        beliefs[str(seat)] = {_role(words[1]): 1.0}
    return Decision(kind=kind, beliefs=beliefs)
