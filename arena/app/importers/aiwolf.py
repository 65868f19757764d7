"""AIWolf contest logs (``day,type,...`` lines, as the AIWolf servers write them).

AIWolf's day D holds the talk, votes and execution of day D and then the divine,
guard and attack of the night after it; the engine's night D+1 is that night.
Day 0 has talk only; its talk is spoken on day 1. Each agent's talk of a day
(many short turns in shuffled order) becomes one speech in seat order.

Two generations: the classic protocol server (aiwolf/AIWolfServer: ``status`` lines
with one name) and the natural-language aiwolf-nlp server (``status`` lines with two
names, talk that may end with a Unix timestamp, ``attack,-1,true`` for no attack);
each plays its own edition (``aiwolf``, ``aiwolf-nlp``).
"""

from __future__ import annotations

import re

from arena.app.importers.record import Record, RecordError
from arena.app.importers.speech_claims import RuleExtractor
from arena.engine import Claim, Decision

ROLES = {"VILLAGER": "villager", "SEER": "seer", "MEDIUM": "medium", "BODYGUARD": "guard",
         "WEREWOLF": "werewolf", "POSSESSED": "possessed"}
WINNERS = {"VILLAGER": "village", "WEREWOLF": "wolves"}
FIELDS = {"status": 4, "talk": 4, "whisper": 4, "vote": 2, "attackVote": 2, "divine": 3,
          "guard": 3, "execute": 2, "attack": 2, "result": 3}
"""Fields after ``day,type`` (talk text and status names may hold more commas)."""
SILENT = frozenset({"Over", "Skip", "Force_Skip", ""})
"""Talk turns that pass or end a speaker's talk: not speech."""
STAMP = re.compile(r",\d{10,13}$")
"""The Unix timestamp the nlp server may append to a talk or whisper line."""
OVER = re.compile(r"\s*\b(?:Over|Skip)$")
NLP_PRESETS = {5: "aiwolf-nlp-5", 9: "aiwolf-nlp-9", 13: "aiwolf-nlp-13"}
PROTOCOL = re.compile(r"\b(COMINGOUT|DIVINED|IDENTIFIED|ESTIMATE|VOTE)\s+Agent\[(\d+)\]"
                      r"(?:\s+([A-Z]+))?")


def _rows(text: str) -> list[tuple[int, str, int, list[str]]]:
    rows = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        day, _, rest = line.partition(",")
        kind, _, rest = rest.partition(",")
        if kind not in FIELDS or not day.strip().isdigit():
            raise RecordError(f"line {number}: not an AIWolf log line: {line[:60]!r}")
        fields = rest.split(",", FIELDS[kind] - 1) if kind in ("talk", "whisper") else \
            rest.split(",")
        if len(fields) < FIELDS[kind]:
            raise RecordError(f"line {number}: a {kind} line needs {FIELDS[kind]} fields "
                              f"after the type: {line[:60]!r}")
        rows.append((number, kind, int(day), fields))
    if not rows:
        raise RecordError("empty log")
    return rows


def spoken(turn: str) -> str:
    """A talk turn without the nlp server's timestamp and closing ``Over``; "" when it
    only passes (``Over``, ``Skip``)."""
    turn = STAMP.sub("", turn).strip()
    return "" if turn in SILENT else OVER.sub("", turn)


def _preset(players: int, nlp: bool) -> str:
    if nlp:
        return NLP_PRESETS.get(players, "aiwolf-nlp-13")
    return "aiwolf-5" if players == 5 else "aiwolf-15"


