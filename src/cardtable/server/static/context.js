// The context a game view draws with: seat names, this seat's legal actions and how to take them.
// Used by the table page (live) and the replay page (no actions).

export function seatNames(summary) {
  return summary.seats.map(
    (s, i) => `${s.name || (s.kind === "bot" ? `${s.bot} bot` : "open seat")} (seat ${i})`,
  );
}

export function makeContext(view, { send = null, focus = null } = {}) {
  const legal = send ? view.legal : [];
  const claimed = new Set();
  return {
    names: seatNames(view.table),
    me: view.seat,
    canAct: Boolean(send) && legal.length > 0,
    legal,
    claimed,
    // The legal actions of a kind (or one of several kinds) whose arguments include `args`:
    // `find("pota", { seat: 2 })`, `find(["play", "pass"], { card: "Red" })`; or those a
    // function of the action accepts. Views read each action's `data` (its kind and named
    // arguments, sent beside the text), never its text: the text is for people.
    find(kind, args = {}) {
      if (typeof kind === "function") return legal.filter(kind);
      const kinds = Array.isArray(kind) ? kind : [kind];
      return legal.filter(
        (a) =>
          kinds.includes(a.data.kind) &&
          Object.entries(args).every(([key, value]) => a.data[key] === value),
      );
    },
    claim(actions) {
      for (const a of actions) claimed.add(a.id);
    },
    send(action) {
      if (send) send(action.id);
    },
    focus(actions, label) {
      if (focus) focus(actions, label);
    },
  };
}
