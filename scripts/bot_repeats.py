"""Count the sentences two bots say on one day, over a folder of transcripts.

    python scripts/bot_repeats.py DIR [DIR ...]

A speech is split into sentences (at . ! ? and their Chinese forms: the heuristic's own
``agents.tactics.talk.sentences``); a sentence is a repeat when two or more seats say it
on the same day of one game. Prints, per folder, the games, the sentences spoken, and
the repeats (with the most frequent ones)."""

from __future__ import annotations

import sys
from collections import Counter, defaultdict
from pathlib import Path

from agents.tactics.talk import sentences
from arena import transcript
from arena.engine.events import Speech


def repeats(folder: Path) -> tuple[int, int, Counter[str]]:
    """(games, sentences spoken, sentence -> how many (game, day) it was repeated on)."""
    games = spoken = 0
    repeated: Counter[str] = Counter()
    for path in sorted(folder.glob("*.jsonl")):
        games += 1
        said: dict[tuple[int, str], set[int]] = defaultdict(set)
        for event in transcript.read(path).events:
            if isinstance(event, Speech) and event.context != "wolf_chat":
                for sentence in sentences(event.text):
                    spoken += 1
                    said[(event.day, sentence)].add(event.seat)
        repeated.update(sentence for (_, sentence), seats in said.items() if len(seats) > 1)
    return games, spoken, repeated


def main(folders: list[str]) -> None:
    for folder in folders:
        games, spoken, repeated = repeats(Path(folder))
        print(f"{folder}: {games} games, {spoken} sentences spoken, "
              f"{sum(repeated.values())} said by two or more bots on one day "
              f"({len(repeated)} distinct)")
        for sentence, days in repeated.most_common(5):
            print(f"  {days:4d}  {sentence}")


if __name__ == "__main__":
    main(sys.argv[1:])
