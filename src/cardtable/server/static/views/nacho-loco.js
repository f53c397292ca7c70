// Nacho Loco: the triangular Playfield in SVG, each card split into its three segments, the
// board outline, and the cells where you may play highlighted. Click a highlighted cell to see
// the cards you can put there (drawn as they would lie) and click one to play it.
import { el } from "../dom.js";

const SVG = "http://www.w3.org/2000/svg";
const COLOURS = {
  R: "#d62728",
  Y: "#f2c40f",
  G: "#2ca02c",
  B: "#1f77b4",
  O: "#ff7f0e",
  P: "#9467bd",
};
const ACTION_MARK = { GO: "+", SKIP: "»", D3: "3" };
const ACTION_TITLE = { GO: "Go Again", SKIP: "Skip Next", D3: "Opponent Draws 3", X: "black X" };
const SIZE = 56; // edge length in px
const H = (SIZE * Math.sqrt(3)) / 2;

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function segmentsOf(name) {
  if (name.toLowerCase() === "closer") return ["CLOSER", "CLOSER", "CLOSER"];
  return name.split("-");
}

const isUp = (r, c) => (((r + c) % 2) + 2) % 2 === 0;

function corners(r, c) {
  return isUp(r, c)
    ? [
        [c + 1, r],
        [c, r + 1],
        [c + 2, r + 1],
      ]
    : [
        [c, r],
        [c + 2, r],
        [c + 1, r + 1],
      ];
}

// The corner pairs of each edge in the cell's clockwise order: up B, L, R; down T, R, L.
function edges(r, c) {
  const [a, b, d] = corners(r, c);
  return isUp(r, c)
    ? [
        [b, d],
        [a, b],
        [a, d],
      ]
    : [
        [a, b],
        [b, d],
        [a, d],
      ];
}

function distance(p, q) {
  const dx = Math.abs(p[0] - q[0]);
  const dy = Math.abs(p[1] - q[1]);
  return Math.max(dy, (dx + dy) / 2);
}

const boardCache = new Map();

// The cells of a board in the engine's numbering (rows top down, columns left to right).
function boardCells(name) {
  if (boardCache.has(name)) return boardCache.get(name);
  const radius = name === "unbounded" ? 95 : Number(name.split(":")[1]);
  const cells = [];
  for (let r = -radius; r <= radius; r++) {
    for (let c = -2 * radius - 2; c <= 2 * radius + 2; c++) {
      if (corners(r, c).every((p) => distance(p, [1, 0]) <= radius)) cells.push([r, c]);
    }
  }
  boardCache.set(name, cells);
  return cells;
}

const px = ([x, y]) => [(x * SIZE) / 2, y * H];

function fillOf(segment) {
  if (COLOURS[segment]) return COLOURS[segment];
  if (segment === "X") return "#222";
  if (segment === "CLOSER") return "#c9a227";
  return "#fafafa";
}

// One card in a cell: three triangles from the centre to each edge, coloured by segment.
function cardShape(r, c, shown, extra = {}) {
  const pts = corners(r, c).map(px);
  const centre = [(pts[0][0] + pts[1][0] + pts[2][0]) / 3, (pts[0][1] + pts[1][1] + pts[2][1]) / 3];
  const group = svg("g", { class: "nl-card", ...extra });
  edges(r, c).forEach(([p, q], i) => {
    const a = px(p);
    const b = px(q);
    const segment = shown[i];
    group.append(
      svg(
        "polygon",
        {
          points: `${centre.join(",")} ${a.join(",")} ${b.join(",")}`,
          fill: fillOf(segment),
          stroke: "#555",
          "stroke-width": 0.6,
        },
        svg("title", {}, ACTION_TITLE[segment] || segment.toLowerCase()),
      ),
    );
    if (COLOURS[segment]) {
      // The colour's letter too, so segments match without telling colours apart.
      const lx = (a[0] + b[0] + centre[0] * 4) / 6;
      const ly = (a[1] + b[1] + centre[1] * 4) / 6;
      const dark = segment === "Y" || segment === "O";
      group.append(
        svg(
          "text",
          { x: lx, y: ly + 4, "text-anchor": "middle", class: `nl-letter${dark ? " dark" : ""}` },
          segment,
        ),
      );
    }
    if (ACTION_MARK[segment] || segment === "CLOSER") {
      const mx = (a[0] + b[0] + centre[0] * 2) / 4;
      const my = (a[1] + b[1] + centre[1] * 2) / 4;
      group.append(
        svg(
          "text",
          { x: mx, y: my + 5, "text-anchor": "middle", class: "nl-mark" },
          segment === "CLOSER" ? "★" : ACTION_MARK[segment],
        ),
      );
    }
  });
  group.append(
    svg("polygon", {
      points: pts.map((p) => p.join(",")).join(" "),
      fill: "none",
      stroke: "#111",
      "stroke-width": 1.6,
    }),
  );
  return group;
}

function shownOf(name, rot) {
  const segs = segmentsOf(name);
  return [0, 1, 2].map((i) => segs[(i + rot) % 3]);
}

function frame(cells) {
  const pts = cells.flatMap(([r, c]) => corners(r, c).map(px));
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const pad = 6;
  return [
    Math.min(...xs) - pad,
    Math.min(...ys) - pad,
    Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad,
  ];
}

// A single card drawn upright (or as it would lie in a down cell), for the hand and the choices.
function miniCard(name, rot = 0, up = true, label = null) {
  const [r, c] = up ? [0, 0] : [0, 1];
  const box = frame([[r, c]]);
  const node = svg("svg", {
    viewBox: box.join(" "),
    width: 64,
    height: 58,
    class: "nl-mini",
    role: "img",
    "aria-label": label || name,
  });
  node.append(cardShape(r, c, shownOf(name, rot)));
  return node;
}

