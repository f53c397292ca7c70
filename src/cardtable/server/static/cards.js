// The shared card toolkit: readable cards drawn with CSS (and SVG where a picture helps), rows of
// cards with unknown ones face down, and helpers that turn cards into things to click.
import { el } from "./dom.js";

const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const PLAYING = /^(A|[2-9]|10|J|Q|K)([CDHS])$/;

// A standard playing card ("10H") as rank + suit symbol; null when the name is not one.
export function playingCard(name) {
  const m = PLAYING.exec(name);
  if (!m) return null;
  return { rank: m[1], suit: m[2], symbol: SUIT_SYMBOL[m[2]], red: m[2] === "H" || m[2] === "D" };
}

// One card. `face` (optional) draws its front: a function name → {label, cls, extra}.
export function card(name, face) {
  if (name === null)
    return el(
      "span",
      {
        class: "card back",
        "aria-label": "face-down card",
        role: "img",
        title: "a face-down card",
      },
      "",
    );
  const drawn = face ? face(name) : defaultFace(name);
  return el(
    "span",
    { class: `card ${drawn.cls || ""}`.trim(), title: drawn.title || name, "data-card": name },
    drawn.label,
    drawn.extra || null,
  );
}

function defaultFace(name) {
  const p = playingCard(name);
  if (p) return { label: `${p.rank}${p.symbol}`, cls: p.red ? "red" : "black", title: name };
  return { label: name, cls: /^(red|Red)/.test(name) ? "red" : "" };
}

// A row of cards; unknown ones collapse into one "n face down" back.
export function cardRow(names, face, empty = "empty") {
  const known = names.filter((n) => n !== null);
  const hidden = names.length - known.length;
  const row = el(
    "div",
    { class: "cards" },
    known.map((n) => card(n, face)),
  );
  if (hidden) {
    const title = `${hidden} card${hidden > 1 ? "s" : ""} you cannot see`;
    row.append(el("span", { class: "card back count", title }, `${hidden} face down`));
  }
  if (!names.length) row.append(el("span", { class: "muted" }, empty));
  return row;
}

// Turn a drawn card (or any node) into a control for `actions` (legal actions of this seat):
// one action → a button that takes it; several → a button that narrows the choices to them.
export function playable(ctx, node, actions) {
  if (!actions || !actions.length || !ctx.canAct) return node;
  ctx.claim(actions);
  const title =
    actions.length === 1 ? actions[0].description : actions.map((a) => a.description).join(" · ");
  // The button's name is what it shows followed by what it does (for a screen reader, in a
  // visually hidden span), so the spoken name starts with the visible one.
  const says = actions.length === 1 ? actions[0].text : `${actions.length} choices`;
  const button = el(
    "button",
    {
      class: "playable",
      title,
      "data-action": actions.length === 1 ? actions[0].text : null,
      "data-choices": actions.length > 1 ? actions.map((a) => a.text).join("|") : null,
      onclick: () =>
        actions.length === 1 ? ctx.send(actions[0]) : ctx.focus(actions, node.textContent),
    },
    node,
    el("span", { class: "sr-only" }, ` (${says})`),
  );
  return button;
}

// A labelled button for one or more actions (a target, a decision).
export function actionButton(ctx, label, actions, cls = "") {
  if (!actions || !actions.length || !ctx.canAct) return null;
  ctx.claim(actions);
  return el(
    "button",
    {
      class: `act ${cls}`.trim(),
      title: actions.map((a) => a.description).join(" · "),
      "data-action": actions.length === 1 ? actions[0].text : null,
      "data-choices": actions.length > 1 ? actions.map((a) => a.text).join("|") : null,
      onclick: () => (actions.length === 1 ? ctx.send(actions[0]) : ctx.focus(actions, label)),
    },
    label,
  );
}

// Small framed area with a heading.
export function panel(title, cls, ...children) {
  return el("section", { class: `panel ${cls || ""}`.trim() }, el("h3", {}, title), ...children);
}

// An SVG element (text, if any, goes in as a text node).
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  for (const child of children.flat()) if (child) node.append(child);
  return node;
}
