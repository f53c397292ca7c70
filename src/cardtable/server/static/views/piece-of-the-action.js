// Piece of the Action: the Deal in the centre with its value, then every seat with the POTA and
// Reverse cards lying before it, then your hand. Cards you may play are buttons; a POTA or
// Reverse card you may give shows a "give" target on each seat it can go to.
import { el } from "../dom.js";
import { actionButton, cardRow, card, panel, playable } from "../cards.js";

const COLOURS = ["red", "blue", "green"];

export function face(name) {
  if (name === "x") return { label: "X", cls: "pota-card x", title: "X card" };
  const m = /^(red|blue|green)(?:([+-]\d+)|-move(\d)|-(pota|reverse))$/.exec(name);
  if (!m) return { label: name, cls: "pota-card" };
  const [, colour, deal, move, kind] = m;
  const label = deal
    ? deal.replace("-", "−")
    : move
      ? `Move ${move}`
      : kind === "pota"
        ? "POTA"
        : "Reverse";
  const what = deal
    ? `Deal card ${deal}`
    : move
      ? `Move ${move} card`
      : kind === "pota"
        ? "POTA card"
        : "Reverse card";
  // The colour is also written on the card and drawn as a pattern (stripes for blue, dots for
  // green, plain red), so it never has to be told by its hue alone.
  return {
    label,
    cls: `pota-card ${colour}`,
    title: `${colour} ${what}`,
    extra: el("small", { class: "colour-tag" }, colour),
  };
}

// Which hand card each legal action plays (a Deal's cards take the Deal's colour, POTA-R7).
const signed = (value) => `${value > 0 ? "+" : ""}${value}`;

function cardOf(data, colour) {
  if (data.kind === "open") return `${data.colour}${signed(data.value)}`;
  if (!colour) return null;
  if (data.kind === "play") return `${colour}${signed(data.value)}`;
  if (data.kind === "move") return `${colour}-move${data.count}`;
  if (data.kind === "pota" || data.kind === "reverse") return `${colour}-${data.kind}`;
  return null;
}

export function renderBoard(view, ctx) {
  const obs = view.observation;
  const pub = obs.public;
  const zones = obs.zones;
  const me = ctx.me;
  const parts = [];

  // The Deal.
  const value = pub.deal_value;
  const deal = panel(
    pub.colour ? `The ${pub.colour} Deal` : "No Deal open",
    `deal ${pub.colour || ""}`,
    cardRow(zones.centre, face, "no cards yet"),
    el(
      "p",
      { class: "deal-value" },
      el("strong", {}, `Worth ${value > 0 ? "+" : ""}${value ?? 0}`),
      pub.multiplier && pub.multiplier !== 1 ? ` (×${pub.multiplier})` : "",
      ` · leader: ${ctx.names[pub.leader] ?? "—"}`,
      pub.phase ? ` · ${pub.phase}` : "",
      pub.move_left ? ` · ${pub.move_left} move step(s) left` : "",
    ),
  );
  if (zones.playing.length)
    deal.append(el("p", {}, "Being played: "), cardRow(zones.playing, face));
  if (zones.xcards.length) deal.append(el("p", {}, "X cards: "), cardRow(zones.xcards, face));
  parts.push(deal);

  // Seats with their POTA and Reverse cards.
  const seats = el("div", { class: "seats" });
  for (let s = 0; s < obs.num_players; s++) {
    const targets = [
      actionButton(ctx, "give POTA here", ctx.find("pota", { seat: s }), "target"),
      actionButton(ctx, "give Reverse here", ctx.find("reverse", { seat: s }), "target"),
    ].filter(Boolean);
    const flags = [];
    if (s === pub.leader) flags.push("leader");
    if (pub.passed && pub.passed[s]) flags.push("passed");
    if (obs.to_act.includes(s)) flags.push("to act");
    seats.append(
      el(
        "section",
        {
          class: `seat${s === me ? " mine" : ""}${obs.to_act.includes(s) ? " to-act" : ""}`,
          "data-seat": s,
        },
        el("h3", {}, s === me ? `You — ${ctx.names[s]}` : ctx.names[s]),
        el(
          "p",
          { class: "seat-facts" },
          `score ${pub.scores[s]} · ${pub.hand_counts[s]} cards`,
          flags.length ? ` · ${flags.join(", ")}` : "",
        ),
        el(
          "div",
          { class: "before" },
          el("span", { class: "label" }, "POTA"),
          cardRow(zones[`pota:${s}`], face, "none"),
          el("span", { class: "label" }, "Reverse"),
          cardRow(zones[`reverse:${s}`], face, "none"),
        ),
        targets.length ? el("div", { class: "targets" }, targets) : null,
      ),
    );
  }
  parts.push(seats);

  // Your hand: each card a button when it can be played now.
  if (me !== null) {
    const hand = zones[`hand:${me}`];
    const byCard = new Map();
    for (const action of ctx.legal) {
      const name = cardOf(action.data, pub.colour);
      if (name && hand.includes(name)) {
        if (!byCard.has(name)) byCard.set(name, []);
        byCard.get(name).push(action);
      }
    }
    const sorted = [...hand].sort(
      (a, b) =>
        COLOURS.indexOf(a.split(/[-+]/)[0]) - COLOURS.indexOf(b.split(/[-+]/)[0]) ||
        a.localeCompare(b),
    );
    const row = el("div", { class: "cards hand" });
    const done = new Set();
    for (const name of sorted) {
      const actions = done.has(name) ? [] : byCard.get(name);
      done.add(name);
      row.append(playable(ctx, card(name, face), actions));
    }
    parts.push(panel(`Your hand (${hand.length})`, "hand-panel mine", row));
  }
  parts.push(
    el("p", { class: "muted" }, `Deck: ${pub.deck_count} · discard: ${zones.discard.length}`),
  );
  return parts;
}

// The result screen's figures: the cards each seat still held when the game ended.
export function resultColumns(obs) {
  return [{ label: "cards left", cells: obs.public.hand_counts }];
}

// Each seat's panel: score, cards in hand, and whether it leads or has passed this Deal.
export function seatCounters(obs, s) {
  const pub = obs.public;
  return [
    { label: "score", value: pub.scores[s] },
    { label: "cards in hand", value: pub.hand_counts[s] },
    s === pub.leader ? { label: "role", value: "leader", title: "leads the open Deal" } : null,
    pub.passed && pub.passed[s] ? { label: "this Deal", value: "passed" } : null,
  ];
}
