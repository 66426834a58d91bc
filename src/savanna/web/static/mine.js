// My tables (issue 28): every table this browser holds a seat at on this server, the ones
// waiting for me first. The seat tokens stay in this browser: they go in a request's body,
// and the server lists only the tables whose token proves the seat.
import { api, clear, el, langSwitch, loadWords, t } from "/static/common.js";
import { duration } from "/static/clocks.js";

const PREFIX = "savanna.seat.";
let TABLES = [];
let RECEIVED = 0;

export function heldSeats() {
  const seats = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key && key.startsWith(PREFIX)) seats.push({ table: key.slice(PREFIX.length), token: localStorage.getItem(key) });
  }
  return seats.slice(0, 100);
}

function waiting() { return TABLES.filter((x) => x.your_turn).length; }

function render() {
  const n = waiting();
  document.title = `${n ? `(${n}) ` : ""}${t("mine.title")} — Savanna`;
  document.getElementById("mine-h").textContent = t("mine.title");
  document.getElementById("mine-how").textContent = t("mine.how");
  const box = document.getElementById("mine");
  if (!TABLES.length) { clear(box, el("p", { class: "muted" }, t("mine.none"))); return; }
  const passed = Date.now() / 1000 - RECEIVED;
  const rows = TABLES.map((x) => {
    const turn = x.your_turn ? el("strong", { class: "your-turn" }, t("mine.your_turn"))
      : x.to_act_name ? el("span", {}, t("mine.to_play", { who: x.to_act_name }))
      : el("span", { class: `status ${x.status}` }, t(`lobby.status.${x.status}`));
    const left = x.left === null || x.left === undefined ? null
      : el("span", { class: "small left" }, t("mine.left", { left: duration(x.your_turn ? x.left - passed : x.left) }));
    const last = x.last && x.last.text ? el("div", { class: "small muted last" }, t("mine.last", { who: x.last.who, text: x.last.text })) : null;
    return el("tr", { class: x.your_turn ? "mine-waiting" : "", "data-table": x.id },
      el("td", {}, el("a", { href: x.url }, el("strong", {}, x.title || x.id)), el("div", { class: "small muted" }, `${x.game} · ${x.you}`)),
      el("td", {}, turn, " ", left),
      el("td", {}, last));
  });
  clear(box, el("table", { class: "list" }, el("tbody", {}, rows)));
}

async function refresh() {
  const seats = heldSeats();
  if (!seats.length) { TABLES = []; render(); return; }
  try {
    TABLES = (await api("POST", "/api/mine", { seats })).tables;
    RECEIVED = Date.now() / 1000;
  } catch (error) {
    clear(document.getElementById("mine"), el("p", { class: "notice bad" }, error.message));
    return;
  }
  render();
}

async function main() {
  await loadWords();
  document.getElementById("langslot").append(langSwitch(refresh));
  await refresh();
  setInterval(refresh, 15000);
  setInterval(render, 1000);
}

main();
