"""A web seat's role card, built only from what the seat has observed: its role's power
and goal, the resources it has left (potions, shot, lives, badge, vote), and what it knows of
others (allies, lovers, checks). Nothing here reads the game's hidden state."""

from __future__ import annotations

from typing import Any

from agents.narration import Voice
from agents.prompting import Prompter, question_keys
from agents.prompts import Text
from arena.app.server import i18n
from arena.engine import Observation, Request
from arena.engine.events import BuildingPower, CheckResult, GameEnd, NewMoon, NightAction, Shot
from arena.engine.roles import ROLES
from arena.engine.roles.spare_lives import lives_left
from arena.engine.variants.lycanthropy import Touched
from arena.text import Describer

SPENDS = {"save": "antidote", "poison": "poison", "toss": "box"}  # her actions, their potions


def role_card(obs: Observation, lang: str) -> dict[str, Any] | None:
    """The card of ``obs.seat`` in ``lang`` (None before the seat has a role)."""
    role = obs.role
    if role is None:
        return None
    text, words, say = Text(lang), i18n.STRINGS[lang], Describer(lang, obs.seat, obs.names)
    spec = ROLES.get(role)
    goal = text.first([f"goals.{spec.faction}", "goals.solo"]) if spec else ""
    known = [f"{say.who(s)}: {say.role(r)}" for s, r in sorted(obs.known_roles.items())
             if s != obs.seat]
    if obs.lovers:
        known.append(f"{words['lovers']}: " + say.join([say.who(s) for s in obs.lovers]))
    known += [f"{say.who(e.target)}: {say.role(e.result)}" for e in obs.events
              if isinstance(e, CheckResult) and e.seat == obs.seat]
    return {"role": role, "name": say.role(role), "power": text.summary(role) if spec else "",
            "goal": goal, "resources": resources(obs, words, say),
            "known": list(dict.fromkeys(known))}


def resources(obs: Observation, words: dict[str, str], say: Describer) -> list[str]:
    """The seat's resources in words, as far as it knows them (lives: from the deal, then
    from what the judge told the seat when it lost one)."""
    mine = obs.events
    out = []
    if obs.role == "witch":
        held, uses = potions(obs)
        for potion, left in held.items():
            state = "res_used" if not left else "res_gone" if uses < 1 else "res_ready"
            out.append(f"{words['res_' + potion]}: {words[state]}")
    if obs.role == "hunter":
        shots = [e.target for e in mine if isinstance(e, Shot) and e.seat == obs.seat]
        state = "res_ready" if not shots else "res_used" if shots[0] is not None else "res_gone"
        out.append(f"{words['res_shot']}: {words[state]}")
    lives = lives_left(obs.role, obs.seat, mine)
    if lives is not None and obs.seat in obs.alive:
        out.append(say.t("table.lives", lives=lives))
    if obs.sheriff == obs.seat:
        out.append(words["res_badge"])
    if obs.seat in obs.no_vote:
        out.append(words["res_no_vote"])
    if obs.seat not in obs.alive and not any(isinstance(e, GameEnd) for e in mine):
        out.append(words["res_dead"])
    return out


def potions(obs: Observation) -> tuple[dict[str, int], int]:
    """The witch's potions in hand and the uses she has left (C6), from what she saw: her
    own saves, poisons and toss spend them (the Harvest witch holds the box alone, C33d);
    E17 gives her one (the answer names it) and the bone-setter a spent one back (B9: the
    antidote first); hypnotised or infected (V6, E15) she can use none from then on."""
    tossing = obs.rules.get("witch.potion") == "box_toss" or any(
        isinstance(e, NightAction) and e.seat == obs.seat and e.action == "toss"
        for e in obs.events)
    held = {"box": 1} if tossing else {"antidote": 1, "poison": 1}
    uses, powerless = int(obs.rules.get("witch.total_uses", 2)), False
    for e in obs.events:
        if isinstance(e, NightAction) and e.seat == obs.seat and e.target is not None and (
                e.action in SPENDS):
            held[SPENDS[e.action]] -= 1
            uses -= 1
        elif isinstance(e, Touched) and e.seat == obs.seat:
            powerless = True
        elif isinstance(e, NewMoon) and (e.card, e.step) == ("E17", "applied") and (
                obs.seat in e.seats and e.answer is not None):
            given = "poison" if e.answer == "poison" else "antidote"
            held[given] = held.get(given, 0) + 1
            uses += 1
        elif isinstance(e, BuildingPower) and e.power == "mend" and e.target == obs.seat and (
                not (held.get("antidote") and held.get("poison"))):
            given = "poison" if held.get("antidote") else "antidote"
            held[given] = held.get(given, 0) + 1
            uses += 1
    return held, 0 if powerless else uses


def question(obs: Observation, request: Request, lang: str) -> str:
    """The request as one question in words, the one a model seat reads (every kind,
    rule variants included, in en or zh)."""
    prompter = Prompter(lang)
    text = prompter.text
    return text.template(text.pick(question_keys(request))).substitute(
        prompter.fields(request, Voice(text, obs)))
