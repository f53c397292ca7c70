// Every move in words: the log of moves and the lines they caused, numbered as the replay numbers
// its steps (move k is step k; the deal is step 0), and each seat's latest move for its panel.
// Built only from what the server sent this seat (the core's redacted timeline), never more.
import { el } from "./dom.js";

// Each seat's latest move as {step, text, data} (null before it has moved; data is the move's
// kind and arguments, null where its text is hidden from this seat). A live view carries them
// (its history is only a tail); the replay has the whole history and works them out.
export function lastMoves(view) {
  if (view.last_moves) return view.last_moves;
  const last = new Array(view.observation.num_players).fill(null);
  const datas = view.observation.history_data || [];
  view.observation.history.forEach(([seat, text], i) => {
    last[seat] = { step: i + 1, text, data: datas[i] ?? null };
  });
  return last;
}

// The step of the newest move of any seat (0 before the first).
export function newestStep(view) {
  return Math.max(0, ...lastMoves(view).map((m) => (m ? m.step : 0)));
}

// One log line: a move ("12. Ann (seat 1): play K♥"), or a line it caused. A move whose data
// this seat may read names its kind (data-kind), for styling and tests; a hidden one has none.
export function logLine(entry, names, last, describe = (t) => t) {
  if (entry.seat === null || entry.seat === undefined)
    return el("li", { class: "event" }, entry.text);
  const mine = last[entry.seat];
  const isLast = Boolean(mine && mine.step === entry.step);
  return el(
    "li",
    {
      class: `move${isLast ? " last" : ""}`,
      "data-seat": entry.seat,
      "data-step": entry.step,
      "data-kind": entry.data ? entry.data.kind : null,
      title: isLast ? `${names[entry.seat]}'s latest move` : null,
    },
    el("span", { class: "step" }, `${entry.step}.`),
    " ",
    el("strong", {}, `${names[entry.seat]}:`),
    " ",
    describe(entry.text),
  );
}

// Fill the log list with `entries` (oldest first) and keep it scrolled to the newest.
export function drawLog(box, entries, names, last, describe) {
  while (box.firstChild) box.removeChild(box.firstChild);
  const newest = Math.max(0, ...last.map((m) => (m ? m.step : 0)));
  for (const entry of entries) {
    const line = logLine(entry, names, last, describe);
    if (entry.seat !== null && entry.seat !== undefined && entry.step === newest)
      line.classList.add("newest");
    box.append(line);
  }
  box.scrollTop = box.scrollHeight;
}

// The lines the last move caused (the final scoring), as this seat's log has them.
export function finalScoring(entries) {
  const moves = entries.filter((e) => e.seat !== null && e.seat !== undefined);
  if (!moves.length) return [];
  const last = moves[moves.length - 1].step;
  return entries
    .filter((e) => (e.seat === null || e.seat === undefined) && e.step === last)
    .map((e) => e.text);
}
