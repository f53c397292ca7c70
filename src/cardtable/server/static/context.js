// The context a game view draws with: seat names, this seat's legal actions and how to take them.
// Used by the table page (live) and the replay page (no actions).

export function seatNames(summary) {
  return summary.seats.map((s, i) => `${s.name || (s.kind === "bot" ? `${s.bot} bot` : "open seat")} (seat ${i})`);
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
    find(pattern) {
      return legal.filter((a) => (typeof pattern === "function" ? pattern(a) : pattern.test(a.text)));
    },
    claim(actions) { for (const a of actions) claimed.add(a.id); },
    send(action) { if (send) send(action.id); },
    focus(actions, label) { if (focus) focus(actions, label); },
  };
}
