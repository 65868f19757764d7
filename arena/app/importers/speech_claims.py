"""Claims from natural-language speech (aiwolf-nlp talk, FanLang full text).

One interface, :class:`ClaimExtractor`: ``extract(text, speaker)`` gives the claims a
speaker makes. :class:`RuleExtractor` reads English, Japanese and Chinese with a few
patterns per claim kind; :class:`ModelExtractor` asks a language model (any callable
from prompt to reply) for the same claims as JSON. Seats are named by their table
names (``Cedar``, ``ミナコ``, ``@ミナコ``) or numbers (``Agent[03]``, ``3号``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Protocol

from arena.engine import Claim

ROLE_WORDS = {
    "seer": ("seer", "占い師", "占い", "预言家"), "medium": ("medium", "霊能者", "霊能"),
    "guard": ("bodyguard", "guard", "騎士", "狩人", "守卫"), "witch": ("witch", "女巫"),
    "hunter": ("hunter", "猎人"), "villager": ("villager", "村人", "村民", "平民"),
}
GOOD = ("human", "not a werewolf", "innocent", "白", "人間", "金水", "好人")
WOLF = ("werewolf", "a wolf", "黒", "人狼", "查杀", "狼人")
ACCUSE = ("vote for {n}", "vote {n}", "suspect {n}", "{n} is suspicious", "{n}に投票",
          "{n}に入れ", "{n}が怪しい", "{n}は怪しい", "投{n}", "{n}可疑", "{n}是狼", "{n}狼坑")
VOUCH = ("trust {n}", "{n} is trustworthy", "{n}を信じ", "{n}は信用", "{n}是好人", "保{n}")
SELF_CLAIM = ("i am the {r}", "i'm the {r}", "i am a {r}", "私が{r}", "私は{r}", "僕が{r}",
              "僕は{r}", "我是{r}", "我是真{r}")
OPENING_CO = re.compile(r"(?:^|[。！!?？\n])\s*(\S+?)co(?:[、。!！\s]|$)")
"""A speech that opens a sentence with "<role> CO" (占いCO): the speaker comes out."""
HONORIFICS = re.compile(r"さん|ちゃん|くん|様")
CHECK = ("{n} is {x}", "{n} was {x}", "divined {n}: {x}", "{n}は{x}", "{n}が{x}", "{n}{x}",
         "{n}是{x}")


class ClaimExtractor(Protocol):
    """Anything that turns one speech into the speaker's claims."""

    def extract(self, text: str, speaker: int) -> tuple[Claim, ...]: ...


def _unique(claims: list[Claim]) -> tuple[Claim, ...]:
    return tuple(c for i, c in enumerate(claims) if c not in claims[:i])


class RuleExtractor:
    """Patterns in en, ja and zh: a role the speaker gives himself; as a self-declared
    seer (or medium), the seats he calls human / werewolf as checks; otherwise votes and
    suspicions accuse and trust vouches. ``names``: seat -> table name."""

    def __init__(self, names: Sequence[str] = (), players: int = 0) -> None:
        count = max(players, len(names))
        self.seats: dict[int, tuple[str, ...]] = {
            seat: tuple(n.lower() for n in (f"agent[{seat:02d}]", f"{seat}号",
                                            *(names[seat - 1:seat] if names else ())) if n)
            for seat in range(1, count + 1)}

    def extract(self, text: str, speaker: int) -> tuple[Claim, ...]:
        lowered = HONORIFICS.sub("", text.lower().replace("@", ""))
        spaced = re.sub(r"\s+", " ", lowered)
        said = spaced + "\n" + re.sub(r"\s+", "", lowered)  # English spaced, CJK without
        opened = {m.group(1) for m in OPENING_CO.finditer(lowered)}
        out: list[Claim] = []
        roles = [role for role, words in ROLE_WORDS.items()
                 if opened.intersection(words)
                 or any(p.format(r=w) in said for w in words for p in SELF_CLAIM)]
        out += [Claim(kind="role", role=role) for role in roles[:1]]
        checker = bool(roles) and roles[0] in ("seer", "medium")
        for seat, names in self.seats.items():
            if seat == speaker:
                continue
            if checker and (result := self._check(said, names)) is not None:
                out.append(Claim(kind="check", target=seat, result=result))
            elif self._says(said, names, ACCUSE):
                out.append(Claim(kind="accuse", target=seat))
            elif self._says(said, names, VOUCH):
                out.append(Claim(kind="vouch", target=seat))
        return _unique(out)

    @staticmethod
    def _says(said: str, names: tuple[str, ...], patterns: Sequence[str]) -> bool:
        return any(p.format(n=n) in said for n in names for p in patterns)

    def _check(self, said: str, names: tuple[str, ...]) -> str | None:
        for result, words in (("werewolf", WOLF), ("good", GOOD)):
            if any(p.format(n=n, x=w) in said for n in names for w in words for p in CHECK):
                return result
        return None


PROMPT = """List the claims the speaker (seat {speaker}) makes in this Werewolf speech as
JSON lines, one object per claim: {{"kind": "role", "role": ...}} for a role he claims,
{{"kind": "check", "target": seat, "result": "good" or "werewolf"}} for a check result
he reports, {{"kind": "accuse" or "vouch", "target": seat}}. Seats: {seats}.
Speech: {text}"""


class ModelExtractor:
    """Claims read by a language model: ``complete`` takes the prompt and returns the
    reply; lines that are not a valid claim object are skipped."""

    def __init__(self, complete: Callable[[str], str], names: Sequence[str]) -> None:
        self.complete = complete
        self.names = tuple(names)

    def extract(self, text: str, speaker: int) -> tuple[Claim, ...]:
        seats = ", ".join(f"{i} = {n}" for i, n in enumerate(self.names, 1))
        reply = self.complete(PROMPT.format(speaker=speaker, seats=seats, text=text))
        out: list[Claim] = []
        for line in reply.splitlines():
            try:
                data = json.loads(line)
                claim = Claim(kind=data["kind"], role=data.get("role"),
                              target=data.get("target"), result=data.get("result"))
            except (ValueError, KeyError, TypeError):
                continue
            target_ok = claim.target is None or 1 <= claim.target <= len(self.names)
            if claim.kind in ("role", "check", "accuse", "vouch") and target_ok:
                out.append(claim)
        return _unique(out)
