"""FanLang-9 recorded human games (one JSON object per game) as engine decisions.

``game_state`` holds the deal, each night's kill, check and potions, each day's
votes (with the revote after a tie), self-destructs, the final status of every
seat and the winner; ``audio`` holds the speeches in order, each with its
speaker's structured claims (``format``, in Chinese). See docs/importers.md.
"""

from __future__ import annotations

import json
import re
from typing import Any

from arena.app.importers.record import Record, RecordError
from arena.engine import Claim, Decision

ROLES = {"Werewolf": "werewolf", "Villager": "villager", "Seer": "seer", "Witch": "witch",
         "Hunter": "hunter", "Guard": "guard", "Idiot": "idiot"}
WINNERS = {"Werewolves Win": "wolves", "The good side wins": "village"}
ZH_ROLES = {"预言家": "seer", "女巫": "witch", "猎人": "hunter", "守卫": "guard", "白痴": "idiot",
            "村民": "villager", "平民": "villager", "狼人": "werewolf"}
CHECKED = {"金水": "good", "查杀": "werewolf"}
VOUCHED = ("银水", "好人")
LABEL = re.compile(r"Day (\d+) Daytime - \[(\d+)\] (is speaking|gives the last words)"
                   r"( \(round 2\))?$")
IDENTITIES = re.compile(r'"身份类型"\s*:\s*(\{[^{}]*\})')


def parse(text: str) -> Record:
    try:
        data = json.loads(text)
        state = data["game_state"]
        roles = [ROLES[state["roles"][str(seat)]] for seat in range(1, len(state["roles"]) + 1)]
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON ({exc.msg}, line {exc.lineno})") from None
    except (KeyError, TypeError) as exc:
        raise RecordError(f"not a FanLang game: no game_state.roles entry {exc}") from None
    record = Record(fmt="fanlang", preset="fanlang-9", roles=roles,
                    winner=WINNERS.get(str(state.get("Game Result")), ""))
    if not record.winner:
        raise RecordError(f"unknown Game Result {state.get('Game Result')!r}")
    exploded: dict[int, int] = {}
    for day in range(1, 100):
        night, daytime = state.get(f"Day {day} Night"), state.get(f"Day {day} Daytime")
        if night is None and daytime is None:
            break
        _night(record, day, _object(night, f"Day {day} Night"))
        if (wolf := _day(record, day, _object(daytime, f"Day {day} Daytime"))) is not None:
            exploded[day] = wolf
    _finals(record, _object(state.get("final"), "final"))
    _speeches(record, _object(data.get("audio"), "audio"))
    for day, wolf in exploded.items():  # during the day's last recorded speech, if any
        spoken = record.order.get(day)
        record.add(wolf, day, "explode", Decision(kind="explode", yes=True),
                   str(spoken[-1]) if spoken else "")
    return record


def _object(value: Any, where: str) -> dict[str, Any]:
    """A JSON object of the record (absent or null: empty); RecordError for another value."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise RecordError(f"{where}: a JSON object expected, not {json.dumps(value)[:40]}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    """A JSON list of the record (absent or null: empty); RecordError for another value."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(f"{where}: a JSON list expected, not {json.dumps(value)[:40]}")
    return value


def _target(record: Record, raw: Any, what: str) -> int | None:
    """A recorded target; -1 (or absent) is nobody."""
    return None if raw is None or raw == -1 else record.seat(raw, what)


def _night(record: Record, day: int, night: dict[str, Any]) -> None:
    where = f"Day {day} Night"
    kill = _target(record, night.get("Werewolf"), where)
    for seat, role in enumerate(record.roles, 1):
        if role == "werewolf":
            record.add(seat, day, "kill", Decision(kind="kill", target=kill))
    holders = {role: seat for seat, role in enumerate(record.roles, 1)}
    if (checked := _target(record, night.get("Seer"), where)) is not None:
        record.add(holders["seer"], day, "check", Decision(kind="check", target=checked))
    if "witch" in holders:
        if night.get("Witch antidote") not in (None, -1):
            record.add(holders["witch"], day, "save", Decision(kind="save", yes=True))
        poisoned = _target(record, night.get("Witch poison"), where)
        record.add(holders["witch"], day, "poison", Decision(kind="poison", target=poisoned))
    for seat in _list(night.get("Death Message"), f"{where}: Death Message"):
        record.died(day, record.seat(seat, where))


