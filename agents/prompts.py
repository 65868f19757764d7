"""Prompt sets for model seats: the shipped one in the top-level ``prompts/`` folder, or
another folder of the same shape (``--prompts DIR``, a table's ``prompts`` key).

A set holds one directory per language, each with ``system.txt`` (the rules of the
game), ``card.txt`` (the seat's role card), ``turn.txt`` (one turn: news, status,
request) and ``lines.toml`` (short templates: rule sentences, questions, answer
formats). All are ``string.Template`` texts with ``$name`` fields. The event lines a
seat reads come from the shared catalogs of ``arena.text`` (their model register).

``prompts/`` sits at the top of the source tree, which a checkout and an editable
install read; a wheel installs it as ``arena/prompts/`` (pyproject maps it there, so no
top-level ``prompts`` can clash with another distribution's). ``shipped_dir`` finds it
either way.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from string import Template
from typing import Any

from arena.engine.roles import ROLES
from arena.text.catalog import LANGS as TEXT_LANGS
from arena.text.catalog import data as text_data

LANGS = ("en", "zh")
FILES = ("system.txt", "card.txt", "turn.txt", "lines.toml")


_ROOT = Path(__file__).resolve().parent.parent  # holds agents/ and arena/


def shipped_dir(root: Path = _ROOT) -> Path:
    """The shipped set's folder in ``root`` (the folder that holds the ``agents`` and
    ``arena`` packages: site-packages, or the source tree): ``arena/prompts`` where a
    wheel installed it, else the tree's top-level ``prompts``."""
    installed = root / "arena" / "prompts"
    return installed if installed.is_dir() else root / "prompts"


SHIPPED_DIR = shipped_dir()


class PromptSetError(ValueError):
    """A prompt folder that is missing, incomplete or asks for unknown fields (one line)."""


@dataclass(frozen=True)
class PromptSet:
    """The templates of one folder (``root/<lang>/<file>``), read once each."""

    root: Path

    def data(self, lang: str, name: str) -> bytes:
        if lang not in LANGS:
            raise ValueError(f"unknown prompt language {lang!r} (known: {', '.join(LANGS)})")
        return _read(self.root, lang, name)

    def template(self, lang: str, name: str) -> Template:
        return _template(self.root, lang, name)

    def lines(self, lang: str) -> dict[str, Any]:
        return _lines(self.root, lang)

    def hashes(self, langs: tuple[str, ...] = LANGS) -> dict[str, str]:
        """SHA-256 of each template file of ``langs``, keyed ``lang/file``."""
        return {f"{lang}/{name}": hashlib.sha256(self.data(lang, name)).hexdigest()
                for lang in langs for name in FILES}


@cache
def _read(root: Path, lang: str, name: str) -> bytes:
    return (root / lang / name).read_bytes()


@cache
def _template(root: Path, lang: str, name: str) -> Template:
    return Template(_read(root, lang, name).decode("utf-8"))


@cache
def _lines(root: Path, lang: str) -> dict[str, Any]:
    return tomllib.loads(_read(root, lang, "lines.toml").decode("utf-8"))


SHIPPED = PromptSet(SHIPPED_DIR)


def load(folder: Path, lang: str) -> PromptSet:
    """The prompt set in ``folder``, checked for ``lang`` against the shipped set: every
    file, every line key, and no template field the game does not fill."""
    if not folder.is_dir():
        raise PromptSetError(f"prompt folder {folder} does not exist")
    where = folder / lang
    if not where.is_dir():
        raise PromptSetError(f"prompt folder {folder}: no {lang}/ folder in it")
    missing = [name for name in FILES if not (where / name).is_file()]
    if missing:
        raise PromptSetError(f"prompt folder {folder}: {lang}/ lacks {', '.join(missing)}")
    chosen = PromptSet(folder.resolve())
    try:
        texts = {name: chosen.template(lang, name).template for name in FILES[:-1]}
        theirs = dict(_leaves(chosen.lines(lang)))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise PromptSetError(f"prompt folder {folder}: {lang}/: {exc}") from None
    ours = dict(_leaves(SHIPPED.lines(lang)))
    lacking = [key for key in ours if key not in theirs]
    if lacking:
        raise PromptSetError(f"prompt folder {folder}: {lang}/lines.toml lacks {len(lacking)} "
                             f"key(s), first {lacking[0]}")
    pairs = [*((name, text, SHIPPED.template(lang, name).template)
               for name, text in texts.items()),
             *((f"lines.toml {key}", theirs[key], ours[key]) for key in ours)]
    for place, text, shipped in pairs:
        _check_fields(folder, f"{lang}/{place}", text, shipped)
    return chosen


def _leaves(table: dict[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Each non-table value of a TOML table, keyed by its dotted path."""
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


def _check_fields(folder: Path, where: str, text: object, shipped: object) -> None:
    if not isinstance(shipped, str):
        return
    if not isinstance(text, str):
        raise PromptSetError(f"prompt folder {folder}: {where} must be a string")
    template = Template(text)
    if not template.is_valid():
        raise PromptSetError(f"prompt folder {folder}: {where} has a stray $ (write $$)")
    unknown = set(template.get_identifiers()) - set(Template(shipped).get_identifiers())
    if unknown:
        raise PromptSetError(f"prompt folder {folder}: {where} asks for ${min(unknown)}, "
                             "which the game does not fill")


def hashes() -> dict[str, str]:
    """SHA-256 of every shipped template file, keyed ``lang/file``, and of the event
    catalogs, keyed ``text/lang.toml`` (recorded in transcript headers)."""
    return {**SHIPPED.hashes(),
            **{f"text/{lang}.toml": hashlib.sha256(text_data(lang)).hexdigest()
               for lang in TEXT_LANGS}}


def lines(lang: str) -> dict[str, Any]:
    return SHIPPED.lines(lang)


class Text:
    """One language's short templates: ``text("events.death_vote", who="P3")``; from the
    shipped set unless ``prompts`` names another."""

    def __init__(self, lang: str, prompts: PromptSet = SHIPPED) -> None:
        self.lang = lang
        self.table = prompts.lines(lang)
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
