"""A model seat's prompts, rendered from its Observation and the Request only.

``system`` is the stable prefix (the rules of this game, the same for every seat,
then the seat's role card); ``turn`` is one user message: what the seat saw since
its last turn, its status, and the question with its legal choices (in words, and as
a line of JSON values: the answer schema is the same for the whole game) and answer
format.
"""

from __future__ import annotations

import json
from typing import Any

from agents import moon_view
from agents.decisions import SHAPE_FIELD
from agents.narration import Voice, card_swap, fence, in_deal, narrate
from agents.prompts import SHIPPED, PromptSet, Text
from agents.reasons import explain
from agents.rulebook import rule_sentences
from arena.engine import Observation, Request
from arena.engine.events import Refused, Reveal, RoleDealt
from arena.engine.roles import ROLES
from arena.text import catalog

SEAT_FIELDS = ("victim", "accused", "last", "leader", "exiled", "vagrant", "house")
SEATS_FIELDS = ("pack", "candidates", "tied", "barred", "houses", "standing")


class Fields(dict[str, str]):
    """Template fields; one a template asks for and the context lacks reads "?"."""

    def __missing__(self, key: str) -> str:
        return "?"


def dealt_roles(obs: Observation) -> tuple[str, ...]:
    return tuple(role for role, count in obs.deal.items() if count)


def card_role(obs: Observation) -> str:
    """The card the seat was dealt (a thief's new card comes later, as an event)."""
    dealt = [e.role for e in obs.events if isinstance(e, RoleDealt) and in_deal(e)]
    return dealt[0] if dealt else obs.role or "?"


class Prompter:
    """Renders one seat's prompts in one language, from the shipped prompt set unless
    ``prompts`` names another."""

    def __init__(self, lang: str = "en", persona: str | None = None,
                 prompts: PromptSet = SHIPPED) -> None:
        self.text = Text(lang, prompts)
        self.lang, self.persona, self.prompts = lang, persona, prompts

    def bullets(self, rows: list[str]) -> str:
        return "\n".join(f"- {row}" for row in rows)

    # --- message 0
    def system(self, obs: Observation, rules: str | None = None) -> str:
        """The rules (the same for every seat of the game; ``rules`` when already
        rendered), then the seat's card."""
        front = self.rules(obs) if rules is None else rules
        return front + "\n\n" + self.card(obs, Voice(self.text, obs))

    def rules(self, obs: Observation) -> str:
        """The front of the system prompt that every seat of the game shares."""
        t, v = self.text, Voice(self.text, obs)
        roles = dealt_roles(obs)
        deal = t("words.sep").join(
            t("words.deal_entry", role=t("words.role_id", id=r, name=t.role(r)), count=obs.deal[r])
            for r in roles)
        entries = [t("words.role_entry", id=r, name=t.role(r), summary=t.summary(r))
                   for r in roles]
        head = self.prompts.template(self.lang, "system.txt").substitute(
            players=obs.players, names=v.seats(range(1, obs.players + 1)), deal=deal,
            roles=self.bullets(entries),
            rules=self.bullets(rule_sentences(t, obs.rules, obs.deal)))
        return head.rstrip("\n")

    def card(self, obs: Observation, v: Voice) -> str:
        t, role = self.text, card_role(obs)
        spec = ROLES.get(role)
        notes = []
        if spec is not None and spec.pack:
            pack = {e.seat: e.role for e in obs.events if isinstance(e, Reveal) and in_deal(e)
                    and e.seat != obs.seat}
            notes.append(t("card.pack", seats=v.roles_of(pack)) if pack else t("card.alone"))
        if self.persona:
            notes.append(t("card.persona", persona=fence(self.persona)))
        return self.prompts.template(self.lang, "card.txt").substitute(
            me=v.label(obs.seat), role=v.role(role),
            summary=t.summary(role) if spec else "",
            goal=t(f"goals.{spec.faction}") if spec else "",
            notes="\n".join(notes)).rstrip("\n") + "\n"

    # --- one turn
    def turn(self, obs: Observation, request: Request, since: int = -1) -> str:
        """The user message for ``request``; ``since``: the last event seq already shown."""
        t, v = self.text, Voice(self.text, obs)
        # a refusal was told when the seat was asked again: never again in a later turn
        news = narrate(v, (e for e in obs.events
                           if e.seq > since and not isinstance(e, Refused)))
        when = t("status.night" if obs.phase == "night" else "status.day", day=request.day)
        error = request.context.get("error")
        return self.prompts.template(self.lang, "turn.txt").substitute(
            events="\n".join(news) if news else t("words.nothing"), when=when,
            status=self.bullets(self.status(obs, v)), kind=t.kind(request.kind),
            question=t.template(t.pick(question_keys(request))).substitute(
                self.fields(request, v)),
            choices=self.choices(obs, request, v), legal=self.legal(obs, request),
            error=t("choices.error", error=fence(explain(t, str(error)))) if error else "",
            answer=t("turn.answer", field=SHAPE_FIELD[request.shape]),
            format=t(format_key(request)))

    def status(self, obs: Observation, v: Voice) -> list[str]:
        t = self.text
        known = obs.known_roles
        rows = [t("status.you", me=v.label(obs.seat), role=v.role(obs.role)),
                t("status.alive", count=len(obs.alive), seats=v.seats(obs.alive))]
        dead = [s for s in range(1, obs.players + 1) if s not in obs.alive]
        if dead:
            shown = [t("words.role_of", who=v.label(s), role=v.role(known[s])) if s in known
                     else t("status.hidden", who=v.label(s)) for s in dead]
            rows.append(t("status.dead", seats=t("words.sep").join(shown)))
        if obs.sheriff is not None:
            rows.append(t("status.sheriff", who=v.who(obs.sheriff)))
        cards = moon_view.in_force_now(obs)
        if cards:
            rows.append(t("status.moon", events=moon_view.describe_in_force(self.lang, cards)))
        if obs.buildings:  # VIL: the public houses, and who has none
            houses = [t("words.role_of", who=v.label(s), role=v.role(b))
                      for s, b in obs.buildings.items() if s in obs.alive]
            vagrants = [s for s in obs.alive if s not in obs.buildings]
            rows.append(t("status.buildings", houses=t("words.sep").join(houses) or
                          t("words.nobody"), vagrants=v.seats(vagrants)))
        if obs.no_vote:
            rows.append(t("status.no_vote", seats=v.seats(obs.no_vote)))
        partner = [s for s in obs.lovers if s != obs.seat]
        if partner:
            rows.append(t("status.lover", who=v.seats(partner)))
        others = {s: r for s, r in known.items() if s != obs.seat and s in obs.alive}
        if others:
            rows.append(t("status.known", roles=v.roles_of(others)))
        return rows

    def fields(self, request: Request, v: Voice) -> Fields:
        out = Fields(day=str(request.day), kind=request.kind)
        if request.kind == "question":  # New Moon E4: the options are question numbers
            out["questions"] = moon_view.questions(self.lang, request.options)
        for key, value in request.context.items():
            if key in SEAT_FIELDS and isinstance(value, int):
                out[key] = v.who(value)
            elif key in SEATS_FIELDS and isinstance(value, (tuple, list)):
                out[key] = v.seats(value)
            elif key in ("cause", "building"):
                out[key] = v.term(str(value))
            elif key == "question" and isinstance(value, str):  # New Moon E4
                out[key] = catalog(self.lang).t(f"moon_question.{value}")
            elif isinstance(value, (int, str)):
                out[key] = fence(str(value))
        return out

    def choices(self, obs: Observation, request: Request, v: Voice) -> str:
        t, shape = self.text, request.shape
        if shape in ("yes_no", "speech", "belief"):
            ids = t("words.sep").join(t("words.role_id", id=r, name=t.role(r))
                                      for r in dealt_roles(obs))
            wolves = request.context.get("channel") == "wolves"
            return t("choices.speech_wolves" if wolves else f"choices.{shape}",
                     max=request.max_chars, roles=ids, seats=v.seats(_others(request)))
        if request.kind == "question":
            options = t("words.sep").join(str(n) for n in request.options)
        elif request.kind == "swap" and card_swap(obs):
            cards = tuple(request.context.get("cards", ()))
            options = t("words.sep").join(v.card(n, cards) for n in request.options)
        else:
            options = v.seats(request.options)
        if shape == "target":
            if not request.options:
                return t("choices.only_none")
            return t("choices.target_or_none" if request.allow_none else "choices.target",
                     options=options)
        return t(f"choices.{shape}", options=options, count=request.count)

    def legal(self, obs: Observation, request: Request) -> str:
        """The legal values of the answer's field, as a line of compact JSON."""
        return self.text("choices.legal", legal=json.dumps(legal_values(obs, request)))

    def retry(self, obs: Observation, request: Request, error: str) -> str:
        """The user message after an answer that could not be used."""
        return self.text("turn.retry", error=fence(explain(self.text, error)),
                         legal=self.legal(obs, request), format=self.text(format_key(request)))

    def empty_reply(self) -> str:
        return self.text("turn.empty_reply")