def parse(text: str) -> Record:
    rows = _rows(text)
    roles: dict[int, str] = {}
    names: dict[int, str] = {}
    nlp = False
    for number, kind, _, fields in rows:
        if kind == "status" and int(fields[0]) not in roles:
            if fields[1] not in ROLES:
                raise RecordError(f"line {number}: unsupported role {fields[1]!r}")
            roles[int(fields[0])] = ROLES[fields[1]]
            names[int(fields[0])] = fields[-1]
            nlp = nlp or len(fields) > FIELDS["status"]  # the nlp server logs two names
    if sorted(roles) != list(range(1, len(roles) + 1)):
        raise RecordError("the status lines do not name agents 1..N")
    players = len(roles)
    record = Record(fmt="aiwolf", preset=_preset(players, nlp),
                    roles=[roles[s] for s in range(1, players + 1)],
                    names=tuple(names[s] for s in range(1, players + 1)),
                    quiet=frozenset({"vote"} if nlp else ()))  # nlp: no line = abstention
    talks: dict[tuple[int, int, str], list[str]] = {}
    kills: dict[tuple[int, int], int] = {}
    votes: dict[tuple[int, int], int] = {}
    for number, kind, day, fields in rows:
        where = f"line {number}"
        if kind in ("talk", "whisper"):
            seat = record.seat(fields[2], where)
            speaking_day = max(day, 1) if kind == "talk" else day + 1
            talks.setdefault((speaking_day, seat, kind), []).append(spoken(fields[3]))
        elif kind == "vote":
            voter = record.seat(fields[0], where)
            votes[day, voter] = votes.get((day, voter), 0) + 1
            record.add(voter, day, "vote", Decision(kind="vote",
                                                    target=record.seat(fields[1], where)),
                       str(votes[day, voter]))
        elif kind == "attackVote":  # the last round of a night counts
            kills[day + 1, record.seat(fields[0], where)] = record.seat(fields[1], where)
        elif kind in ("divine", "guard"):
            action = "check" if kind == "divine" else "protect"
            record.add(record.seat(fields[0], where), day + 1, action,
                       Decision(kind=action, target=record.seat(fields[1], where)))
        elif kind == "execute":
            record.died(day, record.seat(fields[0], where))
        elif kind == "attack" and fields[1] == "true" and fields[0] != "-1":
            record.died(day + 1, record.seat(fields[0], where))
        elif kind == "result":
            if fields[2] not in WINNERS:
                raise RecordError(f"{where}: unsupported winner {fields[2]!r}")
            record.winner = WINNERS[fields[2]]
    for (night, wolf), target in kills.items():
        record.add(wolf, night, "kill", Decision(kind="kill", target=target))
    natural = RuleExtractor(record.names, players)
    for (day, seat, kind), said in talks.items():
        text = "\n".join(t for t in said if t)
        if kind == "talk":
            found = claims(record, seat, said) or natural.extract(text, seat)
            record.add(seat, day, "speak", Decision(kind="speak", text=text, claims=found),
                       "discussion")
        else:
            record.add(seat, day, "speak", Decision(kind="speak", text=text), "wolves")
    if not record.winner:
        raise RecordError("the log has no result line")
    return record


def claims(record: Record, speaker: int, said: list[str]) -> tuple[Claim, ...]:
    """Claims from the AIWolf protocol sentences in a seat's talk (natural language
    gives none): COMINGOUT of himself, DIVINED / IDENTIFIED results, ESTIMATE and VOTE."""
    out: list[Claim] = []
    for talk in said:
        for verb, raw, word in PROTOCOL.findall(talk):
            seat = int(raw)
            if not 1 <= seat <= record.players:
                continue
            if verb == "COMINGOUT" and seat == speaker and word in ROLES:
                out.append(Claim(kind="role", role=ROLES[word]))
            elif verb in ("DIVINED", "IDENTIFIED") and word in ("HUMAN", "WEREWOLF"):
                out.append(Claim(kind="check", target=seat,
                                 result="werewolf" if word == "WEREWOLF" else "good"))
            elif seat != speaker and verb in ("ESTIMATE", "VOTE"):
                wolf = verb == "VOTE" or word == "WEREWOLF"
                out.append(Claim(kind="accuse" if wolf else "vouch", target=seat))
    return tuple(out)
