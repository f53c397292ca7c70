// Magic Show: each magician's practice pile with the show's length and value, the two face-down
// plays of this turn (and what they turned out to be), your hand to play from, the other hand.
import { el } from "../dom.js";
import { actionButton, card, cardRow, panel, playable, playingCard } from "../cards.js";

const SEATS = ["Red", "Black"];
const ROLES = {
  A: "Stop",
  2: "Mistake",
  3: "Mistake",
  4: "Mistake",
  5: "Nap",
  6: "Rehearsal",
  7: "Showtime",
  8: "Buffet",
  9: "Showtime",
  10: "Trick",
  J: "Trick",
  Q: "Trick",
  K: "Trick",
};

export function face(name) {
  const p = playingCard(name);
  if (!p) return { label: name };
  return {
    label: `${p.rank}${p.symbol}`,
    cls: p.red ? "red" : "black",
    title: `${name}: ${ROLES[p.rank]} (a ${p.red ? "Red" : "Black"} card)`,
    extra: el("small", { class: "role" }, ROLES[p.rank]),
  };
}

// A move's text with its cards as rank and suit symbol, as the table shows them ("play K♥").
export function moveText(text) {
  return text.replace(/\b(A|[2-9]|10|J|Q|K)([CDHS])\b/g, (name) => {
    const p = playingCard(name);
    return `${p.rank}${p.symbol}`;
  });
}

// The stop window (MS-R4) asks both seats at every card, Ace or not, so that being asked says
// nothing about a hand. So the answer is given the same way either way: one obvious button that
// is also the page's default (Enter), never answered for the seat by looking at its hand.
function stopWindow(ctx) {
  const resolve = ctx.find("let_resolve");
  if (!resolve.length) return null;
  const stop = ctx.find("cancel");
  const button = actionButton(ctx, "Let it resolve", resolve, "primary");
  button.dataset.default = "";
  button.append(" ", el("kbd", {}, "Enter"));
  return el(
    "div",
    { class: "stop-window" },
    button,
    stop.length ? actionButton(ctx, "Stop it with your Ace", stop) : null,
  );
}

export function renderBoard(view, ctx) {
  const obs = view.observation;
  const pub = obs.public;
  const zones = obs.zones;
  const me = ctx.me;
  const parts = [];
  const other = me === null ? 1 : 1 - me;

  // This turn's plays: face down until both are in, then revealed.
  const plays = el("div", { class: "plays" });
  for (let s = 0; s < 2; s++) {
    let shown;
    if (pub.played && pub.played[s]) shown = card(pub.played[s], face);
    else if (s === me && obs.my_commit)
      shown = el(
        "span",
        { class: "card back mine", title: `you chose ${obs.my_commit}` },
        view.commit ? view.commit.card : obs.my_commit,
      );
    else if (obs.committed[s]) shown = card(null);
    else shown = el("span", { class: "card slot", title: "no card played yet this turn" }, "…");
    const resolving = pub.played && pub.played[s] && pub.played[s] === pub.resolving;
    plays.append(
      el(
        "div",
        { class: `play${resolving ? " resolving" : ""}` },
        el("span", { class: "label" }, `${SEATS[s]}${s === me ? " (you)" : ""}`),
        shown,
        resolving ? el("small", {}, "resolving") : null,
      ),
    );
  }
  parts.push(
    panel(
      `Turn ${pub.turn} — the plays`,
      "plays-panel",
      plays,
      pub.deciding ? el("p", { class: "deciding" }, pub.deciding) : null,
      stopWindow(ctx),
    ),
  );

  // The two practice piles (the shows).
  const piles = el("div", { class: "piles" });
  for (const s of me === null ? [0, 1] : [me, other]) {
    piles.append(
      el(
        "section",
        {
          class: `pile seat${s === me ? " mine" : ""}${obs.to_act.includes(s) ? " to-act" : ""}`,
          "data-seat": s,
        },
        el("h3", {}, `${SEATS[s]}'s show — ${s === me ? "you" : ctx.names[s]}`),
        el(
          "p",
          { class: "show" },
          el("strong", {}, `${pub.show_minutes[s]} minutes`),
          ` · value ${pub.show_value[s]} · score ${pub.scores[s]}`,
        ),
        cardRow(zones[`pile:${s}`], face, "no cards yet"),
      ),
    );
  }
  parts.push(piles);

  // Hands.
  if (me !== null) {
    const row = el("div", { class: "cards hand" });
    for (const name of zones[`hand:${me}`]) {
      row.append(playable(ctx, card(name, face), ctx.find("play", { card: name })));
    }
    parts.push(panel(`Your hand (${SEATS[me]})`, "hand-panel mine", row));
  }
  parts.push(
    panel(
      `${SEATS[other]}'s hand — ${ctx.names[other]}`,
      "other-hand",
      cardRow(zones[`hand:${other}`], face),
    ),
  );
  if (me === null) parts.push(panel("Red's hand", "other-hand", cardRow(zones["hand:0"], face)));
  parts.push(
    el("p", { class: "muted" }, `Deck: ${pub.deck_size} · discard: `),
    cardRow(zones.discard, face, "none"),
  );
  return parts;
}

// The result screen's figures: what the compulsory Farewell Show added at the end (MS-R10).
export function resultColumns(obs) {
  return [
    { label: "Farewell Show", cells: obs.public.farewell, title: "points the final show added" },
  ];
}

// Each seat's panel: its score, its hand, and the show its practice pile makes now.
export function seatCounters(obs, s) {
  const pub = obs.public;
  return [
    { label: "score", value: pub.scores[s] },
    { label: "cards in hand", value: (obs.zones[`hand:${s}`] || []).length },
    { label: "pile", value: (obs.zones[`pile:${s}`] || []).length, title: "practice pile size" },
    {
      label: "show",
      value: `${pub.show_minutes[s]} min, ${pub.show_value[s]}`,
      title: "the show the pile makes now: minutes, value",
    },
  ];
}
