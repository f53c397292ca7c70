// The table page: one WebSocket that pushes this seat's view; clicks send actions.
import { api, clear, el, savedSeat, saveSeat } from "./dom.js";
import { boardFor, renderPlayers } from "./views/index.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
let socket = null;
let view = null;
let retry = 500;

function names(summary) {
  return summary.seats.map((s, i) => `${s.name || (s.kind === "bot" ? `${s.bot} bot` : "open seat")} (seat ${i + 1})`);
}

function drawJoin(summary) {
  const box = $("join");
  const mine = savedSeat(tableId);
  const open = summary.seats.map((s, i) => [s, i]).filter(([s]) => !s.taken);
  box.hidden = Boolean(mine) || !open.length || summary.finished;
  clear(box);
  if (box.hidden) return;
  box.append(el("h2", {}, "Take a seat"), el("label", {}, "Your name ", el("input", { id: "join-name", maxlength: 40 })));
  for (const [, i] of open) {
    box.append(el("button", { onclick: () => join(i) }, `Sit at seat ${i + 1}`));
  }
  box.append(el("p", {}, "Or just watch: you are a spectator until you take a seat."));
}

async function join(seat) {
  try {
    const result = await api(`/api/tables/${tableId}/join`, { seat, name: $("join-name").value });
    saveSeat(tableId, result.seat, result.token);
    connect();
  } catch (error) {
    $("error").textContent = error.message;
  }
}

function send(action) {
  $("error").textContent = "";
  socket.send(JSON.stringify({ type: "action", seq: view.seq, action }));
}

function drawActions() {
  const box = clear($("actions"));
  const obs = view.observation;
  if (obs.terminal) {
    const result = obs.returns.map((r, i) => `${names(view.table)[i]}: ${obs.scores[i]}${r > 0 ? " (wins)" : ""}`);
    box.append(el("div", { class: "result" }, el("h2", {}, "Game over"), el("p", {}, result.join(" · ")),
      el("a", { href: `/api/tables/${tableId}/record`, download: `cardtable-${tableId}.json` }, "Download the game record")));
    return;
  }
  if (view.seat === null) {
    box.append(el("p", {}, "You are watching."));
    return;
  }
  if (!view.legal.length) {
    box.append(el("p", {}, obs.my_commit ? `You chose “${obs.my_commit}”; waiting for the others.` : "Waiting for the others."));
    return;
  }
  box.append(el("h2", {}, "Your move"));
  const row = el("div", { class: "actions" });
  for (const action of view.legal) {
    row.append(el("button", { onclick: () => send(action.id), title: action.description, "data-action": action.text },
      action.text, action.description !== action.text ? el("small", {}, action.description) : null));
  }
  box.append(row);
}

function draw() {
  const summary = view.table;
  $("title").textContent = `${summary.display_name} — ${view.seat === null ? "spectator" : `you are seat ${view.seat + 1}`}`;
  drawJoin(summary);
  clear($("players")).append(...renderPlayers(view, names(summary)));
  clear($("board")).append(...boardFor(summary.game)(view, names(summary), (action) => send(action.id)));
  drawActions();
  const log = clear($("log"));
  for (const line of view.observation.log.slice(-60)) log.append(el("li", {}, line));
  log.scrollTop = log.scrollHeight;
  $("invite").textContent = summary.seats.some((s) => !s.taken) ? `Invite a friend: ${location.origin}/t/${tableId}` : "";
}

function connect() {
  if (socket) { socket.onclose = null; socket.close(); }
  const mine = savedSeat(tableId);
  const query = mine ? `?token=${encodeURIComponent(mine.token)}` : "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${tableId}/ws${query}`);
  $("status").textContent = "connecting…";
  socket.onopen = () => { $("status").textContent = "connected"; retry = 500; };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") { view = message; draw(); }
    else if (message.type === "error") $("error").textContent = message.message;
  };
  socket.onclose = (event) => {
    $("status").textContent = "disconnected — reconnecting…";
    if (event.code === 4403) { localStorage.removeItem(`cardtable:${tableId}`); }
    if (event.code === 4404) { $("status").textContent = "no such table"; return; }
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

connect();
