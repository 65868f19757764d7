"""Every catalog of words says each thing in both languages (docs/architecture.md, "Where
the words live"): the events' sentences, the prompts' rule lines and the heuristic's
speech."""

from __future__ import annotations

import tomllib
from string import Formatter

from agents.prompts import lines
from agents.tactics.talk import LINES
from arena.engine.roles import ROLES
from arena.text.catalog import LANGS, data, flatten


def keys_by_lang(read: dict[str, dict[str, str]]) -> dict[str, set[str]]:
    return {lang: set(entries) for lang, entries in read.items()}


def test_the_event_sentences_have_every_key_in_both_languages() -> None:
    read = keys_by_lang({lang: flatten(tomllib.loads(data(lang).decode("utf-8")))
                         for lang in LANGS})
    assert read["en"] and read["en"] == read["zh"]


def test_the_rule_lines_have_every_key_in_both_languages() -> None:
    """The English role summaries are the role specs' own (``RoleSpec.summary``): the
    Chinese catalog translates one for each role."""
    read = keys_by_lang({lang: flatten(lines(lang)) for lang in LANGS})
    english = read["en"] | {f"roles.{role}" for role in ROLES}
    assert read["en"] and english == read["zh"]


def fields(phrasings: tuple[str, ...]) -> set[str]:
    return {name for text in phrasings for _, name, _, _ in Formatter().parse(text) if name}


def test_the_heuristic_speech_has_every_line_in_both_languages_with_the_same_fields() -> None:
    assert LINES
    for key, by_lang in LINES.items():
        assert set(by_lang) == set(LANGS), key
        assert all(by_lang[lang] for lang in LANGS), key
        assert fields(by_lang["en"]) == fields(by_lang["zh"]), key
