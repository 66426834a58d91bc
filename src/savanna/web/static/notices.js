// "Your turn" notices (issue 28): a line in the page when it becomes your turn, and — only
// when the player opted in, and the tab is in the background — a browser notification.
// The notice says only that it is your turn at this table: nothing of the game.
import { el, clear, t } from "/static/common.js";

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
