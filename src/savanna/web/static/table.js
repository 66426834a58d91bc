// A table: take a seat, wait for the start, play, watch, see the end.
// The server is the authority: this page only shows the view it is sent and sends back the
// chosen action with the version it saw. Nothing is computed or kept here but the display.
import { READABLE_PX, api, botKind, clear, el, fitInfo, foldOnPhones, icon, lang, langSwitch, loadWords, parseSvg, t, tokens } from "/static/common.js";
import { coachMessage, coachRefused, renderCoach, setupCoach } from "/static/coach.js";
import { renderClocks } from "/static/clocks.js";
import { noticeTurn, renderNoticeControl, renderNoticeForm } from "/static/notices.js";

const TABLE = location.pathname.split("/")[2];
const S = { welcome: null, view: null, seats: [], log: [], selection: new Set(), via: null, plan: null, sent: null, auto: null, conn: 0, ws: null, retry: 500, ackTimer: null, connected: false };
// Tests and curious people read the page's state here (it holds nothing the page does not show).
window.savannaTable = S;
const $ = (id) => document.getElementById(id);

function seatName(seat) {
  const s = S.seats[seat];
  if (!s) return `#${seat + 1}`;
  if (s.kind === "bot") return t("table.bot", { n: seat + 1, bot: botKind(s.bot) });
  return s.name || t("table.free");
}

// -- the connection -------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${TABLE}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    S.retry = 500;
    ws.send(JSON.stringify({ type: "hello", token: tokens.seat(TABLE), host: tokens.host(TABLE), lang: lang() }));
  });
  ws.addEventListener("message", (event) => handle(JSON.parse(event.data)));
  ws.addEventListener("close", (event) => {
    if (S.ws !== ws) return;
    S.connected = false;
    if (event.code === 4404) { notice(t("error.generic", { message: "404" }), true); return; }
    if (event.code === 4403) { notice(t("table.spectators.refused"), true); return; }
    notice(t("table.reconnecting"));
    setTimeout(connect, S.retry);
    S.retry = Math.min(S.retry * 2, 8000);
  });
}

function send(message) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(message));
}

function reconnect() {
  const old = S.ws;
  S.ws = null;
  if (old) old.close();
  connect();
}

function handle(message) {
  switch (message.type) {
    case "welcome":
      S.welcome = message;
      S.conn += 1;
      S.seats = message.table.seats;
      S.connected = true;
      notice(null);
      renderWords();
      if (message.you !== null) { renderNoticeControl($("notify-box")); renderNoticeForm($("notify-form"), TABLE, tokens.seat(TABLE)); }
      break;
    case "view":
      clearTimeout(S.ackTimer);
      if (message.log_start === 0) S.log = [];
      S.log.push(...message.log);
      S.fresh = message.log;
      S.seats = message.seats;
      S.watch = { watchers: message.watchers, spectators: message.spectators, turn_seconds: message.turn_seconds };
      S.view = message;
      S.sent = null;
      S.selection.clear();
      S.via = null;
      autoplay();
      render();
      renderClocks($("clocks"), message.clock, seatName);
      noticeTurn($("turn-notice"), S.welcome && S.welcome.you !== null && message.to_act === S.welcome.you && (message.legal || []).length > 0,
        (S.welcome && S.welcome.table.title) || "");
      break;
    case "seats":
      S.seats = message.seats;
      S.watch = { watchers: message.watchers, spectators: message.spectators, turn_seconds: message.turn_seconds };
      if (S.view) S.view.status = message.status;
      renderSeats();
      renderSetup();
      renderClocks($("clocks"), message.clock, seatName);
      break;
    case "refused":
      clearTimeout(S.ackTimer);
      S.sent = null;
      if (message.code === "token/invalid") tokens.dropSeat(TABLE);
      coachRefused(message, S.view);
      refusal(message);
      break;
    case "coach":
      coachMessage(message, S.view);
      break;
    default:
      break;
  }
}

function notice(text, bad = false) {
  const box = $("notice");
  box.classList.toggle("hidden", !text);
  box.classList.toggle("bad", bad);
  box.textContent = text || "";
}

function refusal(message) {
  const box = $("refusal");
  const parts = [t("table.refused", { message: message.message })];
  if (message.rule) parts.push(` (${t("table.rule", { rule: message.rule })})`);
  box.textContent = parts.join("");
  box.classList.remove("hidden");
  clearTimeout(refusal.timer);
  refusal.timer = setTimeout(() => box.classList.add("hidden"), 9000);
}

function play(action) {
  if (!S.view) return;
  $("refusal").classList.add("hidden");
  // S.sent: the version an action was sent at, until its answer (a view or a refusal) comes.
  S.sent = S.view.version;
  send({ type: "act", action, version: S.view.version });
  // An answer always comes (a new view or a refusal); if not, ask for the whole view again.
  clearTimeout(S.ackTimer);
  S.ackTimer = setTimeout(() => send({ type: "sync" }), 5000);
}

