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

// A seat's counters when its view names none: its score and the cards in its hand.
export function seatCounters(obs, s) {
  const hand = obs.zones[`hand:${s}`];
  return [
    { label: "score", value: obs.scores[s] },
    hand ? { label: "cards in hand", value: hand.length } : null,
  ];
}

// Who sits at a seat and whether they are here: a bot, a person online, away (a stand-in
// plays), or an open seat.
function presence(seat) {
  if (!seat) return "";
  if (seat.kind === "bot") return "bot";
  if (!seat.taken) return seat.invite ? "kept for an invited friend" : "open seat";
  if (seat.away) return "away: a stand-in bot plays";
  return seat.online ? "online" : "offline";
}

// One panel per seat: name, presence, the game's counters (a view's seatCounters(obs, seat) →
// [{label, value, title}], or the generic ones), whether it must act, and its latest move.
export function renderPlayers(view, names, counters = seatCounters) {
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
    const seat = view.table.seats[s];
    const facts = (counters(obs, s) || []).filter(Boolean);
    players.append(
      el(
        "div",
        {
          class: toAct ? "player to-act" : "player",
          "data-seat": s,
          role: "group",
          "aria-label": `${names[s]}${s === me ? " (you)" : ""}`,
        },
        el("strong", {}, s === me ? `You — ${names[s]}` : names[s]),
        el(
          "span",
          { class: `presence ${seat && seat.away ? "away" : ""}`.trim() },
          ` · ${presence(seat)}`,
        ),
        el(
          "dl",
          { class: "counters" },
          facts.map((c) =>
            el(
              "div",
              { title: c.title || `${names[s]}: ${c.label} ${c.value}`, "data-counter": c.label },
              el("dt", {}, c.label),
              el("dd", {}, String(c.value)),
            ),
          ),
        ),
        obs.committed[s] ? el("span", { class: "flag" }, "has chosen") : null,
        toAct ? el("span", { class: "flag to-act" }, "to act") : null,
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
