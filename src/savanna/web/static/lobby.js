// The lobby: the tables (join, watch, come back, replay) and the form that creates one.
import { api, botKind, clear, el, lang, langSwitch, loadWords, t, tokens } from "/static/common.js";
import { paceFields, paceFromForm } from "/static/clocks.js";

let GAMES = [];
let BOTS = [];
let CLOCKS = [0];
let TIME_BOUNDS = null;

function clockLabel(seconds) {
  if (!seconds) return t("lobby.clock.none");
  if (seconds >= 86400) return t("lobby.clock.days", { n: seconds / 86400 });
  if (seconds >= 60) return t("lobby.clock.minutes", { n: seconds / 60 });
  return t("lobby.clock.seconds", { n: seconds });
}

function gameTitle(game) { return game.title[lang()] || game.title.en; }

function seatChoices() {
  const kinds = [["open", t("lobby.open")]];
  if (BOTS.includes("heuristic")) kinds.push(["bot:heuristic", t("lobby.bot.heuristic")]);
  if (BOTS.includes("random")) kinds.push(["bot:random", t("lobby.bot.random")]);
  if (BOTS.includes("ismcts")) kinds.push(["bot:ismcts:sims=300", t("lobby.bot.ismcts")]);
  return kinds;
}

async function renderTables() {
  const box = document.getElementById("tables");
  let data;
  try { data = await api("GET", "/api/tables"); } catch (error) { clear(box, el("p", { class: "notice bad" }, error.message)); return; }
  if (!data.tables.length) { clear(box, el("p", { class: "muted" }, t("lobby.none"))); return; }
  const rows = data.tables.map((table) => {
    const game = GAMES.find((g) => g.name === table.game);
    const free = table.seats.filter((s) => s.kind === "open").length;
    const mine = tokens.seat(table.id);
    const who = table.seats.map((s) => (s.kind === "open" ? `(${t("table.free")})` : s.kind === "bot" ? t("table.bot", { n: s.seat + 1, bot: botKind(s.bot) }) : s.name)).join(", ");
    const actions = el("div", { class: "row" });
    if (table.status === "finished") actions.append(el("a", { class: "button ghost", href: `/t/${table.id}/replay` }, t("lobby.replay")));
    else if (mine) actions.append(el("a", { class: "button", href: `/t/${table.id}` }, t("lobby.resume")));
    else if (table.status === "open" && free) actions.append(el("a", { class: "button", href: `/t/${table.id}` }, t("lobby.join")));
    if (table.status !== "finished" && !mine && table.spectators !== false) actions.append(el("a", { class: "button ghost", href: `/t/${table.id}` }, t("lobby.watch")));
    return el("tr", {},
      el("td", {}, el("strong", {}, table.title || table.id), el("div", { class: "small muted" }, game ? gameTitle(game) : table.game)),
      el("td", {}, el("span", { class: `status ${table.status}` }, t(`lobby.status.${table.status}`)),
        table.status === "open" ? el("div", { class: "small" }, t("lobby.free", { n: free })) : null,
        table.coach ? el("div", { class: "small" }, t("lobby.coach.on")) : null),
      el("td", { class: "small" }, who),
      el("td", {}, actions));
  });
  clear(box, el("table", { class: "list" }, el("tbody", {}, rows)));
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const help = option.help[lang()] || option.help.en || option.name;
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", id, name: option.name, checked: option.default ? true : null });
  } else if (option.kind === "choice") {
    const words = (c) => (option.values && option.values[c] && (option.values[c][lang()] || option.values[c].en)) || c;
    input = el("select", { id, name: option.name }, option.choices.map((c) => el("option", { value: c, selected: c === option.default ? true : null }, words(c))));
  } else if (option.kind === "int") {
    input = el("input", { type: "number", id, name: option.name, value: option.default, min: option.low, max: option.high });
  } else {
    input = el("input", { type: "text", id, name: option.name, value: option.default });
  }
  const label = (option.label && (option.label[lang()] || option.label.en)) || option.name;
  return el("label", { for: id }, el("span", { class: "l" }, label), input, " ", el("span", { class: "small muted" }, help));
}

