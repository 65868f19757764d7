"""Finding the plugins of a package (roles, variants): every module of it that defines a
``SPEC`` of the package's spec class, sorted by name."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar


class Named(Protocol):
    @property
    def name(self) -> str: ...


Spec = TypeVar("Spec", bound=Named)


def discover(package: str, path: Iterable[str], kind: type[Spec]) -> list[Spec]:
    """The ``SPEC`` of each module of ``package`` (at ``path``) that is a ``kind``."""
    specs: list[Spec] = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda i: i.name):
        spec: Any = getattr(importlib.import_module(f"{package}.{info.name}"), "SPEC", None)
        if isinstance(spec, kind):
            specs.append(spec)
    return sorted(specs, key=lambda s: s.name)
