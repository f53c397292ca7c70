// The end-of-game summary: winner(s), standings, number of moves, replay and record links.
import { el } from "./dom.js";
import { seatNames } from "./context.js";

export function summaryBox(obs, summary, { seat = null, replay = true } = {}) {
  const names = seatNames(summary);
  const best = Math.max(...obs.returns);
  const order = obs.scores.map((_, i) => i).sort((a, b) => obs.scores[b] - obs.scores[a]);
  const winners = order.filter((i) => obs.returns[i] === best && best > 0).map((i) => names[i]);
  const links = el("p", { class: "links" });
  if (replay) {
    links.append(
      el(
        "a",
        { href: `/t/${summary.id}/replay${seat !== null ? `?seat=${seat}` : ""}` },
        "Replay this game",
      ),
      " · ",
    );
  }
  links.append(
    el(
      "a",
      { href: `/api/tables/${summary.id}/record`, download: `cardtable-${summary.id}.json` },
      "Download the game record",
    ),
  );
  return el(
    "div",
    { class: "result" },
    el("h2", {}, "Game over"),
    el(
      "p",
      { class: "winner" },
      winners.length
        ? `${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}.`
        : "No winner.",
    ),
    el(
      "ol",
      { class: "standings" },
      order.map((i) => el("li", {}, `${names[i]}: ${obs.scores[i]}${i === seat ? " (you)" : ""}`)),
    ),
    el("p", {}, `${obs.history_length ?? obs.history.length} moves.`),
    links,
  );
}
