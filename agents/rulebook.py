"""The rules of one game in words: one sentence per rule value that matters to its deal."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from string import Template
from typing import Any

from agents.prompts import Text
from arena.engine.roles import ROLES

Rules = Mapping[str, Any]

# rules about a pair of roles, or named after a role they do not start with
NEEDS: dict[str, tuple[str, ...]] = {
    "save": ("witch", "guard"), "lovers": ("cupid",),
    "wolves.lover_target_forbidden": ("cupid",),
    "village.win_requires_no_third_party": ("cupid",),
    "harvest.triangle": ("cupid",), "harvest.scapegoat": ("scapegoat",),
}


# causes of death only a role can bring about (the others can happen in any game)
CAUSE_ROLES: dict[str, tuple[str, ...]] = {
    "poison": ("witch",), "hunter": ("hunter",), "lover": ("cupid",), "hybrid": ("hybrid",),
    "infatuated": ("infatuated",), "scapegoat": ("scapegoat",), "monk": ("high_monk",),
    "elder_penalty": ("elder", "chief"),
}


def _sheriff(rules: Rules, dealt: frozenset[str]) -> bool:
    return rules.get("sheriff.election") != "none" or "high_monk" in dealt


# rules that only matter for some values of another rule
WHEN: dict[str, Callable[[Rules, frozenset[str]], bool]] = {
    "last_words.quota": lambda r, _: r.get("last_words.mode") == "all_until_quota",
    "vote.max_revotes": lambda r, _: "revote_until" in r.get("vote.tie", ()),
    "thief.swap_mandatory": lambda r, _: r.get("thief.mode") == "swap_player",
    "vouch.mode": lambda r, _: r.get("vote.method") == "vouching",
    "witch.box_weights": lambda r, _: r.get("witch.potion") == "box_toss",
    "double_you.public_villagers": lambda r, _: r.get("variant.double_you") == "small",
    **{f"sheriff.{k}": _sheriff for k in ("electorate", "candidates", "election_tie",
                                          "vote_weight", "succession", "succession_on")},
}


def relevant(key: str, rules: Rules, dealt: frozenset[str]) -> bool:
    """Whether the rule can matter in a game with these cards and rule values."""
    prefix = key.split(".", 1)[0]
    needs = NEEDS.get(key) or NEEDS.get(prefix) or ((prefix,) if prefix in ROLES else ())
    if not all(role in dealt for role in needs):
        return False
    when = WHEN.get(key)
    return when is None or when(rules, dealt)


def token(value: Any) -> str:
    """A scalar rule value as the key of its sentence (and as the $value shown)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def in_play(key: str, item: str, dealt: frozenset[str]) -> bool:
    """Whether a list rule's item can happen with this deal (a role, or a cause of death)."""
    if key == "night.order":
        return item in dealt
    needs = CAUSE_ROLES.get(item)
    return needs is None or any(role in dealt for role in needs)


def term(text: Text, key: str, item: str) -> str:
    """A value inside a list rule: a role name (night.order), else a cause or tie rule."""
    if key == "night.order":
        return text.role(item)
    words: dict[str, str] = text.table["terms"]
    return words.get(item) or item


def sentence(text: Text, key: str, value: Any, dealt: frozenset[str]) -> str:
    """The sentence for one rule value ("" leaves the rule out)."""
    forms: dict[str, str] = text.table["rules"].get(key, {})
    if value is None:  # an unset option (e.g. no time limit of its own): nothing to say
        return ""
    if isinstance(value, list):
        items = [v for v in value if in_play(key, str(v), dealt)]
        shown = text("words.item_sep").join(term(text, key, str(v)) for v in items)
        form = forms.get("list" if items else "empty")
    else:
        shown = token(value)
        form = forms.get(shown, forms.get("value"))
    if form is None:
        return text("rules_fallback.any", key=key, value=shown)
    return Template(form).substitute(value=shown)


def rule_sentences(text: Text, rules: Rules, deal: Mapping[str, int]) -> list[str]:
    """One sentence per rule that matters to this deal, in the order of the rule keys."""
    dealt = frozenset(role for role, count in deal.items() if count)
    found = (sentence(text, key, value, dealt) for key, value in rules.items()
             if relevant(key, rules, dealt))
    return [s for s in found if s]