export function renderBoard(view, ctx) {
  const names = ctx.names;
  const obs = view.observation;
  const pub = obs.public;
  const cells = boardCells(pub.board);
  const placed = new Map(pub.field.map((f) => [`${f.at[0]},${f.at[1]}`, f]));
  const byCell = new Map();
  const placements = ctx.find("place");
  ctx.claim(placements); // placements are played on the board, not as a long list of buttons
  for (const action of placements) {
    const { card, cell, rotation } = action.data;
    if (!byCell.has(cell)) byCell.set(cell, []);
    byCell.get(cell).push({ card, cell, rot: rotation, action });
  }
  const shownCells =
    pub.board === "unbounded"
      ? cells.filter(
          ([r, c]) =>
            placed.has(`${r},${c}`) || byCell.has(cells.findIndex((x) => x[0] === r && x[1] === c)),
        )
      : cells;
  const field = svg("svg", {
    viewBox: frame(shownCells.length ? shownCells : [[0, 0]]).join(" "),
    class: "nl-field",
    role: "img",
    "aria-label": "the Playfield",
  });
  const choices = el("div", { class: "nl-choices" });
  const choose = (action) => ctx.send(action);
  cells.forEach(([r, c], index) => {
    const key = `${r},${c}`;
    if (placed.has(key) || (pub.board === "unbounded" && !byCell.has(index))) return;
    const pts = corners(r, c)
      .map(px)
      .map((p) => p.join(","))
      .join(" ");
    const options = byCell.get(index);
    const attrs = { points: pts, class: options ? "nl-cell nl-open" : "nl-cell" };
    if (options) {
      attrs["data-action"] = `choose cell ${index}`;
      attrs.onclick = () => showChoices(choices, index, options, r, c, choose);
      attrs.tabindex = 0;
      attrs.onkeydown = (event) => {
        if (event.key === "Enter") showChoices(choices, index, options, r, c, choose);
      };
    }
    field.append(
      svg(
        "polygon",
        attrs,
        svg(
          "title",
          {},
          options ? `cell ${index}: ${options.length} way(s) to play` : `cell ${index}`,
        ),
      ),
    );
    if (options) {
      const [a, b, d] = corners(r, c).map(px);
      field.append(
        svg(
          "text",
          {
            x: (a[0] + b[0] + d[0]) / 3,
            y: (a[1] + b[1] + d[1]) / 3 + 5,
            "text-anchor": "middle",
            class: "nl-num",
          },
          index,
        ),
      );
    }
  });
  // Each card carries its name (data-card), so the one just played slides from the hand onto
  // its cell (flip.js).
  for (const f of pub.field)
    field.append(cardShape(f.at[0], f.at[1], shownOf(f.card, f.rot), { "data-card": f.card }));
  // The card choices come first, so that they sit right above the field once a cell is picked.
  const parts = [choices, el("div", { class: "nl-wrap" }, field)];
  const me = ctx.me;
  if (me !== null) {
    const hand = obs.zones[`hand:${me}`] || [];
    parts.push(
      el(
        "div",
        { class: "zone mine" },
        el("h3", {}, `Your hand (${hand.length})`),
        el(
          "div",
          { class: "nl-hand" },
          hand.map((name) =>
            el("figure", { "data-card": name }, miniCard(name), el("figcaption", {}, name)),
          ),
        ),
      ),
    );
  }
  const rows = pub.points.map((points, s) =>
    el(
      "li",
      {},
      `${s === me ? "You" : names[s]}: ${points} points, ${pub.hand_sizes[s]} card(s)`,
      pub.skips[s] ? ` · ${pub.skips[s]} skip token(s)` : "",
      pub.noplay.includes(s) ? " · drew without playing" : "",
    ),
  );
  parts.push(el("ul", { class: "nl-seats" }, rows));
  const under = (obs.zones.under || []).length ? " (the Closer lies at the bottom)" : "";
  parts.push(
    el(
      "p",
      { class: "muted" },
      `Round ${pub.round} · draw pile ${pub.draw_size}${under} · ` +
        `first to ${pub.target} points wins · board ${pub.board}`,
    ),
  );
  return parts;
}

function showChoices(box, index, options, r, c, choose) {
  while (box.firstChild) box.removeChild(box.firstChild);
  box.append(el("h3", {}, `Cell ${index}: choose a card and how it lies`));
  const row = el("div", { class: "nl-hand" });
  for (const option of options) {
    const button = el("button", {
      class: "nl-choice",
      title: option.action.description,
      "data-action": option.action.text,
      onclick: () => choose(option.action),
    });
    button.append(
      miniCard(option.card, option.rot, isUp(r, c), option.action.text),
      el("small", {}, option.card),
    );
    row.append(button);
  }
  box.append(row);
}

// The result screen's figures: the target, who went out last, the cards each seat still holds.
export function resultColumns(obs) {
  const pub = obs.public;
  return [
    { label: "target", cells: pub.points.map(() => pub.target) },
    {
      label: "last round",
      cells: pub.points.map((_, s) =>
        s === pub.round_winner ? `went out +${pub.last_points}` : "",
      ),
      title: "the seat that went out in the final round and what it scored",
    },
    { label: "cards left", cells: pub.hand_sizes },
  ];
}

// Each seat's panel: points towards the target, cards in hand, skip tokens.
export function seatCounters(obs, s) {
  const pub = obs.public;
  return [
    { label: "points", value: `${pub.points[s]} of ${pub.target}` },
    { label: "cards in hand", value: pub.hand_sizes[s] },
    { label: "skip tokens", value: pub.skips ? pub.skips[s] : 0 },
  ];
}
