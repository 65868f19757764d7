"""The medium: learns whether each exiled player was a wolf, and shows his card and
his results when they pay: a wolf found, a contested seer, danger."""

from __future__ import annotations

from agents.belief import MEDIUM, is_pack
from agents.tactics.day import reads
from agents.tactics.registry import speaks
from agents.tactics.situation import Situation, Words
from arena.engine.events import Claim
from arena.engine.requests import Request


@speaks(MEDIUM)
def day_speech(s: Situation, request: Request, words: Words) -> bool:
    """His card, his results and his reads, when showing them pays."""
    if not claims(s, request):
        return False
    speech(s, words)
    reads(s, words)
    return True


def claims(s: Situation, request: Request) -> bool:
    """Once shown, always; else with a result when an exiled wolf was found or the seer's
    card is contested, or whenever the vote turns on him."""
    tied = request.context.get("tied", ())
    results = bool(s.ev.my_checks) and (
        any(map(is_pack, s.ev.my_checks.values())) or len(s.seer_claimants()) >= 2)
    return bool(s.claimed(s.me, MEDIUM) or results or s.me in tied or s.pressure()[s.me] >= 2)


def speech(s: Situation, words: Words) -> None:
    """His card and every result (what each exile was)."""
    words.line("claim_medium", Claim(kind="role", role=MEDIUM))
    for target, result in s.ev.my_checks.items():
        wolf = is_pack(result)
        words.check(target, wolf, medium=True)
