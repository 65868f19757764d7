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
    if (e.audience === "god") li.classList.add("god");
    else if (e.audience !== "public") li.classList.add("private");
    if (e.type === "speech" && e.line) {
      li.append(el("b", e.speaker));
      li.append(el("span", e.text, "speech-text"));
      for (const c of e.claims_text) li.append(el("span", c, "claim"));
      return li;
    }
    li.textContent = e.line;
    return li;
  }

  function renderSide() {
    $("title").textContent = S.title;
    document.documentElement.lang = state.lang;
    $("record-title").textContent = S.record;
    $("alive-title").textContent = S.alive;
    $("whoami").textContent = spectator ? S.spectating : fill(S.you_are, {seat: state.seat});
    if (!spectator && state.role) {
      $("card").hidden = false;
      $("card-title").textContent = S.your_role;
      $("role").textContent = roleName(state.role);
      $("known-title").textContent = S.known;
      const known = Object.entries(state.known_roles).filter(([s]) => +s !== state.seat)
        .map(([s, r]) => el("li", who(+s) + ": " + roleName(r)));
      if (state.lovers.length) known.push(el("li", S.lovers + ": " + state.lovers.map(who).join(", ")));
      $("known").replaceChildren(...known);
    }
    const seats = [];
    for (let s = 1; s <= state.players; s++) {
      const alive = state.alive.includes(s);
      let text = who(s);
      if (state.sheriff === s) text += " ★ " + S.sheriff;
      if (!alive) text += " († " + S.dead + ")";
      const li = el("li", text, alive ? "alive" : "dead");
      li.dataset.seat = s;
      seats.push(li);
    }
    $("seats").replaceChildren(...seats);
    const ends = state.events.filter((e) => e.type === "game_end");
    if (state.over && ends.length) {
      $("over").hidden = false;
      const end = ends[ends.length - 1];
      $("over").textContent = S.game_over + " — " + end.line;
    }
    $("away").hidden = !state.away;
    $("away-text").textContent = S.away;
    $("back").textContent = S.back;
  }

  function apply(view) {
    const first = state === null;
    if (view.replace || first) {
      $("record").replaceChildren();
      state = view;
    } else {
      state = Object.assign({}, view, {events: state.events.concat(view.events)});
    }
    S = view.strings;
    const list = $("record");
    for (const e of view.events) {
      const item = eventItem(e);
      if (item) list.append(item);
    }
    if (view.events.length) list.scrollTop = list.scrollHeight;
    renderSide();
    renderControls(view.pending);
    $("status").textContent = view.error ? view.error : (view.pending || view.over || spectator ? "" : S.waiting);
  }

  // ---- controls for the pending request
  function promptKey(p) {
    if (p.kind === "speak" && p.context.channel === "wolves") return "ask_wolf_chat";
    return S["ask_" + p.kind] ? "ask_" + p.kind : "ask_other";
  }

  function seatButtons(options, onPick) {
    const row = el("div", undefined, "claim-row");
    for (const seat of options) {
      const b = el("button", who(seat), "option");
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
    const add = (c) => { if (claims.length < 8) { claims.push(c); showClaims(); } };
    const seatsAt = p.context.seats || [];
    const seatEntries = seatsAt.filter((s) => s !== state.seat).map((s) => [String(s), who(s)]);
    const dealt = setupRoles();
    const roleRow = el("div", undefined, "claim-row");
    const roleSelect = select("claim-role", (dealt.length ? dealt : Object.keys(state.role_names)).map((r) => [r, roleName(r)]));
    roleRow.append(el("span", S.claim_role), roleSelect,
      button("claim-role-add", "+", () => add({kind: "role", role: roleSelect.value}), "secondary"));
    const checkRow = el("div", undefined, "claim-row");
    const checkSeat = select("check-target", seatEntries);
    const checkResult = select("check-result", [["good", S.good], ["werewolf", S.werewolf]]);
    checkRow.append(el("span", S.claim_check), checkSeat, checkResult,
      button("claim-check-add", "+", () => add({kind: "check", target: +checkSeat.value,
        result: checkResult.value}), "secondary"));
    const pointRow = el("div", undefined, "claim-row");
    const pointSeat = select("point-target", seatEntries);
    pointRow.append(pointSeat,
      button("claim-accuse", S.claim_accuse, () => add({kind: "accuse", target: +pointSeat.value}), "secondary"),
      button("claim-vouch", S.claim_vouch, () => add({kind: "vouch", target: +pointSeat.value}), "secondary"));
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

  function renderControls(p) {
    const controls = $("controls");
    if (!p) {
      controls.hidden = true;
      shownRequest = 0;
      return;
    }
    deadline = Date.now() + p.remaining_s * 1000;
    tick();
    if (p.number === shownRequest) return;  // keep what the player is typing
    shownRequest = p.number;
    controls.hidden = false;
    controls.dataset.kind = p.kind;
    controls.dataset.shape = p.shape;
    controls.dataset.number = p.number;
    controls.dataset.prompt = promptKey(p);
    $("prompt").textContent = fill(S[promptKey(p)], {kind: p.kind});
    $("answer-error").textContent = "";
    let inputs = [];
    if (p.shape === "target") {
      inputs.push(seatButtons(p.options, (seat) => submit(p, {target: seat})));
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
  }

  async function submit(p, fields) {
    document.querySelectorAll("#inputs button").forEach((b) => { b.disabled = true; });
    const body = Object.assign({request: p.number, kind: p.kind}, fields);
    const response = await fetch(base + "/answer" + query, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    });
    if (response.ok) {
      $("controls").hidden = true;
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
  }

  function connect() {
    const source = new EventSource(base + "/stream" + query);
    source.onmessage = (msg) => apply(JSON.parse(msg.data));
    source.addEventListener("end", () => source.close());
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED && S.connection_lost) $("status").textContent = S.connection_lost;
    };
  }

  $("back").addEventListener("click", () => fetch(base + query).then((r) => r.json()).then(apply));
  setInterval(tick, 500);
  connect();
})();
