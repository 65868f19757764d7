"""AIWolf contest logs (``day,type,...`` lines, as the AIWolf servers write them).

AIWolf's day D holds the talk, votes and execution of day D and then the divine,
guard and attack of the night after it; the engine's night D+1 is that night.
Day 0 has talk only; its talk is spoken on day 1. Each agent's talk of a day
(many short turns in shuffled order) becomes one speech in seat order.

Three generations: the classic protocol server (aiwolf/AIWolfServer: ``status`` lines
with one name), the 2024 natural-language contest's server (the classic log and rules,
natural-language talk, a tie drawn by lot at once) and the aiwolf-nlp server
(``status`` lines with two names, talk that may end with a Unix timestamp,
``attack,-1,true`` for no attack); the first two play the ``aiwolf`` edition (the
2024 one without the revote), the last ``aiwolf-nlp``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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
SENTENCE = re.compile(r"(?:Agent\[\d+\]\s+|ANY\s+)?\(*[A-Z]{2,}\b")
"""A talk turn in the AIWolf protocol: a sentence or operator in capitals, perhaps
after its subject."""
TOKEN = re.compile(r"[()]|[^\s()]+")
AGENT = re.compile(r"Agent\[(\d+)\]")


Row = tuple[int, str, int, list[str]]
"""(line number, type, day, fields after the type)."""


def _rows(text: str) -> list[Row]:
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


def natural(rows: list[Row]) -> bool:
    """Whether the talk is natural language rather than protocol sentences (the 2024
    natural-language contest ran a protocol-style server that logs one name)."""
    said = [spoken(fields[3]) for _, kind, _, fields in rows if kind == "talk"]
    said = [t for t in said if t]
    return sum(not SENTENCE.match(t) for t in said) > len(said) / 2


def _deal(rows: list[Row]) -> Record:
    """The record's deal, names, server generation and its preset and rules."""
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
    if not nlp and natural(rows):
        record.rules["vote.tie"] = ["random"]  # the 2024 nlp server: no revote
    return record


def parse(text: str) -> Record:
    rows = _rows(text)
    record = _deal(rows)
    talks: dict[tuple[int, int, str], list[str]] = {}
    night = Nights()
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
        elif kind == "attackVote":
            night.vote(day + 1, record.seat(fields[0], where), record.seat(fields[1], where))
        elif kind in ("divine", "guard"):
            action = "check" if kind == "divine" else "protect"
            record.add(record.seat(fields[0], where), day + 1, action,
                       Decision(kind=action, target=record.seat(fields[1], where)))
        elif kind == "execute":
            record.died(day, record.seat(fields[0], where))
        elif kind == "attack" and fields[0] != "-1":
            night.victims[day + 1] = record.seat(fields[0], where)
            if fields[1] == "true":
                record.died(day + 1, night.victims[day + 1])
        elif kind == "result":
            if fields[2] not in WINNERS:
                raise RecordError(f"{where}: unsupported winner {fields[2]!r}")
            record.winner = WINNERS[fields[2]]
    night.settle(record)
    extractor = RuleExtractor(record.names, record.players)
    for (day, seat, kind), said in talks.items():
        text = "\n".join(t for t in said if t)
        if kind == "talk":
            found = claims(record, seat, said) or extractor.extract(text, seat)
            record.add(seat, day, "speak", Decision(kind="speak", text=text, claims=found),
                       "discussion")
        else:
            record.add(seat, day, "speak", Decision(kind="speak", text=text), "wolves")
    if not record.winner:
        raise RecordError("the log has no result line")
    return record


