"use strict";
// The host page: create a table and list its private links. All text goes in with textContent.
(function () {
  const $ = (id) => document.getElementById(id);
  let strings = {};

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
    }
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
      lang: $("lang").value,
    };
    if ($("seed").value) body.seed = parseInt($("seed").value, 10);
    const response = await fetch("/api/tables", {
      method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) {
      const detail = data.detail;
      $("error").textContent = typeof detail === "string" ? detail
        : detail.map((d) => d.loc.join(".") + ": " + d.msg).join("; ");
      return;
    }
    const list = $("links");
    list.replaceChildren();
    for (const [seat, path] of Object.entries(data.seats)) {
      list.append(link(strings.seat + " " + seat, path));
    }
    list.append(link(strings.spectator, data.spectator));
    $("result").hidden = false;
  }

  $("create").addEventListener("submit", create);
  $("lang").addEventListener("change", () => loadMeta($("lang").value));
  loadMeta(new URLSearchParams(location.search).get("lang") === "zh" ? "zh" : "en").then(() => {
    if (document.documentElement.lang === "zh") $("lang").value = "zh";
  });
})();
