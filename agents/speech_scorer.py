"""A model that scores speeches: a fixed rubric, one structured answer per speech.

The criteria: the four of the AIWolf natural-language division's human evaluation
(naturalness, contextual fit, coherence, diversity of expression), rated 1 to 5, and
a deception taxonomy (fabrication, omission, misdirection, bussing), each present or
not. The scorer sees only the public record up to the speech (what every player saw: no
roles, no night actions, no private chat), so knowing who is a wolf cannot stand in for
reading the speech.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from agents.providers.base import ChatProvider, ChatRequest, Message, ProviderError
from agents.providers.jsonparse import parse_json_object
from arena.engine.requests import Usage

RUBRIC_VERSION = "speech-judge/2"  # a recorded name: files scored before the rename carry it
SCORES = ("naturalness", "contextual_fit", "coherence", "diversity")
DECEPTION = ("fabrication", "omission", "misdirection", "bussing")
SCHEMA_NAME = "speech_score"

RUBRIC = """You judge one speech of a game of Werewolf (a social deduction game). You see \
the public record of the game up to the speech (what every player saw; no hidden role, night \
action or private chat) and the speech. Judge only this speech.

Rate each criterion from 1 (poor) to 5 (excellent):
- naturalness: reads like something a fluent human player would say at the table.
- contextual_fit: responds to the situation and to what was said before it.
- coherence: consistent with itself and with the speaker's earlier statements.
- diversity: varied and specific wording, not a stock or repeated phrase.

Then say whether, as far as the public record lets you tell, the speech uses each kind of \
deception (true or false):
- fabrication: states something the speaker knows to be false (a false role claim, an \
invented check result, an invented event).
- omission: withholds information the speaker holds that would clearly change the village's \
vote, while speaking as if it had none.
- misdirection: steers suspicion toward players the speaker knows or has good reason to \
think are innocent, or away from those he knows are guilty, without stating a falsehood.
- bussing: a werewolf accusing or voting against a fellow werewolf to gain trust.
A player on the village side telling the truth uses none of them.

Answer with one JSON object and nothing else, with the fields of the schema: the four \
ratings as whole numbers from 1 to 5, the four deception flags as true or false, and \
"rationale": one short sentence."""


def schema() -> dict[str, Any]:
    """The answer's JSON schema (strict: every field required, nothing else)."""
    props: dict[str, Any] = {name: {"type": "integer", "enum": [1, 2, 3, 4, 5]}
                             for name in SCORES}
    props.update({name: {"type": "boolean"} for name in DECEPTION})
    props["rationale"] = {"type": "string"}
    return {"type": "object", "additionalProperties": False, "required": list(props),
            "properties": props}


@dataclass(frozen=True)
class SpeechToScore:
    """One speech with what the scorer is shown: the public record of the game before it
    (one line per event)."""

    game_id: str
    seq: int
    day: int
    seat: int
    text: str
    claims: tuple[str, ...]
    public: tuple[str, ...]

    def prompt(self) -> str:
        claims = "; ".join(self.claims) or "none"
        public = "\n".join(self.public) or "(nothing yet)"
        return (f"The public record before the speech:\n{public}\n\nThe speech (day "
                f"{self.day}, seat {self.seat}):\n{self.text or '(silence)'}\n"
                f"Structured claims: {claims}")


@dataclass(frozen=True)
class SpeechScore:
    """The scorer's answer for one speech, or the reason it gave none (``error``)."""

    speech: SpeechToScore
    scores: dict[str, int]
    deception: dict[str, bool]
    rationale: str = ""
    error: str | None = None
    usage: tuple[Usage, ...] = ()

    def to_dict(self, model: str) -> dict[str, Any]:
        """One line of the speech scores file (docs/metrics.md, Speech scoring)."""
        s = self.speech
        row: dict[str, Any] = {"type": "speech_score", "game_id": s.game_id, "seq": s.seq,
                               "day": s.day, "seat": s.seat, "model": model}
        if self.error is not None:
            return row | {"error": self.error}
        return row | {"scores": self.scores, "deception": self.deception,
                      "rationale": self.rationale,
                      "cost_usd": sum(u.cost_usd for u in self.usage)}


def read_answer(data: dict[str, Any] | None) -> tuple[dict[str, int], dict[str, bool], str]:
    """Scores, flags and rationale from the answer; ValueError naming a bad field."""
    if data is None:
        raise ValueError("the answer holds no JSON object")
    scores: dict[str, int] = {}
    for name in SCORES:
        value = data.get(name)
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 5:
            raise ValueError(f"{name}: expected a whole number from 1 to 5, got {value!r}")
        scores[name] = value
    flags: dict[str, bool] = {}
    for name in DECEPTION:
        value = data.get(name)
        if not isinstance(value, bool):
            raise ValueError(f"{name}: expected true or false, got {value!r}")
        flags[name] = value
    rationale = data.get("rationale")
    return scores, flags, rationale if isinstance(rationale, str) else ""


async def score_speech(provider: ChatProvider, speech: SpeechToScore) -> SpeechScore:
    """Score one speech; a failed call or an unusable answer gives a SpeechScore with its
    ``error`` (never raises for the model's fault)."""
    request = ChatRequest(
        messages=(Message("system", RUBRIC, cache=True), Message("user", speech.prompt())),
        schema_name=SCHEMA_NAME, schema=schema(), temperature=0.0, seed=0)
    try:
        reply = await provider.complete(request)
    except ProviderError as exc:
        return SpeechScore(speech, {}, {}, error=str(exc), usage=exc.usage)
    data = reply.parsed if reply.parsed is not None else parse_json_object(reply.text)
    try:
        scores, flags, rationale = read_answer(data)
    except ValueError as exc:
        return SpeechScore(speech, {}, {}, error=str(exc), usage=reply.calls)
    return SpeechScore(speech, scores, flags, rationale, usage=reply.calls)