function renderForm() {
  const form = document.getElementById("create");
  const previous = new FormData(form);
  const chosen = previous.get("game") || (GAMES.find((g) => g.name === "banjooli") || GAMES[0]).name;
  const game = GAMES.find((g) => g.name === chosen) || GAMES[0];
  let players = Number(previous.get("players")) || game.default_players;
  players = Math.min(game.max_players, Math.max(game.min_players, players));
  const name = previous.get("name") || localStorage.getItem("savanna.name") || "";
  const gameSelect = el("select", { id: "game", name: "game" }, GAMES.map((g) => el("option", { value: g.name, selected: g.name === game.name ? true : null }, gameTitle(g))));
  gameSelect.addEventListener("change", () => { form.querySelector("#players").value = ""; renderForm(); });
  const playerInput = el("input", { id: "players", name: "players", type: "number", min: game.min_players, max: game.max_players, value: players });
  playerInput.addEventListener("change", renderForm);
  const seats = [];
  for (let i = 0; i < players; i++) {
    const id = `seat-${i}`;
    if (i === 0) { seats.push(el("li", {}, t("lobby.seat", { n: 1 }), t("colon"), el("strong", {}, t("table.you")))); continue; }
    const old = previous.get(id) || (i === 1 ? "open" : "bot:heuristic");
    seats.push(el("li", {}, el("label", { for: id }, el("span", { class: "l" }, t("lobby.seat", { n: i + 1 })),
      el("select", { id, name: id }, seatChoices().map(([value, label]) => el("option", { value, selected: value === old ? true : null }, label))))));
  }
  clear(form,
    el("label", { for: "name" }, el("span", { class: "l" }, t("lobby.yourname")), el("input", { id: "name", name: "name", required: true, maxlength: 32, value: name, autocomplete: "nickname" })),
    el("label", { for: "game" }, el("span", { class: "l" }, t("lobby.game")), gameSelect, " ", el("span", { class: "small muted" }, game.summary[lang()] || game.summary.en)),
    el("label", { for: "players" }, el("span", { class: "l" }, t("lobby.players")), playerInput, ` (${game.min_players}–${game.max_players})`),
    el("fieldset", {}, el("legend", {}, t("lobby.options")), game.options.map(optionInput)),
    el("fieldset", {}, el("legend", {}, t("lobby.seats")), el("ul", { class: "plain" }, seats)),
    el("label", { for: "title" }, el("span", { class: "l" }, t("lobby.title")), el("input", { id: "title", name: "title", maxlength: 60, value: previous.get("title") || "" })),
    el("label", { for: "grace" }, el("span", { class: "l" }, t("lobby.grace")), el("input", { id: "grace", name: "grace", type: "number", min: 5, max: 3600, value: previous.get("grace") || 60 })),
    el("label", { for: "clock" }, el("span", { class: "l" }, t("lobby.clock")),
      el("select", { id: "clock", name: "clock" }, CLOCKS.map((c) => el("option", { value: c, selected: String(c) === (previous.get("clock") || "0") ? true : null }, clockLabel(c))))),
    paceFields(previous, TIME_BOUNDS),
    el("label", { for: "spectators" }, el("input", { type: "checkbox", id: "spectators", name: "spectators", checked: previous.has("clock") && !previous.get("spectators") ? null : true }), " ", t("lobby.spectators")),
    el("label", { for: "coach" }, el("input", { type: "checkbox", id: "coach", name: "coach", checked: previous.get("coach") ? true : null }), " ", t("lobby.coach")),
    el("p", {}, el("button", { type: "submit", id: "create-submit" }, t("lobby.submit"))));
}

async function create(event) {
  event.preventDefault();
  const form = event.target;
  const data = new FormData(form);
  const game = GAMES.find((g) => g.name === data.get("game"));
  const players = Number(data.get("players"));
  const options = {};
  for (const option of game.options) {
    if (option.kind === "bool") options[option.name] = form.querySelector(`#opt-${option.name}`).checked;
    else if (option.kind === "int") options[option.name] = Number(data.get(option.name));
    else options[option.name] = data.get(option.name);
  }
  const seats = [];
  for (let i = 0; i < players; i++) seats.push(i === 0 ? "open" : data.get(`seat-${i}`));
  const name = String(data.get("name") || "").trim();
  const box = document.getElementById("create-error");
  box.classList.add("hidden");
  try {
    localStorage.setItem("savanna.name", name);
    const title = String(data.get("title") || "").trim() || t("lobby.title.default", { name });
    const made = await api("POST", "/api/tables", {
      game: game.name, players, options, seats, title, lang: lang(), grace: Number(data.get("grace")),
      turn_seconds: Number(data.get("clock") || 0), spectators: form.querySelector("#spectators").checked,
      coach: form.querySelector("#coach").checked, time_control: paceFromForm(data),
    });
    tokens.setHost(made.id, made.host_token);
    const seat = await api("POST", `/api/tables/${made.id}/join`, { seat: 0, name });
    tokens.setSeat(made.id, seat.token);
    location.href = made.url;
  } catch (error) {
    box.textContent = t("error.generic", { message: error.message });
    box.classList.remove("hidden");
  }
}

function renderWords() {
  document.title = `Savanna — ${t("lobby.tables")}`;
  document.getElementById("tagline").textContent = t("app.tagline");
  document.getElementById("tables-h").textContent = t("lobby.tables");
  document.getElementById("create-h").textContent = t("lobby.create");
  document.getElementById("how").textContent = t("lobby.how");
  document.getElementById("refresh").textContent = t("lobby.refresh");
  document.getElementById("mine-link").textContent = t("mine.link");
  renderForm();
  renderTables();
}

async function main() {
  await loadWords();
  const data = await api("GET", "/api/games");
  GAMES = data.games;
  BOTS = data.bots;
  CLOCKS = data.turn_seconds || [0];
  TIME_BOUNDS = data.time_controls || null;
  document.getElementById("langslot").append(langSwitch(renderWords));
  document.getElementById("create").addEventListener("submit", create);
  document.getElementById("refresh").addEventListener("click", renderTables);
  renderWords();
  setInterval(renderTables, 10000);
}

main();
