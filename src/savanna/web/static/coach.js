// The coach panel of a table. Shown only where the host turned the coach on (the lobby and
// every page of the table say so). A player asks for the odds or a hint; the server works
// the answer out from that seat's view alone and sends it back as lines of text. This page
// computes nothing and keeps nothing but the last answer.
import { clear, t } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const C = { asking: null, answer: null, send: null };

export function setupCoach(send) {
  C.send = send;
  $("coach-odds").addEventListener("click", () => ask("odds"));
  $("coach-hint").addEventListener("click", () => ask("hint"));
}

function ask(what) {
  if (C.asking) return;
  C.asking = { what, seconds: null };
  C.send({ type: "coach", what });
  renderStatus();
}

// Everything the panel shows, from the welcome (is the coach on?) and the view (who am I,
// is the game on, which version is shown).
export function renderCoach(welcome, view) {
  const box = $("coach-box");
  const on = Boolean(welcome && welcome.table.coach);
  const playing = Boolean(view && view.status === "playing");
  box.classList.toggle("hidden", !on || !view || view.status === "open");
  if (!on) return;
  const seated = view ? view.you !== null : welcome.you !== null;
  $("coach-h").textContent = t("table.coach");
  $("coach-on").textContent = seated ? `${t("table.coach.on")} ${t("table.coach.what")}` : t("table.coach.spectator");
  $("coach-ask").classList.toggle("hidden", !seated || !playing);
  $("coach-odds").textContent = t("table.coach.odds");
  $("coach-hint").textContent = t("table.coach.hint");
  renderStatus(view);
}

function renderStatus(view) {
  const busy = Boolean(C.asking);
  $("coach-odds").disabled = busy;
  $("coach-hint").disabled = busy;
  const status = $("coach-status");
  const out = $("coach-out");
  if (busy) {
    status.textContent = t("table.coach.thinking", { seconds: C.asking.seconds ?? 1 });
  } else if (C.answer && view && C.answer.version !== view.version) {
    status.textContent = t("table.coach.stale");
  } else {
    status.textContent = "";
  }
  status.classList.toggle("muted", !busy);
  out.classList.toggle("hidden", !C.answer);
  if (C.answer) clear(out, C.answer.lines.join("\n"));
}

// A message of type "coach": the coach is thinking, or here is its answer.
export function coachMessage(message, view) {
  if (message.state === "thinking") {
    C.asking = { what: message.what, seconds: message.seconds };
  } else {
    C.asking = null;
    if (message.state === "done") C.answer = { what: message.what, version: message.version, lines: message.lines };
    else C.answer = { what: message.what, version: message.version, lines: [message.message] };
  }
  renderStatus(view);
}

// A refusal of a question (the coach is off, busy...): stop waiting for an answer.
export function coachRefused(message, view) {
  if (!String(message.code || "").startsWith("coach/") && message.code !== "table/not_playing") return;
  C.asking = null;
  renderStatus(view);
}
