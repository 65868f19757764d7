"""The heuristic's words: several phrasings per line, in English and Chinese.

A line is chosen by a hash of the speaker, the day and the line's place in the speech
(never the seat's random stream, so wording never moves a decision). Reasons are
separate clauses (``why.*``) that a suspicion or a trust line embeds.
"""

from __future__ import annotations

from arena.text import catalog

LINES: dict[str, dict[str, tuple[str, ...]]] = {
    "claim_seer": {
        "en": ("I am the seer.", "I'm the seer; here is what I saw.",
               "Seer here, and I'll give you my checks."),
        "zh": ("我是预言家。", "我是预言家，报一下验人。", "预言家在这，听我报查验。")},
    "check_wolf": {
        "en": ("Seat {target} is a werewolf.", "I checked seat {target}: werewolf.",
               "My check on seat {target} came back wolf."),
        "zh": ("{target}号是狼人。", "我验了{target}号，查杀。", "{target}号是我的查杀。")},
    "check_good": {
        "en": ("Seat {target} is good.", "I checked seat {target}: good.",
               "Seat {target} came back clean."),
        "zh": ("{target}号是好人。", "我验了{target}号，金水。", "{target}号是我的金水。")},
    "check_piper": {
        "en": ("Seat {target} is the piper.", "I checked seat {target}: the piper."),
        "zh": ("{target}号是吹笛者。", "我验了{target}号，吹笛者。")},
    "vote_out": {
        "en": ("Vote out seat {target}.", "Put your votes on seat {target}.",
               "Seat {target} goes today."),
        "zh": ("投{target}号出局。", "今天票{target}号。", "大家把票挂在{target}号身上。")},
    "shown": {
        "en": ("I am the {role}; do not exile me.", "I'm the {role}. Exiling me helps the wolves.",
               "Stop: I'm the {role}, and you need me."),
        "zh": ("我是{role}，别投我。", "我是{role}，出我就是帮狼人。",
               "别急，我是{role}，你们需要我。")},
    "believe": {
        "en": ("I believe seat {seat} is the real seer{why}.",
               "Seat {seat} is the seer I trust{why}.", "I'm following seat {seat} as seer{why}."),
        "zh": ("我认{seat}号是真预言家{why}。", "我站边{seat}号{why}。",
               "我相信{seat}号是预言家{why}。")},
    "sharp": {
        "en": ("Seat {seat} looks like a wolf to me{why}.", "I'm voting seat {seat}{why}.",
               "Seat {seat} is my wolf read{why}."),
        "zh": ("我觉得{seat}号是狼{why}。", "我要投{seat}号{why}。",
               "{seat}号在我这里是狼面{why}。")},
    "soft": {
        "en": ("No strong read yet; seat {seat} seems a little off{why}.",
               "Nothing solid, but I'm watching seat {seat}{why}.",
               "If I had to pick today, seat {seat}{why}."),
        "zh": ("还没有硬信息，{seat}号有点怪{why}。", "没什么把握，先关注{seat}号{why}。",
               "硬要选的话，我选{seat}号{why}。")},
    "nothing": {
        "en": ("I have nothing to add.", "Nothing new from me.", "I pass; I've said my piece."),
        "zh": ("我没有什么要补充的。", "我这边没有新信息。", "过。")},
    "night_death": {
        "en": ("Seat {seat} died last night.", "We lost seat {seat} in the night.",
               "The wolves took seat {seat}."),
        "zh": ("昨晚{seat}号倒了。", "昨夜{seat}号出局。", "狼人刀了{seat}号。")},
    "peaceful": {
        "en": ("A peaceful night: someone was saved.", "Nobody died last night.",
               "No death last night, so a power acted."),
        "zh": ("昨晚是平安夜。", "昨夜没人死。", "平安夜，说明有神职出手了。")},
    "bus": {
        "en": ("I won't defend seat {seat}; the evidence is against them.",
               "Seat {seat} has to go, I'm afraid."),
        "zh": ("{seat}号我保不了，证据对他不利。", "{seat}号今天该出。")},
    "kill": {
        "en": ("Let's kill seat {seat} tonight.", "Seat {seat} tonight.", "I say seat {seat}."),
        "zh": ("今晚刀{seat}号。", "刀{seat}号。", "我提议刀{seat}号。")},
    "claim_medium": {"en": ("I am the medium.", "Medium here."),
                     "zh": ("我是通灵师。", "通灵师报信息。")},
    "medium_wolf": {"en": ("Seat {target} was a werewolf.", "Seat {target} was a wolf."),
                    "zh": ("{target}号是狼人。", "{target}号出局的是狼。")},
    "medium_human": {"en": ("Seat {target} was human.", "Seat {target} was not a wolf."),
                     "zh": ("{target}号是好人。", "{target}号不是狼。")},
    "claim_girl": {"en": ("I am the little girl; I saw the wolves.",),
                   "zh": ("我是小女孩，我偷看到了狼人。",)},
    "girl_saw": {"en": ("Seat {seat} is a wolf.", "I saw seat {seat} with the pack."),
                 "zh": ("{seat}号是狼。", "我看到{seat}号和狼在一起。")},
    "why.named": {"en": (" (seat {seer} checked them as a wolf)", ", since seat {seer} found them"),
                  "zh": ("（{seer}号给了查杀）", "，{seer}号验出来的")},
    "why.voted_good": {
        "en": (" (they voted out seat {target}, who was good)",
               ", after pushing the exile of seat {target}, a good player"),
        "zh": ("（他投出了好人{target}号）", "，他带头投走了好人{target}号")},
    "why.voted_with": {
        "en": (" (they voted with seat {wolf}, a wolf)",
         ", whose vote matched the wolf seat {wolf}"),
        "zh": ("（他跟狼人{wolf}号投了一样的票）", "，他和狼人{wolf}号同票")},
    "why.vouched_wolf": {
        "en": (" (they vouched for seat {wolf}, a wolf)",
         ", who stood up for the wolf seat {wolf}"),
        "zh": ("（他保过狼人{wolf}号）", "，他给狼人{wolf}号站过边")},
    "why.counter": {
        "en": (" (a second seer claim against seat {seer})", ", who counter-claimed seat {seer}"),
        "zh": ("（他和{seer}号对跳预言家）", "，他跳出来对抗{seer}号")},
    "why.accused_seer": {
        "en": (" (they went after seat {seer}, our seer)", ", who attacked the seer seat {seer}"),
        "zh": ("（他踩了预言家{seer}号）", "，他一直在针对预言家{seer}号")},
    "why.found": {"en": (", whose check on seat {target} was right",
                         " (they found seat {target})"),
                  "zh": ("，他验出的{target}号确实是狼", "（{target}号被他验对了）")},
    "why.only": {"en": (", the only seer claim", " (nobody counter-claimed)"),
                 "zh": ("，只有他一个人跳", "（没人对跳）")},
    "why.rival_lied": {"en": (" (seat {rival}'s claim fell apart)", ", not the liar seat {rival}"),
                       "zh": ("（{rival}号的说法站不住）", "，{rival}号在撒谎")},
    "why.votes": {"en": (" (the votes point that way)", ", going by how the votes fell"),
                  "zh": ("（看票型）", "，从票型上看")},
}


def line(lang: str, key: str, pick: int, **fields: object) -> str:
    """Variant ``pick`` (modulo their number) of ``key`` in ``lang`` (English if absent)."""
    variants = LINES[key].get(lang) or LINES[key]["en"]
    return variants[pick % len(variants)].format(**fields)


def role_name(lang: str, role: str) -> str:
    """A role's display name in ``lang``."""
    return catalog(lang).role(role)
