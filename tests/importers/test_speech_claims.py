"""Claims from natural-language speech: the rules-based extractor on a hand-labelled
sample in English, Japanese and Chinese (precision and recall), and the model-based
extractor behind the same interface, through a fake model."""

from __future__ import annotations

from arena.app.importers.speech_claims import ClaimExtractor, ModelExtractor, RuleExtractor
from arena.engine import Claim

NAMES = ("Alder", "Birch", "Cedar", "ミナコ", "タクミ")


def role(name: str) -> Claim:
    return Claim(kind="role", role=name)


def check(seat: int, result: str) -> Claim:
    return Claim(kind="check", target=seat, result=result)


def accuse(seat: int) -> Claim:
    return Claim(kind="accuse", target=seat)


def vouch(seat: int) -> Claim:
    return Claim(kind="vouch", target=seat)


# (speaker, speech, the claims a careful reader finds), written for these tests
SAMPLE: list[tuple[int, str, list[Claim]]] = [
    (1, "I am the seer. Birch is a werewolf.", [role("seer"), check(2, "werewolf")]),
    (1, "I'm the seer and I divined Cedar: human.", [role("seer"), check(3, "good")]),
    (2, "Alder lies. I will vote for Alder today.", [accuse(1)]),
    (3, "I trust Alder, and I suspect Birch.", [vouch(1), accuse(2)]),
    (3, "Good morning everyone, let us talk calmly.", []),
    (4, "私が占い師です。タクミさんは人間でした。", [role("seer"), check(5, "good")]),
    (5, "占いCO。@ミナコ は黒です！", [role("seer"), check(4, "werewolf")]),
    (5, "占い師COが二人出ましたね。", []),
    (2, "今日は @タクミ さんに投票します。", [accuse(5)]),
    (3, "ミナコさんが怪しいと思う。", [accuse(4)]),
    (1, "タクミさんを信じたい。", [vouch(5)]),
    (1, "我是预言家，2号查杀。", [role("seer"), check(2, "werewolf")]),
    (3, "我是预言家，1号金水。", [role("seer"), check(1, "good")]),
    (2, "我觉得3号可疑，投3号。", [accuse(3)]),
    (4, "5号是好人，我保5号。", [vouch(5)]),
    (5, "我是平民，过。", [role("villager")]),
    (4, "Birch seems quiet, maybe a wolf.", [accuse(2)]),
]


def _keys(claims: tuple[Claim, ...] | list[Claim]) -> set[tuple[object, ...]]:
    return {(c.kind, c.role, c.target, c.result) for c in claims}


def measure(extractor: ClaimExtractor) -> tuple[float, float]:
    """(precision, recall) of the extractor's claims against the labels of SAMPLE."""
    found = right = wanted = 0
    for speaker, text, labels in SAMPLE:
        got, want = _keys(extractor.extract(text, speaker)), _keys(labels)
        found, right, wanted = found + len(got), right + len(got & want), wanted + len(want)
    return right / found, right / wanted


def test_rule_extractor_precision_and_recall_on_the_labelled_sample() -> None:
    precision, recall = measure(RuleExtractor(NAMES))
    assert (round(precision, 2), round(recall, 2)) == (1.0, 0.91)  # docs/importers.md


def test_a_seer_claim_turns_results_into_checks_else_they_are_vouches() -> None:
    extractor = RuleExtractor(NAMES)
    assert extractor.extract("I am the seer. Cedar is human.", 1) == (
        role("seer"), check(3, "good"))
    assert extractor.extract("I trust Cedar.", 1) == (vouch(3),)
    assert extractor.extract("Agent[03] is suspicious.", 1) == (accuse(3),)
    assert extractor.extract("I suspect Alder.", 1) == ()  # never the speaker himself


def test_model_extractor_keeps_only_valid_claims_from_the_reply() -> None:
    prompts: list[str] = []

    def fake(prompt: str) -> str:
        prompts.append(prompt)
        return ('{"kind": "role", "role": "seer"}\nnot json\n'
                '{"kind": "check", "target": 2, "result": "werewolf"}\n'
                '{"kind": "accuse", "target": 9}\n{"kind": "gossip"}\n'
                '{"kind": "role", "role": "seer"}')

    extractor: ClaimExtractor = ModelExtractor(fake, NAMES)
    assert extractor.extract("I am the seer. Birch is a werewolf.", 1) == (
        role("seer"), check(2, "werewolf"))
    assert "seat 1" in prompts[0] and "2 = Birch" in prompts[0]
