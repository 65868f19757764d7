"use strict";
// The host page: create a table and list its private links. All text goes in with textContent.
(function () {
  const $ = (id) => document.getElementById(id);
  let strings = {};
  let bots = [];
  let profiles = [];  // the model profiles the server offers (the host's data)
  // the host token comes in the link's fragment (never sent to the server in a URL)
  const fromLink = new URLSearchParams(location.hash.slice(1)).get("host");
  if (fromLink) {
    sessionStorage.setItem("hostToken", fromLink);
    history.replaceState(null, "", location.pathname + location.search);
  }
  const hostToken = sessionStorage.getItem("hostToken") || "";
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? ""));
  const usd = (n) => (n === null || n === undefined) ? strings.no_cap : "$" + n.toFixed(4);

  async function loadHost() {  // the form shows only once the server has taken the token
    const response = hostToken && await fetch("/api/host", {headers: {"X-Host-Token": hostToken}});
    $("create").hidden = !response || !response.ok;
    if ($("create").hidden) {
      $("error").textContent = strings.host_token_missing;
      return;
    }
    const host = await response.json();
    profiles = host.profiles;
    const choices = [...bots, ...host.profiles.map((p) => p.name + " (" + p.provider + ":" + p.model + ")")];
    $("offered").textContent = fill(strings.agents_offered, {choices: choices.join(", ")});
    const spending = host.spending;
    $("spend").textContent = fill(strings.spend, {spent: usd(spending.spent), cap: usd(spending.cap)});
    $("spend-tables").replaceChildren(...spending.tables.map((row) => {
      const li = document.createElement("li");
      li.textContent = fill(strings.spend_table, {table: row.table, preset: row.preset,
                                                  spent: usd(row.spent), cap: usd(row.cap)});
      return li;
    }));
  }

  function parseAgents(text) {
    const agents = {};
    for (const part of text.split(",")) {
      const [seat, choice] = part.split("=").map((s) => s.trim());
      if (seat && choice) agents[seat] = choice;
    }
    return agents;
  }

  async function loadMeta(lang) {
    const meta = await (await fetch("/api/meta?lang=" + encodeURIComponent(lang))).json();
    strings = meta.strings;
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-s]").forEach((el) => {
      const text = strings[el.dataset.s];
      if (text) el.textContent = text;
    });
    $("title").textContent = strings.title;
    $("host-title").textContent = strings.host_title;
    if (!$("preset").options.length) {
      for (const p of meta.presets) {
        const opt = new Option(p.name + " (" + p.players + ")", p.name);
        $("preset").add(opt);
      }
      $("preset").value = "classic-8";
      for (const bot of meta.bots) $("bots").add(new Option(bot, bot));
      for (const bot of meta.bots) $("stand_in").add(new Option(bot, bot));
    }
    bots = meta.bots;
    await loadHost();
  }

  function parseRoles(text) {
    const roles = {};
    for (const part of text.split(",")) {
      const [name, count] = part.split("=").map((s) => s.trim());
      if (name) roles[name] = parseInt(count || "1", 10);
    }
    return roles;
  }

  function parseRules(text) {
    const rules = {};
    for (const line of text.split("\n")) {
      const at = line.indexOf("=");
      if (at > 0) rules[line.slice(0, at).trim()] = line.slice(at + 1).trim();
    }
    return rules;
  }

  function link(label, path) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = label + ": ";
    const a = document.createElement("a");
    a.href = location.origin + path;
    a.textContent = location.origin + path;
    a.target = "_blank";
    a.rel = "noopener noreferrer";
    li.append(name, a);
    return li;
  }

  async function create(event) {
    event.preventDefault();
    $("error").textContent = "";
    const body = {
      preset: $("preset").value, roles: parseRoles($("roles").value),
      rules: parseRules($("rules").value), bots: $("bots").value,
      humans: $("humans").value.split(",").map((s) => parseInt(s, 10)).filter((n) => n > 0),
      fallback: $("fallback").value, turn_s: parseFloat($("turn").value || "90"),
      lang: $("lang").value, lobby: $("lobby").checked,
      agents: parseAgents($("agents").value), stand_in: $("stand_in").value,
      show_agents: $("show_agents").checked,
      spot_the_ai: $("spot_the_ai").checked,
    };
    if ($("seed").value) body.seed = parseInt($("seed").value, 10);
    if ($("night_step").value) body.night_step_s = parseFloat($("night_step").value);
    if ($("speech_s").value) body.speech_s = parseFloat($("speech_s").value);
    const response = await fetch("/api/tables", {
      method: "POST", body: JSON.stringify(body),
      headers: {"Content-Type": "application/json", "X-Host-Token": hostToken},
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {  // the server words its errors; anything else shows its status
      $("error").textContent = typeof data.detail === "string" ? data.detail
        : response.status + " " + response.statusText;
      return;
    }
    const list = $("links");
    list.replaceChildren();
    for (const [seat, path] of Object.entries(data.seats)) {
      list.append(link(strings.seat + " " + seat, path));
    }
    list.append(link(strings.spectator, data.spectator));
    document.querySelectorAll("#start-now, #started").forEach((n) => n.remove());  // an earlier table's
    const start = document.createElement("p");
    start.id = "start-now";
    const by = document.createElement("select");  // who takes the seats nobody opened
    by.id = "start-fill";
    by.append(new Option(strings.start_fill_bot, "bot"),
              ...profiles.map((p) => new Option(p.name + " (" + p.provider + ":" + p.model + ")", p.name)));
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = strings.start_now;
    button.addEventListener("click", async () => {
      const started = await fetch("/api/tables/" + encodeURIComponent(data.table) + "/start", {
        method: "POST", headers: {"X-Host-Token": hostToken, "Content-Type": "application/json"},
        body: JSON.stringify({fill: by.value})});
      const answer = await started.json().catch(() => ({}));
      if (!started.ok) {
        $("error").textContent = typeof answer.detail === "string" ? answer.detail
          : started.status + " " + started.statusText;
        return;
      }
      const done = document.createElement("p");
      done.id = "started";
      done.textContent = fill(strings.started, {seats: answer.filled.join(", ") || "-",
                                                by: by.selectedOptions[0].textContent});
      start.replaceWith(done);
    });
    const label = document.createElement("label");
    label.append(strings.start_fill + " ", by);
    start.append(button, " ", label);
    list.after(start);
    $("result").hidden = false;
    await loadHost();
  }

  $("create").addEventListener("submit", create);
  $("lang").addEventListener("change", () => loadMeta($("lang").value));
  if (hostToken) setInterval(loadHost, 10000);  // the tables' spend, as it grows
  loadMeta(new URLSearchParams(location.search).get("lang") === "zh" ? "zh" : "en").then(() => {
    if (document.documentElement.lang === "zh") $("lang").value = "zh";
  });
})();
