"""Evidence folding: one seat's events folded, incrementally, into its facts."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from agents.belief.factors import (
    MEDIUM,
    PIPER,
    POWER_CARDS,
    SEER,
    THIEF,
    is_pack,
    pack_cards,
)
from agents.belief.knowledge import Facts
from arena.engine.events import (
    BaseEvent,
    Cards,
    CheckResult,
    Claim,
    Death,
    NewMoon,
    NightAction,
    Reveal,
    RoleDealt,
    Setup,
    Speech,
    VictimInfo,
    Vote,
)
from arena.engine.roles import ROLES


@dataclass(slots=True)
class Evidence(Facts):
    """A seat's facts, with the folding of each kind of event into them."""

    def take(self, event: BaseEvent) -> None:
        """Fold one more event (a public-only evidence is given the public ones only)."""
        if self.first is None:
            self.first = event
        night = not self.nightfall and event.phase == "night"
        if night:
            self.nightfall = True
            self.facts += 1
        kind = type(event)
        if (_FOLDS.get(kind) or _fold_of(kind))(self, event) or night:
            self.version += 1
            self.moved = event

    def share(self, table: Evidence) -> None:
        """Hold the table's acts (the public votes and speeches) in the table's own
        containers, which it folds once for every seat (neither holds any yet): this
        evidence then takes every other event itself, and its ``version`` moves with
        them alone."""
        for name in SHARED:
            setattr(self, name, getattr(table, name))
        self.shares = table


    def _vote(self, event: Vote) -> bool:
        if event.target is None or event.ballot == "sheriff" or (
                event.seat == self.seat and self.lying):
            return False
        if event.ballot == "vouch":
            self._vouch(event.seat, event.target)  # V1: sitting a player down
        else:
            self.votes.append((event.seat, event.target, event.day))
            self.ballots.setdefault(event.seat, []).append((event.target, event.day))
        return True

    def _speech(self, event: Speech) -> bool:
        if event.seat == self.seat and self.lying:
            return False
        if event.context != "wolf_chat":
            for claim in event.claims:
                self._claim(event.seat, claim, event.day)
            return True
        if is_pack(self.known.get(self.seat)):
            return False
        self.wolves.add(event.seat)  # a little girl reading the pack's chat
        self.facts += 1
        return True

    def _setup(self, event: Setup) -> bool:
        self.players, self.rules = event.players, event.rules
        self.dealt, self.deal = dict(event.roles), dict(event.roles)
        self.sets = math.comb(self.players, pack_cards(self.dealt))
        self.facts += 1
        return True

    def _dealt(self, event: RoleDealt) -> bool:
        self._learn(event.seat, event.role)
        return True

    def _reveal(self, event: Reveal) -> bool:
        if event.reason in POWER_CARDS:
            return False
        self._learn(event.seat, event.role)
        if event.reason == "wolf_team":
            self._pack_member(event.seat, event.day)
        return True

    def _learn(self, seat: int, role: str) -> None:
        """A seat's card, for certain (new knowledge bumps ``facts``)."""
        if self.known.get(seat) != role:
            self.known[seat] = role
            self.facts += 1

    def _check_result(self, event: CheckResult) -> bool:
        if event.seat != self.seat:
            return False
        self._checked(event.target, event.result)
        self.facts += 1
        return True

    def _death(self, event: Death) -> bool:
        if event.revealed_role:
            self._learn(event.seat, event.revealed_role)
        elif event.cause == "night":
            self.night_dead.add(event.seat)
        if event.cause == "vote":
            self.exiled.add(event.seat)
        return True

    def _victim(self, event: VictimInfo) -> bool:
        if event.victim is None:
            return False
        self.victims.add(event.victim)
        return True

    def _night_action(self, event: NightAction) -> bool:
        if event.seat != self.seat:
            return False
        if event.action == "swap":
            self._swapped(event.target)
            return True
        if event.action == "charm":
            self.charmed.update(event.targets)
        elif event.action == "support":
            self.supported = event.target
        return False

    def _cards(self, event: Cards) -> bool:
        if event.seat == self.seat:
            self.spare = event.cards
        return False

    def _moon(self, event: NewMoon) -> bool:
        self.moons += 1
        return False

    def _ignore(self, event: BaseEvent) -> bool:
        return False

    def _checked(self, target: int, result: str) -> None:
        """A check of this seat's own: an exact role, a wolf flag, or "good" (which a pack
        card without the wolf flag, the white-eyed wolf, also shows). Three cards (C1 d,
        the target's and his neighbours') clear the target only when none is a wolf's."""
        if "," in result:
            if not any(map(is_pack, result.split(","))):
                self.my_checks[target] = "good"
                self.good.add(target)
            return
        self.my_checks[target] = result
        if is_pack(result) or result in self.deal:
            self.known[target] = result
        elif any(c and is_pack(r) and not ROLES[r].wolf_card for r, c in self.deal.items()):
            self.seen_good.add(target)
        else:
            self.good.add(target)

    def _pack_member(self, seat: int, day: int) -> None:
        """A wolf_team reveal. A later batch (the thief joined) replaces the earlier one:
        a seat left out of it gave its card to the thief and holds the thief's card."""
        if day != self.pack_day:
            if self.pack_day < 0:
                self.facts += 1  # the pack met: it knows its size
            self.pack_day, self.earlier_pack, self.pack = day, self.pack, set()
        self.pack.add(seat)
        for left in self.earlier_pack - self.pack:
            self._learn(left, THIEF)

    def _swapped(self, target: int | None) -> None:
        """This seat, the thief, took a card: a player's (who now holds the thief card),
        a spare one (the rest stays out of play) or a blind pick."""
        mode = self.rules.get("thief.mode")
        if mode == "swap_player":
            if target is not None:
                self.known[target] = THIEF
        elif mode == "spare_cards" and self.spare:
            centre = list(self.spare)
            if target is not None:
                centre[target - 1] = THIEF
            self.out_of_play = tuple(centre)
            for card in centre:
                if card in self.deal:
                    self.deal[card] -= 1
        else:
            self.picked_blind = True
        self.facts += 1

    def _claim(self, seat: int, claim: Claim, day: int) -> None:
        target = claim.target
        if claim.kind == "role" and claim.role:
            self._role(seat, claim.role, day)
        elif claim.kind == "check" and target is not None and target != seat:
            medium = self._medium(seat)
            if not medium:
                self._role(seat, SEER, day)
            says_wolf = is_pack(claim.result) or claim.result == "wolf"
            fresh = (seat, target) not in self.checks
            if self.checks.setdefault((seat, target), says_wolf) != says_wolf:
                self.liars.add(seat)
            if fresh and says_wolf:
                self.called_wolf[target] = self.called_wolf.get(target, 0) + 1
            if fresh and says_wolf and self.claim_day.get((target, SEER)) == day:
                self.coincidences.add((seat, target))
            if sum(1 for c, _ in self.checks if c == seat) > day - int(medium) or (
                    medium and target not in self.exiled):
                self.liars.add(seat)
            if claim.result == PIPER:
                self.piper_calls.setdefault(target, set()).add(seat)
        elif claim.kind == "accuse" and target is not None and target != seat:
            self.accusations.append((seat, target, day))
            self.accused[target] = self.accused.get(target, 0) + 1
            today = self.accused_on.get(day)
            if today is None:
                today = self.accused_on[day] = {}
            today[target] = today.get(target, 0) + 1
        elif claim.kind == "vouch" and target is not None and target != seat:
            self._vouch(seat, target)

    def _vouch(self, seat: int, target: int) -> None:
        if (seat, target) not in self.vouches:
            self.vouches.add((seat, target))
            self.vouched.append((seat, target))

    def _medium(self, seat: int) -> bool:
        """A check claimed by a medium claimant (not a seer one): about an exiled seat."""
        roles = self.claims.get(seat, ())
        return MEDIUM in roles and SEER not in roles

    def _role(self, seat: int, role: str, day: int) -> None:
        if role not in self.deal or is_pack(role) or (seat, role) in self.claim_day:
            return
        self.claim_day[(seat, role)] = day
        roles = self.claims.setdefault(seat, [])
        roles.append(role)
        if sum(1 for r in roles if ROLES[r].special) > 1:
            self.liars.add(seat)
        if role == SEER and any(w and t == seat for (_, t), w in self.checks.items()):
            self.reactive.add(seat)


