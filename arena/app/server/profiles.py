"""The model profiles a web table server offers (``arena serve --table PROFILES.toml``).

The file is a table file (agents/seat_options.py: the same keys as a seat of ``arena play
--table``) whose ``[profiles.NAME]`` sections each name a model seat the host may put
at a table; ``[defaults]`` fill what a profile leaves unset::

    [defaults]
    temperature = 0.7

    [profiles.gpt-mini]
    agent = "openai:gpt-4o-mini"
    max_tokens = 512

    [profiles.local]
    agent = "openai:llama-3.1-8b@http://127.0.0.1:8080/v1"
    persona = "Lin"

The browser names a profile, never a spec: agent specs, base URLs and key variables
stay in this file and in the server's environment. A profile reads the prompt set of
its ``prompts`` key, else the server's ``--prompts DIR``, else the shipped one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from agents import MODELS, AgentSpecError, check_keys, kind_of
from agents.prompts import LANGS, PromptSetError, load
from agents.providers.registry import parse_spec
from agents.seat_options import SeatOptions, TableError
from arena.files import parse_model, read_text

Name = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]{0,31}$")]


class ProfileFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    defaults: SeatOptions = SeatOptions()
    profiles: dict[Name, SeatOptions] = Field(min_length=1)

    @model_validator(mode="after")
    def _model_seats(self) -> ProfileFile:
        for name, options in self.profiles.items():
            agent = options.over(self.defaults).agent
            if agent is None or kind_of(agent) not in MODELS:
                raise ValueError(f"profiles.{name}.agent: give a model spec "
                                 f"({', '.join(m + ':MODEL' for m in MODELS)})")
        if self.defaults.persona is not None:
            raise ValueError("defaults.persona: a persona names one profile, not every one")
        return self


class Profiles:
    """The profiles a server offers, by name."""

    def __init__(self, file: ProfileFile | None = None, prompts: Path | None = None) -> None:
        base = SeatOptions() if prompts is None else SeatOptions(prompts=prompts)
        self.options = {name: options.over(file.defaults.over(base))
                        for name, options in file.profiles.items()} if file else {}

    def __contains__(self, name: object) -> bool:
        return name in self.options

    def spec(self, name: str) -> str:
        spec = self.options[name].agent
        assert spec is not None  # checked when the file was read
        return spec

    def offered(self) -> list[dict[str, Any]]:
        """What the host page shows of each profile: its name, provider, model and persona
        (no base URL, no key variable)."""
        out = []
        for name, options in self.options.items():
            parsed = parse_spec(self.spec(name))
            out.append({"name": name, "provider": parsed.kind,
                        "model": parsed.model or parsed.factory, "persona": options.persona})
        return out


def load_profiles(path: Path, prompts: Path | None = None) -> Profiles:
    """The profiles of ``path``, reading ``prompts`` (a checked folder) unless they name
    their own set; TableError (one line) for a bad file, a missing key or a broken prompt
    folder (checked in both languages: the host picks each table's)."""
    file = parse_model(ProfileFile, read_text(path, TableError), str(path), TableError)
    profiles = Profiles(file, prompts)
    for name, options in profiles.options.items():
        try:
            check_keys({1: profiles.spec(name)}, {1: options})
            if options.prompts is not None:
                for lang in LANGS:
                    load(options.prompts, lang)
        except (AgentSpecError, PromptSetError) as exc:
            raise TableError(f"{path}: profiles.{name}: {str(exc).replace('seat 1: ', '')}"
                             ) from None
    return profiles
