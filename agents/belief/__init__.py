"""A seat's belief over hidden roles, by exact enumeration of the possible wolf sets.

"Wolf" here means a pack member: any card that wakes with the wolves (RoleSpec.pack).
Every wolf set consistent with what the seat knows for certain (its own role,
revealed roles, its check results, its pack, wolves it saw) is enumerated and
weighted by how likely the public behaviour is under it. Behaviour enters as
pairwise factors ``f(a is a wolf, b is a wolf)`` for an act of ``a`` towards ``b``
(votes, accusations, vouches, seer checks) and unary ones (claims, deaths), with a
penalty for every good player too many claiming a role the deal has no card left for.
The possessed, a human on the wolves' side, is no wolf here: he may be the one good
claimant too many, and once caught in a lie his words count for nothing; a medium's
checks are about exiled seats. The pack's size is itself uncertain when the thief's
spare cards may hold wolf cards (or his blind pick may add one): each possible size
is enumerated with its prior. Large tables (past ``EXACT_SETS`` sets) weigh the same
sets on arrays, and past ``SAMPLE_SETS`` a fixed sample of them: the acts' potentials
are kept over seats (``Acts``) and laid over each world's open seats, and the sets'
weights are kept from one weighing to the next (``Logs``), updated by the potentials
that moved, the sets later knowledge rules out zeroed; a seat's own weighing starts
from the table's. The seats of a game fold its public events once, into one shared
public evidence (``PublicLog``), whose votes and speeches their own evidences hold in
common (``Evidence.share``).

The parts, from the bottom up (each imports only parts below it): ``factors`` (roles
named, act factors) and ``space`` (the wolf sets and their marginals); ``potentials``
(the acts' log-potentials as folded) and ``columns`` (the sets as numpy columns, their
kept weights); ``knowledge`` (what a seat knows, the sets it leaves); ``evidence``
(folding events into it); ``acts`` (the acts read from it); ``arrays`` (array and
sampled weighing); ``exact`` (weighing, the public marginals) and ``tables`` (role
tables); ``tracker`` (a seat's tracker, a game's public log).
"""

from agents.belief.evidence import Evidence
from agents.belief.exact import infer, plain, public_marginals, weigh
from agents.belief.factors import (
    LITTLE_GIRL,
    MEDIUM,
    PIPER,
    POSSESSED,
    POWER_CARDS,
    SEER,
    THIEF,
    WHITE_EYED,
    WOLF,
    is_pack,
)
from agents.belief.knowledge import EXACT_SETS, Facts, worlds
from agents.belief.space import Belief, Marginals, Worlds
from agents.belief.tables import role_table
from agents.belief.tracker import BeliefTracker, PublicLog, public_log

__all__ = [
    "EXACT_SETS", "LITTLE_GIRL", "MEDIUM", "PIPER", "POSSESSED", "POWER_CARDS", "SEER",
    "THIEF", "WHITE_EYED", "WOLF", "Belief", "BeliefTracker", "Evidence", "Facts", "Marginals",
    "PublicLog", "Worlds", "infer", "is_pack", "plain", "public_log", "public_marginals",
    "role_table", "weigh", "worlds",
]
