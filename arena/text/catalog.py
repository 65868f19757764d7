"""One catalog of sentences per language (``en.toml``, ``zh.toml``), checked at load.

Keys are dotted (``death.other``); ``[TYPE.model]`` holds the model narration's variants,
looked up as ``TYPE.model.KEY`` before the shared ``TYPE.KEY``. Both languages must have
the same keys, each with the same ``{placeholders}``.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from string import Formatter
from typing import Any, Literal

from arena.engine.roles import ROLES

LANGS = ("en", "zh")
Register = Literal["page", "model"]


class CatalogError(ValueError):
    """The catalogs disagree: a key or a placeholder is in one language only."""


def flatten(table: dict[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested TOML tables as one mapping of dotted keys."""
    out: dict[str, str] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            out.update(flatten(value, f"{name}."))
        else:
            out[name] = str(value)
    return out


def placeholders(template: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in Formatter().parse(template) if name)


def check(catalogs: dict[str, dict[str, str]]) -> None:
    """Raise CatalogError unless every language has the same keys and placeholders."""
    (first, reference), *others = catalogs.items()
    for lang, entries in others:
        if entries.keys() != reference.keys():
            odd = sorted(entries.keys() ^ reference.keys())
            raise CatalogError(f"{first} and {lang} differ in keys: {odd}")
        odd = sorted(k for k in reference if placeholders(reference[k]) != placeholders(entries[k]))
        if odd:
            raise CatalogError(f"{first} and {lang} differ in placeholders: {odd}")


def _model_key(key: str) -> str:
    section, _, rest = key.partition(".")
    return f"{section}.model.{rest}"


class Catalog:
    """One language's sentences: ``catalog("en").t("death.other", who=..., ...)``."""

    def __init__(self, lang: str, entries: dict[str, str]) -> None:
        self.lang, self.entries = lang, entries

    def resolve(self, key: str, register: Register = "page") -> str:
        """The key used for ``key``: its model variant first (in the model register),
        then the key, then its section's ``other``."""
        other = key.rsplit(".", 1)[0] + ".other"
        tries = [key, other] if register == "page" else [
            _model_key(key), key, _model_key(other), other]
        return next((k for k in tries if k in self.entries), tries[-1])

    def has(self, key: str, register: Register = "page") -> bool:
        return (register == "model" and _model_key(key) in self.entries) or key in self.entries

    def t(self, key: str, /, **fields: object) -> str:
        """The sentence of ``key`` people read."""
        return self.entries[self.resolve(key)].format(**fields)

    def model(self, key: str, /, **fields: object) -> str:
        """The model narration's sentence for ``key``."""
        return self.entries[self.resolve(key, "model")].format(**fields)

    def first(self, keys: list[str], /, **fields: object) -> str:
        """The model sentence of the first of ``keys`` that exists (the last is the catch-all)."""
        return self.model(next((k for k in keys if self.has(k, "model")), keys[-1]), **fields)

    def role(self, role: str | None) -> str:
        """A role (or a check result such as ``good``) by its display name."""
        if role is None:
            return self.entries["words.unknown"]
        spec = ROLES.get(role)
        if spec is not None:
            return spec.zh if self.lang == "zh" else role.replace("_", " ")
        return self.entries.get(f"term.{role}", role.replace("_", " "))

    def template(self, key: str) -> str:
        """The raw sentence of ``key`` (for the web page's own controls)."""
        return self.entries[self.resolve(key)]


def data(lang: str) -> bytes:
    """The catalog file of ``lang`` as stored (its hash goes in transcript headers)."""
    return files(__package__ or __name__).joinpath(f"{lang}.toml").read_bytes()


@cache
def _all() -> dict[str, dict[str, str]]:
    catalogs = {lang: flatten(tomllib.loads(data(lang).decode("utf-8"))) for lang in LANGS}
    check(catalogs)
    return catalogs


@cache
def catalog(lang: str) -> Catalog:
    """The checked catalog of ``lang`` (en or zh)."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGS)})")
    return Catalog(lang, _all()[lang])

