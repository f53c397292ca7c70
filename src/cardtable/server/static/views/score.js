// Score!: your Completes (drawn as shapes), your Singles counted towards sets of four, the laid
// Complete everyone must match, the passes going round, and each seat's totals.
import { el } from "../dom.js";
import { card, cardRow, panel, playable, svg } from "../cards.js";

const SEATS = ["seat 0", "seat 1", "seat 2"];
const FILLS = ["Filled", "Partial", "Hollow"];
const COLOURS = ["Red", "Blue", "Green"];
const SHAPES = ["Circle", "Square", "Triangle"];
const INK = { Red: "#c0151a", Blue: "#1d4fa3", Green: "#1f7a3d" };

function shape(kind, colour, fill) {
  const ink = colour ? INK[colour] : "#333";
  const paint = {
    stroke: ink,
    "stroke-width": 3,
    fill: fill === "Filled" ? ink : fill === "Partial" ? `url(#hatch-${colour || "x"})` : "none",
  };
  const body =
    kind === "Circle"
      ? svg("circle", { cx: 20, cy: 20, r: 14, ...paint })
      : kind === "Square"
        ? svg("rect", { x: 7, y: 7, width: 26, height: 26, ...paint })
        : kind === "Triangle"
          ? svg("polygon", { points: "20,5 35,34 5,34", ...paint })
          : // a colour swatch
            svg("rect", { x: 6, y: 6, width: 28, height: 28, rx: 8, fill: ink, stroke: ink });
  const hatch = svg(
    "defs",
    {},
    svg(
      "pattern",
      {
        id: `hatch-${colour || "x"}`,
        width: 5,
        height: 5,
        patternUnits: "userSpaceOnUse",
        patternTransform: "rotate(45)",
      },
      svg("line", { x1: 0, y1: 0, x2: 0, y2: 5, stroke: ink, "stroke-width": 2 }),
    ),
  );
  return svg(
    "svg",
    { viewBox: "0 0 40 40", width: 34, height: 34, "aria-hidden": "true" },
    hatch,
    body,
  );
}

export function face(name) {
  const parts = name.split("-");
  if (parts.length === 3) {
    const [fill, colour, kind] = parts;
    return {
      label: shape(kind, colour, fill),
      cls: "complete",
      title: name,
      extra: el("small", {}, `${fill} ${colour} ${kind}`),
    };
  }
  // A Single: one value of one characteristic.
  if (COLOURS.includes(name))
    return {
      label: shape(null, name, "Filled"),
      cls: "single",
      title: `${name} Single`,
      extra: el("small", {}, name),
    };
  if (SHAPES.includes(name))
    return {
      label: shape(name, null, "Hollow"),
      cls: "single",
      title: `${name} Single`,
      extra: el("small", {}, name),
    };
  if (FILLS.includes(name))
    return {
      label: shape("Square", null, name),
      cls: "single",
      title: `${name} Single`,
      extra: el("small", {}, name),
    };
  return { label: name };
}