// -- drawing --------------------------------------------------------------------------
function renderWords() {
  const w = S.welcome;
  const title = w ? `${w.title} — ${w.table.title || TABLE}` : TABLE;
  document.title = `${title} · Savanna`;
  $("title").textContent = title;
  $("help-open").textContent = t("table.help");
  $("setup-h").textContent = t("lobby.seats");
  $("link-label").textContent = t("table.link");
  $("link").textContent = location.origin + `/t/${TABLE}`;
  $("copy").textContent = t("table.copy");
  $("start").textContent = t("table.start");
  $("moves-h").textContent = t("table.moves");
  $("moves-hint").textContent = t("table.moves.hint");
  $("typed-label").textContent = t("table.moves.type");
  $("typed-play").textContent = t("table.moves.play");
  $("private-h").textContent = t("table.private");
  $("seats-h").textContent = t("table.seats");
  $("log-h").textContent = t("table.log");
  $("end-h").textContent = t("table.result");
  $("text-h").textContent = t("table.board.text");
  $("keys").textContent = t("table.keys");
  $("lobby-link").textContent = t("table.lobby");
  if (S.view && S.view.board_svg) renderZoom($("board").querySelector("svg"));
  renderHelp();
}

function renderHelp() {
  const w = S.welcome;
  if (!w) return;
  $("help-h").textContent = t("table.help");
  $("help-summary").textContent = w.help.summary;
  $("legend-h").textContent = t("table.legend");
  $("legend-h").classList.toggle("hidden", !w.help.legend.length);
  clear($("legend"), w.help.legend.map(([symbol, meaning]) => [el("dt", {}, symbol), el("dd", {}, meaning)]));
  $("rules-h").textContent = t("table.rules");
  clear($("rules"), w.help.rules.map((r) => el("li", {}, r.text, " ", el("code", {}, r.id))));
  $("help-doc").textContent = t("table.document", { path: w.help.document });
  renderKey();
}

// The legend beside the drawing: the game's own swatches and meanings, then what the page
// adds to any drawing (what may be clicked, the selection, the last moves).
function renderKey() {
  const w = S.welcome;
  $("key-h").textContent = t("table.key");
  const items = (w.help.drawing || []).map(([swatch, meaning]) => {
    const drawing = parseSvg(swatch);
    // A swatch of several shapes side by side (the five ostriches) takes two cells of the
    // legend's grid, so that its meaning is not squeezed into a narrow column.
    const box = drawing && drawing.viewBox && drawing.viewBox.baseVal;
    const broad = Boolean(box && box.height > 0 && box.width > 2.5 * box.height);
    return el("li", broad ? { class: "broad" } : {}, el("span", { class: "swatch", ["aria-hidden"]: "true" }, drawing), el("span", { class: "meaning" }, meaning));
  });
  const page = [["target", t("table.key.target")], ["selected", t("table.key.selected")], ["last", t("table.key.last")]];
  for (const [kind, meaning] of page) items.push(el("li", { "data-key": kind }, el("span", { class: `swatch css ${kind}`, ["aria-hidden"]: "true" }), el("span", { class: "meaning" }, meaning)));
  clear($("key"), items);
}

function render() {
  const v = S.view;
  if (!v) return;
  document.body.dataset.version = String(v.version);
  document.body.dataset.status = v.status;
  const started = v.status !== "open";
  $("setup").classList.toggle("hidden", started);
  $("game").classList.toggle("hidden", !started);
  renderSetup();
  renderSeats();
  if (!started) return;
  renderBoard();
  renderTurn();
  renderMoves();
  renderPrivate();
  renderCoach(S.welcome, S.view);
  renderLog();
  renderEnd();
}

function renderSetup() {
  if (!S.welcome) return;
  const status = S.view ? S.view.status : S.welcome.table.status;
  if (status !== "open") { $("setup").classList.add("hidden"); return; }
  $("setup").classList.remove("hidden");
  const mine = S.view ? S.view.you : S.welcome.you;
  const items = S.seats.map((s) => {
    const li = el("li", { "data-seat": s.seat }, el("span", { class: `dot ${s.kind === "open" ? "" : s.connected ? "on" : "off"}` }),
      el("span", {}, t("lobby.seat", { n: s.seat + 1 })), " ", el("span", { class: "seatname" }, s.kind === "open" ? t("table.free") : seatName(s.seat)),
      s.seat === mine ? el("span", { class: "tag" }, t("table.you")) : null);
    if (s.kind === "open" && mine === null) {
      const input = el("input", { id: `name-${s.seat}`, maxlength: 32, placeholder: t("table.name"), "aria-label": t("table.name"), value: localStorage.getItem("savanna.name") || "" });
      const sit = el("button", { id: `sit-${s.seat}`, type: "button" }, t("table.sit"));
      sit.addEventListener("click", () => sitDown(s.seat, input.value));
      li.append(input, sit);
    }
    if (s.seat === mine) {
      const leave = el("button", { class: "ghost", type: "button", id: "leave" }, t("table.leave"));
      leave.addEventListener("click", leaveSeat);
      li.append(leave);
    }
    return li;
  });
  clear($("setup-seats"), items);
  const free = S.seats.filter((s) => s.kind === "open").length;
  const host = S.welcome.host;
  $("setup-status").textContent = free ? t("table.waiting_seats", { n: free }) : host ? "" : t("table.waiting_host");
  $("start").classList.toggle("hidden", !host);
  $("start").disabled = free > 0;
}

