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

// The favicon with the count waiting for me in a red disc (the plain one when none).
let ICON = null;
function badge(n) {
  const link = document.querySelector("link[rel='icon']");
  if (!link) return;
  if (ICON === null) ICON = link.getAttribute("href");
  if (!n) { link.setAttribute("type", "image/svg+xml"); link.setAttribute("href", ICON); return; }
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 32;
  const g = canvas.getContext("2d");
  g.fillStyle = "#c62828";
  g.beginPath(); g.arc(16, 16, 16, 0, 2 * Math.PI); g.fill();
  g.fillStyle = "#fff"; g.font = "bold 20px sans-serif"; g.textAlign = "center"; g.textBaseline = "middle";
  g.fillText(n > 9 ? "9+" : String(n), 16, 17);
  link.setAttribute("type", "image/png");
  link.setAttribute("href", canvas.toDataURL("image/png"));
  link.dataset.count = String(n);
}

function render() {
  const n = waiting();
  document.title = `${n ? `(${n}) ` : ""}${t("mine.title")} — Savanna`;
  badge(n);
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
