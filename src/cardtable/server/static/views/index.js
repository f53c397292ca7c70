// The view registry. A game's view is the ES module static/views/<game>.js (the game's registry
// name); it is loaded on first use, and a game without one falls back to the generic view. So a
// new game's view (say nacho-loco.js) is added by dropping its file here, nothing else changes.
//
// A view module exports:
//   renderBoard(view, ctx) → Node[]   the table as this seat sees it, built from view.observation
//                                     (and view.legal); required.
//   seatCounters(obs, seat) → [{label, value, title}]   the seat panel's counters (optional).
//   resultColumns(obs) → [{label, cells, title}]        the result screen's figures (optional).
//   moveText(text) → string           a move's text as the log shows it (optional).
// `ctx` (made by table.js or the replay page) carries names (one per seat), me (the seat or null),
// canAct, legal (this seat's legal actions), find(regex) → the legal actions whose text matches,
// claim(actions) (those are shown on the board, not again as plain buttons), send(action) and
// focus(actions, label) (narrow the choice buttons to these). cards.js has the card helpers.
import * as generic from "./generic.js";

// The seat panels, with the counters of the game's view (its seatCounters) where it has them.
export function renderPlayers(view, names, module = generic) {
  return generic.renderPlayers(view, names, module.seatCounters || generic.seatCounters);
}
const cache = new Map();

export function loadView(game) {
  if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(game)) return Promise.resolve(generic);
  if (!cache.has(game)) {
    cache.set(
      game,
      import(`./${game}.js`)
        .then((mod) => (typeof mod.renderBoard === "function" ? mod : generic))
        .catch(() => generic),
    );
  }
  return cache.get(game);
}

export { generic };
