"""The host form's validation errors in plain words: the field's label as the form shows
it and what is wrong with it, instead of pydantic's ``body.humans.0: ...`` text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from arena.app.server import i18n

FIELDS = {"preset": "preset", "roles": "roles", "rules": "rules", "humans": "humans",
          "bots": "bots", "fallback": "fallback", "turn_s": "turn", "seed": "seed",
          "night_step_s": "night_step", "speech_s": "speech_s", "lang": "language"}
PROBLEMS = {
    "en": {"missing": "is required", "too_short": "needs at least {min_length}",
           "too_long": "allows at most {max_length}", "less_than_equal": "must be at most {le}",
           "less_than": "must be less than {lt}", "greater_than_equal": "must be at least {ge}",
           "number": "must be a number", "choice": "must be one of {expected}",
           "extra_forbidden": "is not a field of this form", "other": "is not valid ({msg})"},
    "zh": {"missing": "必填", "too_short": "至少需要 {min_length} 项",
           "too_long": "最多 {max_length} 项", "less_than_equal": "不能大于 {le}",
           "less_than": "必须小于 {lt}", "greater_than_equal": "不能小于 {ge}",
           "number": "必须是数字", "choice": "必须是以下之一：{expected}",
           "extra_forbidden": "不是本表单的字段", "other": "无效（{msg}）"},
}
NUMBER = ("int_parsing", "float_parsing", "int_type", "float_type", "int_from_float",
          "finite_number")
SEP = {"en": "; ", "zh": "；"}
COLON = {"en": ": ", "zh": "："}


def label(field: str, lang: str) -> str:
    """A field's label on the host form, without its example in brackets."""
    words = i18n.STRINGS[lang].get(FIELDS.get(field, ""), field)
    return words.split(" (")[0].split("（")[0]


def plain(errors: Sequence[dict[str, Any]], lang: str) -> str:
    """Every error as ``label: problem``, joined; unknown error types keep pydantic's text."""
    lang = lang if lang in PROBLEMS else "en"
    problems = PROBLEMS[lang]
    out: list[str] = []
    for error in errors:
        where = [str(p) for p in error.get("loc", ()) if p != "body"]
        kind = str(error.get("type", ""))
        kind = "number" if kind in NUMBER else "choice" if kind in ("literal_error", "enum") \
            else kind
        context = {k: f"{v:g}" if isinstance(v, float) else v
                   for k, v in (error.get("ctx") or {}).items()}
        context["msg"] = str(error.get("msg", ""))
        sentence = problems.get(kind, problems["other"]).format_map(_Blank(context))
        line = f"{label(where[0], lang)}{COLON[lang]}{sentence}" if where else sentence
        if line not in out:
            out.append(line)
    return SEP[lang].join(out)


class _Blank(dict[str, Any]):
    """Template fields; one the error lacks reads empty."""

    def __missing__(self, key: str) -> str:
        return ""
