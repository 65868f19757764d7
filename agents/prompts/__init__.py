"""Prompt templates for model seats, one directory per language (package data).

Each language holds ``system.txt`` (the rules of the game), ``card.txt`` (the
seat's role card), ``turn.txt`` (one turn: news, status, request) and
``lines.toml`` (short templates: rule sentences, questions, answer
formats). All are ``string.Template`` texts with ``$name`` fields. The event lines a
seat reads come from the shared catalogs of ``arena.text`` (their model register).
"""

from __future__ import annotations

import hashlib
import tomllib
from functools import cache
from importlib.resources import files
from string import Template
from typing import Any

from arena.engine.roles import ROLES
from arena.text.catalog import LANGS as TEXT_LANGS
from arena.text.catalog import data as text_data

LANGS = ("en", "zh")
FILES = ("system.txt", "card.txt", "turn.txt", "lines.toml")


def _data(lang: str, name: str) -> bytes:
    if lang not in LANGS:
        raise ValueError(f"unknown prompt language {lang!r} (known: {', '.join(LANGS)})")
    return files(__name__).joinpath(lang, name).read_bytes()


def hashes() -> dict[str, str]:
    """SHA-256 of every template file, keyed ``lang/file``, and of the event catalogs,
    keyed ``text/lang.toml`` (recorded in transcript headers)."""
    return {**{f"{lang}/{name}": hashlib.sha256(_data(lang, name)).hexdigest()
               for lang in LANGS for name in FILES},
            **{f"text/{lang}.toml": hashlib.sha256(text_data(lang)).hexdigest()
               for lang in TEXT_LANGS}}


@cache
def template(lang: str, name: str) -> Template:
    return Template(_data(lang, name).decode("utf-8"))


@cache
def lines(lang: str) -> dict[str, Any]:
    return tomllib.loads(_data(lang, "lines.toml").decode("utf-8"))


class Text:
    """One language's short templates: ``text("events.death_vote", who="P3")``."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.table = lines(lang)
        self.templates: dict[str, Template] = {}

    def has(self, key: str) -> bool:
        section, _, name = key.partition(".")
        return name in self.table.get(section, {})

    def raw(self, key: str) -> str:
        section, _, name = key.partition(".")
        return str(self.table[section][name])

    def template(self, key: str) -> Template:
        if key not in self.templates:
            self.templates[key] = Template(self.raw(key))
        return self.templates[key]

    def __call__(self, key: str, /, **fields: object) -> str:
        return self.template(key).substitute({k: str(v) for k, v in fields.items()})

    def pick(self, keys: list[str]) -> str:
        """The first of ``keys`` this language has (the last is the catch-all)."""
        return next((k for k in keys if self.has(k)), keys[-1])

    def first(self, keys: list[str], /, **fields: object) -> str:
        return self(self.pick(keys), **fields)

    def role(self, name: str) -> str:
        """A role's display name: the identifier in English, the Chinese name in zh."""
        spec = ROLES.get(name)
        return spec.zh if spec is not None and self.lang == "zh" else name

    def kind(self, name: str) -> str:
        """A decision kind in words (an unknown one as it is)."""
        words: dict[str, str] = self.table.get("kinds", {})
        return words.get(name, name)

    def summary(self, name: str) -> str:
        translated: str | None = self.table.get("roles", {}).get(name)
        return translated or ROLES[name].summary
