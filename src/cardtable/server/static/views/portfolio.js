// Portfolio: every seat's money and portfolios (cards, caps, value), your hand, the stock and the
// discard top, and the trade offer being built, answered or waiting. Every step of a trade is a
// click: "offer a trade" on a seat, then cards from your hand, portfolios on the table, cards and
// dollars from the pickers, then "send offer"; the other seat accepts or declines.
import { el } from "../dom.js";
import { actionButton, card, cardRow, panel, playable, playingCard } from "../cards.js";

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const SUITS = ["C", "D", "H", "S"];

function order(a, b) {
  const pa = playingCard(a),
    pb = playingCard(b);
  if (!pa || !pb) return String(a).localeCompare(String(b));
  return (
    SUITS.indexOf(pa.suit) - SUITS.indexOf(pb.suit) ||
    RANKS.indexOf(pa.rank) - RANKS.indexOf(pb.rank)
  );
}

// The offer on the table (public, PF-R10) from its parts, `public.trade`: each side's items
// as people write them ("7H", "pf2", "$3") and the portfolios it names.
export function offerOf(trade) {
  if (!trade) return null;
  const items = (side) => [
    ...side.cards,
    ...side.portfolios.map((k) => `pf${k}`),
    ...(side.money ? [`$${side.money}`] : []),
  ];
  return {
    proposer: trade.proposer,
    responder: trade.responder,
    give: items(trade.give),
    ask: items(trade.ask),
    portfolios: new Set([...trade.give.portfolios, ...trade.ask.portfolios]),
  };
}

// What a trade item names: a card, a portfolio or dollars.
const itemOf = (data) =>
  data.card ?? (data.amount !== undefined ? `$${data.amount}` : `pf${data.portfolio}`);

function picker(ctx, label, actions) {
  if (!actions.length || !ctx.canAct) return null;
  ctx.claim(actions);
  const select = el(
    "select",
    { "aria-label": label },
    actions.map((a) => el("option", { value: String(a.id) }, itemOf(a.data))),
  );
  const go = el(
    "button",
    {
      class: "act",
      title: label,
      onclick: () => {
        const a = actions.find((x) => String(x.id) === select.value);
        if (a) ctx.send(a);
      },
    },
    label,
  );
  return el("span", { class: "picker" }, select, go);
}

function portfolioBox(ctx, pf, zone, offer) {
  const slot = pf.slot;
  const actions = ctx.find((a) => a.data.portfolio === slot); // extend, cap, acquire, give, ask…
  const inOffer = offer && offer.portfolios.has(slot);
  const caps = [
    pf.capped_low ? "low end capped" : null,
    pf.capped_high ? "high end capped" : null,
  ].filter(Boolean);
  const box = el(
    "div",
    { class: `portfolio${inOffer ? " in-offer" : ""}`, "data-slot": slot },
    el(
      "div",
      { class: "pf-head" },
      el("strong", {}, `pf${slot}`),
      ` ${pf.run} · value $${pf.value}`,
      caps.length ? ` · ${caps.join(", ")}` : "",
    ),
    cardRow(zone),
  );
  return playable(ctx, box, actions);
}

