// The result screen at the end of a game: who won, a table of every seat's final score with the
// game's own figures behind it (a view may export resultColumns(obs) → [{label, cells, title}],
// one cell per seat, read from the terminal observation), the lines of the final scoring (what
// the last move caused, from the seat's own log), links to the replay and the record, and the
// Rematch button (same game, seats, bots and options at a new table; see rematch.py).
import { el } from "./dom.js";
import { seatNames } from "./context.js";

export function summaryBox(
  obs,
  summary,
  { seat = null, replay = true, columns = [], finalLines = [], rematch = null } = {},
) {
  const names = seatNames(summary);
  const best = Math.max(...obs.returns);
  const order = obs.scores.map((_, i) => i).sort((a, b) => obs.scores[b] - obs.scores[a]);
  const winners = order.filter((i) => obs.returns[i] === best && best > 0).map((i) => names[i]);
  const links = el("p", { class: "links" });
  if (replay) {
    const query = seat !== null ? `?seat=${seat}` : "";
    links.append(el("a", { href: `/t/${summary.id}/replay${query}` }, "Replay this game"), " · ");
  }
  links.append(
    el(
      "a",
      { href: `/api/tables/${summary.id}/record`, download: `cardtable-${summary.id}.json` },
      "Download the game record",
    ),
  );
  const said = winners.length
    ? `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`
    : "No winner.";
  return el(
    "div",
    { class: "result" },
    el("h2", {}, "Game over"),
    el("p", { class: "winner" }, said),
    breakdown(obs, names, order, seat, columns),
    finalLines.length
      ? el(
          "details",
          { class: "final-lines", open: true },
          el("summary", {}, "How the final scores came about"),
          el(
            "ul",
            {},
            finalLines.map((line) => el("li", {}, line)),
          ),
        )
      : null,
    el("p", {}, `${obs.history_length ?? obs.history.length} moves.`),
    rematch,
    links,
  );
}

// One row per seat, best first: place, name, final score and the game's own figures.
function breakdown(obs, names, order, seat, columns) {
  const head = el(
    "tr",
    {},
    el("th", { scope: "col" }, "#"),
    el("th", { scope: "col" }, "seat"),
    el("th", { scope: "col" }, "score"),
    columns.map((c) => el("th", { scope: "col", title: c.title || null }, c.label)),
  );
  const rows = order.map((i, rank) =>
    el(
      "tr",
      { class: i === seat ? "mine" : null, "data-seat": i },
      el("td", {}, String(rank + 1)),
      el("th", { scope: "row" }, `${names[i]}${i === seat ? " (you)" : ""}`),
      el("td", { class: "num score" }, String(obs.scores[i])),
      columns.map((c) => el("td", { class: "num" }, String(c.cells[i] ?? "—"))),
    ),
  );
  return el(
    "table",
    { class: "standings breakdown" },
    el("caption", {}, "Final scores"),
    el("thead", {}, head),
    el("tbody", {}, rows),
  );
}
