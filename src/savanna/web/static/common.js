// Savanna pages: shared helpers (words in two languages, safe element building, tokens).
// Plain JavaScript modules, no build step. Every user-supplied string goes through
// textContent, never innerHTML; only the game's own SVG drawings are inserted as markup.

let WORDS = { en: {}, fr: {} };

export function lang() {
  const saved = localStorage.getItem("savanna.lang");
  if (saved === "en" || saved === "fr") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
}

export function setLang(value) {
  localStorage.setItem("savanna.lang", value);
  document.documentElement.lang = value;
}

export async function loadWords() {
  const response = await fetch("/api/i18n");
  WORDS = await response.json();
  document.documentElement.lang = lang();
}

// A count with its noun in the form CLDR's plural rules give for the language: the
// catalogue's {n:@seat|seats} (singular|plural) or {n:@one=...|few=...|other=...}, as the
// server's own catalogues write it (savanna.core.messages).
function counted(count, spec, language) {
  const parts = spec.split("|");
  const forms = {};
  if (parts.every((part) => part.includes("="))) {
    for (const part of parts) {
      const [category, form] = part.split("=");
      forms[category] = form;
    }
  } else {
    [forms.one, forms.other] = parts;
  }
  const category = new Intl.PluralRules(language).select(Number(count));
  return `${count} ${forms[category] ?? forms.other}`;
}

// The sentence `key` in the current language, with {fields} filled in.
export function t(key, fields = {}) {
  const table = WORDS[lang()] || WORDS.en;
  const template = table[key] ?? WORDS.en[key] ?? key;
  return template.replace(/\{(\w+)(?:![a-z]|:@([^}]*))?\}/g, (whole, name, spec) => {
    if (!(name in fields)) return whole;
    return spec === undefined ? String(fields[name]) : counted(fields[name], spec, lang());
  });
}

// A bot's kind in the reader's language ("heuristique"), its settings kept ("recherche sims=200").
export function botKind(spec) {
  const [kind, ...rest] = String(spec).split(":");
  const key = `bot.kind.${kind}`;
  const word = t(key);
  return word === key ? String(spec) : [word, ...rest].join(" ");
}

// Build an element: el("button", {class: "ghost", onclick: f}, "text", child, ...)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name === "class") node.className = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node, ...children) {
  // Nested lists (pairs of a <dl>, rows of rows) are flattened to any depth: an array
  // never reaches replaceChildren, which would print it as "[object HTMLElement],...".
  node.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

// Seat and host tokens live in this browser only (never in a link).
export const tokens = {
  seat: (id) => localStorage.getItem(`savanna.seat.${id}`),
  setSeat: (id, token) => localStorage.setItem(`savanna.seat.${id}`, token),
  dropSeat: (id) => localStorage.removeItem(`savanna.seat.${id}`),
  host: (id) => localStorage.getItem(`savanna.host.${id}`),
  setHost: (id, token) => localStorage.setItem(`savanna.host.${id}`, token),
};

export async function api(method, path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${path}${path.includes("?") ? "&" : "?"}lang=${lang()}`, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error((data.error && data.error.message) || response.statusText);
    error.code = data.error && data.error.code;
    throw error;
  }
  return data;
}

// The header's language switch: flips the language and calls `onChange`.
export function langSwitch(onChange) {
  const button = el("button", { class: "ghost", id: "lang", type: "button", lang: lang() === "en" ? "fr" : "en" }, t("lang.switch"));
  button.addEventListener("click", () => {
    setLang(lang() === "en" ? "fr" : "en");
    button.textContent = t("lang.switch");
    button.setAttribute("lang", lang() === "en" ? "fr" : "en");
    onChange();
  });
  return button;
}

// Make a game's SVG drawing scale with its box (keep its proportions).
export function scalable(svg) {
  if (!svg) return svg;
  const w = parseFloat(svg.getAttribute("width"));
  const h = parseFloat(svg.getAttribute("height"));
  if (!svg.getAttribute("viewBox") && w && h) svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("role", "img");
  return svg;
}

export function parseSvg(markup) {
  if (!markup) return null;
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const svg = doc.documentElement;
  if (!svg || svg.nodeName !== "svg") return null;
  svg.querySelectorAll("script, foreignObject").forEach((n) => n.remove());
  return scalable(document.importNode(svg, true));
}

// Small inline SVG icons (no font may lack their glyph): "first", "back", "next", "last", "turn".
const ICONS = {
  first: "M4 3h2v10H4zM14 3v10L7 8z",
  back: "M12 3v10L5 8z",
  next: "M4 3v10l7-5z",
  last: "M10 3h2v10h-2zM2 3v10l7-5z",
  turn: "M4 3v10l7-5z",
};
export function icon(name) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("width", "1em");
  svg.setAttribute("height", "1em");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `icon icon-${name}`);
  const path = document.createElementNS("http://www.w3.org/2000/svg", "path");
  path.setAttribute("d", ICONS[name]);
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

// A drawing's lines of words under it (data-info: gold, cards, status) stay in the drawing
// while they read at 12 px or more; smaller (a phone's narrow map) they are shown as the
// page's own text under the drawing (in ``list``), and the drawing ends above them. The
// table and the replay both call it after each drawing and on a resize.
export const READABLE_PX = 12;

export function fitInfo(svg, list) {
  const lines = svg ? [...svg.querySelectorAll("[data-info]")] : [];
  if (svg && svg.dataset.box) {
    svg.setAttribute("viewBox", svg.dataset.box);
    svg.setAttribute("height", svg.dataset.height);
    delete svg.dataset.box;
  }
  lines.forEach((n) => n.removeAttribute("display"));
  const vb = svg && svg.viewBox && svg.viewBox.baseVal;
  const scale = vb && vb.width ? svg.getBoundingClientRect().width / vb.width : 1;
  const small = lines.some((n) => parseFloat(getComputedStyle(n).fontSize) * scale < READABLE_PX);
  list.classList.toggle("hidden", !small);
  clear(list, small ? lines.map((n) => el("li", {}, n.textContent)) : []);
  if (!small) return;
  const [x, y, w] = [vb.x, vb.y, vb.width];
  const top = Math.min(...lines.map((n) => n.getBBox().y)) - 4;
  svg.dataset.box = svg.getAttribute("viewBox");
  svg.dataset.height = svg.getAttribute("height") || "";
  lines.forEach((n) => n.setAttribute("display", "none"));
  svg.setAttribute("viewBox", `${x} ${y} ${w} ${top - y}`);
  svg.setAttribute("height", String(top - y));
}

// Small screens (the layout's one column, style.css): the text board starts folded (a tap
// opens it), at the table and in the replay.
export function foldOnPhones(...boxes) {
  if (window.matchMedia("(max-width: 820px)").matches) boxes.forEach((box) => { box.open = false; });
}
