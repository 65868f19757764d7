"""Village Idiot (R11) and the exile rule for him (C20 idiot.on_vote)."""

from __future__ import annotations

from tests.helpers import deaths, true_causes
from tests.rules.test_roles_common import alive_at_end, play, sheriffless

# seat 1 wolf, 2 wolf, 3 idiot, 4-7 villagers
DEAL = 'roles = ["werewolf", "werewolf", "idiot", "villager", "villager", "villager", "villager"]'


def _game(rules: str, seats: str, days: int = 2) -> str:
    return sheriffless(DEAL, 10, rules, seats, days)


SURVIVE = '"idiot.on_vote" = "survive_no_vote"'
INTERJECT = '"idiot.on_vote" = "die_can_interject"'


def test_r11_c20_exiled_idiot_is_spared_and_revealed() -> None:
    """R11 / C20 survive_no_vote: voted out, the idiot shows his card publicly and lives."""
    played = play(_game(SURVIVE, "[seats.5]\nvote = [3]\n", days=1))
    assert deaths(played.result) == []
    reveal = played.events("reveal", seat=3, reason="idiot")
    assert [(e.role, e.audience) for e in reveal] == [("idiot", "public")]  # type: ignore[attr-defined]
    spared = played.events("spared", seat=3)
    assert [(e.day, e.audience) for e in spared] == [(1, "public")]
    assert 3 in alive_at_end(played)


def test_r11_c20_spared_idiot_loses_his_vote() -> None:
    """R11 / C20: after being spared he is never asked to vote again; the others still are."""
    played = play(_game(SURVIVE, "[seats.5]\nvote = [3]\n", days=3))
    assert [r.day for r in played.asked("vote", seat=3)] == [1]
    assert [r.day for r in played.asked("vote", seat=4)] == [1, 2, 3]
    # he can still be voted for
    assert 3 in played.asked("vote", seat=4, day=2)[0].options


def test_r11_spared_idiot_dies_normally_at_night() -> None:
    """R11: the revealed idiot has no protection from the wolves."""
    seats = ('[seats.5]\nvote = [3]\n[seats.1]\nkill = ["none", 3]\n'
             '[seats.2]\nkill = ["none", 3]\n')
    played = play(_game(SURVIVE, seats))
    assert deaths(played.result) == [(2, 3, "night")]
    assert true_causes(played.result) == {3: "wolves"}


def test_r11_idiot_exiled_a_second_time_dies() -> None:
    """R11 / C20: the card saves him once; exiled again he dies."""
    played = play(_game(SURVIVE, "[seats.5]\nvote = [3, 3]\n"))
    assert deaths(played.result) == [(2, 3, "vote")]
    assert len(played.events("spared", seat=3)) == 1


def test_c20_die_can_interject_exiled_idiot_dies() -> None:
    """C20 idiot.on_vote = die_can_interject: the exiled idiot is not spared; he dies."""
    played = play(_game(INTERJECT, "[seats.5]\nvote = [3]\n", days=1))
    assert deaths(played.result) == [(1, 3, "vote")]
    assert played.events("spared") == []
    assert played.events("reveal", reason="idiot") == []


def test_c20_die_can_interject_idiot_still_speaks_after_the_exile() -> None:
    """C20 / A25 idiot.on_vote = die_can_interject: unlike an ordinary exile, the dying
    idiot keeps a voice (the rule key's entry: he dies with last words), even with
    last_words.mode none."""
    played = play(_game(INTERJECT + '\n"last_words.mode" = "none"', "[seats.5]\nvote = [3]\n",
                        days=1))
    assert deaths(played.result) == [(1, 3, "vote")]
    assert len(played.asked("last_words", seat=3, day=1)) == 1
