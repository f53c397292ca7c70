// The generic view: works for every game from the observation alone (zones, public facts).
import { el } from "../dom.js";
import { cardRow } from "../cards.js";
import { lastMoves, newestStep } from "../moves.js";

function seatOf(zoneName) {
  const match = /:(\d+)$/.exec(zoneName);
  return match ? Number(match[1]) : null;
}

function fact(value) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map(fact).join(", ");
  if (typeof value === "object")
    return Object.entries(value)
      .map(([k, v]) => `${k}: ${fact(v)}`)
      .join("; ");
  return String(value);
}

export function renderPlayers(view, names) {
  const obs = view.observation;
  const me = view.seat;
  const parts = [];
  const players = el("div", { class: "players" });
  const last = lastMoves(view);
  const newest = newestStep(view);
  for (let s = 0; s < obs.num_players; s++) {
    const toAct = obs.to_act.includes(s);
    // The seat's latest move stays marked in its panel until the seat moves again.
    const move =
      last[s] &&
      el(
        "span",
        {
          class: `last-move${last[s].step === newest ? " newest" : ""}`,
          "data-step": last[s].step,
          title: `${names[s]}'s latest move (step ${last[s].step})`,
        },
        `${last[s].step}. ${last[s].text}`,
      );
    players.append(
      el(
        "div",
        { class: toAct ? "player to-act" : "player", "data-seat": s },
        el("strong", {}, s === me ? `You — ${names[s]}` : names[s]),
        ` — score ${obs.scores[s]}`,
        obs.committed[s] ? " · has chosen" : "",
        view.table.seats[s] && view.table.seats[s].away ? " · away (a bot plays)" : "",
        toAct ? " · to act" : "",
        move ? el("br") : null,
        move,
      ),
    );
  }
  parts.push(players);
  if (obs.public && obs.public.deciding)
    parts.push(el("p", { class: "deciding" }, `Now: ${obs.public.deciding}`));
  return parts;
}

export function renderBoard(view, ctx) {
  const names = ctx.names;
  const obs = view.observation;
  const me = view.seat;
  const parts = [];
  const zones = Object.entries(obs.zones).filter(
    ([name, cards]) => cards.length || seatOf(name) === me,
  );
  const order = (name) => (seatOf(name) === me ? 0 : seatOf(name) === null ? 1 : 2);
  zones.sort((a, b) => order(a[0]) - order(b[0]));
  for (const [name, cards] of zones) {
    const owner = seatOf(name);
    const label =
      owner === null ? name : `${name.split(":")[0]} — ${owner === me ? "yours" : names[owner]}`;
    parts.push(
      el(
        "div",
        { class: owner === me ? "zone mine" : owner === null ? "zone" : "zone other" },
        el("h3", {}, `${label} (${cards.length})`),
        cardRow(cards),
      ),
    );
  }
  const facts = el("dl", { class: "facts" });
  for (const [key, value] of Object.entries(obs.public || {})) {
    if (key === "deciding") continue;
    facts.append(el("dt", {}, key.replaceAll("_", " ")), el("dd", {}, fact(value)));
  }
  parts.push(el("details", {}, el("summary", {}, "Table facts"), facts));
  return parts;
}
