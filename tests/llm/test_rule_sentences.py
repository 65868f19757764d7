"""The system prompt states this game's rules only (issue 28.6): no sentence, listed
item or part of a sentence concerns a role that is not dealt, a building not built or an
expansion or power the rules leave off. The check is built from data: the topics each
rule sentence declares (agents/rulebook.py), the names of roles and buildings and the
words of causes in each language, and every sentence form of lines.toml."""

from __future__ import annotations

import re
from typing import Any

import pytest

from agents.prompting import Prompter
from agents.prompts import LANGS, Text
from agents.rulebook import (
    BUILDINGS,
    ITEM_TOPICS,
    SWITCHES,
    TOPICS,
    in_play,
    key_topics,
    rule_lines,
)
from arena.engine import Decision, Game, Observation, Request
from arena.engine.flow import deal
from arena.engine.roles import ROLES
from arena.presets import load_preset, preset_names

# one of each kind: classic, FanLang (self-destruct), tabletop and online New Moon, the
# Village, a variant, and an edition whose ties go to the scapegoat and the sheriff
SAMPLE = ("classic-12", "fanlang-9", "newmoon-12", "online-newmoon-12", "village-11",
          "variant-fascination-12", "tv-16")


class Looker:
    """A seat that is shown its view (the prompt needs one) and is never asked here."""

    async def decide(self, observation: Observation, request: Request) -> Decision:
        return request.default()


def dealt_observation(preset: str, roles: dict[str, int] | None = None,
                      rules: dict[str, Any] | None = None) -> Observation:
    """Seat 1's view once the cards are dealt: all its system prompt is made from."""
    config = load_preset(preset, roles=roles, overrides=rules)
    game = Game(config, {s: Looker() for s in range(1, config.players + 1)}, seed=1)
    deal(game.judge)
    return game.judge.observation(1)


def system_prompt(preset: str, lang: str, roles: dict[str, int] | None = None,
                  rules: dict[str, Any] | None = None) -> str:
    return Prompter(lang).system(dealt_observation(preset, roles, rules))


def mentions(text: str, word: str, lang: str) -> bool:
    if lang == "zh":
        return word in text
    return re.search(rf"\b{re.escape(word)}s?\b", text, re.IGNORECASE) is not None


def fixed_texts(form: Any) -> list[str]:
    """The fixed words of a sentence form (a template, or a sentence in parts)."""
    forms = form.values() if isinstance(form, dict) else [form]
    pieces = (piece.strip(" .,;:。，；：") for f in forms for piece in re.split(r"\$\w+", f))
    return [piece for piece in pieces if len(piece) >= 12]


def out_of_play(preset: str, lang: str) -> list[str]:
    """What the preset's system prompt says about anything not in play."""
    observation = dealt_observation(preset)
    rules, deal_counts = observation.rules, observation.deal
    dealt = frozenset(role for role, count in deal_counts.items() if count)
    text = Text(lang)
    prompt = Prompter(lang).system(observation)
    lines = rule_lines(text, rules, deal_counts)
    found = [f"{ln.key} is not in the prompt" for ln in lines if ln.text not in prompt]
    absent = {topic for topic, live in TOPICS.items() if not live(rules, dealt)}
    found += [f"{ln.key} concerns {sorted(ln.topics & absent)}"
              for ln in lines if ln.topics & absent]
    terms: dict[str, str] = text.table["terms"]
    names = {**{text.role(role): role for role in ROLES if role in absent},
             **{terms[b]: b for b in BUILDINGS if b in absent},
             **{terms[item]: item for item, topics in ITEM_TOPICS.items()
                if item in terms and absent & set(topics)}}
    switches = {SWITCHES[topic][0] for topic in absent if topic in SWITCHES}
    found += [f"{ln.key} names {names[word]!r}: {ln.text}" for ln in lines
              if ln.key not in switches  # "wolves may not self-destruct" is a rule
              for word in names if mentions(ln.text, word, lang)]
    for key, forms in text.table["rules"].items():
        if not in_play(key_topics(key), rules, dealt):
            found += [f"{key} is said: {piece}" for form in forms.values()
                      for piece in fixed_texts(form) if piece in prompt]
    return found


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset", SAMPLE)
def test_the_rules_concern_only_what_is_in_play(preset: str, lang: str) -> None:
    assert out_of_play(preset, lang) == []


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGS)
def test_every_presets_rules_concern_only_what_is_in_play(lang: str) -> None:
    found = {preset: bad for preset in preset_names() if (bad := out_of_play(preset, lang))}
    assert found == {}


@pytest.mark.parametrize(("lang", "tie", "grief"), [
    ("en", "When the exile vote ties, nobody is exiled.",
     "A lover dies of grief when the other lover dies by: the wolves' attack; poison; exile; "
     "the hunter's shot; a lover's grief; any other cause."),
    ("zh", "放逐投票平票时，无人出局。",
     "情侣一方因以下原因死亡时，另一方殉情：狼人袭击；毒药；放逐；猎人开枪；殉情；其他原因。"),
])
def test_classic_12_without_events_says_nothing_of_the_new_moon_or_the_village(
        lang: str, tie: str, grief: str) -> None:
    prompt = system_prompt("classic-12", lang, rules={"events.mode": "none"})
    for words in (("New Moon", "flips the card", "barber", "arsonist", "self-destruction"),
                  ("新月", "由法官翻牌", "剃头匠", "纵火犯", "自爆；")):
        assert not [w for w in words if w in prompt]
    assert f"- {tie}\n" in prompt and f"- {grief}\n" in prompt


@pytest.mark.parametrize(("preset", "said"), [
    ("fanlang-9", "When the exile vote ties, the tied players speak again and the others "
                  "vote once more among them; if it ties again, nobody is exiled."),
    ("aiwolf-5", "When the exile vote ties, the tied players speak again and the others vote "
                 "once more among them; if it ties again, the tied player to be exiled is "
                 "drawn by lot."),
    ("tv-16", "When the exile vote ties, the scapegoat dies instead; with no scapegoat, the "
              "sheriff chooses which tied player is exiled; with no sheriff, nobody is "
              "exiled."),
])
def test_the_tie_rule_reads_as_a_player_says_it(preset: str, said: str) -> None:
    assert f"- {said}\n" in system_prompt(preset, "en")


def test_a_tie_rule_that_cannot_apply_is_left_out() -> None:
    """tv-16's ties go to the scapegoat, then the sheriff: without a scapegoat dealt and
    without a sheriff, nobody is exiled."""
    roles = {**load_preset("tv-16").roles, "scapegoat": 0, "villager": 4}
    prompt = system_prompt("tv-16", "en", roles, {"sheriff.election": "none"})
    assert "- When the exile vote ties, nobody is exiled.\n" in prompt


def test_a_sentence_in_parts_keeps_the_parts_in_play() -> None:
    """The lovers' protection names the hunter only when he is dealt."""
    assert "hunter" not in {r for r, n in load_preset("online-lastwords-8").roles.items() if n}
    assert "- A hunter may not shoot his lover. A witch may not poison her lover.\n" in \
        system_prompt("classic-12", "en")
    assert "- A witch may not poison her lover.\n" in system_prompt("online-lastwords-8", "en")
