"""A small hand-made game written as a real transcript, with every metric worked out.

Seats: 1, 2 werewolves; 3 seer; 4 witch; 5 villager (a model seat); 6 thief who took
the villager card. Night 1: the seer checks 1 (werewolf), the wolves kill 6. Day 1:
3 claims seer and calls 1 a wolf (true); 2 claims seer and calls 3 a wolf (both false);
5 rates 1: 0.8, 2: 0.6, 3: 0.0, 4: 0.5 as wolves. The vote ties 1 and 3 (1 -> 3,
2 -> 1, 3 -> 1, 4 -> 3, 5 -> 4); in the revote 2 -> 3, 4 -> 1, 5 -> 1 and 1 is exiled.
Night 2: the seer checks 5 (villager), the wolves kill 3. Day 2: 4 (after a fallback)
and 5 accuse 2; 2 -> 5, 4 -> 2, 5 -> 2 (after one refused answer); 2 is exiled and the
village wins on day 2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from arena.engine.events import (
    SCHEMA,
    BaseEvent,
    Belief,
    CheckResult,
    Claim,
    Death,
    Fallback,
    GameEnd,
    NightAction,
    Phase,
    PhaseStart,
    Refused,
    RoleDealt,
    Setup,
    Speech,
    UsageRecord,
    Vote,
    VoteResult,
)
from arena.transcript_writer import event_line

ROLES = {1: "werewolf", 2: "werewolf", 3: "seer", 4: "witch", 5: "villager", 6: "villager"}
RULES = {"vote.allow_self": False, "lovers.vote_restriction": "forbid_each_other"}


class Script:
    """Appends events with running ``seq`` numbers at the current day and phase."""

    def __init__(self) -> None:
        self.events: list[BaseEvent] = []
        self.day: int = 0
        self.phase: Phase = "setup"

    def at(self, day: int, phase: Phase) -> None:
        self.day, self.phase = day, phase
        if phase in ("night", "day"):
            self.add(PhaseStart, name=phase)

    def add(self, cls: type[BaseEvent], audience: Any = "public", **fields: Any) -> None:
        self.events.append(cls(seq=len(self.events), day=self.day, phase=self.phase,
                               audience=audience, **fields))

    def votes(self, ballots: dict[int, int | None], round_no: int = 1) -> None:
        for seat, target in ballots.items():
            self.add(Vote, seat=seat, target=target, round=round_no, weight=1.0)

    def speech(self, seat: int, *claims: Claim, context: str = "discussion",
               audience: Any = "public") -> None:
        self.add(Speech, audience, seat=seat, text="...", claims=claims, context=context)


def header(roles: dict[int, str], game_id: str = "scripted") -> dict[str, Any]:
    seats = [{"seat": s, "name": f"P{s}", "agent": "heuristic", "model": None} for s in roles]
    seats[4] = {"seat": 5, "name": "P5", "agent": "openai:gpt-x", "model": "gpt-x"}
    return {"type": "header", "schema": SCHEMA, "game_id": game_id, "seed": 1,
            "preset": None, "rules": RULES, "deal": {}, "seats": seats,
            "roles": {str(s): r for s, r in roles.items()}}


def write(path: Path, head: dict[str, Any], events: list[BaseEvent]) -> Path:
    lines = [json.dumps(head)] + [event_line(e) for e in events]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def scripted_events() -> list[BaseEvent]:
    s = Script()
    s.add(Setup, players=6, names=tuple(f"P{n}" for n in ROLES),
          roles={"werewolf": 2, "seer": 1, "witch": 1, "villager": 2}, rules=RULES)
    for seat, role in ROLES.items():
        s.add(RoleDealt, (seat,), seat=seat, role=role)
    s.at(1, "night")
    s.add(NightAction, (3,), seat=3, action="check", target=1)
    s.add(CheckResult, (3,), seat=3, target=1, result="werewolf")
    s.add(NightAction, (1, 2), seat=1, action="kill", target=6, final=False)
    s.add(NightAction, (1, 2), seat=1, action="kill", target=6)
    s.at(1, "day")
    s.add(Death, seat=6, cause="night", revealed_role="villager")
    s.speech(3, Claim(kind="role", role="seer"), Claim(kind="check", target=1, result="werewolf"))
    s.speech(2, Claim(kind="role", role="seer"), Claim(kind="check", target=3, result="werewolf"))
    s.speech(4)
    s.speech(5, Claim(kind="accuse", target=1))
    s.add(Belief, "god", seat=5, probabilities={
        "1": {"werewolf": 0.8, "villager": 0.2}, "2": {"werewolf": 0.6, "villager": 0.4},
        "3": {"seer": 1.0}, "4": {"werewolf": 0.5, "witch": 0.5}})
    s.add(Belief, "god", seat=1, probabilities={"2": {"werewolf": 1.0}, "3": {"werewolf": 0.0}})
    s.votes({1: 3, 2: 1, 3: 1, 4: 3, 5: 4})
    s.add(VoteResult, counts={"1": 2.0, "3": 2.0, "4": 1.0}, eliminated=None, tie=(1, 3),
          round=1)
    s.speech(1, context="revote")
    s.speech(3, Claim(kind="role", role="seer"), context="revote")
    s.votes({2: 3, 4: 1, 5: 1}, round_no=2)
    s.add(VoteResult, counts={"1": 2.0, "3": 1.0}, eliminated=1, tie=(), round=2)
    s.add(Death, seat=1, cause="vote", revealed_role="werewolf")
    s.at(2, "night")
    s.add(NightAction, (3,), seat=3, action="check", target=5)
    s.add(CheckResult, (3,), seat=3, target=5, result="villager")
    s.speech(2, Claim(kind="role", role="villager"), context="wolf_chat", audience=(2,))
    s.add(NightAction, (2,), seat=2, action="kill", target=3, final=False)
    s.add(NightAction, (2,), seat=2, action="kill", target=3)
    s.at(2, "day")
    s.add(Death, seat=3, cause="night", revealed_role="seer")
    s.speech(2, Claim(kind="role", role="seer"), Claim(kind="accuse", target=5))
    s.add(Fallback, (4,), seat=4, kind="speak", reason="timeout")
    s.speech(4, Claim(kind="accuse", target=2))
    s.speech(5, Claim(kind="accuse", target=2))
    for tokens, cost in ((100, 0.01), (50, 0.005)):
        s.add(UsageRecord, "god", seat=5, kind="vote", model="gpt-x", input_tokens=tokens,
              cached_tokens=0, output_tokens=tokens // 5, cost_usd=cost, latency_s=1.0)
    s.add(Refused, (5,), seat=5, kind="vote", message="not a candidate", decision={})
    s.votes({2: 5, 4: 2, 5: 2})
    s.add(VoteResult, counts={"2": 2.0, "5": 1.0}, eliminated=2, tie=(), round=1)
    s.add(Death, seat=2, cause="vote", revealed_role="werewolf")
    s.phase = "end"
    s.add(GameEnd, winner="village", winners=(3, 4, 5, 6),
          roles={str(seat): role for seat, role in ROLES.items()})
    return s.events


def write_scripted(path: Path) -> Path:
    """The scripted game; the header deals seat 6 the thief (he ends a villager)."""
    return write(path, header(ROLES | {6: "thief"}), scripted_events())
