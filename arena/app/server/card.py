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
from arena.engine.events import CheckResult, GameEnd, NightAction, Shot
from arena.engine.roles import ROLES
from arena.engine.roles.lives import lives_left
from arena.text import Describer


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
    acted = {e.action for e in mine if isinstance(e, NightAction) and e.seat == obs.seat
             and e.target is not None}
    out = []
    if obs.role == "witch":
        uses = int(obs.rules.get("witch.total_uses", 2))
        spent = len(acted & {"save", "poison"}) >= uses
        for potion, action in (("antidote", "save"), ("poison", "poison")):
            state = "res_used" if action in acted else "res_gone" if spent else "res_ready"
            out.append(f"{words['res_' + potion]}: {words[state]}")
    if obs.role == "hunter":
        shot = any(isinstance(e, Shot) and e.seat == obs.seat for e in mine)
        out.append(f"{words['res_shot']}: {words['res_used' if shot else 'res_ready']}")
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


def question(obs: Observation, request: Request, lang: str) -> str:
    """The request as one question in words, the one a model seat reads (every kind,
    rule variants included, in en or zh)."""
    prompter = Prompter(lang)
    text = prompter.text
    return text.template(text.pick(question_keys(request))).substitute(
        prompter.fields(request, Voice(text, obs)))
