"""It surely isn't him (V1) and Bleak Monday's vouching (4.2.5): instead of a ballot,
every living player stands; in turn a player vouches for a standing player, who sits
down; the last one standing is exiled. C31: the turn passes clockwise from the left of
the last dead (V1), or to the player just vouched for, the first voucher standing until
someone vouches for him (chain)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from arena.engine.events import Vote, VoteResult
from arena.engine.shared_rules import VariantRules
from arena.engine.variants.base import VariantSpec

if TYPE_CHECKING:
    from arena.engine.judge import Judge


async def last_standing(judge: Judge, order: list[int]) -> int | None:
    """The day's exile by vouching, in the ``vouch.mode`` of the rules."""
    return await vouch_out(judge, order, chain=judge.rules[VariantRules].vouch__mode == "chain")


async def vouch_out(judge: Judge, order: list[int], *, chain: bool) -> int | None:
    """Run the vouching (``order``: the living in speaking order, which starts left of
    the last dead); returns the seat left standing, to be exiled."""
    st = judge.state
    standing = [s for s in order if st.is_alive(s)]
    # clockwise: the turn skips those who lost their vote (a revealed idiot)
    turns = standing if chain else [s for s in standing if st.seats[s].can_vote]
    if not turns:
        return None
    voucher, round_no = turns[0], 0
    while len(standing) > 1:
        round_no += 1
        options = [s for s in standing if s != voucher]
        choice = await judge.ask(judge.request(voucher, "vouch", options, ballot="vouch",
                                               round=round_no, standing=tuple(standing)))
        target = options[0] if choice.target is None else choice.target
        judge.emit(Vote, "public", seat=voucher, target=target, round=round_no, weight=1.0,
                   ballot="vouch")
        standing.remove(target)
        voucher = target if chain else turns[(turns.index(voucher) + 1) % len(turns)]
    out = standing[0] if standing else None
    judge.emit(VoteResult, "public", counts={}, eliminated=out, tie=(), round=round_no,
               ballot="vouch")
    return out


SPEC = VariantSpec(
    name="vouching", active=lambda rules: rules[VariantRules].vote__method == "vouching",
    kinds={"vouch": "target"}, exile=last_standing,
)
