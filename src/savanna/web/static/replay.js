// A finished game, step by step: the public view after each action, and the whole log.
import { api, botKind, clear, el, fitInfo, foldOnPhones, icon, lang, langSwitch, loadWords, parseSvg, t } from "/static/common.js";

const TABLE = location.pathname.split("/")[2];
const $ = (id) => document.getElementById(id);
const R = { step: null, total: 0, data: null };

function name(table, seat) {
  const s = table.seats[seat];
  if (!s) return `#${seat + 1}`;
  return s.kind === "bot" ? t("table.bot", { n: seat + 1, bot: botKind(s.bot) }) : s.name;
}

async function go(step) {
  let data;
  try {
    data = await api("GET", `/api/tables/${TABLE}/replay?step=${step}`);
  } catch (error) {
    const box = $("notice");
    box.textContent = error.code === "table/not_finished" ? t("replay.not_finished") : t("error.generic", { message: error.message });
    box.classList.remove("hidden");
    return;
  }
  R.data = data;
  R.step = data.step;
  R.total = data.total;
  render();
}

function render() {
  const d = R.data;
  $("title").textContent = `${t("replay.title")}${t("colon")}${d.title} — ${d.table.title}`;
  document.title = $("title").textContent;
  const svg = parseSvg(d.board_svg);
  if (svg) svg.setAttribute("aria-label", t("table.board"));
  clear($("board"), svg);
  fitInfo(svg, $("board-info"));
  $("board-text").textContent = d.board_text;
  $("slider").max = String(d.total);
  $("slider").value = String(d.step);
  $("jump").max = String(d.total);
  $("at").textContent = t("replay.at", { i: d.step, n: d.total });
  $("upcoming").textContent = d.next ? `→ ${d.next}` : "";
  $("first").disabled = $("back").disabled = d.step === 0;
  $("next").disabled = $("last").disabled = d.step === d.total;
  // One line per roll (consecutive chance outcomes), numbered as shown; a line's link goes
  // to the step after its last action.
  const lines = [];
  for (const entry of d.log) {
    const last = lines[lines.length - 1];
    if (last && entry.actor < 0 && last.actor < 0) { last.text = `${last.text}, ${entry.text}`; last.end = entry.i + 1; last.start = last.start ?? last.i + 1; }
    else lines.push({ ...entry, end: entry.i + 1 });
  }
  clear($("log"), lines.map((entry, k) => {
    const who = entry.actor < 0 ? t("table.log.chance") : name(d.table, entry.actor);
    const current = (entry.start ?? entry.end) <= d.step && d.step <= entry.end && d.step > 0;
    const li = el("li", { value: k + 1, class: current ? "current" : entry.actor < 0 ? "chance" : "" },
      el("a", { href: "#", "data-step": entry.end }, `${who}${t("colon")}${entry.text}`));
    li.querySelector("a").addEventListener("click", (event) => { event.preventDefault(); go(entry.end); });
    return li;
  }));
  const current = $("log").querySelector(".current");
  if (current) current.scrollIntoView({ block: "nearest" });
  const r = d.result;
  $("end").classList.toggle("hidden", !(r && d.step === d.total));
  if (r && d.step === d.total) {
    const order = r.scores.map((score, seat) => ({ seat, score, place: r.ranking[seat] })).sort((a, b) => a.place - b.place);
    clear($("end-body"), el("table", {}, el("tbody", {}, order.map((x) => el("tr", { class: x.place === 0 ? "first" : "" },
      el("td", {}, String(x.place + 1)), el("td", {}, name(d.table, x.seat)), el("td", {}, String(x.score)))))));
  }
}

function words() {
  clear($("first"), icon("first"), " ", t("replay.start"));
  clear($("back"), icon("back"), " ", t("replay.back"));
  clear($("next"), t("replay.next"), " ", icon("next"));
  clear($("last"), t("replay.end"), " ", icon("last"));
  $("jump-label").textContent = t("replay.jump");
  $("text-h").textContent = t("table.board.text");
  $("log-h").textContent = t("table.log");
  $("end-h").textContent = t("table.result");
  $("keys").textContent = t("replay.keys");
  $("lobby-link").textContent = t("table.lobby");
  $("download").textContent = t("table.download");
  $("download").href = `/api/tables/${TABLE}/record`;
}

async function main() {
  await loadWords();
  $("langslot").append(langSwitch(() => { words(); go(R.step ?? 0); }));
  words();
  foldOnPhones($("text-box"));
  window.addEventListener("resize", () => {
    clearTimeout(main.timer);
    main.timer = setTimeout(() => fitInfo($("board").querySelector("svg"), $("board-info")), 150);
  });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(Math.max(0, R.step - 1)));
  $("next").addEventListener("click", () => go(R.step + 1));
  $("last").addEventListener("click", () => go(R.total));
  $("slider").addEventListener("change", (e) => go(Number(e.target.value)));
  $("jump").addEventListener("change", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (event) => {
    if (document.activeElement && document.activeElement.tagName === "INPUT") return;
    if (event.key === "ArrowRight") go(Math.min(R.total, R.step + 1));
    else if (event.key === "ArrowLeft") go(Math.max(0, R.step - 1));
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(R.total);
  });
  const wanted = new URLSearchParams(location.search).get("step");
  if (wanted !== null) { go(Number(wanted)); return; }
  // Without a step asked for, open on the first board: after the set-up's chance outcomes
  // (the track laid, the cards dealt, the first player drawn), where the first player acts.
  await go(0);
  if (R.data) {
    const opening = R.data.log.findIndex((entry) => entry.actor >= 0);
    if (opening > 0) await go(opening);
  }
}

main();
