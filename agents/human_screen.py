"""What a person at a terminal is shown, drawn only from their seat's Observation.

The record since their last turn (the seat view of ``agents.terminal_view``), their
role card with what they have learned, and each question with its legal choices.
Everything a player wrote reaches the console inside ``Text``, never as markup.
"""

from __future__ import annotations

from rich.console import Console, Group
from rich.panel import Panel
from rich.text import Text

from agents.human_parse import help_line
from agents.narration import Voice, card_swap, in_deal, narrate
from agents.prompting import Prompter, card_role, question_keys
from agents.terminal_view import TerminalView
from arena.engine import Observation, Request
from arena.engine.events import Cards, CheckResult, Enchanted, Lovers, Reveal, VictimInfo

LEARNED = (CheckResult, VictimInfo, Cards, Enchanted, Lovers, Reveal)


class Screen:
    """One seat's terminal: shows each request and the notes around the answer."""

    def __init__(self, console: Console, *, show_events: bool = True) -> None:
        self.console, self.show_events = console, show_events
        self.prompter = Prompter()
        self.view: TerminalView | None = None
        self.shown = 0
        self.card: list[str] = []

    def show(self, obs: Observation, request: Request, *, again: bool = False) -> None:
        """The news since the last request, the card when it changed, and the question."""
        voice = Voice(self.prompter.text, obs)
        if self.show_events:
            self._news(obs)
        card = self._card_lines(obs, voice)
        if again or card != self.card:
            self.card = card
            self.console.print(Panel(Group(*(Text(line) for line in card)),
                                     title=Text(f"Your card · {voice.label(obs.seat)}"),
                                     title_align="left", border_style="cyan"))
        text = self.prompter.text
        question = text.template(text.pick(question_keys(request))).substitute(
            self.prompter.fields(request, voice))
        self.console.print(Text(question, style="bold"))
        choices = self._choices(obs, request, voice)
        if choices:
            self.console.print(choices)
        error = request.context.get("error")
        if error:
            self.console.print(Text(f"The judge refused your last answer: {error}",
                                    style="yellow"))
        self.console.print(Text(help_line(request) + "  (? shows this again)", style="dim"))

    def prompt(self, request: Request, seconds_left: float) -> None:
        self.console.print(Text(f"{request.kind} · {max(seconds_left, 0):.0f}s left > ",
                                style="bold green"), end="")

    def hint(self, message: str) -> None:
        self.console.print(Text(f"  ✗ {message}", style="yellow"))

    def time_up(self, request: Request) -> None:
        self.console.print()
        self.console.print(Text(
            f"⏰ Time is up ({request.timeout_s:g}s): the judge applies the default for "
            f"{request.kind}: {describe(request)}.", style="bold yellow"))

    def closed(self) -> None:
        self.console.print()
        self.console.print(Text("Input has ended: the judge applies the default to each of "
                                "your decisions from now on.", style="bold yellow"))

    def _news(self, obs: Observation) -> None:
        if self.view is None:
            self.view = TerminalView(self.console, seat=obs.seat)
        events = obs.events
        for event in events[self.shown:]:
            self.view(event)
        self.view.flush()
        self.shown = len(events)

    def _card_lines(self, obs: Observation, voice: Voice) -> list[str]:
        lines = [line for line in self.prompter.card(obs, voice).splitlines()
                 if line and not line.startswith("==")]
        learned = [f"{e.phase.capitalize()} {e.day}: {line}" for e in obs.events
                   if isinstance(e, LEARNED) and e.audience != "public" and not in_deal(e)
                   for line in narrate(voice, [e])]
        if learned:
            lines += ["", "What you have learned:", *(f"  {line}" for line in learned)]
        status = self.prompter.status(obs, voice)
        if obs.role == card_role(obs):
            status = status[1:]  # "you are ..., your card: ...", which the card says
        return [*lines, "", *status]

    @staticmethod
    def _choices(obs: Observation, request: Request, voice: Voice) -> Text | None:
        if request.shape not in ("target", "pair", "subset"):
            return None
        cards = tuple(request.context.get("cards", ()))
        by_card = request.kind == "swap" and card_swap(obs)
        line = Text("Choices: ")
        for number in request.options:
            label = voice.card(number, cards) if by_card else voice.who(number)
            line.append(f"[{number}]", style="bold")
            line.append(f" {label}   ")
        if request.allow_none:
            line.append("[0]", style="bold")
            line.append(" pass")
        return line


def describe(request: Request) -> str:
    """The request's default decision in a few words."""
    decision = request.default()
    if decision.target is not None:
        return f"seat {decision.target}"
    if decision.targets:
        return "seats " + ", ".join(map(str, decision.targets))
    if decision.yes is not None:
        return "yes" if decision.yes else "no"
    return {"speech": "say nothing", "belief": "stay undecided", "subset": "nobody"}.get(
        request.shape, "pass")
