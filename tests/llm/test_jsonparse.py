"""The tolerant JSON reader: what it accepts and what it refuses to guess."""

from __future__ import annotations

from typing import Any

import pytest

from agents.providers.jsonparse import parse_json_object


@pytest.mark.parametrize(("text", "expected"), [
    ('{"target": 3}', {"target": 3}),
    ('  {"a": [1, 2], "b": {"c": null}}  ', {"a": [1, 2], "b": {"c": None}}),
    ('Sure! Here it is:\n```json\n{"target": 5}\n```\nGood luck.', {"target": 5}),
    ('```\n{"yes": true}\n```', {"yes": True}),
    ('I vote {"target": 4} now.', {"target": 4}),
    ('{"targets": [1, 2,], "text": "hi",}', {"targets": [1, 2], "text": "hi"}),
    ("{'target': 7, 'text': 'ok'}", {"target": 7, "text": "ok"}),
    ("{'text': \"don't\", 'yes': True, 'x': None}", {"text": "don't", "yes": True, "x": None}),
    ('{"text": "a } brace and a { brace", "n": 1}', {"text": "a } brace and a { brace", "n": 1}),
    ('{"text": "it\'s, fine,"}', {"text": "it's, fine,"}),
    ('{"text": "say \\"hi\\"", "n": 2}', {"text": 'say "hi"', "n": 2}),
    ('{broken} then {"target": 2}', {"target": 2}),
    ('```json\n{"a": 1}\n```\n```json\n{"a": 2}\n```', {"a": 1}),
    ('{"投票": 3, "发言": "我是预言家"}', {"投票": 3, "发言": "我是预言家"}),
])
def test_reads_the_first_object(text: str, expected: dict[str, Any]) -> None:
    assert parse_json_object(text) == expected


@pytest.mark.parametrize("text", [
    "",
    "no json here",
    "[1, 2, 3]",
    '"just a string"',
    '{"target": 3',                       # truncated
    '{"outer": {"inner": 1}, oops',       # truncated after a complete inner object
    "{'text': 'I don't know'}",           # an apostrophe makes single quotes ambiguous
    "{'text': 'say \"hi\"'}",              # mixed quotes: refuse to guess
    "{target: 3}",                        # bare keys are not JSON
])
def test_gives_none_when_nothing_parses(text: str) -> None:
    assert parse_json_object(text) is None


def test_does_not_pick_an_inner_object_of_a_broken_outer_one() -> None:
    assert parse_json_object('{"claims": [{"kind": "role"}], nonsense}') is None
