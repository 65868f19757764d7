"""Write a tiny random-weight llama GGUF, deterministic from a seed.

    python scripts/llama/make_gguf.py OUT.gguf [--seed 7]

Runs under a Python that has the ``gguf`` package (``make test-llama`` keeps one in
``.cache/llama/gguf-venv``); nothing is downloaded. The model is a 2-layer llama
(hidden 64, 4 heads) with a byte-level "gpt2" BPE vocabulary: the 256 byte tokens,
merges learned from a fixed English text below (so prompts take fewer tokens), and
ChatML's control tokens with a ChatML chat template. Its answers are noise: it exists
to exercise servers (llama.cpp's llama-server, llama-cpp-python's server), not to play.
Same seed and same ``gguf``/``numpy`` versions, same bytes.
"""

from __future__ import annotations

import argparse
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import numpy as np
from gguf import GGUFWriter, TokenType

N_EMBD = 64
N_HEAD = 4
N_HEAD_KV = 2
N_LAYER = 2
N_FF = 192
N_CTX = 65536
N_MERGES = 700
SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")
CHAT_TEMPLATE = (
    "{% for message in messages %}"
    "{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}"
    "{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}"
)
# The text the merges are learned from: words a Werewolf prompt and its JSON answers use.
CORPUS = """
You are playing the social deduction game Werewolf. The judge runs the game by the rules.
Every night the werewolves choose a player to kill; the seer checks one player and learns
whether that player is a werewolf; the witch has one potion to save and one potion to
poison; the hunter may shoot when he dies; the guard protects a player; the idiot is
revealed when exiled; Cupid links two lovers. During the day the players speak in turn,
claim roles, accuse and vouch for each other, elect a sheriff whose vote counts twice,
and vote to exile a player. The village wins when every werewolf is dead; the werewolves
win when they outnumber the villagers or kill every god or every villager.
Answer with one JSON object only: {"reasoning": "...", "speech": "...", "target": 3,
"choice": "pass", "claims": [], "accuse": [], "vouch": [], "vote": 5, "action": "kill"}.
Seat seat seats player players night day dawn dusk phase round vote votes voted target
options option legal decision decide reason reasons speech speak said says role roles
werewolf werewolves villager villagers seer witch hunter guard idiot cupid sheriff badge
potion save poison shoot check checked kill killed dead died alive exile exiled lynch
wolf wolves team good evil suspect suspicious trust believe think because likely maybe
true false null none yes no the a an and or of to in on at for with from by is are was
were be been this that these those it its he she they we you I my your our their what
which who when where why how not only also but if then than so very more most less first
last next one two three four five six seven eight nine ten eleven twelve P1 P2 P3 P4 P5
P6 P7 P8 P9 P10 P11 P12 game judge rules answer answers JSON object field fields value
valid invalid reply replies again number numbers string list empty choose choice pass
"""


def byte_symbols() -> list[str]:
    """GPT-2's printable stand-in for each byte, in byte order."""
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
            *range(ord("®"), ord("ÿ") + 1)]
    extra = 0
    out = {}
    for b in range(256):
        if b in keep:
            out[b] = chr(b)
        else:
            out[b] = chr(256 + extra)
            extra += 1
    return [out[b] for b in range(256)]


def learn_merges(text: str, count: int) -> list[tuple[str, str]]:
    """Byte-level BPE merges learned greedily from ``text`` (ties broken by the pair)."""
    symbols = byte_symbols()
    pieces = re.findall(r" ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+", text)
    words = Counter(tuple(symbols[b] for b in piece.encode()) for piece in pieces)
    merges: list[tuple[str, str]] = []
    while len(merges) < count:
        pairs: Counter[tuple[str, str]] = Counter()
        for word, n in words.items():
            for pair in pairwise(word):
                pairs[pair] += n
        if not pairs:
            break
        best = min(pairs, key=lambda p: (-pairs[p], p))
        merges.append(best)
        merged: Counter[tuple[str, ...]] = Counter()
        for word, n in words.items():
            out: list[str] = []
            i = 0
            while i < len(word):
                if i + 1 < len(word) and (word[i], word[i + 1]) == best:
                    out.append(word[i] + word[i + 1])
                    i += 2
                else:
                    out.append(word[i])
                    i += 1
            merged[tuple(out)] += n
        words = merged
    return merges


def write(path: Path, seed: int) -> None:
    rng = np.random.default_rng(seed)
    merges = learn_merges(CORPUS, N_MERGES)
    tokens = [*byte_symbols(), *(a + b for a, b in merges)]
    tokens = list(dict.fromkeys(tokens))
    types = [TokenType.NORMAL] * len(tokens) + [TokenType.CONTROL] * len(SPECIALS)
    tokens += SPECIALS
    n_vocab = len(tokens)

    def weight(*shape: int) -> np.ndarray:
        return (rng.standard_normal(shape) * 0.05).astype(np.float32)

    writer = GGUFWriter(str(path), "llama")
    writer.add_name(f"werewolf-arena random llama (seed {seed})")
    writer.add_file_type(0)  # all f32
    writer.add_vocab_size(n_vocab)
    writer.add_context_length(N_CTX)
    writer.add_embedding_length(N_EMBD)
    writer.add_block_count(N_LAYER)
    writer.add_feed_forward_length(N_FF)
    writer.add_head_count(N_HEAD)
    writer.add_head_count_kv(N_HEAD_KV)
    writer.add_rope_dimension_count(N_EMBD // N_HEAD)
    writer.add_layer_norm_rms_eps(1e-5)
    writer.add_tokenizer_model("gpt2")
    writer.add_tokenizer_pre("gpt-2")
    writer.add_token_list(tokens)
    writer.add_token_types(types)
    writer.add_token_merges([f"{a} {b}" for a, b in merges])
    writer.add_bos_token_id(tokens.index("<|endoftext|>"))
    writer.add_eos_token_id(tokens.index("<|im_end|>"))
    writer.add_add_bos_token(False)
    writer.add_chat_template(CHAT_TEMPLATE)

    head_dim = N_EMBD // N_HEAD
    writer.add_tensor("token_embd.weight", weight(n_vocab, N_EMBD))
    for i in range(N_LAYER):
        writer.add_tensor(f"blk.{i}.attn_norm.weight", np.ones(N_EMBD, np.float32))
        writer.add_tensor(f"blk.{i}.attn_q.weight", weight(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_k.weight", weight(N_HEAD_KV * head_dim, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_v.weight", weight(N_HEAD_KV * head_dim, N_EMBD))
        writer.add_tensor(f"blk.{i}.attn_output.weight", weight(N_EMBD, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_norm.weight", np.ones(N_EMBD, np.float32))
        writer.add_tensor(f"blk.{i}.ffn_gate.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_up.weight", weight(N_FF, N_EMBD))
        writer.add_tensor(f"blk.{i}.ffn_down.weight", weight(N_EMBD, N_FF))
    writer.add_tensor("output_norm.weight", np.ones(N_EMBD, np.float32))
    writer.add_tensor("output.weight", weight(n_vocab, N_EMBD))

    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write(args.out, args.seed)
    print(f"{args.out}: {args.out.stat().st_size / 1e6:.1f} MB, seed {args.seed}")


if __name__ == "__main__":
    main()
