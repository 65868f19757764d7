"""``arena score-speeches TRANSCRIPTS --model SPEC`` (old name ``arena judge``): a model
scores every public speech on a fixed rubric; the speech scores file joins ``arena eval
--speech-scores``."""

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
from agents.speech_scorer import RUBRIC_VERSION, SpeechScore, SpeechToScore, score_speech
from arena.app.commands._game_inputs import add_games_command
from arena.app.commands._outputs import check_game_outputs
from arena.app.commands.eval import load_games, number
from arena.engine.events import Claim, Setup, Speech
from arena.errors import UsageError
from arena.outputs import write_text
from arena.text import Describer
from evals.records import GameRecord
from evals.speech_scores import agreements, ledger_concordance, read_speech_scores


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = add_games_command(
        sub, "score-speeches", aliases=("judge",),
        help="a model scores each speech: rubric ratings and deception flags",
        description="Score every public speech of finished games with a model on a fixed "
                    "rubric (docs/metrics.md, Speech scoring); check it against the claims "
                    "ledger; `arena eval TRANSCRIPTS --speech-scores OUT` joins the scores.",
        metavar="TRANSCRIPT", dest="transcripts")
    parser.add_argument("--model", required=True, metavar="SPEC",
                        help="the scorer: openai:MODEL[@URL], anthropic:MODEL[@URL] or "
                             "langchain:MODULE:FACTORY")
    parser.add_argument("--out", type=Path, default=Path("speech_scores.jsonl"),
                        help="the speech scores file to write (default speech_scores.jsonl)")
    parser.add_argument("--concurrency", type=int, default=4,
                        help="speeches scored at once (default 4)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(run=cmd_score_speeches)


def speeches(record: GameRecord) -> list[SpeechToScore]:
    """The game's public speeches, each with the public record before it (what every
    player saw: no hidden role, night action or private chat)."""
    setup = next((e for e in record.events if isinstance(e, Setup)), None)
    public = Describer("en", "public", setup.names if setup is not None else ())
    seen: list[str] = []
    out = []
    for event in record.events:
        if isinstance(event, Speech) and event.audience == "public":
            out.append(SpeechToScore(
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


async def score_all(provider: ChatProvider, items: Sequence[SpeechToScore],
                    concurrency: int) -> list[SpeechScore]:
    """Every speech scored, ``concurrency`` at a time, in the order given."""
    gate = asyncio.Semaphore(concurrency)

    async def one(item: SpeechToScore) -> SpeechScore:
        async with gate:
            return await score_speech(provider, item)

    return list(await asyncio.gather(*(one(item) for item in items)))


def cmd_score_speeches(args: argparse.Namespace, console: Console) -> int:
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    check_game_outputs(args.transcripts, {"--out": args.out})
    records = load_games(args.transcripts)
    try:
        provider = make_provider(args.model)
    except ProviderError as exc:
        raise UsageError(str(exc)) from None
    items = [item for record in records for item in speeches(record)]
    done = asyncio.run(score_all(provider, items, args.concurrency))
    head = {"type": "speech_scores_header", "model": args.model, "rubric": RUBRIC_VERSION,
            "games": len(records), "speeches": len(items)}
    lines = [json.dumps(head, ensure_ascii=False)]
    lines += [json.dumps(s.to_dict(args.model), ensure_ascii=False) for s in done]
    write_text(args.out, "\n".join(lines) + "\n")
    summary = summarise(records, done, args.out)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    agree = summary["ledger_concordance"]
    interval = ("" if agree["low"] is None
                else f" [{number(agree['low'])}, {number(agree['high'])}]")
    console.print(f"{summary['scored']} of {summary['speeches']} speeches scored "
                  f"({summary['errors']} without an answer), ${summary['cost_usd']:.4f}; "
                  f"written to {args.out}", markup=False)
    console.print(f"agreement with the claims ledger within roles (chance 0.5): "
                  f"{number(agree['value'])}{interval} over {agree['pairs']} pairs of "
                  f"{agree['speeches']} speeches with checked claims in {agree['games']} "
                  f"games; confusion {summary['confusion']}", markup=False)
    return 0


def summarise(records: Sequence[GameRecord], done: Sequence[SpeechScore],
              out: Path) -> dict[str, Any]:
    """Counts, cost and the sanity check: the scorer's fabrication flag against the ledger
    (a speech holding a false checked claim), compared within roles (evals.speech_scores.
    concordance), games as clusters."""
    scored = read_speech_scores([out])
    games = [found for record in records if (found := list(agreements(record, scored)))]
    confusion = Counter(f"{'ledger_false' if a.ledger_false else 'ledger_true'}/"
                        f"{'flagged' if a.flagged_fabrication else 'not_flagged'}"
                        for game in games for a in game)
    estimate = ledger_concordance(games)
    return {
        "speeches": len(done), "scored": sum(s.error is None for s in done),
        "errors": sum(s.error is not None for s in done),
        "cost_usd": sum(u.cost_usd for s in done for u in s.usage),
        "ledger_concordance": {"value": estimate.value, "low": estimate.low,
                               "high": estimate.high, "pairs": estimate.n,
                               "speeches": sum(len(game) for game in games),
                               "games": estimate.games},
        "confusion": dict(sorted(confusion.items())),
    }
