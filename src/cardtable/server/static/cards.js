// The shared card toolkit: one card, a row of cards (unknown ones face down).
import { el } from "./dom.js";

const RED_SUITS = /(?:^|[^A-Za-z])(?:\d+|[AJQK])[HD]$/;

export function card(name) {
  if (name === null) return el("span", { class: "card back", "aria-label": "face-down card" }, "?");
  const red = RED_SUITS.test(name) || /^(red|Red)/.test(name);
  return el("span", { class: red ? "card red" : "card" }, name);
}

export function cardRow(names) {
  const known = names.filter((n) => n !== null);
  const hidden = names.length - known.length;
  const row = el("div", { class: "cards" }, known.map(card));
  if (hidden) row.append(el("span", { class: "card back" }, `${hidden} face down`));
  if (!names.length) row.append(el("span", { class: "muted" }, "empty"));
  return row;
}
