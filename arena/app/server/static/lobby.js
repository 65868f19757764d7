"use strict";
// The lobby: tables whose host listed their free seats; taking one opens its private link.
(function () {
  const $ = (id) => document.getElementById(id);
  const lang = new URLSearchParams(location.search).get("lang") === "zh" ? "zh" : "en";
  let S = {};

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (_, key) => (key in values ? String(values[key]) : ""));
  }

  async function take(table, seat) {
    const response = await fetch("/api/lobby/" + encodeURIComponent(table) + "/" + seat, {
      method: "POST", headers: {"Content-Type": "application/json"}, body: "{}",
    });
    const data = await response.json().catch(() => ({}));
    if (response.ok) location.assign(data.seat);
    else { $("error").textContent = typeof data.detail === "string" ? data.detail : response.statusText; load(); }
  }

  async function load() {
    const {tables} = await (await fetch("/api/lobby")).json();
    const items = tables.map((t) => {
      const li = document.createElement("li");
      li.dataset.table = t.table;
      const name = document.createElement("span");
      name.textContent = fill(S.lobby_table, {preset: t.preset, players: t.players}) + " · " + t.lang + " ";
      li.append(name);
      for (const seat of t.free) {
        const b = document.createElement("button");
        b.type = "button";
        b.className = "take";
        b.dataset.seat = seat;
        b.textContent = fill(S.take_seat, {seat: seat});
        b.addEventListener("click", () => take(t.table, seat));
        li.append(b);
      }
      return li;
    });
    $("tables").replaceChildren(...items);
    $("empty").hidden = items.length > 0;
  }

  fetch("/api/meta?lang=" + lang).then((r) => r.json()).then((meta) => {
    S = meta.strings;
    document.documentElement.lang = lang;
    $("title").textContent = S.title;
    $("lobby-title").textContent = S.lobby_title;
    $("empty").textContent = S.lobby_empty;
    load();
    setInterval(load, 5000);
  });
})();
