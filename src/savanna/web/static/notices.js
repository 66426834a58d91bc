// "Your turn" notices (issue 28): a line in the page when it becomes your turn, and — only
// when the player opted in, and the tab is in the background — a browser notification.
// The notice says only that it is your turn at this table: nothing of the game.
import { api, el, clear, t } from "/static/common.js";

const OPT_IN = "savanna.notify";
let WAS_MINE = null;

function supported() { return typeof window.Notification === "function"; }
function optedIn() { return localStorage.getItem(OPT_IN) === "1" && supported() && Notification.permission === "granted"; }

// The opt-in control, in `box` (asks the browser's permission only when clicked).
export function renderNoticeControl(box) {
  if (!box) return;
  if (!supported()) { clear(box); return; }
  const on = optedIn();
  const button = el("button", { type: "button", class: "ghost", id: "notify-toggle" }, t(on ? "notice.off" : "notice.on"));
  button.addEventListener("click", async () => {
    if (optedIn()) { localStorage.removeItem(OPT_IN); renderNoticeControl(box); return; }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (answer === "granted") localStorage.setItem(OPT_IN, "1");
    renderNoticeControl(box);
  });
  clear(box, button, " ", el("span", { class: "small muted" }, t(on ? "notice.off.state" : "notice.on.state")));
}

// Called with each view: `mine` whether the seat must act now, `title` the table's name.
export function noticeTurn(box, mine, title) {
  const became = mine && WAS_MINE === false;
  WAS_MINE = mine;
  if (box) {
    box.classList.toggle("hidden", !mine);
    if (mine) clear(box, el("strong", {}, t("notice.turn", { title })));
    else clear(box);
  }
  if (became && document.hidden && optedIn()) {
    const note = new Notification(t("notice.turn", { title }), { tag: `savanna-${location.pathname}`, body: t("notice.body") });
    note.onclick = () => { window.focus(); note.close(); };
  }
}

// "Notify me elsewhere": the seat's webhook URL and (when the server sends e-mails) its
// address, saved by POST /api/tables/{id}/notices with the seat's token. What was saved is
// remembered in this browser only to fill the fields in again; an empty field turns that
// notice off.
const SAVED = (table, channel) => `savanna.notices.${table}.${channel}`;

export async function renderNoticeForm(box, table, token) {
  if (!box || !token) return;
  let channels = { webhook: true, email: false };
  try { channels = await api("GET", "/api/notices"); } catch (error) { /* the webhook field still works */ }
  const fields = [];
  const form = el("form", { id: "notify-form-body", novalidate: true });
  for (const channel of ["webhook", "email"]) {
    if (!channels[channel]) continue;
    const input = el("input", {
      id: `notify-${channel}`, name: channel, type: channel === "email" ? "email" : "url", autocomplete: channel === "email" ? "email" : "off",
      maxlength: "500", placeholder: t(`notice.form.${channel}.example`),
    });
    input.value = localStorage.getItem(SAVED(table, channel)) || "";
    fields.push([channel, input]);
    form.append(el("p", {}, el("label", { for: input.id }, t(`notice.form.${channel}`)), " ", input));
  }
  const status = el("span", { id: "notify-status", class: "small", role: "status", ["aria-live"]: "polite" });
  form.append(el("p", { class: "row" }, el("button", { type: "submit", id: "notify-save", class: "ghost" }, t("notice.form.save")), " ", status));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "";
    try {
      for (const [channel, input] of fields) {
        const value = input.value.trim();
        if (value === (localStorage.getItem(SAVED(table, channel)) || "")) continue;
        await api("POST", `/api/tables/${table}/notices`, { [channel]: value || null }, token);
        if (value) localStorage.setItem(SAVED(table, channel), value); else localStorage.removeItem(SAVED(table, channel));
      }
      status.textContent = t("notice.form.saved");
    } catch (error) {
      status.textContent = error.message;
    }
  });
  const details = el("details", { id: "notify-more" }, el("summary", {}, t(channels.email ? "notice.form.summary" : "notice.form.summary.webhook")), form);
  clear(box, details);
}