export function renderBoard(view, ctx) {
  const obs = view.observation;
  const pub = obs.public;
  const zones = obs.zones;
  const me = ctx.me;
  const parts = [];
  const offer = offerOf(pub.trade);

  // Stock, discard top, buying.
  const discard = pub.discard_top
    ? playable(ctx, card(pub.discard_top), ctx.find("take_discard"))
    : el("span", { class: "muted" }, "empty");
  const buying = ctx.find("draw");
  const centre = panel(
    `Turn of ${ctx.names[pub.active] ?? "—"} — ${pub.phase}`,
    "centre",
    el(
      "div",
      { class: "row" },
      el("span", { class: "label" }, "Discard top"),
      discard,
      el("span", { class: "muted" }, ` Stock: ${pub.stock_size}`),
    ),
    pub.ending
      ? el("p", { class: "warning" }, pub.final_turn ? "Final turn!" : "The game is ending.")
      : null,
  );
  if (buying.length) {
    ctx.claim(buying);
    centre.append(
      el(
        "p",
        {},
        `Income this turn: $${pub.income}. Buy cards: `,
        el(
          "span",
          { class: "buy" },
          buying.map((a) =>
            el(
              "button",
              {
                class: "act small",
                title: a.description,
                "data-action": a.text,
                onclick: () => ctx.send(a),
              },
              String(a.data.count),
            ),
          ),
        ),
        " ",
        actionButton(ctx, "pauper", ctx.find("pauper")),
      ),
    );
  }
  const source = [
    actionButton(ctx, "take discard", ctx.find("take_discard")),
    actionButton(ctx, "from stock", ctx.find("from_stock")),
  ].filter(Boolean);
  if (source.length) centre.append(el("div", { class: "targets" }, source));
  parts.push(centre);

  // The trade: being built, waiting for an answer, or the open table.
  const trade = panel("Trade", "trade");
  if (offer) {
    const who = (s) => (s === me ? "you" : ctx.names[s]);
    trade.append(
      el(
        "p",
        { class: "offer" },
        `${who(offer.proposer)} ${offer.proposer === me ? "give" : "gives"} `,
        el("strong", {}, offer.give.join(", ") || "nothing"),
        ` for `,
        el("strong", {}, offer.ask.join(", ") || "nothing"),
        ` from ${who(offer.responder)}`,
      ),
    );
    if (pub.phase === "offer" && offer.proposer === me && ctx.canAct) {
      trade.append(
        el(
          "p",
          { class: "hint" },
          "Add to the offer: click cards in your hand and portfolios on the table, or pick here.",
        ),
        el(
          "div",
          { class: "targets" },
          picker(
            ctx,
            "Ask for card",
            ctx.find((a) => a.data.kind === "ask" && a.data.card !== undefined),
          ),
          picker(
            ctx,
            "Give dollars",
            ctx.find((a) => a.data.kind === "give" && a.data.amount !== undefined),
          ),
          picker(
            ctx,
            "Ask dollars",
            ctx.find((a) => a.data.kind === "ask" && a.data.amount !== undefined),
          ),
        ),
      );
    }
  } else {
    trade.append(el("p", { class: "muted" }, "No offer on the table."));
  }
  const decisions = ["send_offer", "cancel_offer", "accept", "decline", "no_offer"]
    .map((k) =>
      actionButton(
        ctx,
        k.replace("_", " "),
        ctx.find(k),
        k === "accept" || k === "send_offer" ? "primary" : "",
      ),
    )
    .filter(Boolean);
  if (decisions.length) trade.append(el("div", { class: "targets" }, decisions));
  if (offer || decisions.length || ctx.find("propose").length) parts.push(trade);

  // Every seat: money, hand size, portfolios.
  const seats = el("div", { class: "seats" });
  for (let s = 0; s < obs.num_players; s++) {
    const facts = [`$${pub.money[s]}`, `income $${pub.incomes[s]}`, `${pub.hand_sizes[s]} cards`];
    if (s === pub.active) facts.push("active");
    if (s === pub.dealer) facts.push("dealer");
    const pfs = pub.portfolios.filter((p) => p.owner === s);
    const propose = actionButton(ctx, "offer a trade", ctx.find("propose", { seat: s }), "target");
    seats.append(
      el(
        "section",
        {
          class: `seat${s === me ? " mine" : ""}${obs.to_act.includes(s) ? " to-act" : ""}`,
          "data-seat": s,
        },
        el("h3", {}, s === me ? `You — ${ctx.names[s]}` : ctx.names[s]),
        el("p", { class: "seat-facts" }, facts.join(" · ")),
        el(
          "div",
          { class: "portfolios" },
          pfs.length
            ? pfs.map((p) => portfolioBox(ctx, p, zones[`pf:${p.slot}`], offer))
            : el("span", { class: "muted" }, "no portfolios"),
        ),
        propose,
      ),
    );
  }
  parts.push(seats);

  // Your hand: discard or give a card with a click.
  if (me !== null) {
    const hand = [...zones[`hand:${me}`]].sort(order);
    const row = el("div", { class: "cards hand" });
    let last = null;
    for (const name of hand) {
      const actions = name === last ? [] : ctx.find(["discard", "give"], { card: name });
      last = name;
      row.append(playable(ctx, card(name), actions));
    }
    parts.push(panel(`Your hand (${hand.length})`, "hand-panel mine", row));
  }
  return parts;
}

// The result screen's figures: money is the score; the portfolios each seat owned at the end
// and their values (the income they paid).
export function resultColumns(obs) {
  const pub = obs.public;
  const owned = pub.money.map((_, s) => pub.portfolios.filter((p) => p.owner === s));
  return [
    { label: "money", cells: pub.money.map((m) => `$${m}`) },
    { label: "portfolios", cells: owned.map((list) => list.length) },
    {
      label: "portfolio value",
      cells: owned.map((list) => list.reduce((sum, p) => sum + p.value, 0)),
      title: "the sum of the owned portfolios' values",
    },
  ];
}

// Each seat's panel: money (the score), income, cards in hand, portfolios owned.
export function seatCounters(obs, s) {
  const pub = obs.public;
  return [
    { label: "money", value: `$${pub.money[s]}` },
    pub.incomes
      ? {
          label: "income",
          value: `$${pub.incomes[s]}`,
          title: "paid each turn by the owned portfolios",
        }
      : null,
    {
      label: "cards in hand",
      value: pub.hand_sizes ? pub.hand_sizes[s] : (obs.zones[`hand:${s}`] || []).length,
    },
    { label: "portfolios", value: (pub.portfolios || []).filter((p) => p.owner === s).length },
  ];
}
