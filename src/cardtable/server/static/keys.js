// Keyboard play. Choices are numbered as the terminal numbers them (the seat's legal actions in
// order, from 1): typing a number picks one and marks it on the page, Enter confirms it, Esc
// clears it; Enter alone takes the page's default answer when a view offers one (Magic Show's
// "let it resolve", offered the same way with or without an Ace); h asks for a hint.
import { el } from "./dom.js";

export function setupKeys({ box, list, legal, seq, send, hint }) {
  let typed = "";
  let at = null;

  function chosen() {
    const n = Number(typed);
    const actions = legal();
    return typed && n >= 1 && n <= actions.length ? actions[n - 1] : null;
  }

  function mark(action) {
    for (const node of document.querySelectorAll(".kbd-chosen"))
      node.classList.remove("kbd-chosen");
    if (!action) return;
    for (const node of document.querySelectorAll(
      "#board [data-action], #board [data-choices], #actions [data-action]",
    )) {
      const choices = (node.dataset.choices || "").split("|");
      if (node.dataset.action === action.text || choices.includes(action.text))
        node.classList.add("kbd-chosen");
    }
  }

  function redraw() {
    if (seq() !== at) {
      typed = "";
      at = seq();
    }
    const actions = legal();
    const action = chosen();
    mark(action);
    box.textContent = "";
    list.hidden = !actions.length;
    const items = list.querySelector("ul");
    while (items.firstChild) items.removeChild(items.firstChild);
    if (!actions.length) return;
    actions.forEach((a, i) =>
      items.append(el("li", { class: action === a ? "kbd-chosen" : null }, `${i + 1}. ${a.text}`)),
    );
    if (action) {
      box.append(
        el("strong", {}, `Choice ${typed}: ${action.text}`),
        " — Enter to confirm, Esc to clear.",
      );
      return;
    }
    const fallback = document.querySelector("[data-default]");
    box.append(
      `Keys: a choice's number (${actions.length > 1 ? `1–${actions.length}` : "1"}) then Enter`,
      fallback ? `; Enter alone: ${fallback.dataset.action}` : "",
      "; h for a hint.",
    );
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target instanceof Element ? event.target : document.body;
    if (target.closest("input, select, textarea")) return;
    const actions = legal();
    if (/^[0-9]$/.test(event.key)) {
      if (!actions.length) return;
      const next = typed + event.key;
      typed =
        Number(next) >= 1 && Number(next) <= actions.length
          ? next
          : event.key === "0"
            ? ""
            : event.key;
      event.preventDefault();
      redraw();
    } else if (event.key === "Enter") {
      const action = chosen();
      if (action) {
        event.preventDefault();
        typed = "";
        send(action.id);
        return;
      }
      if (target.closest("button, a, summary")) return; // a focused control answers Enter itself
      const fallback = document.querySelector("[data-default]");
      if (fallback) {
        event.preventDefault();
        fallback.click();
      }
    } else if (event.key === "Escape" || event.key === "Backspace") {
      typed = event.key === "Escape" ? "" : typed.slice(0, -1);
      redraw();
    } else if (event.key === "h" || event.key === "H") {
      hint();
    }
  }

  document.addEventListener("keydown", onKey);
  return { redraw };
}