def _others(request: Request) -> list[int]:
    return [s for s in request.context.get("seats", ()) if s != request.seat]


def legal_values(obs: Observation, request: Request) -> dict[str, Any]:
    """What the answer's field may hold: the request's options, in JSON terms."""
    shape, options = request.shape, list(request.options)
    if shape == "target":
        return {"target": [*options, None] if request.allow_none else options}
    if shape == "yes_no":
        return {"answer": [True, False]}
    if shape == "pair":
        return {"targets": options, "count": request.count}
    if shape == "subset":
        return {"targets": options}
    if shape == "speech":
        return {"text": {"max_chars": request.max_chars}}
    return {"beliefs": {"seats": _others(request), "roles": list(dealt_roles(obs))}}


def format_key(request: Request) -> str:
    if request.shape == "target" and request.allow_none:
        return "formats.target_or_none"
    return f"formats.{request.shape}"


def question_keys(request: Request) -> list[str]:
    """The most specific question template first, the catch-all last."""
    ctx: dict[str, Any] = request.context
    kind, variants = request.kind, []
    if kind == "speak":
        variants.append(f"speak_{ctx.get('channel') or ctx.get('purpose')}")
    if ctx.get("solo"):
        variants.append(f"{kind}_solo")
    if "leader" in ctx:
        variants.append(f"{kind}_leader")
    if ctx.get("ballot") in ("tiebreak", "nightmare", "scapegoat"):
        variants.append(f"{kind}_{ctx['ballot']}")
    if isinstance(ctx.get("round"), int) and ctx["round"] > 1:
        variants.append(f"{kind}_again")
    if ctx.get("last") is not None:
        variants.append(f"{kind}_last")
    if ctx.get("before_game"):
        variants.append(f"{kind}_before_game")
    return [f"requests.{k}" for k in (*variants, kind, "other")]
