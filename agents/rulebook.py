"""The rules of one game in words: one sentence per rule value that matters to its deal.

Every sentence declares what it concerns (its topics): the roles it names, the
buildings, the expansions or the powers it is about. A topic is in play when its role
is dealt, its building built, its expansion or power switched on by the rules; a
sentence, a listed item (a cause of death, a tie rule) or a part of a sentence (one
role's share of a rule) appears only when all its topics are in play.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from string import Template
from typing import Any

from agents.prompts import Text
from arena.engine.config import RuleSet
from arena.engine.roles import ROLES

Rules = Mapping[str, Any]
InPlay = Callable[[Rules, frozenset[str]], bool]

BUILDINGS = tuple(RuleSet().buildings())  # the Village's building types


def _dealt(role: str) -> InPlay:
    return lambda _, dealt: role in dealt


def _built(building: str) -> InPlay:
    return lambda rules, _: bool(rules.get(f"buildings.{building}"))


def _rule(key: str, *values: Any) -> InPlay:
    return lambda rules, _: rules.get(key) in values


SWITCHES: dict[str, tuple[str, tuple[Any, ...]]] = {
    "self_destruct": ("wolves.self_destruct", (True,)),
    "new_moon": ("events.mode", ("tabletop", "online")),
    "tabletop_moon": ("events.mode", ("tabletop",)),
    "online_moon": ("events.mode", ("online",)),
    "fascination": ("variant.lycanthropy", ("fascination",)),
}
"""Topics a rule switches on: the rule and the values that do (its own sentence says
whether it is on)."""


def _sheriff(rules: Rules, dealt: frozenset[str]) -> bool:
    return rules.get("sheriff.election", "none") != "none" or "high_monk" in dealt


TOPICS: dict[str, InPlay] = {
    **{role: _dealt(role) for role in ROLES},
    **{building: _built(building) for building in BUILDINGS},
    "sheriff": _sheriff,
    **{topic: _rule(key, *values) for topic, (key, values) in SWITCHES.items()},
}
"""What a sentence can be about, and when that is in play."""

KEY_TOPICS: dict[str, tuple[str, ...]] = {
    "save": ("witch", "guard"), "lovers": ("cupid",),
    "wolves.lover_target_forbidden": ("cupid",), "wolves.self_destruct_timing": ("self_destruct",),
    "village.win_requires_no_third_party": ("cupid",),
    "harvest.triangle": ("cupid",), "harvest.scapegoat": ("scapegoat",),
    "events": ("new_moon",), "events.mode": (),
    **{f"events.{k}": ("tabletop_moon",) for k in (
        "permanent", "drawer", "bleak_monday", "end_of_the_harvest", "radiant_sunday")},
    "events.days": ("online_moon",),
    "buildings.baker_sees": ("baker",),
    **{f"sheriff.{k}": ("sheriff",) for k in ("electorate", "candidates", "election_tie",
                                              "vote_weight", "succession", "succession_on")},
}
"""A rule key's topics beyond the role or building it is named after."""

ITEM_TOPICS: dict[str, tuple[str, ...]] = {
    # causes of death only a role, a power or an expansion brings about
    "poison": ("witch",), "hunter": ("hunter",), "lover": ("cupid",), "hybrid": ("hybrid",),
    "infatuated": ("infatuated",), "scapegoat": ("scapegoat",), "monk": ("high_monk",),
    "elder_penalty": ("elder",), "chief_penalty": ("chief",), "explode": ("self_destruct",),
    "hypnosis": ("fascination",), "barber": ("barber",), "fire": ("arsonist",),
    **{cause: ("new_moon",) for cause in ("punishment", "specter", "backfire", "venom",
                                         "thunder", "ufo")},
    # tie rules that need a sheriff
    "sheriff_decides": ("sheriff",), "sheriff_side": ("sheriff",),
}
"""The topics of one item of a list rule (night.order's items are roles)."""

STAND_INS: dict[str, tuple[str, ...]] = {"elder_penalty": ("elder_penalty", "chief_penalty")}
"""Items told apart in words by whose they are (the elder's or the chief's penalty)."""

# rules that only matter for some values of another rule
WHEN: dict[str, InPlay] = {
    "last_words.quota": _rule("last_words.mode", "all_until_quota"),
    "vote.max_revotes": lambda r, _: "revote_until" in r.get("vote.tie", ()),
    "thief.swap_mandatory": _rule("thief.mode", "swap_player"),
    "vouch.mode": _rule("vote.method", "vouching"),
    "witch.box_weights": _rule("witch.potion", "box_toss"),
    "double_you.public_villagers": _rule("variant.double_you", "small"),
}