async function sitDown(seat, name) {
  try {
    localStorage.setItem("savanna.name", name.trim());
    const taken = await api("POST", `/api/tables/${TABLE}/join`, { seat, name });
    tokens.setSeat(TABLE, taken.token);
    reconnect();
  } catch (error) { refusal({ message: error.message }); }
}

async function leaveSeat() {
  try {
    await api("POST", `/api/tables/${TABLE}/leave`, {}, tokens.seat(TABLE));
    tokens.dropSeat(TABLE);
    reconnect();
  } catch (error) { refusal({ message: error.message }); }
}

async function startGame() {
  try { await api("POST", `/api/tables/${TABLE}/start`, {}, tokens.host(TABLE)); } catch (error) { refusal({ message: error.message }); }
}

// -- direct manipulation: click what a move points at (a die toggles; an ostrich, then the
// square where it stops, plays a whole path); a lone forced step plays itself.
function routes() {
  return S.view.legal.flatMap((move) => (move.paths || []).map((p) => ({ move, ...p })));
}

function legalTargets() {
  const all = new Set();
  for (const move of S.view.legal) for (const target of move.targets) all.add(target);
  for (const route of routes()) if (!S.via || route.via === S.via) all.add(route.via);
  if (S.via) for (const route of routes()) if (route.via === S.via) all.add(route.end);
  return all;
}

const pointsAt = (move, key) => move.targets.includes(key) || (move.paths || []).some((p) => p.via === key);

function candidates() {
  const chosen = [...S.selection];
  return S.view.legal.filter((m) => chosen.every((x) => pointsAt(m, x)));
}

// Play a route: its action now, the seat's next actions as their views come.
function follow(route) {
  S.plan = route.then.slice();
  S.via = null;
  play(route.move.id);
}

function toggle(target) {
  const all = routes();
  if (S.via) {
    const chosen = all.find((r) => r.via === S.via && r.end === target);
    if (chosen) { follow(chosen); return; }
  }
  const through = all.filter((r) => r.via === target);
  if (through.length) {
    // Other moves name this piece too (a spell): then the list shows them beside the squares.
    const others = S.view.legal.filter((m) => m.targets.includes(target) && !(m.paths || []).length);
    if (through.length === 1 && !others.length) { follow(through[0]); return; }
    S.via = S.via === target ? null : target;
    S.selection.clear();
    if (S.via) S.selection.add(target);
    renderBoardMarks();
    renderMoves();
    return;
  }
  S.via = null;
  if (S.selection.has(target)) S.selection.delete(target); else S.selection.add(target);
  const left = candidates();
  const exact = left.filter((m) => m.targets.length === S.selection.size);
  if (left.length === 1 && exact.length === 1) { play(exact[0].id); return; }
  renderBoardMarks();
  renderMoves();
}

// After each view: the next action of a chosen path, or a forced step, plays itself (said on
// screen); anything else cuts the path and the seat goes on by hand. S.auto is the action the
// page sent itself: {version, action, conn}. A view at that version again on a new connection
// means it was lost with the old one (a server restarted, a network cut): it is sent again.
function autoplay() {
  const v = S.view;
  const said = $("auto");
  const mine = v.legal.length > 0;
  const legal = (id) => v.legal.some((m) => m.id === id);
  let next = null;
  if (S.auto && S.auto.version === v.version && mine && legal(S.auto.action)) {
    next = S.auto.action;
  } else if (S.plan && S.plan.length && mine && legal(S.plan[0])) {
    next = S.plan.shift();
    said.textContent = t("table.path");
  } else {
    S.plan = null;
    if (mine && v.forced) {
      next = v.legal[0].id;
      said.textContent = t("table.forced", { move: v.legal[0].words });
    }
  }
  document.body.dataset.auto = next === null ? "" : "1";
  if (next === null && (mine || v.status !== "playing")) said.textContent = "";
  said.classList.toggle("hidden", !said.textContent);
  if (next === null) return;
  if (S.auto && S.auto.version === v.version && S.auto.conn === S.conn) return;  // on its way
  S.auto = { version: v.version, action: next, conn: S.conn };
  const version = v.version;
  setTimeout(() => { if (S.view && S.view.version === version) play(next); }, still() ? 0 : 350);
}

// -- motion and memory: pieces that moved glide from where they stood, and each player's
// last move stays outlined until that player moves again.
const PIECE = /^(ostrich|pawn|piece):/;
const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

function piecesAt(root) {
  const out = new Map();
  if (!root) return out;
  root.querySelectorAll("[data-target]").forEach((node) => {
    const key = node.getAttribute("data-target");
    if (!PIECE.test(key) || out.has(key)) return;
    const b = node.getBBox();
    out.set(key, [b.x + b.width / 2, b.y + b.height / 2]);
  });
  return out;
}

function remember(before, after) {
  S.lastBy = S.lastBy || {};
  const movers = (S.fresh || []).filter((e) => e.actor >= 0);
  const moved = [...after.keys()].filter((k) => before.has(k) && (Math.abs(before.get(k)[0] - after.get(k)[0]) > 0.5 || Math.abs(before.get(k)[1] - after.get(k)[1]) > 0.5));
  for (const entry of movers) S.lastBy[entry.actor] = [];
  if (movers.length && before.size) S.lastBy[movers[movers.length - 1].actor] = moved;
  return moved;
}

