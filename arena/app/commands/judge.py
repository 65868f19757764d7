"""``arena judge TRANSCRIPTS --model SPEC``: a model scores every public speech on a fixed
rubric; the judgements file joins ``arena eval --judged``."""

from __future__ import annotations

import argparse
import asyncio
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from agents.providers.base import ChatProvider, ProviderError
from agents.providers.registry import make_provider
from agents.speech_scorer import RUBRIC_VERSION, Judgement, SpeechToJudge, judge
from arena.app.commands._game_inputs import add_games_command
from arena.app.commands._outputs import check_game_outputs
from arena.app.commands.eval import load_games, number
from arena.engine.events import Claim, Setup, Speech
from arena.errors import UsageError
from arena.outputs import write_text
from arena.text import Describer
from evals.judged import agreements, ledger_concordance, read_judgements
from evals.records import GameRecord


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "judge", help="a model scores each speech: rubric ratings and deception flags",
        description="Score every public speech of finished games with a model on a fixed "
                    "rubric (docs/metrics.md, Statement judging); check it against the claims "
                    "ledger; `arena eval TRANSCRIPTS --judged OUT` joins the scores.",
        metavar="TRANSCRIPT", dest="transcripts")
    parser.add_argument("--model", required=True, metavar="SPEC",
                        help="the judge: openai:MODEL[@URL], anthropic:MODEL[@URL] or "
                             "langchain:MODULE:FACTORY")
    parser.add_argument("--out", type=Path, default=Path("judgements.jsonl"),
                        help="the judgements file to write (default judgements.jsonl)")
    parser.add_argument("--concurrency", type=int, default=4,
                        help="speeches judged at once (default 4)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(run=cmd_judge)


def speeches(record: GameRecord) -> list[SpeechToJudge]:
    """The game's public speeches, each with the public record before it (what every
    player saw: no hidden role, night action or private chat)."""
    setup = next((e for e in record.events if isinstance(e, Setup)), None)
    public = Describer("en", "public", setup.names if setup is not None else ())
    seen: list[str] = []
    out = []
    for event in record.events:
        if isinstance(event, Speech) and event.audience == "public":
            out.append(SpeechToJudge(
                record.game_id, event.seq, event.day, event.seat, event.text,
                tuple(_claim(c) for c in event.claims), tuple(seen)))
        line = public(event)
        if line:
            seen.append(line)
    return out


def _claim(claim: Claim) -> str:
    parts = [claim.kind] + [f"{k}={v}" for k, v in (
        ("role", claim.role), ("target", claim.target), ("result", claim.result)) if v is not None]
    return " ".join(parts)


async def judge_all(provider: ChatProvider, items: Sequence[SpeechToJudge],
                    concurrency: int) -> list[Judgement]:
    """Every speech judged, ``concurrency`` at a time, in the order given."""
    gate = asyncio.Semaphore(concurrency)

    async def one(item: SpeechToJudge) -> Judgement:
        async with gate:
            return await judge(provider, item)

    return list(await asyncio.gather(*(one(item) for item in items)))


def cmd_judge(args: argparse.Namespace, console: Console) -> int:
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    check_game_outputs(args.transcripts, {"--out": args.out})
    records = load_games(args.transcripts)
    try:
        provider = make_provider(args.model)
    except ProviderError as exc:
        raise UsageError(str(exc)) from None
    items = [item for record in records for item in speeches(record)]
    done = asyncio.run(judge_all(provider, items, args.concurrency))
    head = {"type": "judge_header", "model": args.model, "rubric": RUBRIC_VERSION,
            "games": len(records), "speeches": len(items)}
    lines = [json.dumps(head, ensure_ascii=False)]
    lines += [json.dumps(j.to_dict(args.model), ensure_ascii=False) for j in done]
    write_text(args.out, "\n".join(lines) + "\n")
    summary = summarise(records, done, args.out)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    agree = summary["ledger_concordance"]
    interval = ("" if agree["low"] is None
                else f" [{number(agree['low'])}, {number(agree['high'])}]")
    console.print(f"{summary['judged']} of {summary['speeches']} speeches judged "
                  f"({summary['errors']} without an answer), ${summary['cost_usd']:.4f}; "
                  f"written to {args.out}", markup=False)
    console.print(f"agreement with the claims ledger within roles (chance 0.5): "
                  f"{number(agree['value'])}{interval} over {agree['pairs']} pairs of "
                  f"{agree['speeches']} speeches with checked claims in {agree['games']} "
                  f"games; confusion {summary['confusion']}", markup=False)
    return 0


def summarise(records: Sequence[GameRecord], done: Sequence[Judgement],
              out: Path) -> dict[str, Any]:
    """Counts, cost and the sanity check: the judge's fabrication flag against the ledger
    (a speech holding a false checked claim), compared within roles (evals.judged.
    concordance), games as clusters."""
    judged = read_judgements([out])
    games = [found for record in records if (found := list(agreements(record, judged)))]
    confusion = Counter(f"{'ledger_false' if a.ledger_false else 'ledger_true'}/"
                        f"{'flagged' if a.judge_fabrication else 'not_flagged'}"
                        for game in games for a in game)
    estimate = ledger_concordance(games)
    return {
        "speeches": len(done), "judged": sum(j.error is None for j in done),
        "errors": sum(j.error is not None for j in done),
        "cost_usd": sum(u.cost_usd for j in done for u in j.usage),
        "ledger_concordance": {"value": estimate.value, "low": estimate.low,
                               "high": estimate.high, "pairs": estimate.n,
                               "speeches": sum(len(game) for game in games),
                               "games": estimate.games},
        "confusion": dict(sorted(confusion.items())),
    }