FRAME = ("sentence", "sep", "none")  # the entries of a sentence in parts that are no part
TIE_ENDS = ("none", "random")  # tie rules that always settle the tie: nothing after them


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One sentence of the rules, the rule key it states and every topic it concerns."""

    key: str
    text: str
    topics: frozenset[str]


def in_play(topics: tuple[str, ...] | frozenset[str], rules: Rules,
            dealt: frozenset[str]) -> bool:
    """Whether every topic is in play (a name that is no topic always is)."""
    return all(TOPICS[t](rules, dealt) for t in topics if t in TOPICS)


def key_topics(key: str) -> tuple[str, ...]:
    """The topics of a rule key: its own entry, its prefix's, else the role or building
    it is named after."""
    prefix, _, rest = key.partition(".")
    found = KEY_TOPICS.get(key, KEY_TOPICS.get(prefix))
    if found is not None:
        return found
    return tuple(name for name in (prefix, rest) if name in ROLES or name in BUILDINGS)[:1]


def relevant(key: str, rules: Rules, dealt: frozenset[str]) -> bool:
    """Whether the rule can matter in a game with these cards and rule values."""
    when = WHEN.get(key)
    return in_play(key_topics(key), rules, dealt) and (when is None or when(rules, dealt))


def item_topics(key: str, item: str) -> tuple[str, ...]:
    """The topics of a list rule's item: night.order's items are roles."""
    return (item,) if key == "night.order" else ITEM_TOPICS.get(item, ())


def items(key: str, value: list[Any], rules: Rules, dealt: frozenset[str]) -> list[str]:
    """A list rule's items in play (a role of night.order, a cause, a tie rule), each
    named by whose it is where that tells them apart; a tie rule that always settles
    the tie ends the list."""
    out: list[str] = []
    for item in map(str, value):
        for named in STAND_INS.get(item, (item,)):
            if in_play(item_topics(key, named), rules, dealt):
                out.append(named)
        if key == "vote.tie" and item in TIE_ENDS and out and out[-1] == item:
            break
    return out


def token(value: Any) -> str:
    """A scalar rule value as the key of its sentence (and as the $value shown)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def term(text: Text, key: str, item: str) -> str:
    """A value inside a list rule: a role name (night.order), else a cause of death."""
    if key == "night.order":
        return text.role(item)
    words: dict[str, str] = text.table["terms"]
    return words.get(item) or item


def _ties(text: Text, shown: list[str]) -> str:
    """The tie rules as a player says them: what the first does, then, for each that may
    leave the tie standing, what follows (the next one; at the end, nobody is exiled)."""
    ties: dict[str, dict[str, str]] = text.table["ties"]
    said = [ties[shown[0]]["do"]]
    for rule, then in zip(shown, [*shown[1:], "none"], strict=True):
        if rule in TIE_ENDS:
            break
        said.append(Template(ties[rule]["else"]).substitute(then=ties[then]["do"]))
    return text("words.item_sep").join(said)


def _parts(form: dict[str, str], rules: Rules, dealt: frozenset[str]) -> tuple[str, set[str]]:
    """A sentence in parts (``sentence``, ``sep``, ``none``, then one part per topic,
    several joined by "+"): the parts in play joined into the sentence, else its ``none``
    form ("" without one), and their topics."""
    parts = {name: part for name, part in form.items() if name not in FRAME}
    shown = [name for name in parts if in_play(tuple(name.split("+")), rules, dealt)]
    if not shown:
        return form.get("none", ""), set()
    said = form["sep"].join(parts[name] for name in shown)
    return Template(form["sentence"]).substitute(parts=said), {
        topic for name in shown for topic in name.split("+") if topic in TOPICS}


def line(text: Text, key: str, value: Any, rules: Rules, dealt: frozenset[str]) -> RuleLine:
    """The sentence for one rule value (empty text leaves the rule out), and its topics."""
    forms: dict[str, Any] = text.table["rules"].get(key, {})
    topics = set(key_topics(key))
    if value is None:  # an unset option (e.g. no time limit of its own): nothing to say
        return RuleLine(key, "", frozenset(topics))
    if isinstance(value, list):
        shown = items(key, value, rules, dealt)
        topics.update(t for item in shown for t in item_topics(key, item))
        said = (_ties(text, shown) if key == "vote.tie" and shown else
                text("words.item_sep").join(term(text, key, item) for item in shown))
        form = forms.get("list" if shown else "empty")
    else:
        said = token(value)
        form = forms.get(said, forms.get("value"))
        if isinstance(form, dict):
            form, concerned = _parts(form, rules, dealt)
            topics.update(concerned)
    if form is None:
        return RuleLine(key, text("rules_fallback.any", key=key, value=said), frozenset(topics))
    return RuleLine(key, Template(form).substitute(value=said), frozenset(topics))


def rule_lines(text: Text, rules: Rules, deal: Mapping[str, int]) -> list[RuleLine]:
    """One sentence per rule that matters to this deal, in the order of the rule keys."""
    dealt = frozenset(role for role, count in deal.items() if count)
    found = (line(text, key, value, rules, dealt) for key, value in rules.items()
             if relevant(key, rules, dealt))
    return [found_line for found_line in found if found_line.text]


def rule_sentences(text: Text, rules: Rules, deal: Mapping[str, int]) -> list[str]:
    """The sentences of ``rule_lines``."""
    return [found.text for found in rule_lines(text, rules, deal)]