// The drawing's track (elements with data-track: "both" ways or "forward" only, a polyline's
// points or a line's ends) as a graph of points, so that a piece walks it space by space.
function track(box) {
  const nodes = new Map();
  const node = (x, y) => {
    const key = `${Math.round(x)},${Math.round(y)}`;
    if (!nodes.has(key)) nodes.set(key, { x, y, next: new Set() });
    return key;
  };
  box.querySelectorAll("[data-track]").forEach((el) => {
    const both = el.getAttribute("data-track") === "both";
    const pts = el.tagName === "line"
      ? [[+el.getAttribute("x1"), +el.getAttribute("y1")], [+el.getAttribute("x2"), +el.getAttribute("y2")]]
      : el.getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
    for (let i = 1; i < pts.length; i++) {
      const a = node(...pts[i - 1]);
      const b = node(...pts[i]);
      nodes.get(a).next.add(b);
      if (both) nodes.get(b).next.add(a);
    }
  });
  return nodes;
}

// The points a piece passes from [x0, y0] to [x1, y1]: the shortest way along the track
// between the points nearest to each (none when the drawing has no track).
function way(nodes, from, to) {
  const near = ([x, y]) => {
    let best = null;
    let dist = Infinity;
    for (const [key, n] of nodes) {
      const d = (n.x - x) ** 2 + (n.y - y) ** 2;
      if (d < dist) { dist = d; best = key; }
    }
    return best;
  };
  const a = near(from);
  const b = near(to);
  if (a === null || a === b) return [];
  const back = new Map([[a, null]]);
  const queue = [a];
  while (queue.length && !back.has(b)) {
    const key = queue.shift();
    for (const next of nodes.get(key).next) if (!back.has(next)) { back.set(next, key); queue.push(next); }
  }
  if (!back.has(b)) return [];
  const out = [];
  for (let key = b; key !== null; key = back.get(key)) out.unshift(nodes.get(key));
  return out;
}