def _day(record: Record, day: int, daytime: dict[str, Any]) -> int | None:
    """The day's votes and exile; returns the wolf who self-destructed, if one did."""
    where = f"Day {day} Daytime"
    for round_no, key in ((1, "Voting Pattern"), (2, "Voting Pattern (Round 2)")):
        for voter, target in _object(daytime.get(key), f"{where}: {key}").items():
            record.add(record.seat(voter, where), day, "vote",
                       Decision(kind="vote", target=_target(record, target, where)),
                       str(round_no))
    if (exiled := _target(record, daytime.get("Voting Result"), where)) is not None:
        record.died(day, exiled)
    if (wolf := _target(record, daytime.get("suicide"), where)) is not None:
        record.died(day, wolf)
    return wolf


def _finals(record: Record, final: dict[str, str]) -> None:
    """The hunter's victim appears only in the final statuses (``shot``)."""
    for raw, status in final.items():
        if status == "shot":
            victim = record.seat(raw, "final")
            record.died(0, victim)
            for seat, role in enumerate(record.roles, 1):
                if role == "hunter":
                    record.add(seat, 0, "shoot", Decision(kind="shoot", target=victim))


def _speeches(record: Record, audio: dict[str, Any]) -> None:
    for label, speech in audio.items():
        found = LABEL.match(label)
        if found is None:
            raise RecordError(f"audio: unreadable label {label!r}")
        day, seat = int(found[1]), record.seat(found[2], label)
        kind = "last_words" if found[3] == "gives the last words" else "speak"
        why = "revote" if found[4] else ("discussion" if kind == "speak" else "")
        if why == "discussion":
            record.order.setdefault(day, []).append(seat)
        speech = _object(speech, f"audio: {label}")
        text = str(speech.get("text") or speech.get("summary") or "")
        record.add(seat, day, kind, Decision(kind=kind, text=text,
                                             claims=claims(record, seat, speech.get("format"))),
                   why)


def claims(record: Record, speaker: int, fmt: Any) -> tuple[Claim, ...]:
    """The speaker's claims from the ``身份类型`` part of a speech's ``format``: a role
    he gives himself, checks if he claims the seer, else accusations and vouches.
    The summaries sometimes list the speaker among the wolves when he quotes someone
    else's accusation; nobody claims the wolf card in earnest, so that is dropped."""
    found = IDENTITIES.search(str(fmt or ""))
    if found is None:
        return ()
    try:
        identities: dict[str, Any] = json.loads(found[1])
    except json.JSONDecodeError:
        return ()
    seats = {key: [s for s in value if isinstance(s, int) and 1 <= s <= record.players]
             for key, value in identities.items() if isinstance(value, list)}
    out: list[Claim] = []
    seer = speaker in seats.get("预言家", ())
    for key, named in seats.items():
        others = [s for s in named if s != speaker]
        if key in ZH_ROLES and speaker in named and ZH_ROLES[key] != "werewolf":
            out.append(Claim(kind="role", role=ZH_ROLES[key]))
        if key in CHECKED and seer:
            out += [Claim(kind="check", target=s, result=CHECKED[key]) for s in others]
        elif key in ("狼人", "查杀"):
            out += [Claim(kind="accuse", target=s) for s in others]
        elif key in VOUCHED or key in ZH_ROLES or key == "金水":  # a good card named
            out += [Claim(kind="vouch", target=s) for s in others]
    return tuple(c for i, c in enumerate(out) if c not in out[:i])
