"use strict";
// A seat's (or a spectator's) page. Data arrives as JSON over server-sent events and is
// rendered with textContent only: nothing a player typed is ever parsed as HTML.
(function () {
  const $ = (id) => document.getElementById(id);
  const parts = location.pathname.split("/").filter(Boolean);
  const token = new URLSearchParams(location.search).get("token") || "";
  const spectator = parts[0] === "watch";
  const tableId = parts[1];
  const base = spectator ? "/api/tables/" + tableId + "/spectate"
    : "/api/tables/" + tableId + "/seats/" + parts[2];
  const query = "?token=" + encodeURIComponent(token);

  let S = {};            // interface strings
  let state = null;      // the last view received
  let shownRequest = 0;  // number of the request whose controls are on screen
  let deadline = 0;      // local time (ms) when the pending request runs out
  let claims = [];
  let voicesOn = false;  // read each new public speech aloud (the voices toggle)
  let following = 0;     // after the end: the timer that looks for the rematch
  const FOLLOW_MS = 3000;          // how often, and how long, an ended page looks
  const FOLLOW_FOR_MS = 15 * 60 * 1000;

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : ""));
  }

  function who(seat) {
    if (seat === null || seat === undefined) return S.nobody;
    return fill(S.who, {name: state.names[seat - 1] || "P" + seat, seat: seat});
  }

  function nameOf(seat) { return state.names[seat - 1] || "P" + seat; }

  function roleName(role) { return state.role_names[role] || role; }

  function claimText(c) {  // a claim of the speech being written, in the catalog's words
    return fill(S["chip_" + c.kind], {role: roleName(c.role), target: c.target,
      result: S[c.result] || roleName(c.result)});
  }

  // Every event's words come from the server (the text layer), described for this viewer.
  function eventItem(e) {
    if (e.line === null) return null;
    const li = el("li", undefined, "event ev-" + e.type);
    li.dataset.seq = e.seq;
    if (e.ballot) li.dataset.ballot = e.ballot;
    if (e.audience === "god") li.classList.add("god");
    else if (e.audience !== "public") li.classList.add("private");
    if (e.type === "speech" && e.line) {
      li.dataset.seat = e.seat;
      li.append(avatar(nameOf(e.seat)), el("b", e.speaker));
      li.append(el("span", e.said, "speech-text"));
      for (const c of e.claims_text) li.append(el("span", c, "claim"));
      return li;
    }
    li.textContent = e.line;
    return li;
  }

  // ---- the role card: power, goal, resources and what the seat knows (all from the server)
  function renderCard() {
    const card = state.card;
    if (spectator || !card) return;
    $("card").hidden = false;
    $("card-title").textContent = S.your_role;
    $("role").textContent = card.name;
    $("power-title").textContent = S.power;
    $("power").textContent = card.power;
    $("goal-title").textContent = S.goal;
    $("goal").textContent = card.goal;
    $("resources").replaceChildren(...card.resources.map((r) => el("li", r)));
    $("known-title").textContent = S.known;
    $("known-title").hidden = !card.known.length;
    $("known").replaceChildren(...card.known.map((k) => el("li", k)));
  }

  // ---- the table: seats in a ring, with who is alive, the sheriff, you, who acts now
  function currentBallot() {  // the votes of the latest ballot (a kind and a round) today
    const votes = [];
    let key = null;
    for (let i = state.events.length - 1; i >= 0; i--) {
      const e = state.events[i];
      if (e.type === "phase" || (e.type === "vote_result" && key !== null)) break;
      if (e.type !== "vote") continue;
      const k = e.ballot + "/" + e.round;
      if (key === null) key = k;
      else if (k !== key || votes.some((v) => v.seat === e.seat)) break;  // an earlier ballot
      votes.unshift(e);
    }
    return votes;
  }

  function actingNow() {  // the seat of the newest speech, vote or candidacy
    for (let i = state.events.length - 1; i >= 0; i--) {
      const e = state.events[i];
      if (e.type === "phase") return null;
      if (["speech", "vote", "candidacy", "shoot"].includes(e.type)) return e.seat;
    }
    return null;
  }

  function stepOf(e) {  // the step of the day an event belongs to, if it marks one
    if (e.type === "candidacy" || e.ballot === "sheriff" || e.context === "campaign") return "step_sheriff";
    if (e.type === "speech" && e.context === "last_words") return "step_last_words";
    if (e.type === "speech" && e.context !== "wolf_chat") return "step_speeches";
    if (e.type === "vote" || e.type === "vote_result") return "step_exile";
    return null;
  }

  // ---- the headline: the phase and its step, and what dawn brought (deaths or a peaceful night)
  function headline() {
    if (state.lobby && !state.lobby.started) return [S.step_lobby, ""];
    const end = state.events.find((e) => e.type === "game_end");
    if (end) return [S.game_over, end.line || ""];
    let phase = null;
    let step = null;
    const dawn = [];
    for (let i = state.events.length - 1; i >= 0 && !phase; i--) {
      const e = state.events[i];
      if (e.type === "phase") phase = e;
      else if (!step && stepOf(e)) step = stepOf(e);
      else if (e.type === "death" && e.cause === "night" && e.line) dawn.unshift(e.line);
    }
    if (!phase) return ["", ""];
    if (phase.name === "night" || state.over) return [phase.line, ""];
    const title = step ? fill(S.day_step, {day: phase.day, step: S[step]}) : phase.line;
    return [title, dawn.length ? dawn.join(" ") : S.peaceful];
  }

  function renderRing() {
    const ring = $("ring");
    const now = actingNow();
    const n = state.players;
    const seats = [];
    for (let s = 1; s <= n; s++) {
      const angle = 2 * Math.PI * (s - 1) / n - Math.PI / 2;
      const node = el("div", undefined, "seat");
      node.dataset.seat = s;
      node.style.left = (50 + 41 * Math.cos(angle)) + "%";
      node.style.top = (50 + 41 * Math.sin(angle)) + "%";
      const alive = state.alive.includes(s);
      node.classList.add(alive ? "alive" : "dead");
      if (s === state.seat) node.classList.add("me");
      if (s === now) node.classList.add("now");
      if ((state.thinking || []).includes(s)) node.classList.add("thinking");
      if (state.pending && state.pending.context.victim === s) node.classList.add("victim");
      node.append(avatar(nameOf(s)), el("span", String(s), "seat-no"));
      node.append(el("span", nameOf(s), "seat-name"));
      const badges = [];
      if (state.sheriff === s) badges.push("★ " + S.sheriff);
      const house = (state.buildings || {})[String(s)];
      if (house) badges.push("⌂ " + house);
      if (!alive) badges.push("† " + S.dead);
      if (s === state.seat) badges.push(S.you);
      const ending = state.final.find((row) => row.seat === s);
      const known = ending ? ending.role : state.known_roles[String(s)];
      if (known && (s !== state.seat || ending)) badges.push(roleName(known));
      if (badges.length) node.append(el("span", badges.join(" · "), "seat-badges"));
      node.title = who(s) + (badges.length ? " — " + badges.join(", ") : "");
      seats.push(node);
    }
    const [step, news] = headline();
    $("ring-centre").replaceChildren(el("b", step, "step"), el("span", news, "news"));
    $("headline").textContent = news ? step + " — " + news : step;
    ring.replaceChildren($("ring-centre"), $("arrows"), ...seats);
    drawArrows();
  }

  // ---- the current ballot's votes as arrows from each voter to the seat voted for, one
  // colour per kind of ballot; the same votes in words for screen readers (aria-label)
  const SVG = "http://www.w3.org/2000/svg";
  const COLOURED = ["exile", "sheriff"];  // any other ballot is drawn in a third colour

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  }

  function kindOf(ballot) { return COLOURED.includes(ballot) ? ballot : "other"; }

  function edge(box, ux, uy) {  // distance from a seat box's centre to its border along (ux, uy)
    const across = Math.abs(ux) > 1e-6 ? box.w / 2 / Math.abs(ux) : Infinity;
    const down = Math.abs(uy) > 1e-6 ? box.h / 2 / Math.abs(uy) : Infinity;
    return Math.min(across, down);
  }

  function drawArrows() {
    const layer = $("arrows");
    const votes = currentBallot();
    const frame = $("ring").getBoundingClientRect();
    const boxes = {};
    for (const node of document.querySelectorAll("#ring .seat")) {
      const r = node.getBoundingClientRect();
      boxes[node.dataset.seat] = {x: r.left - frame.left + r.width / 2,
        y: r.top - frame.top + r.height / 2, w: r.width, h: r.height};
    }
    layer.setAttribute("viewBox", "0 0 " + frame.width + " " + frame.height);
    const markers = svg("defs", {});
    for (const kind of [...COLOURED, "other"]) {
      const marker = svg("marker", {id: "head-" + kind, viewBox: "0 0 10 10", refX: 9, refY: 5,
        markerWidth: 5, markerHeight: 5, orient: "auto", markerUnits: "strokeWidth"});
      marker.append(svg("path", {d: "M0,0 L10,5 L0,10 z", class: "head b-" + kind}));
      markers.append(marker);
    }
    const lines = [];
    const said = [];
    for (const v of votes) {
      const targets = v.target !== null && v.target !== undefined ? [v.target] : (v.targets || []);
      said.push(targets.length ? who(v.seat) + " → " + targets.map(who).join(", ")
        : who(v.seat) + " → " + S.nobody);
      for (const t of targets) {
        const a = boxes[v.seat], b = boxes[t];
        if (!a || !b || t === v.seat) continue;
        const dx = b.x - a.x, dy = b.y - a.y, len = Math.hypot(dx, dy);
        const ux = dx / len, uy = dy / len;
        const ox = -uy * 3, oy = ux * 3;  // a little to one side: A→B and B→A stay apart
        const from = edge(a, ux, uy), to = edge(b, ux, uy) + 1;
        if (from + to >= len) continue;  // the two seats touch: nothing to draw
        const kind = kindOf(v.ballot);
        lines.push(svg("line", {x1: a.x + ux * from + ox, y1: a.y + uy * from + oy,
          x2: b.x - ux * to + ox, y2: b.y - uy * to + oy, class: "arrow b-" + kind
          + (v.weight > 1 ? " weighted" : ""), "marker-end": "url(#head-" + kind + ")",
          "data-from": v.seat, "data-to": t, "data-ballot": v.ballot}));
      }
    }
    layer.replaceChildren(markers, ...lines);
    const ballot = votes.length ? votes[0].ballot : null;
    const heading = ballot ? S["ballot_" + ballot] || ballot : "";
    layer.dataset.ballot = ballot || "";
    if (votes.length) {
      layer.setAttribute("role", "img");
      layer.setAttribute("aria-label", heading + ": " + said.join("; "));
      layer.removeAttribute("aria-hidden");
    } else {
      layer.removeAttribute("role");
      layer.removeAttribute("aria-label");
      layer.setAttribute("aria-hidden", "true");
    }
    renderLegend(ballot);
  }

  function renderLegend(ballot) {  // the colours, the current ballot's first
    const legend = $("arrow-legend");
    legend.hidden = ballot === null;
    if (ballot === null) return;
    const kinds = [ballot, ...COLOURED.filter((k) => k !== ballot)];
    legend.replaceChildren(...kinds.map((k) => {
      const item = el("li", undefined, k === ballot ? "current" : "");
      item.dataset.ballot = k;
      item.append(el("span", undefined, "swatch b-" + kindOf(k)), el("span", S["ballot_" + k] || k));
      return item;
    }));
  }

  // ---- presence: each seat's face, drawn from its name alone (the same name gives the same
  // face on every page), the night and the day, and the speeches read aloud. None of it
  // depends on anything but public facts: names, seat numbers, public events.
  function hashOf(text) {  // FNV-1a, 32 bits, then mixed (murmur3's finish) so that
    let h = 0x811c9dc5;     // names a letter apart differ in every bit
    for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 0x01000193);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    return (h ^ (h >>> 16)) >>> 0;
  }

  function avatar(name) {  // a mirrored 5×5 identicon in a colour of its own
    const h = hashOf(name);
    const face = svg("svg", {viewBox: "-0.5 -0.5 6 6", class: "avatar", "aria-hidden": "true"});
    face.append(svg("rect", {x: -0.5, y: -0.5, width: 6, height: 6, rx: 1, class: "avatar-bg"}));
    const colour = "hsl(" + (h % 360) + ", 65%, 62%)";
    for (let y = 0; y < 5; y++) {
      for (let x = 0; x < 3; x++) {
        if (!((h >>> (8 + 3 * y + x)) & 1)) continue;
        for (const at of new Set([x, 4 - x])) face.append(svg("rect", {x: at, y: y, width: 1, height: 1, fill: colour}));
      }
    }
    return face;
  }

  function renderPhase() {  // night falls, day breaks: the colours change as the phase event arrives
    let phase = "day";
    for (let i = state.events.length - 1; i >= 0; i--) {
      if (state.events[i].type === "phase") { phase = state.events[i].name; break; }
    }
    document.body.dataset.phase = state.over ? "day" : phase;
  }

  const PITCHES = [1, 0.8, 1.2, 0.9, 1.1];
  const RATES = [1, 0.92, 1.08];

  function voiceOf(seat) {  // seat by seat: the next of the language's voices, then other pitches and rates
    const lang = state.lang === "zh" ? "zh" : "en";
    const voices = speechSynthesis.getVoices().filter((v) => v.lang.toLowerCase().startsWith(lang));
    const n = Math.max(1, voices.length);
    const turn = Math.floor((seat - 1) / n);
    return {voice: voices[(seat - 1) % n] || null, pitch: PITCHES[turn % PITCHES.length],
      rate: RATES[Math.floor(turn / PITCHES.length) % RATES.length]};
  }

  function speak(e) {  // a public speech, aloud, in its seat's voice and the table's language
    if (!voicesOn || e.type !== "speech" || e.audience !== "public" || !(e.text || "").trim()) return;
    const line = new SpeechSynthesisUtterance(e.text);
    const chosen = voiceOf(e.seat);
    line.lang = state.lang === "zh" ? "zh-CN" : "en-US";
    if (chosen.voice) line.voice = chosen.voice;
    line.pitch = chosen.pitch;
    line.rate = chosen.rate;
    speechSynthesis.speak(line);
  }

  function renderVoices() {
    const toggle = $("voices");
    toggle.hidden = !("speechSynthesis" in window);
    toggle.textContent = S.voices;
    toggle.setAttribute("aria-pressed", String(voicesOn));
  }

  // ---- the way back: the game's page once it has ended, and "play again" with the same people
  function renderWayBack() {
    const page = state.game_page, again = state.again;
    $("way-back").hidden = !page && !again;
    $("game-link").hidden = !page;
    if (page) $("game-link").href = page;
    $("game-link").textContent = S.game_page;
    $("again").hidden = spectator || !page || Boolean(again);
    $("again").textContent = S.play_again;
    $("again-link").hidden = !again;
    if (again) $("again-link").href = again;
    $("again-link").textContent = spectator ? S.next_watch : S.next_seat;
  }

  function follow() {  // the stream ends with the game: look now and then for the rematch
    if (following) return;
    const until = Date.now() + FOLLOW_FOR_MS;
    following = setInterval(() => {
      if (state.again || Date.now() > until) { clearInterval(following); return; }
      fetch(base + query + "&after=" + state.last).then((r) => r.json()).then((view) => {
        Object.assign(state, {game_page: view.game_page, again: view.again});
        renderWayBack();
      }).catch(() => {});
    }, FOLLOW_MS);
  }

  async function playAgain() {
    $("again").disabled = true;
    const response = await fetch(base + "/again" + query, {method: "POST",
      headers: {"Content-Type": "application/json"}, body: "{}"});
    const data = await response.json().catch(() => ({}));
    if (response.ok && data.again) {
      location.assign(data.again);
      return;
    }
    $("again").disabled = false;
    $("status").textContent = typeof data.detail === "string" ? data.detail : response.statusText;
  }

  // ---- the New Moon events in force, each with its effect
  function renderMoon() {
    const cards = state.moon || [];
    $("moon").hidden = !cards.length;
    $("moon-title").textContent = S.moon_in_force;
    $("moon-list").replaceChildren(...cards.map((c) => el("li", c.card + " “" + c.name + "”: " + c.effect)));
  }

  // ---- spot the AI: once the game is over, a person names the seats they take for AI
  let guessShown = false;
  function renderGuess() {
    const due = !spectator && state.guess;
    $("guess").hidden = !due;
    if (!due) {
      if (guessShown) $("guess-thanks").hidden = false;
      return;
    }
    if (guessShown) return;
    guessShown = true;
    $("guess-title").textContent = S.guess_title;
    $("guess-thanks").textContent = S.guess_thanks;
    const boxes = [];
    for (let s = 1; s <= state.players; s++) {
      if (s === state.seat) continue;
      const label = el("label", undefined, "check");
      const box = el("input");
      box.type = "checkbox";
      box.value = String(s);
      box.id = "guess-" + s;
      label.append(box, el("span", " " + who(s)));
      boxes.push(label);
    }
    $("guess-seats").replaceChildren(...boxes);
    $("guess-send").textContent = S.guess_send;
    $("guess-send").onclick = async () => {
      const ai = [...document.querySelectorAll("#guess-seats input:checked")].map((b) => +b.value);
      $("guess-send").disabled = true;
      const response = await fetch(base + "/guess" + query, {
        method: "POST", headers: {"Content-Type": "application/json"},
        body: JSON.stringify({ai: ai}),
      });
      if (!response.ok) {
        $("guess-send").disabled = false;
        return;
      }
      apply(await (await fetch(base + query)).json());  // the seats' agents, now shown
    };
  }

  // ---- the end: who won, and (for everybody once it is over) every seat's role
  function renderEnd() {
    const ends = state.events.filter((e) => e.type === "game_end");
    if (state.over && ends.length) {
      $("over").hidden = false;
      $("over").textContent = S.game_over + " — " + ends[ends.length - 1].line;
    }
    if (!state.final.length) return;
    $("final").hidden = false;
    $("final-title").textContent = S.final_roles;
    const agents = state.agents;  // each seat's agent and model, named at the end
    const columns = ["col_seat", "col_role", "col_status", "col_result"];
    if (agents) columns.push("col_agent");
    $("final-head").replaceChildren(...columns.map((k) => el("th", S[k])));
    $("final-rows").replaceChildren(...state.final.map((row) => {
      const tr = el("tr", undefined, row.won ? "winner" : "");
      tr.dataset.seat = row.seat;
      tr.append(el("td", who(row.seat)), el("td", row.name),
        el("td", row.alive ? S.living : S.dead), el("td", row.won ? S.won : S.lost));
      if (agents) tr.append(el("td", agents[String(row.seat)] || ""));
      return tr;
    }));
  }

  function renderSide() {
    $("title").textContent = S.title;
    document.documentElement.lang = state.lang;
    $("record-title").textContent = S.record;
    $("whoami").textContent = spectator ? S.spectating : fill(S.you_are, {seat: state.seat});
    renderCard();
    renderRing();
    renderEnd();
    renderGuess();
    renderMoon();
    renderLobby();
    renderPhase();
    renderVoices();
    renderWayBack();
    const dead = !spectator && !state.over && state.alive.length > 0 && !state.alive.includes(state.seat);
    $("dead-banner").hidden = !dead;
    $("dead-banner").textContent = S.you_died;
    $("away").hidden = !state.away && state.missed !== 1;
    $("away-text").textContent = state.away ? S.away : S.away_warned;
    $("back").hidden = !state.away;
    $("back").textContent = S.back;
  }

  function renderLobby() {  // before the game starts: who has opened their seat, who not yet
    const lobby = state.lobby;
    $("lobby").hidden = !lobby || lobby.started;
    if ($("lobby").hidden) return;
    $("lobby-waiting").textContent = fill(S.lobby_count, lobby);
    $("lobby-joined").textContent = lobby.joined.length
      ? fill(S.lobby_seats, {joined: lobby.joined.join(", "), waiting: lobby.waiting.join(", ") || "-"}) : "";
  }

  function apply(view) {
    const first = state === null;
    if (view.replace || first) {
      $("record").replaceChildren();
      state = view;
    } else {
      state = Object.assign({}, state, view, {events: state.events.concat(view.events)});
    }
    S = state.strings;  // a whole view brings the words; the page keeps them
    const list = $("record");
    for (const e of view.events) {
      const item = eventItem(e);
      if (item) list.append(item);
      if (!view.replace) speak(e);
    }
    if (view.events.length) list.scrollTop = list.scrollHeight;
    renderSide();
    renderControls(view.pending);
    const others = (view.thinking || []).filter((s) => s !== state.seat);
    const idle = spectator ? "" : S.waiting;
    const thinking = others.length ? fill(S.thinking, {who: others.map(who).join(", ")}) : idle;
    $("status").textContent = view.error ? view.error : (view.pending || view.over ? "" : thinking);
  }

  // ---- controls for the pending request
  function promptKey(p) {
    if (p.kind === "speak" && p.context.channel === "wolves") return "ask_wolf_chat";
    return S["ask_" + p.kind] ? "ask_" + p.kind : "ask_other";
  }

  function seatButtons(options, onPick, kind) {
    const row = el("div", undefined, "claim-row");
    for (const seat of options) {
      const b = el("button", who(seat), "option");
      if (kind === "kill" && seat === state.seat) b.textContent += " · " + S.you;
      else if (kind === "kill" && state.known_roles[String(seat)]) b.textContent += " · " + roleName(state.known_roles[String(seat)]);
      b.type = "button";
      b.dataset.seat = seat;
      b.addEventListener("click", () => onPick(seat));
      row.append(b);
    }
    return row;
  }

  function button(id, text, onClick, cls) {
    const b = el("button", text, cls);
    b.type = "button";
    b.id = id;
    b.addEventListener("click", onClick);
    return b;
  }

  function select(id, entries) {
    const s = el("select");
    s.id = id;
    s.add(new Option(S.pick_none, ""));  // nothing picked until the player picks
    for (const [value, label] of entries) s.add(new Option(label, value));
    return s;
  }

  function speechInputs(p) {
    claims = [];
    const box = el("textarea");
    box.id = "speech";
    box.maxLength = p.max_chars;
    box.rows = 3;
    box.placeholder = S.your_speech;
    const chips = el("div", undefined, "claim-row");
    chips.id = "claims-list";
    const showClaims = () => chips.replaceChildren(el("span", S.claims + ":"),
      ...claims.map((c) => el("span", claimText(c), "claim")));
    const add = (c, picked) => { if (picked && claims.length < 8) { claims.push(c); showClaims(); } };
    const seatsAt = (p.context.seats || []).filter((s) => state.alive.includes(s));
    const seatEntries = seatsAt.filter((s) => s !== state.seat).map((s) => [String(s), who(s)]);
    const dealt = setupRoles();
    const roleRow = el("div", undefined, "claim-row");
    const roleSelect = select("claim-role", (dealt.length ? dealt : Object.keys(state.role_names)).map((r) => [r, roleName(r)]));
    roleRow.append(el("span", S.claim_role), roleSelect,
      button("claim-role-add", "+", () => add({kind: "role", role: roleSelect.value}, roleSelect.value), "secondary"));
    const checkRow = el("div", undefined, "claim-row");
    const checkSeat = select("check-target", seatEntries);
    const checkResult = select("check-result", [["good", S.good], ["werewolf", S.werewolf]]);
    checkRow.append(el("span", S.claim_check), checkSeat, checkResult,
      button("claim-check-add", "+", () => add({kind: "check", target: +checkSeat.value,
        result: checkResult.value}, checkSeat.value && checkResult.value), "secondary"));
    const pointRow = el("div", undefined, "claim-row");
    const pointSeat = select("point-target", seatEntries);
    pointRow.append(pointSeat,
      button("claim-accuse", S.claim_accuse, () => add({kind: "accuse", target: +pointSeat.value}, pointSeat.value), "secondary"),
      button("claim-vouch", S.claim_vouch, () => add({kind: "vouch", target: +pointSeat.value}, pointSeat.value), "secondary"));
    const send = button("send", S.send, () => submit(p, {text: box.value, claims: claims}));
    return [box, roleRow, checkRow, pointRow, chips, send];
  }

  function setupRoles() {
    const setup = state.events.find((e) => e.type === "setup");
    return setup ? Object.keys(setup.roles).filter((r) => setup.roles[r] > 0) : [];
  }

  function pickInputs(p) {
    const boxes = p.options.map((seat) => {
      const label = el("label");
      const input = el("input", undefined, "pick");
      input.type = "checkbox";
      input.value = seat;
      label.append(input, document.createTextNode(" " + who(seat)));
      return label;
    });
    const send = button("send", S.send, () => submit(p, {targets: [...document.querySelectorAll("input.pick:checked")].map((i) => +i.value)}));
    return [...boxes, send];
  }

  function banner(on) {
    $("turn-banner").hidden = !on;
    $("turn-text").textContent = S.your_turn;
    document.title = on ? S.your_turn_title : S.title;
  }

  function chime() {  // a short tone when a new decision arrives (if the browser allows)
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      gain.gain.value = 0.05;
      tone.frequency.value = 660;
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.15);
    } catch (e) { /* no sound: the banner and the title still tell */ }
  }

  function renderControls(p) {
    const controls = $("controls");
    banner(Boolean(p));
    if (!p) {
      controls.hidden = true;
      shownRequest = 0;
      return;
    }
    deadline = Date.now() + p.remaining_s * 1000;
    tick();
    if (p.number === shownRequest) return;  // keep what the player is typing
    if (shownRequest === 0 && document.hidden) chime();
    shownRequest = p.number;
    controls.hidden = false;
    controls.dataset.kind = p.kind;
    controls.dataset.shape = p.shape;
    controls.dataset.number = p.number;
    controls.dataset.prompt = promptKey(p);
    // the page's own words for the common kinds; any other in the question a model reads
    $("prompt").textContent = promptKey(p) === "ask_other" && p.question ? p.question
      : fill(S[promptKey(p)], {kind: p.kind, victim: who(p.context.victim)});
    $("answer-error").textContent = "";
    let inputs = [];
    if (p.shape === "target") {
      inputs.push(seatButtons(p.options, (seat) => submit(p, {target: seat}), p.kind));
      if (p.allow_none) inputs.push(button("pass", S.pass, () => submit(p, {target: null}), "secondary"));
    } else if (p.shape === "yes_no") {
      inputs = [button("yes", S.yes, () => submit(p, {yes: true})),
        button("no", S.no, () => submit(p, {yes: false}), "secondary")];
    } else if (p.shape === "speech") {
      inputs = speechInputs(p);
    } else if (p.shape === "pair" || p.shape === "subset") {
      inputs = pickInputs(p);
    } else {
      inputs = [button("send", S.send, () => submit(p, {}))];
    }
    $("inputs").replaceChildren(...inputs);
    if (window.matchMedia("(max-width: 700px)").matches) controls.scrollIntoView({block: "nearest"});
  }

  async function submit(p, fields) {
    document.querySelectorAll("#inputs button").forEach((b) => { b.disabled = true; });
    const body = Object.assign({request: p.number, kind: p.kind}, fields);
    const response = await fetch(base + "/answer" + query, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    });
    if (response.ok) {
      $("controls").hidden = true;
      banner(false);
      $("status").textContent = S.waiting;
      return;
    }
    const data = await response.json().catch(() => ({}));
    const detail = data.detail;
    $("answer-error").textContent = typeof detail === "string" ? detail : response.statusText;
    document.querySelectorAll("#inputs button").forEach((b) => { b.disabled = false; });
  }

  function tick() {
    const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    $("countdown").textContent = S.seconds_left ? fill(S.seconds_left, {n: left}) : "";
    $("turn-left").textContent = $("countdown").textContent;
  }

  function connect() {
    const source = new EventSource(base + "/stream" + query);
    source.onmessage = (msg) => apply(JSON.parse(msg.data));
    source.addEventListener("end", () => { source.close(); follow(); });
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED && S.connection_lost) $("status").textContent = S.connection_lost;
    };
  }

  window.addEventListener("resize", () => { if (state) drawArrows(); });
  $("voices").addEventListener("click", () => {
    voicesOn = !voicesOn;
    if (!voicesOn) speechSynthesis.cancel();
    renderVoices();
  });
  $("again").addEventListener("click", playAgain);
  $("back").addEventListener("click", () => fetch(base + query).then((r) => r.json()).then(apply));
  setInterval(tick, 500);
  connect();
})();