// The way a piece took when the log tells it (an entry's walk: the piece, then the spaces
// it passed, the branch its move chose): those spaces' centres, from where it stood to where
// it stops; null when no fresh entry walked this piece.
function told(box, key, from, to) {
  const spaces = [];
  for (const entry of S.fresh || []) {
    if (!entry.walk || entry.walk[0] !== key) continue;
    for (const space of entry.walk.slice(1)) if (spaces[spaces.length - 1] !== space) spaces.push(space);
  }
  if (!spaces.length) return null;
  const centre = (target) => {
    const node = box.querySelector(`[data-target="${target}"]`);
    if (!node) return null;
    const b = node.getBBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  const inner = spaces.slice(1, -1).map(centre).filter(Boolean);
  return [centre(spaces[0]) || { x: from[0], y: from[1] }, ...inner, centre(spaces[spaces.length - 1]) || { x: to[0], y: to[1] }];
}

const STEP_MS = 160;

function glide(box, before, moved) {
  if (still()) return;
  // A piece this seat may click now stands still at once (a moving button is hard to hit).
  const mine = legalTargets();
  const nodes = track(box);
  for (const key of moved.filter((k) => !mine.has(k))) {
    const node = box.querySelector(`[data-target="${key}"]`);
    const [x0, y0] = before.get(key);
    const b = node.getBBox();
    const [x1, y1] = [b.x + b.width / 2, b.y + b.height / 2];
    // Space by space: through each point of the way between the first and the last, the
    // piece keeps its place beside the point (it shifts from where it stood to where it stops).
    // The way the move took when the server tells it (a fork's branch), else the track's shortest.
    const path = told(box, key, [x0, y0], [x1, y1]) || way(nodes, [x0, y0], [x1, y1]);
    const frames = [[x0, y0]];
    if (path.length > 1) {
      const [first, last] = [path[0], path[path.length - 1]];
      const inner = path.slice(1, -1);
      inner.forEach((p, i) => {
        const f = (i + 1) / (inner.length + 1);
        frames.push([p.x + (x0 - first.x) * (1 - f) + (x1 - last.x) * f, p.y + (y0 - first.y) * (1 - f) + (y1 - last.y) * f]);
      });
    }
    frames.push([x1, y1]);
    node.classList.add("moving");
    const walk = node.animate(
      frames.map(([x, y]) => ({ transform: `translate(${x - x1}px, ${y - y1}px)` })),
      { duration: Math.max(450, STEP_MS * (frames.length - 1)), easing: "linear" },
    );
    walk.onfinish = () => node.classList.remove("moving");
  }
}

function markLast(box) {
  for (const [actor, keys] of Object.entries(S.lastBy || {})) {
    for (const key of keys) {
      const node = box.querySelector(`[data-target="${key}"]`);
      if (!node) continue;
      node.classList.add("last");
      node.setAttribute("data-last-by", actor);
    }
  }
}

// Chance shown as a roll: the dice or sticks chance has just changed tumble once.
const CHANCY = '[data-target^="die:"], [data-target="sticks"]';
const faces = (root) => new Map([...(root ? root.querySelectorAll(CHANCY) : [])].map((n) => [n.getAttribute("data-target"), n.textContent]));

function roll(box, before) {
  if (still() || !(S.fresh || []).some((e) => e.actor < 0)) return;
  box.querySelectorAll(CHANCY).forEach((node) => {
    if (before.get(node.getAttribute("data-target")) === node.textContent) return;
    node.classList.add("rolling");
    node.addEventListener("animationend", () => node.classList.remove("rolling"), { once: true });
  });
}

// Coins and cards move to their owner. A drawing names what the seats hold with data-purse
// (a kind), data-counts (one number a seat) and data-token (coin, card, berry); data-faces,
// in the holder's own view only, the faces of its own cards (any other view shows a card's
// back). When a seat's count rises a token flies to the seat's line in the players' panel:
// from a seat whose count fell (a payment), else from where the kind comes from that is gone
// (data-source: a berry picked) or stays (the sticks), else from the purse; a count that
// falls with nobody gaining flies to where it goes (data-sink: the well), else to the purse.
function purses(root) {
  const out = new Map();
  if (!root) return out;
  root.querySelectorAll("[data-purse]").forEach((node) => {
    const kind = node.getAttribute("data-purse");
    // (a line shown under the drawing instead has no place on it: the drawing's then)
    const place = (n) => { const r = n.getBoundingClientRect(); return r.width || r.height ? r : root.getBoundingClientRect(); };
    const sources = new Map([...root.querySelectorAll(`[data-source="${kind}"]`)].map((n) => [n.getAttribute("data-key") || "", place(n)]));
    out.set(kind, {
      counts: node.getAttribute("data-counts").split(" ").map(Number),
      faces: (node.getAttribute("data-faces") || "").split(" ").filter(Boolean),
      token: node.getAttribute("data-token") || "coin",
      rect: place(node),
      sources,
    });
  });
  return out;
}

// The faces in `now` that `was` lacks (each face as often as it is new).
function added(now, was) {
  const left = was.slice();
  return now.filter((face) => { const i = left.indexOf(face); if (i < 0) return true; left.splice(i, 1); return false; });
}

function fly(kind, token, text, from, to, dest) {
  const thing = el("span", { class: `flying ${token}${token === "card" && !text ? " back" : ""}`, "data-kind": kind, "data-to": dest, ["aria-hidden"]: "true" }, text);
  thing.style.left = `${from.left + from.width / 2 - 10}px`;
  thing.style.top = `${from.top + from.height / 2 - 11}px`;
  document.body.append(thing);
  const flight = thing.animate(
    [{ transform: "translate(0, 0)" }, { transform: `translate(${to.left + 12 - from.left - from.width / 2 + 10}px, ${to.top + to.height / 2 - from.top - from.height / 2}px)` }],
    { duration: 700, easing: "ease-in-out" },
  );
  flight.onfinish = () => thing.remove();
}

function payOut(box, before) {
  if (still()) return;
  const after = purses(box.querySelector("svg"));
  const row = (seat) => document.querySelector(`#seats > li[data-seat="${seat}"]`);
  const you = S.view.you;
  for (const [kind, now] of after) {
    const was = before.get(kind);
    if (!was) continue;
    const gains = [];
    const losses = [];
    now.counts.forEach((n, seat) => {
      const d = n - (was.counts[seat] || 0);
      if (d > 0) gains.push([seat, d]); else if (d < 0) losses.push([seat, -d]);
    });
    const fresh = added(now.faces, was.faces);
    const gone = [...was.sources].filter(([key]) => !now.sources.has(key)).map(([, rect]) => rect);
    const stays = [...now.sources.values()][0];
    const payer = losses.map(([seat]) => row(seat)).find(Boolean);
    for (const [seat, d] of gains) {
      const to = row(seat);
      if (!to) continue;
      const from = payer ? payer.getBoundingClientRect() : gone.shift() || stays || now.rect;
      const text = now.token === "coin" ? String(d) : now.token === "card" && seat === you ? fresh.shift() || "" : "";
      fly(kind, now.token, text, from, to.getBoundingClientRect(), `seat:${seat}`);
    }
    if (gains.length) continue;
    const sink = box.querySelector(`[data-sink="${kind}"]`);
    for (const [seat, d] of losses) {
      const from = row(seat);
      if (!from) continue;
      fly(kind, now.token, now.token === "coin" ? String(d) : "", from.getBoundingClientRect(), sink ? sink.getBoundingClientRect() : now.rect, sink ? "sink" : "purse");
    }
  }
}

function renderBoard() {
  const box = $("board");
  const held = purses(box.querySelector("svg"));
  const shown = faces(box.querySelector("svg"));
  const before = piecesAt(box.querySelector("svg"));
  const svg = parseSvg(S.view.board_svg);
  // A drawing without a viewBox would keep its own size (tiny or cut on a phone): it scales.
  if (svg && !svg.getAttribute("viewBox") && svg.getAttribute("width") && svg.getAttribute("height")) {
    svg.setAttribute("viewBox", `0 0 ${parseFloat(svg.getAttribute("width"))} ${parseFloat(svg.getAttribute("height"))}`);
  }
  clear(box, svg);
  const moved = remember(before, piecesAt(svg));
  markLast(box);
  glide(box, before, moved);
  roll(box, shown);
  payOut(box, held);
  if (svg) {
    // The board holds buttons (its clickable pieces): a group, not a picture.
    svg.setAttribute("role", "group");
    svg.setAttribute("aria-label", t("table.board"));
  }
  // A drawing wider than tall takes the whole width, its legend under it; a tall one has
  // its legend beside it.
  const box0 = svg && svg.viewBox && svg.viewBox.baseVal;
  box.parentElement.classList.toggle("wide", Boolean(box0 && box0.width > 1.15 * box0.height));
  renderZoom(svg);
  fitInfo(svg, $("board-info"));
  $("board-text").textContent = S.view.board_text || "";
  box.querySelectorAll("[data-target]").forEach((node) => {
    const key = node.getAttribute("data-target");
    node.addEventListener("click", () => { if (node.classList.contains("target")) toggle(key); });
    node.addEventListener("keydown", (e) => {
      if ((e.key === "Enter" || e.key === " ") && node.classList.contains("target")) { e.preventDefault(); toggle(key); }
    });
  });
  renderBoardMarks();
}

// A phone shows the whole drawing small; "zoom in" shows it at its own size (every word and
// pawn's name readable), scrolled sideways inside its frame, until "whole board".
// (READABLE_PX: see fitInfo.)
function renderZoom(svg) {
  const button = $("zoom");
  const frame = $("board");
  const vb = svg && svg.viewBox && svg.viewBox.baseVal;
  if (!vb || !vb.width) { button.classList.add("hidden"); return; }
  const zoomed = frame.classList.contains("zoomed");
  // its own size, or larger when its smallest words are drawn under 12 units
  const smallest = Math.min(...[...svg.querySelectorAll("text")].map((n) => parseFloat(getComputedStyle(n).fontSize) || READABLE_PX));
  svg.style.width = zoomed ? `${Math.ceil(vb.width * Math.max(1, READABLE_PX / smallest))}px` : "";
  // offered where the drawing's smallest words would read under 10 px (a phone, not a computer)
  const fitted = frame.clientWidth / vb.width;
  button.classList.toggle("hidden", !zoomed && smallest * fitted >= 10);
  button.textContent = zoomed ? t("table.zoom.out") : t("table.zoom.in");
  button.setAttribute("aria-pressed", zoomed ? "true" : "false");
}

function refit() {
  const svg = $("board").querySelector("svg");
  renderZoom(svg);
  fitInfo(svg, $("board-info"));
}

window.addEventListener("resize", () => {
  clearTimeout(refit.timer);
  refit.timer = setTimeout(refit, 150);
});

// What may be clicked now (it changes with a chosen piece: then its stopping squares).
function renderBoardMarks() {
  const targets = S.view && S.view.legal.length && document.body.dataset.auto !== "1" ? legalTargets() : new Set();
  const ends = new Set(S.via ? routes().filter((r) => r.via === S.via).map((r) => r.end) : []);
  $("board").querySelectorAll("[data-target]").forEach((node) => {
    const key = node.getAttribute("data-target");
    const on = targets.has(key);
    node.classList.toggle("target", on);
    node.classList.toggle("end", ends.has(key));
    node.classList.toggle("selected", S.selection.has(key));
    if (!on) { node.removeAttribute("tabindex"); node.removeAttribute("role"); node.removeAttribute("aria-label"); return; }
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    const title = node.querySelector("title");
    const move = S.view.legal.find((m) => pointsAt(m, key));
    node.setAttribute("aria-label", (title && title.textContent) || (move && move.words) || key);
  });
}

function renderTurn() {
  const v = S.view;
  const banner = $("banner");
  const watching = v.you === null && v.status === "playing";
  banner.classList.toggle("hidden", !watching);
  banner.textContent = watching ? t("table.spectator") : "";
  const box = $("turn");
  box.className = "turn";
  // The tab says so when it is this seat's turn (seen from another tab).
  const base = document.title.replace(/^● [^·]*· /, "");
  const mine = v.to_act === v.you && v.status === "playing";
  document.title = mine ? `● ${t("table.turn.you")} · ${base}` : base;
  // The tab's icon wears a red dot on this seat's turn.
  const favicon = document.getElementById("favicon");
  const wanted = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (favicon && favicon.getAttribute("href") !== wanted) favicon.setAttribute("href", wanted);
  if (v.status === "abandoned") { box.textContent = t("table.turn.abandoned"); box.classList.add("over"); return; }
  if (v.status === "finished" || v.to_act === "over") { box.textContent = t("table.turn.over"); box.classList.add("over"); return; }
  if (v.to_act === "chance") { box.textContent = t("table.turn.chance"); return; }
  if (v.to_act === v.you) { box.textContent = t("table.turn.you"); box.classList.add("you"); return; }
  box.textContent = t("table.turn.other", { who: seatName(v.to_act) });
}

function renderMoves() {
  const v = S.view;
  const mine = v.legal.length > 0;
  $("moves-box").classList.toggle("hidden", !mine);
  if (!mine) { clear($("moves")); return; }
  // With a selection on the board, the moves that are exactly the selection come first;
  // without one, the server's order (the game's likeliest first, the River Race's roll last).
  const exactly = (m) => (m.targets.length === S.selection.size ? 0 : 1);
  const shown = S.selection.size ? candidates().sort((a, b) => exactly(a) - exactly(b)) : candidates();
  const sel = $("selection");
  sel.classList.toggle("hidden", S.selection.size === 0);
  if (S.selection.size) {
    const reset = el("button", { class: "ghost", type: "button" }, t("table.moves.clear"));
    reset.addEventListener("click", () => { S.selection.clear(); S.via = null; renderBoardMarks(); renderMoves(); });
    clear(sel, S.via ? t("table.via") : t("table.moves.filter"), " ", reset);
  }
  renderQuick();
  clear($("moves"), shown.map((move, i) => {
    const button = el("button", { type: "button", "data-action": move.text, "data-id": move.id },
      i < 9 ? el("span", { class: "key" }, `${i + 1}`) : el("span", { class: "key" }, ""), move.words,
      move.words !== move.text ? el("span", { class: "code" }, move.text) : null);
    button.addEventListener("click", () => play(move.id));
    return el("li", {}, button);
  }));
}

function renderPrivate() {
  const v = S.view;
  const box = $("private-box");
  box.classList.toggle("hidden", v.you === null);
  if (v.you === null) return;
  clear($("private"), v.private.length ? v.private.map((line) => el("div", {}, line)) : el("span", { class: "muted" }, t("table.private.none")));
}

function renderSeats() {
  const v = S.view;
  const you = v ? v.you : S.welcome && S.welcome.you;
  renderWatch(you);
  clear($("seats"), S.seats.map((s) => {
    const state = s.kind === "open" ? "" : s.connected ? "on" : "off";
    const label = s.kind === "open" ? t("table.free") : s.kind === "bot" ? "" : s.connected ? t("table.connected") : t("table.away", { s: s.away ?? 0 });
    const li = el("li", { "data-seat": s.seat },
      el("span", { class: `dot ${state}`, title: label, role: "img", "aria-label": label || t("table.free") }),
      el("span", { class: "seatname" }, `${s.seat + 1}. ${seatName(s.seat)}`),
      s.seat === you ? el("span", { class: "tag" }, t("table.you")) : null,
      v && v.to_act === s.seat ? el("span", { class: "tag", title: t("table.turn.mark") }, icon("turn"), el("span", { class: "visually-hidden" }, t("table.turn.mark"))) : null,
      s.replaced_by ? el("span", { class: "tag" }, t("table.replaced", { bot: s.replaced_by })) : null,
      s.kind === "human" && label ? el("span", { class: "small muted" }, label) : null,
      s.turn !== null && s.turn !== undefined ? el("span", { class: `small ${s.replaceable ? "bad-text" : "muted"}` }, t("table.clock", { s: s.turn, max: (S.watch || {}).turn_seconds })) : null);
    if (s.seat === you && s.replaced_by && v && v.status === "playing") {
      const back = el("button", { class: "ghost", type: "button", id: "reclaim" }, t("table.reclaim"));
      back.addEventListener("click", () => send({ type: "reclaim" }));
      li.append(back);
    }
    if (s.replaceable && you !== null && you !== undefined && s.seat !== you) {
      const button = el("button", { class: "ghost", type: "button", id: `replace-${s.seat}` }, t("table.replace"));
      button.addEventListener("click", () => send({ type: "replace", seat: s.seat }));
      li.append(button);
    }
    return li;
  }));
}

// Who watches, and (for the host) whether spectators may.
function renderWatch(you) {
  const box = $("watch");
  const w = S.watch || (S.welcome && { watchers: 0, spectators: S.welcome.table.spectators, turn_seconds: S.welcome.table.turn_seconds }) || {};
  const parts = [el("span", { id: "watchers" }, t("table.watchers", { n: w.watchers || 0 })), " · ",
    el("span", {}, w.spectators ? t("table.spectators.on") : t("table.spectators.off"))];
  if (w.turn_seconds) parts.push(" · ", el("span", {}, t("table.clock.rule", { s: w.turn_seconds })));
  if (S.welcome && S.welcome.host && S.welcome.table.status !== "finished") {
    const toggle = el("input", { type: "checkbox", id: "spectators-toggle", checked: w.spectators ? true : null });
    toggle.addEventListener("change", () => send({ type: "settings", spectators: toggle.checked }));
    parts.push(el("label", { for: "spectators-toggle", class: "small" }, toggle, " ", t("lobby.spectators")));
  }
  clear(box, parts);
}

function logLine(entry, n) {
  const chance = entry.actor < 0;
  const who = chance ? t("table.log.chance") : seatName(entry.actor);
  if (entry.text === null) return el("li", { value: n, class: "hidden-action" }, t("table.log.hidden", { who }));
  return el("li", { value: n, class: chance ? "chance" : "" }, `${who}${t("colon")}${entry.text}`);
}

// Consecutive chance outcomes (the dice of one roll) read as one line.
function grouped(entries) {
  const out = [];
  for (const entry of entries) {
    const last = out[out.length - 1];
    if (last && entry.actor < 0 && last.actor < 0 && entry.text !== null && last.text !== null) {
      out[out.length - 1] = { ...last, text: `${last.text}, ${entry.text}` };
    } else out.push(entry);
  }
  return out;
}

function renderLog() {
  const box = $("log");
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  // Lines are numbered as shown (a roll of several dice is one line), with no gap.
  const lines = grouped(S.log);
  const first = Math.max(0, lines.length - 400);
  clear(box, lines.slice(first).map((entry, k) => logLine(entry, first + k + 1)));
  const fresh = S.said === undefined ? [] : lines.slice(S.said).filter((e) => e.text !== null);
  S.said = lines.length;
  if (fresh.length) $("said").textContent = fresh.slice(-3).map((e) => `${e.actor < 0 ? t("table.log.chance") : seatName(e.actor)}${t("colon")}${e.text}`).join(". ");
  if (atBottom || S.log.length < 20) box.scrollTop = box.scrollHeight;
}

function renderEnd() {
  const v = S.view;
  const box = $("end");
  box.classList.toggle("hidden", !v.result);
  if (!v.result) return;
  const r = v.result;
  const order = r.scores.map((score, seat) => ({ seat, score, place: r.ranking[seat] })).sort((a, b) => a.place - b.place || a.seat - b.seat);
  const winners = order.filter((x) => x.place === 0).map((x) => seatName(x.seat));
  const rows = order.map((x) => el("tr", { class: x.place === 0 ? "first" : "" }, el("td", {}, String(x.place + 1)), el("td", {}, seatName(x.seat)), el("td", {}, String(x.score))));
  const events = (r.events || []).map((e) => el("li", {}, t(`table.events.${e.kind}`, { seat: e.seat + 1, detail: e.detail, at: e.at })));
  const sheets = (r.sheets || []).slice().sort((a, b) => a.place - b.place || a.seat - b.seat).map((sheet) =>
    el("div", { class: "sheet", "data-seat": sheet.seat },
      el("h4", {}, `${sheet.place + 1}. ${seatName(sheet.seat)} — ${sheet.total}`),
      el("table", {}, el("tbody", {}, sheet.lines.map((line) =>
        el("tr", {}, el("td", {}, line.text), el("td", { class: "points" }, line.points === null ? "" : String(line.points)))))),
      sheet.tiebreak ? el("p", { class: "small muted" }, sheet.tiebreak) : null));
  clear($("end-body"),
    el("p", {}, el("strong", {}, winners.length > 1 ? t("table.winners", { who: winners.join(", ") }) : t("table.winner", { who: winners[0] }))),
    el("table", {}, el("thead", {}, el("tr", {}, el("th", {}, t("table.place")), el("th", {}, t("table.player")), el("th", {}, t("table.score")))), el("tbody", {}, rows)),
    events.length ? el("ul", { class: "small" }, events) : null,
    sheets.length ? [el("h3", {}, t("table.sheet")), ...sheets] : null,
    el("p", { class: "row" }, el("a", { class: "button", href: r.record, download: "" }, t("table.download")), el("a", { class: "button ghost", href: r.replay }, t("table.replay"))));
}

// Where several board parts make one move (the dice of a reroll), the move the selection
// makes and the moves that need no click on the board (keep) wait in one bar: one press.
function renderQuick() {
  const box = $("quick");
  const v = S.view;
  // Parts toggled one by one: a move naming several parts of one kind (the dice of a
  // reroll), not a piece and where it goes (a River Race pawn and its space).
  const toggled = v.legal.some((m) => new Set(m.targets.map((key) => key.split(":")[0])).size < m.targets.length);
  const buttons = [];
  if (toggled) {
    const exact = v.legal.find((m) => S.selection.size && m.targets.length === S.selection.size && [...S.selection].every((x) => m.targets.includes(x)));
    const plain = v.legal.filter((m) => !m.targets.length);
    for (const move of [exact, ...plain].filter(Boolean)) {
      const button = el("button", { type: "button", "data-quick": move.text }, move.words);
      button.addEventListener("click", () => play(move.id));
      buttons.push(button);
    }
  }
  box.classList.toggle("hidden", !buttons.length);
  clear(box, buttons.length ? [el("span", { class: "small" }, t("table.quick")), ...buttons] : []);
}

// -- keyboard and controls ------------------------------------------------------------
document.addEventListener("keydown", (event) => {
  const typing = ["INPUT", "SELECT", "TEXTAREA"].includes(document.activeElement && document.activeElement.tagName);
  if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "?") { event.preventDefault(); $("help").showModal(); return; }
  if (event.key === "Escape" && S.selection.size) { S.selection.clear(); S.via = null; renderBoardMarks(); renderMoves(); return; }
  if (/^[1-9]$/.test(event.key) && S.view && S.view.legal.length) {
    const move = candidates()[Number(event.key) - 1];
    if (move) { event.preventDefault(); play(move.id); }
  }
});


async function main() {
  foldOnPhones($("text-box"));
  await loadWords();
  document.getElementById("langslot").append(langSwitch(() => { send({ type: "lang", lang: lang() }); renderWords(); }));
  $("help-open").addEventListener("click", () => $("help").showModal());
  $("copy").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("link").textContent); $("copy").textContent = t("table.copied"); } catch (_) { /* the link stays visible */ }
  });
  $("start").addEventListener("click", startGame);
  $("zoom").addEventListener("click", () => { $("board").classList.toggle("zoomed"); refit(); });
  setupCoach(send);
  $("typed").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("typed-move").value.trim();
    if (text) { play(text); $("typed-move").value = ""; }
  });
  renderWords();
  connect();
}

main();