export function renderBoard(view, ctx) {
  const obs = view.observation;
  const pub = obs.public;
  const zones = obs.zones;
  const me = ctx.me;
  const parts = [];

  // The laid Complete this round and the pass chain.
  const centre = panel(
    `Round ${pub.round} — ${pub.phase}`,
    "centre",
    el(
      "div",
      { class: "laid" },
      el("span", { class: "label" }, "Laid Completes"),
      cardRow(zones.laid, face, "none yet"),
    ),
    pub.led ? el("p", {}, "Everyone must match ", el("strong", {}, pub.led)) : null,
  );
  if (pub.passer !== null && pub.passer !== undefined) {
    centre.append(
      el(
        "p",
        { class: "passing" },
        `Passing: ${SEATS[pub.passer]} → ${SEATS[pub.receiver]}, ` +
          `${pub.to_pass} Single(s) still to pass`,
      ),
    );
  }
  if (pub.chain && pub.chain.length)
    centre.append(
      el("p", { class: "muted" }, `Chain: ${pub.chain.map((s) => SEATS[s]).join(" → ")}`),
    );
  if (zones.singles.length)
    centre.append(
      el("div", {}, el("span", { class: "label" }, "Played Singles"), cardRow(zones.singles, face)),
    );
  centre.append(
    el("p", { class: "muted" }, `Pile: ${pub.pile_size} Completes · target ${pub.target} points`),
    el(
      "div",
      {},
      el("span", { class: "label" }, "Discarded Completes"),
      cardRow(zones.discarded, face, "none"),
    ),
  );
  parts.push(centre);

  // Every seat.
  const seats = el("div", { class: "seats" });
  for (let s = 0; s < 3; s++) {
    const facts = [
      `total ${pub.totals[s]}`,
      `this round ${pub.round_points[s]}`,
      `${pub.complete_counts[s]} Completes`,
      `${pub.hand_sizes[s]} Singles`,
    ];
    if (pub.busted[s]) facts.push("busted");
    if (s === pub.lead) facts.push("lead");
    if (obs.committed[s]) facts.push("has played");
    seats.append(
      el(
        "section",
        {
          class: `seat${s === me ? " mine" : ""}${obs.to_act.includes(s) ? " to-act" : ""}`,
          "data-seat": s,
        },
        el("h3", {}, s === me ? `You — ${ctx.names[s]}` : ctx.names[s]),
        el("p", { class: "seat-facts" }, facts.join(" · ")),
        s === me ? null : cardRow(zones[`completes:${s}`], face, "no Completes"),
      ),
    );
  }
  parts.push(seats);

  if (me !== null) {
    // The Completes the lead just drew: choose the one to lay.
    const drawn = zones[`drawn:${me}`];
    if (drawn.length) {
      parts.push(
        panel(
          "Drawn — lay one",
          "drawn mine",
          el(
            "div",
            { class: "cards" },
            drawn.map((name) => playable(ctx, card(name, face), ctx.find("lay", { card: name }))),
          ),
        ),
      );
    }
    parts.push(
      panel(
        "Your Completes",
        "mine",
        cardRow(zones[`completes:${me}`], face, "none: one more miss and you bust"),
      ),
    );
    // Singles grouped by value, with the progress towards a set of four.
    const counts = new Map();
    for (const name of zones[`hand:${me}`]) counts.set(name, (counts.get(name) || 0) + 1);
    const mine = zones[`completes:${me}`];
    const groups = el("div", { class: "singles" });
    for (const value of [...FILLS, ...COLOURS, ...SHAPES]) {
      const n = counts.get(value) || 0;
      if (!n) continue;
      const matches = mine.filter((c) => c.split("-").includes(value)).length;
      const actions = ctx.find(["play", "pass"], { card: value });
      const group = el(
        "div",
        {
          class: `single-group${n >= 4 ? " set" : ""}`,
          title: `${n} of 4 ${value}; a set would score ${matches}`,
        },
        card(value, face),
        el("span", { class: "count" }, `${n}/4${n >= 4 ? " set!" : ""}`),
      );
      groups.append(playable(ctx, group, actions));
    }
    if (!groups.childNodes.length) groups.append(el("span", { class: "muted" }, "no Singles"));
    parts.push(panel(`Your Singles (${zones[`hand:${me}`].length})`, "hand-panel mine", groups));
  }
  return parts;
}

// The result screen's figures: the last round's points, the Completes won, and busts.
export function resultColumns(obs) {
  const pub = obs.public;
  return [
    { label: "last round", cells: pub.round_points },
    { label: "Completes", cells: pub.complete_counts },
    { label: "target", cells: pub.totals.map(() => pub.target) },
  ];
}

// Each seat's panel: total towards the target, this round's points, Completes, cards in hand.
export function seatCounters(obs, s) {
  const pub = obs.public;
  return [
    { label: "total", value: `${pub.totals[s]} of ${pub.target}` },
    { label: "this round", value: pub.round_points[s] },
    { label: "Completes", value: pub.complete_counts[s] },
    { label: "cards in hand", value: pub.hand_sizes[s] },
    pub.busted && pub.busted[s] ? { label: "round", value: "busted" } : null,
  ];
}