SHARED = ("votes", "ballots", "vouches", "vouched", "accusations", "accused", "accused_on",
          "called_wolf", "claims", "claim_day", "checks", "coincidences", "reactive", "liars",
          "piper_calls")
"""What an evidence folds from the public votes and speeches alone (``Evidence.share``):
the same for every seat but the possessed, who leaves his own out, and the thief with
spare cards, whose deal reads claims otherwise."""


ACTS = frozenset({Vote, Speech})
"""The events whose folds the ``SHARED`` containers hold."""


Fold = Callable[[Evidence, Any], bool]


_FOLDS: dict[type[BaseEvent], Fold] = {
    Vote: Evidence._vote, Speech: Evidence._speech, Setup: Evidence._setup,
    RoleDealt: Evidence._dealt, Reveal: Evidence._reveal, CheckResult: Evidence._check_result,
    Death: Evidence._death, VictimInfo: Evidence._victim, NightAction: Evidence._night_action,
    Cards: Evidence._cards, NewMoon: Evidence._moon,
}
"""How an evidence folds each kind of event (True: it may move the belief)."""


def _fold_of(kind: type[BaseEvent]) -> Fold:
    """The fold of an event class met first: its nearest ancestor's, or none."""
    fold = next((_FOLDS[c] for c in kind.__mro__ if c in _FOLDS), Evidence._ignore)
    _FOLDS[kind] = fold
    return fold
