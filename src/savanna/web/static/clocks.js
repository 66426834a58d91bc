// Time controls (issue 28): the lobby's pace fields, and the clocks panel of a table page.
// Kept apart from lobby.js and table.js: they call these few functions and nothing else.
import { el, clear, lang, t } from "/static/common.js";

// -- the lobby: choosing a pace ----------------------------------------------------
export function paceFields(previous, bounds) {
  if (!bounds) return null;
  const pace = previous.get("pace") || "";
  const select = el("select", { id: "pace", name: "pace" },
    ["", ...bounds.paces].map((p) => el("option", { value: p, selected: p === pace ? true : null }, t(`lobby.pace.${p || "none"}`))));
  const minutes = Math.max(1, Math.ceil(bounds.base[0] / 60));
  const fields = el("div", { id: "pace-fields" },
    el("label", { for: "pace-base", ["data-pace"]: "realtime" }, el("span", { class: "l" }, t("lobby.pace.base")),
      el("input", { id: "pace-base", name: "pace-base", type: "number", min: bounds.base[0] / 60, max: bounds.base[1] / 60, step: "any",
                    value: previous.get("pace-base") || Math.max(10, minutes) })),
    el("label", { for: "pace-increment", ["data-pace"]: "realtime" }, el("span", { class: "l" }, t("lobby.pace.increment")),
      el("input", { id: "pace-increment", name: "pace-increment", type: "number", min: 0, max: bounds.increment[1], value: previous.get("pace-increment") || 5 })),
    el("label", { for: "pace-hours", ["data-pace"]: "turn" }, el("span", { class: "l" }, t("lobby.pace.per_move")),
      el("input", { id: "pace-hours", name: "pace-hours", type: "number", min: bounds.per_move[0] / 3600, max: bounds.per_move[1] / 3600, step: "any",
                    value: previous.get("pace-hours") || 24 })),
    el("label", { for: "pace-on", ["data-pace"]: "any" }, el("span", { class: "l" }, t("lobby.pace.on_time")),
      el("select", { id: "pace-on", name: "pace-on" }, bounds.on_time.map((o) =>
        el("option", { value: o, selected: o === (previous.get("pace-on") || "bot_move") ? true : null }, t(`clock.on.${o}`))))));
  const show = () => {
    for (const label of fields.querySelectorAll("label")) {
      const want = label.dataset.pace;
      label.classList.toggle("hidden", !select.value || (want !== "any" && want !== select.value));
    }
  };
  select.addEventListener("change", show);
  show();
  return [el("label", { for: "pace" }, el("span", { class: "l" }, t("lobby.pace")), select), fields];
}

export function paceFromForm(data) {
  const pace = data.get("pace");
  if (!pace) return null;
  const on_time = data.get("pace-on") || "bot_move";
  if (pace === "turn") return { pace, per_move: Math.round(Number(data.get("pace-hours")) * 3600), on_time };
  return { pace, base: Math.round(Number(data.get("pace-base")) * 60), increment: Number(data.get("pace-increment") || 0), on_time };
}

// -- a table page: every seat's time, the deadline, the timeouts -------------------
export function duration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function paceText(clock) {
  const rule = clock.pace === "turn"
    ? t("clock.turn", { per: duration(clock.per_move) })
    : t("clock.realtime", { base: duration(clock.base), inc: clock.increment });
  return `${rule} · ${t(`clock.on.${clock.on_time}`)}`;
}

let CLOCK = null;
let TICK = null;

// Show `clock` (the server's clock_info) in `box`; `name(seat)` words a seat. The time left
// counts down in the page between two messages (from the server's own "now").
export function renderClocks(box, clock, name) {
  if (!box) return;
  box.classList.toggle("hidden", !clock);
  if (!clock) return;
  CLOCK = { ...clock, received: Date.now() / 1000 };
  const draw = () => {
    const c = CLOCK;
    const passed = Date.now() / 1000 - c.received;
    const rows = (c.left || []).map((left, seat) => {
      const running = seat === c.acting;
      const shown = running ? Math.max(0, left - passed) : left;
      return el("li", { class: running ? "running" : "", "data-seat": seat },
        t("clock.left", { name: name(seat), left: c.pace === "turn" && !running ? "—" : duration(shown) }));
    });
    const due = c.deadline && c.acting !== null && c.acting !== undefined
      ? el("p", { class: "small", id: "clock-deadline" }, t("clock.deadline", {
        name: name(c.acting),
        when: new Date((c.deadline - c.now + c.received) * 1000).toLocaleString(lang(), { weekday: "short", hour: "2-digit", minute: "2-digit", second: "2-digit" }) }))
      : null;
    const outs = (c.timeouts || []).map((e) => el("li", {}, t(`table.events.${e.kind}`, { seat: e.seat + 1, detail: e.detail, at: e.at })));
    clear(box, el("p", { class: "small muted" }, paceText(c)), el("ul", { class: "plain clocks" }, rows), due,
      outs.length ? el("ul", { class: "small timeouts" }, outs) : null);
  };
  draw();
  clearInterval(TICK);
  if (clock.acting !== null && clock.acting !== undefined) TICK = setInterval(draw, 1000);
}
