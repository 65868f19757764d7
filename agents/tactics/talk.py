"""The heuristic's words: several phrasings per line, in English and Chinese.

A line's first phrasing is chosen by a hash of the speaker, the day and the line's place
in the speech (never the seat's random stream, so wording never moves a decision); a
phrasing somebody already said today gives way to the next (``situation.Words``).
Reasons are separate clauses (``why.*``) that a suspicion or a trust line embeds; an
``agree*`` line sides with a seat who said as much earlier that day.
"""

from __future__ import annotations

import re

from arena.text import catalog

SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*")

LINES: dict[str, dict[str, tuple[str, ...]]] = {
    "claim_seer": {
        "en": ("I am the seer.", "I'm the seer; here is what I saw.",
               "Seer here, and I'll give you my checks.", "I'm the real seer.",
               "Listen: I am the seer.", "The seer is me, and I have checks."),
        "zh": ("我是预言家。", "我是预言家，报一下验人。", "预言家在这，听我报查验。",
               "我才是真预言家。", "听我说，我是预言家。", "预言家是我，我有查验。")},
    "check_wolf": {
        "en": ("Seat {target} is a werewolf.", "I checked seat {target}: werewolf.",
               "My check on seat {target} came back wolf."),
        "zh": ("{target}号是狼人。", "我验了{target}号，查杀。", "{target}号是我的查杀。")},
    "check_good": {
        "en": ("Seat {target} is good.", "I checked seat {target}: good.",
               "Seat {target} came back clean.", "My check on seat {target} says good."),
        "zh": ("{target}号是好人。", "我验了{target}号，金水。", "{target}号是我的金水。",
               "{target}号我验过，是好人。")},
    "check_piper": {
        "en": ("Seat {target} is the piper.", "I checked seat {target}: the piper."),
        "zh": ("{target}号是吹笛者。", "我验了{target}号，吹笛者。")},
    "vote_out": {
        "en": ("Vote out seat {target}.", "Put your votes on seat {target}.",
               "Seat {target} goes today.", "Everyone, seat {target} is the exile."),
        "zh": ("投{target}号出局。", "今天票{target}号。", "大家把票挂在{target}号身上。",
               "今天请出{target}号。")},
    "shown": {
        "en": ("I am the {role}; do not exile me.", "I'm the {role}. Exiling me helps the wolves.",
               "Stop: I'm the {role}, and you need me."),
        "zh": ("我是{role}，别投我。", "我是{role}，出我就是帮狼人。",
               "别急，我是{role}，你们需要我。")},
    "believe": {
        "en": ("I believe seat {seat} is the real seer{why}.",
               "Seat {seat} is the seer I trust{why}.", "I'm following seat {seat} as seer{why}.",
               "I back seat {seat}'s seer claim{why}.",
               "Seat {seat}'s checks are the ones I go by{why}."),
        "zh": ("我认{seat}号是真预言家{why}。", "我站边{seat}号{why}。",
               "我相信{seat}号是预言家{why}。", "我信{seat}号的查验{why}。",
               "{seat}号这个预言家我认{why}。")},
    "agree_seer": {
        "en": ("Like seat {other}, I believe seat {seat} is the seer.",
               "I agree with seat {other}: seat {seat} is our seer.",
               "Seat {other} is right to follow seat {seat}."),
        "zh": ("和{other}号一样，我认{seat}号是预言家。", "我同意{other}号，{seat}号是真预言家。",
               "{other}号站边{seat}号，我也站。")},
    "sharp": {
        "en": ("Seat {seat} looks like a wolf to me{why}.", "I'm voting seat {seat}{why}.",
               "Seat {seat} is my wolf read{why}.", "My vote goes to seat {seat}{why}.",
               "My pick for today is seat {seat}{why}.",
               "The seat I trust least is seat {seat}{why}."),
        "zh": ("我觉得{seat}号是狼{why}。", "我要投{seat}号{why}。",
               "{seat}号在我这里是狼面{why}。", "我这票给{seat}号{why}。",
               "今天我想出{seat}号{why}。", "我最不信的是{seat}号{why}。")},
    "soft": {
        "en": ("No strong read yet; seat {seat} seems a little off{why}.",
               "Nothing solid, but I'm watching seat {seat}{why}.",
               "If I had to pick today, seat {seat}{why}.",
               "For now I lean towards seat {seat}{why}.",
               "I'm not sure, but I keep coming back to seat {seat}{why}."),
        "zh": ("还没有硬信息，{seat}号有点怪{why}。", "没什么把握，先关注{seat}号{why}。",
               "硬要选的话，我选{seat}号{why}。", "暂时倾向{seat}号{why}。",
               "说不准，但{seat}号让我不太放心{why}。")},
    "agree": {
        "en": ("I'm with seat {other} on seat {seat}.",
               "Like seat {other}, I suspect seat {seat}.",
               "Seat {other} has a point about seat {seat}."),
        "zh": ("我同意{other}号，{seat}号有问题。", "和{other}号一样，我怀疑{seat}号。",
               "{other}号说{seat}号的那些有道理。")},
    "nothing": {
        "en": ("I have nothing to add.", "Nothing new from me.", "I pass; I've said my piece.",
               "I'll listen for now.", "No read from me yet."),
        "zh": ("我没有什么要补充的。", "我这边没有新信息。", "过。", "我先听听。",
               "我暂时没有判断。")},
    "night_death": {
        "en": ("Seat {seat} died last night.", "We lost seat {seat} in the night.",
               "Seat {seat} did not live through the night."),
        "zh": ("昨晚{seat}号倒了。", "昨夜{seat}号出局。", "{seat}号没能活过昨晚。")},
    "peaceful": {
        "en": ("A peaceful night: someone was saved.", "Nobody died last night.",
               "No death last night, so a power acted."),
        "zh": ("昨晚是平安夜。", "昨夜没人死。", "平安夜，说明有神职出手了。")},
    "bus": {
        "en": ("I won't defend seat {seat}; the evidence is against them.",
               "Seat {seat} has to go, I'm afraid.", "I can't argue for seat {seat} any more.",
               "The case on seat {seat} is too strong to ignore."),
        "zh": ("{seat}号我保不了，证据对他不利。", "{seat}号今天该出。",
               "{seat}号我没法再替他说话了。", "{seat}号的问题太明显了，我也投他。")},
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
    "why.voted_me": {"en": (" (they voted against me {when})", ", who voted to exile me {when}"),
                     "zh": ("（{when}他投了我）", "，{when}他把票投给了我")},
    "why.accused_me": {"en": (" (they accused me {when})", ", who pointed at me {when}"),
                       "zh": ("（{when}他踩了我）", "，{when}他点了我")},
    "why.accused_good": {"en": (" (they accused seat {target}, who turned out good)",
                                ", who went after seat {target}, a good player"),
                         "zh": ("（他踩过{target}号，结果{target}号是好人）",
                                "，他针对的{target}号是好人")},
    "why.victim": {"en": (" (seat {dead}, who died in the night, had suspected them)",
                          ", whom the night's victim seat {dead} had pointed at"),
                   "zh": ("（夜里倒下的{dead}号怀疑过他）", "，被刀的{dead}号生前点过他")},
    "why.doubt_claim": {"en": (" (I don't buy their {role} claim)", ", whose {role} claim I doubt"),
                        "zh": ("（他跳{role}，我不信）", "，他报的{role}身份我不认")},
    "why.their_vote": {"en": (" (they voted for seat {target} {when}, who looks good to me)",
                              ", whose vote {when} went to seat {target}, a seat I trust"),
                       "zh": ("（{when}他投了{target}号，我看{target}号是好人）",
                              "，他{when}的票给了我信任的{target}号")},
    "when.today": {"en": ("today",), "zh": ("今天",)},
    "when.day": {"en": ("on day {day}",), "zh": ("第{day}天",)},
    "why.votes": {"en": (" (the votes point that way)", ", going by how the votes fell"),
                  "zh": ("（看票型）", "，从票型上看")},
    "why.checked_me": {"en": (" (they checked me, and I know I am good)",
                              ", whose good check on me is right"),
                       "zh": ("（他验了我是好人，这是对的）", "，他给我的金水是真的")},
    "why.confirmed": {"en": (" (their check on seat {target} held up)",
                             ", whose good check on seat {target} proved right"),
                      "zh": ("（他对{target}号的查验对上了）", "，他给{target}号的金水验证了")},
}


def phrasings(lang: str, key: str, start: int, **fields: object) -> list[str]:
    """Every phrasing of ``key`` in ``lang`` (English if absent), from variant ``start``
    (modulo their number) on."""
    variants = LINES[key].get(lang) or LINES[key]["en"]
    count = len(variants)
    return [variants[(start + i) % count].format(**fields) for i in range(count)]


def sentences(text: str) -> list[str]:
    """``text`` split into its sentences (at . ! ? and their Chinese forms)."""
    return [s.strip() for s in SENTENCE_END.split(text) if s.strip()]


def role_name(lang: str, role: str) -> str:
    """A role's display name in ``lang``."""
    return catalog(lang).role(role)
