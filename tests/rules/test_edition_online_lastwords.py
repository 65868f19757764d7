"""Edition online-lastwords (网杀 遗言版, O-LW, project decision 2): the deals follow
the 003 online table (catalog 5.3a, shared with 标准 and 新月), the rules take the O-LW
choices of section 6 (nobody's card shown, last words up to the number of wolves) and
the shared online ones, and every preset plays to the end with random bots."""

from __future__ import annotations

import pytest

from arena.presets import load_preset
from tests.rules.test_day_common import game, play
from tests.rules.test_edition_classic import assert_plays_to_the_end
from tests.rules.test_edition_online_standard import assert_online_core, assert_standard_play
from tests.rules.test_presets_editions import names_in, rules_of

NAMES = names_in("online-lastwords")


@pytest.mark.parametrize("name", NAMES)
def test_online_lastwords_section_6_defaults(name: str) -> None:
    """Section 6, O-LW column: no card is shown at any death (C4); the dead give last
    words until as many have spoken as there are wolves (C5: quota 0 means the number
    of wolves); otherwise the online choices: ties go to the sheriff's side, else
    nobody (C13 d, A10), wolves must kill everyone but the wolves (C22)."""
    rules = rules_of(name)
    assert not (rules["reveal.night_death"] or rules["reveal.vote_death"]
                or rules["reveal.day_death"])
    assert rules["last_words.mode"] == "all_until_quota"
    assert rules["last_words.quota"] == 0
    assert_online_core(rules)
    assert_standard_play(rules)
    assert rules["sheriff.election"] != "none"


@pytest.mark.parametrize("name", NAMES)
def test_online_lastwords_preset_plays_to_the_end_with_random_bots(name: str) -> None:
    """Every online-lastwords preset: one random-bot game runs to its end, no death
    shows a card, and no more last words are given than there are wolves (C5)."""
    result = assert_plays_to_the_end(name)
    assert all(e.revealed_role is None  # type: ignore[attr-defined]
               for e in result.events if e.type == "death")  # type: ignore[attr-defined]
    last_words = [e for e in result.events
                  if e.type == "speech" and e.context == "last_words"]  # type: ignore[attr-defined]
    assert len(last_words) <= load_preset(name).roles["werewolf"]


# online-lastwords-18 in seat order: wolves 1-5, witch 6, cupid 7, seer 8, guard 9,
# hybrid 10, hunter 11, chief 12, idiot 13, villagers 14-18
DEAL_18 = ["werewolf"] * 5 + ["witch", "cupid", "seer", "guard", "hybrid", "hunter", "chief",
                              "idiot", "villager", "villager", "villager", "villager", "villager"]


def test_a53_the_exiled_idiot_is_shown_although_no_other_card_is() -> None:
    """A53: in 遗言版, where no death shows a card, exiling the idiot (13) on day 1 still
    reveals him to everyone and he lives on (A25: online too, the idiot survives his
    exile); the night victims (14, 15) and the day-2 exile (18) show nothing, and on
    day 2 a villager knows 13's card but not 14's."""
    seats = "".join(f"[seats.{w}.day{d}]\nkill = [{t}]\n"
                    for w in range(1, 6) for d, t in ((1, 14), (2, 15)))
    seats += "".join(f"[seats.{s}.day1]\nvote = [13]\n" for s in range(14, 19))
    seats += "".join(f"[seats.{s}.day2]\nvote = [18]\n" for s in (16, 17))
    played = play(game(DEAL_18, {"game.max_days": 2}, seats, preset="online-lastwords-18"))
    shown = played.first("reveal", seat=13, reason="idiot")
    assert (shown.day, shown.audience, shown.role) == (1, "public", "idiot")
    assert played.first("spared", seat=13).audience == "public"
    assert [(e.seat, e.revealed_role) for e in played.events("death")] == [
        (14, None), (15, None), (18, None)]
    view = next(v for r, v in played.asked_with_view
                if r.seat == 17 and r.day == 2 and r.kind == "vote")
    assert view.known_roles.get(13) == "idiot" and 14 not in view.known_roles
