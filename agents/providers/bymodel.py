"""Tables keyed by model name (prices, capabilities): read from TOML, checked, and
looked up by the longest name a model's own name starts with."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ValidationError

from agents.providers.base import ProviderError

M = TypeVar("M", bound=BaseModel)


def longest_prefix(names: Iterable[str], model: str) -> str | None:
    """The longest of ``names`` that ``model`` starts with ("gpt-5-nano-2025" -> "gpt-5-nano")."""
    return max((name for name in names if model.startswith(name)), key=len, default=None)


def load_toml(cls: type[M], path: Path, what: str) -> M:
    """A checked table from a TOML file; a broken file raises ProviderError naming the key."""
    try:
        return cls.model_validate(tomllib.loads(path.read_text(encoding="utf-8")))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise ProviderError(f"bad {what} table {path}: {where}: {first['msg']}") from None
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ProviderError(f"cannot read {what} from {path}: {exc}") from None
