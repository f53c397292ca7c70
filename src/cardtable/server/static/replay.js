// The replay viewer: steps through a finished game as one seat (or a spectator) saw it, drawn
// by the same game view as the live table, with no actions to take.
import { api, clear, el } from "./dom.js";
import { makeContext, seatNames } from "./context.js";
import { summaryBox } from "./summary.js";
import { loadView, renderPlayers } from "./views/index.js";
import { drawLog, finalScoring, lastMoves } from "./moves.js";
import { setupMotion } from "./motion.js";
import { drawChat } from "./chat.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/")[2];
const params = new URLSearchParams(location.search);
const seatParam = params.get("seat");
const seat = seatParam === null || seatParam === "" ? null : Number(seatParam);
let data = null;
let module = null;
let logs = []; // the whole log up to each step
let timelines = []; // the moves (numbered by step) and log lines up to each step
let at = 0;

function show(step) {
  at = Math.max(0, Math.min(step, data.steps.length - 1));
  const entry = data.steps[at];
  const view = {
    type: "view",
    table: data.table,
    seq: at,
    seat,
    observation: {
      ...entry.observation,
      log: logs[at],
      history: data.steps.slice(1, at + 1).map((s) => s.move),
      history_data: data.steps.slice(1, at + 1).map((s) => s.move_data ?? null),
    },
    legal: [],
  };
  const ctx = makeContext(view);
  $("step").value = String(at);
  $("position").textContent = `step ${at} of ${data.steps.length - 1}`;
  $("move").textContent = entry.move
    ? `${ctx.names[entry.move[0]]}: ${entry.move[1]}`
    : "The deal.";
  clear($("players")).append(...renderPlayers(view, ctx.names, module));
  clear($("board")).append(...module.renderBoard(view, ctx));
  const result = clear($("result"));
  if (view.observation.terminal)
    result.append(
      summaryBox(view.observation, data.table, {
        seat,
        replay: false,
        columns: module.resultColumns ? module.resultColumns(view.observation) : [],
        finalLines: finalScoring(timelines[at]),
      }),
    );
  drawLog($("log"), timelines[at].slice(-80), ctx.names, lastMoves(view), module.moveText);
  // The chat as it stood at this step: each message from the step it was sent at.
  drawChat(
    $("chat-log"),
    (data.chat || []).filter((m) => m.step <= at),
    seat,
  );
  $("first").disabled = $("back").disabled = at === 0;
  $("last").disabled = $("forward").disabled = at === data.steps.length - 1;
}

async function start() {
  try {
    data = await api(
      `/api/tables/${encodeURIComponent(tableId)}/replay${seat === null ? "" : `?seat=${seat}`}`,
    );
  } catch (error) {
    $("error").textContent = error.message;
    return;
  }
  module = await loadView(data.table.game);
  let log = [];
  logs = data.steps.map((s) => (log = log.concat(s.log)));
  let entries = [];
  timelines = data.steps.map(
    (s, step) =>
      (entries = entries.concat(
        s.move ? [{ step, seat: s.move[0], text: s.move[1], data: s.move_data ?? null }] : [],
        s.log.map((text) => ({ step, seat: null, text, data: null })),
      )),
  );
  const names = seatNames(data.table);
  const who = seat === null ? "as a spectator" : `as ${names[seat]}`;
  $("title").textContent = `Replay: ${data.table.display_name} — ${who}`;
  const nav = clear($("seats"));
  nav.append(el("span", { class: "label" }, "Watch as:"));
  names.forEach((name, i) =>
    nav.append(i === seat ? el("strong", {}, name) : el("a", { href: `?seat=${i}` }, name)),
  );
  nav.append(seat === null ? el("strong", {}, "spectator") : el("a", { href: "?" }, "spectator"));
  $("step").max = String(data.steps.length - 1);
  $("first").onclick = () => show(0);
  $("back").onclick = () => show(at - 1);
  $("forward").onclick = () => show(at + 1);
  $("last").onclick = () => show(data.steps.length - 1);
  $("step").oninput = () => show(Number($("step").value));
  document.addEventListener("keydown", (event) => {
    if (event.target.tagName === "INPUT") return;
    if (event.key === "ArrowLeft") show(at - 1);
    else if (event.key === "ArrowRight") show(at + 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(data.steps.length - 1);
  });
  show(Number(params.get("step") || 0));
}

setupMotion($("motion"));
start();
