// Stand-ins: a person who leaves a table (page closed, connection lost) keeps the seat, but
// after the server's away time a stand-in bot plays it until they come back; coming back to the
// table in the same browser (it keeps the seat token) takes the seat back at once.
//
// This module says so on the page: a standing warning for a seated person while the game goes
// on, the seconds left before a stand-in chooses when the turn timer runs low, and, on coming
// back, how many moves the stand-in made for this seat. Those moves are the seat's moves newer
// than the newest step this browser saw before it left (remembered in localStorage: this
// browser was not there, so it did not make them). The lobby marks tables where a stand-in
// plays for you, with a link to take the seat back.
import { el } from "./dom.js";

const KEY = "cardtable-seen:"; // not "cardtable:" (those keys are seat tokens, see dom.js)
const WARN_SECONDS = 10;

// The newest step this browser saw at the table, or null if it never saw the table. Step 0 (the
// deal, before any move) counts: a person who leaves before the first move is told on return.
function seen(tableId) {
  const stored = localStorage.getItem(KEY + tableId);
  if (stored === null) return null;
  const value = Number(stored);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

// Tracks one table page: call update(view, timeline) with each view (timeline: the entries
// this page holds); it returns the steps a stand-in played for this seat since the page left.
export function standinTracker(tableId) {
  let fresh = true; // the first view after (re)connecting compares with what was seen before
  let played = [];
  return {
    reconnected() {
      fresh = true;
    },
    update(view, timeline) {
      const newest = Math.max(0, ...timeline.map((e) => e.step || 0));
      if (fresh && view.seat !== null) {
        const before = seen(tableId);
        const mine = timeline.filter(
          (e) => e.seat === view.seat && before !== null && e.step > before,
        );
        const steps = mine.map((e) => e.step);
        if (steps.length) played = [...new Set([...played, ...steps])].sort((a, b) => a - b);
        fresh = false;
      }
      if (view.seat !== null) localStorage.setItem(KEY + tableId, String(newest));
      return played;
    },
    dismiss() {
      played = [];
    },
  };
}

// The page's notice: what a stand-in did for this seat while it was away, and the standing
// warning (nothing for a spectator or a finished game).
export function standinNotice(view, played, onDismiss) {
  const parts = [];
  if (view.seat === null) return parts;
  if (played.length) {
    const n = played.length;
    parts.push(
      el(
        "p",
        { class: "standin-back", id: "standin-back" },
        el("strong", {}, "Welcome back: "),
        `while you were away a stand-in bot made ${n} move${n > 1 ? "s" : ""} for you `,
        `(step${n > 1 ? "s" : ""} ${played.join(", ")}, marked in the log). `,
        "You have your seat back. ",
        el("button", { class: "link", onclick: onDismiss }, "Dismiss"),
      ),
    );
  }
  if (!view.table.finished && view.away_seconds != null) {
    parts.push(
      el(
        "p",
        { class: "standin-warning", id: "standin-warning" },
        `If you leave this table (closing the page or losing the connection) for more than `,
        `${Math.round(view.away_seconds)} s, a stand-in bot plays your seat until you come back. `,
        "Open this table again in this browser to take your seat back.",
      ),
    );
  }
  return parts;
}

// The turn timer's text: a plain countdown, or a warning when a stand-in is about to choose.
export function timerText(left, seated) {
  if (seated && left <= WARN_SECONDS) return ` ${left}s — then a stand-in bot chooses for you`;
  return ` ${left}s`;
}
export { WARN_SECONDS };