@dataclass
class Nights:
    """The logged attack votes ((night, wolf) -> target, the last round's) and each
    night's attacked seat (``attack`` line, guarded or not)."""

    votes: dict[tuple[int, int], int] = field(default_factory=dict)
    victims: dict[int, int] = field(default_factory=dict)

    def vote(self, night: int, wolf: int, target: int) -> None:
        """A logged attack vote; a wolf voting again opens the revote, whose votes
        replace the round before."""
        if (night, wolf) in self.votes:
            self.votes = {key: t for key, t in self.votes.items() if key[0] != night}
        self.votes[night, wolf] = target

    def settle(self, record: Record) -> None:
        """The wolves' kill proposals. A night whose attack no logged vote can give (no
        wolf voted, or only for a wolf or a dead seat) was the server's lot among the
        humans: its victim becomes the first living wolf's proposal (instead of his
        uncounted vote), with a note."""
        wolves = {s for s in range(1, record.players + 1) if record.roles[s - 1] == "werewolf"}
        for (night, wolf), target in self.votes.items():
            record.add(wolf, night, "kill", Decision(kind="kill", target=target))
        for night, victim in sorted(self.victims.items()):
            dead = {s for day, seats in record.deaths.items() if 0 < day < night for s in seats}
            counted = [t for (n, w), t in self.votes.items()
                       if n == night and w not in dead and t not in wolves | dead]
            pack = sorted(wolves - dead)
            if counted or not pack:
                continue
            proposals = record.decisions.setdefault(pack[0], {})
            proposals[night, "kill", ""] = [Decision(kind="kill", target=victim)]
            record.notes.append(f"night {night}: no attack vote counts in the log, the "
                                f"server drew {victim} by lot: given as seat {pack[0]}'s kill")


def claims(record: Record, speaker: int, said: list[str]) -> tuple[Claim, ...]:
    """Claims from the AIWolf protocol sentences in a seat's talk (natural language
    gives none): what the speaker asserts himself (see :func:`asserted`)."""
    out: list[Claim] = []
    for talk in said:
        for claim in asserted(_tree(talk), speaker, record.players):
            if claim not in out:
                out.append(claim)
    return tuple(out)


Node = list["str | Node"]


def _tree(talk: str) -> Node:
    """A protocol sentence as nested lists of words (``AND (VOTE Agent[01]) (...)``);
    unbalanced brackets give what was read so far."""
    stack: list[Node] = [[]]
    for token in TOKEN.findall(talk):
        if token == "(":
            stack.append([])
        elif token == ")":
            if len(stack) > 1:
                inner = stack.pop()
                stack[-1].append(inner)
        else:
            stack[-1].append(token)
    while len(stack) > 1:
        inner = stack.pop()
        stack[-1].append(inner)
    return stack[0]


def asserted(node: Node, speaker: int, players: int) -> list[Claim]:
    """The claims a protocol sentence makes for its speaker: COMINGOUT of himself, his
    DIVINED / IDENTIFIED results, ESTIMATE (werewolf or possessed: accuse, another role:
    vouch) and VOTE (accuse); AND, BECAUSE and DAY assert their parts, OR / XOR what all
    their options share, REQUEST only a call to vote; NOT, INQUIRE and sentences whose
    subject is someone else assert nothing."""
    words = [w for w in node if isinstance(w, str)]
    parts = [asserted(w, speaker, players) for w in node if isinstance(w, list)]
    head = words[0] if words else ""
    if head in ("AND", "BECAUSE", "DAY"):
        return [claim for part in parts for claim in part]
    if head in ("OR", "XOR"):
        return [c for c in parts[0] if all(c in part for part in parts[1:])] if parts else []
    if head == "REQUEST":
        return [c for part in parts for c in part if c.kind == "accuse"]
    subject = AGENT.fullmatch(head)
    if subject or head == "ANY":
        if not subject or int(subject.group(1)) != speaker:
            return []
        words = words[1:]
    if len(words) < 2 or not (target := AGENT.fullmatch(words[1])):
        return []
    verb, seat, word = words[0], int(target.group(1)), (words[2:] or [""])[0]
    if not 1 <= seat <= players:
        return []
    if verb == "COMINGOUT" and seat == speaker and word in ROLES:
        return [Claim(kind="role", role=ROLES[word])]
    if verb in ("DIVINED", "IDENTIFIED") and word in ("HUMAN", "WEREWOLF"):
        return [Claim(kind="check", target=seat,
                      result="werewolf" if word == "WEREWOLF" else "good")]
    if seat != speaker and (verb == "VOTE" or (verb == "ESTIMATE" and word in ROLES)):
        wolf = verb == "VOTE" or word in ("WEREWOLF", "POSSESSED")
        return [Claim(kind="accuse" if wolf else "vouch", target=seat)]
    return []
