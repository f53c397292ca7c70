// The table page: one WebSocket that pushes this seat's view; clicks send actions.
// The board is drawn by the game's view (views/<game>.js, generic as a fallback); every legal
// action the board does not show as a card or target is offered as a button under "Your move".
import { api, clear, el, savedSeat, saveSeat } from "./dom.js";
import { makeContext } from "./context.js";
import { loadView, renderPlayers } from "./views/index.js";
import { summaryBox } from "./summary.js";
import { drawLog, finalScoring, lastMoves } from "./moves.js";
import { icon } from "./icons.js";
import { setupKeys } from "./keys.js";
import { setupMotion } from "./motion.js";
import { beforeRedraw } from "./flip.js";
import { standinNotice, standinTracker, timerText } from "./standin.js";
import { setupChat } from "./chat.js";
import { setupTurnSignals } from "./turn.js";
import { applyUpdate } from "./patch.js";

const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
// An invite link (/t/ID?invite=SECRET) lets its holder take the seat kept for them.
const invite = new URLSearchParams(location.search).get("invite");
let socket = null;
let view = null;
let module = null;
let focused = null; // {ids, label}: the choices narrowed by clicking a card with several
let hint = null; // {seq, rows|null}: the search's estimate for this decision (rows null: thinking)
let retry = 500;
let resyncing = false; // a sync was sent after a missed update: updates wait for the view
// Updates applied and resyncs asked for, on body[data-updates] and body[data-resyncs] (tests).
function count(what) {
  document.body.dataset[what] = String(Number(document.body.dataset[what] || 0) + 1);
}
const standins = standinTracker(tableId);
let standinSteps = []; // steps a stand-in played for this seat while this browser was away
const timeline = []; // every log entry this page has been sent, by its place in the game's timeline

function drawJoin(summary) {
  const box = $("join");
  const mine = savedSeat(tableId);
  const open = summary.seats.map((s, i) => [s, i]).filter(([s]) => !s.taken && !s.invite);
  const invited = invite && summary.seats.some((s) => s.invite && !s.taken);
  box.hidden = Boolean(mine && mine.token) || !(open.length || invited) || summary.finished;
  clear(box);
  if (box.hidden) return;
  box.append(
    el("h2", {}, "Take a seat"),
    el("label", {}, "Your name ", el("input", { id: "join-name", maxlength: 40 })),
  );
  if (invited)
    box.append(el("button", { onclick: () => join(null) }, "Take the seat you were invited to"));
  for (const [, i] of open) {
    box.append(el("button", { onclick: () => join(i) }, `Sit at seat ${i}`));
  }
  box.append(el("p", {}, "Or just watch: you are a spectator until you take a seat."));
}

async function join(seat) {
  try {
    const body = { seat, name: $("join-name").value };
    if (seat === null && invite) body.invite = invite;
    const result = await api(`/api/tables/${tableId}/join`, body);
    saveSeat(tableId, result.seat, result.token, (savedSeat(tableId) || {}).invites || []);
    connect();
  } catch (error) {
    $("error").textContent = error.message;
  }
}

function send(action) {
  $("error").textContent = "";
  focused = null;
  socket.send(JSON.stringify({ type: "action", seq: view.seq, action }));
}

function focus(actions, label) {
  focused = { ids: new Set(actions.map((a) => a.id)), label };
  draw();
  const first = document.querySelector("#actions .actions button");
  if (first) first.focus();
}

function askHint() {
  hint = { seq: view.seq, rows: null };
  timerPausedLeft = timerEnd == null ? null : Math.max(0, timerEnd - Date.now());
  socket.send(JSON.stringify({ type: "hint" }));
  draw();
}

// The Hint panel: every choice with the search's estimated chance to win after it, best first,
// and the rule of thumb's reason on the choice it would make. Made from this seat's view only.
function hintBox() {
  if (!view.table.hints || view.legal.length < 2) return null;
  if (!hint || hint.seq !== view.seq) {
    return el(
      "p",
      {},
      el(
        "button",
        { id: "hint-button", class: "link", onclick: askHint },
        "Hint: what would the search play?",
      ),
    );
  }
  if (!hint.rows)
    return el("p", { class: "waiting", id: "hint-thinking" }, "Thinking about your choices…");
  const byId = new Map(view.legal.map((a) => [a.id, a]));
  const rows = hint.rows
    .filter((r) => byId.has(r.id))
    .map((r) =>
      el(
        "tr",
        {},
        el("td", {}, String(r.rank)),
        el("td", {}, el("button", { onclick: () => send(r.id), "data-action": r.text }, r.text)),
        el("td", { class: "num" }, r.win == null ? "—" : `${Math.round(r.win * 100)}%`),
        el("td", {}, r.reason || ""),
      ),
    );
  return el(
    "details",
    { class: "hints", id: "hints", open: true },
    el(
      "summary",
      {},
      "Hint: your chance to win after each choice (a search from what you can see)",
    ),
    el(
      "table",
      {},
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, "#"),
          el("th", {}, "choice"),
          el("th", {}, "win"),
          el("th", {}, "rule of thumb"),
        ),
      ),
      el("tbody", {}, rows),
    ),
  );
}

// Rematch: a seated person asks for (or joins) the same game again at a new table; a spectator
// may follow the rematch once someone asked for it.
let rematchId = null;
let rematchAsked = false;
function rematchBox() {
  if (!rematchAsked) {
    rematchAsked = true;
    api(`/api/tables/${tableId}/rematch`)
      .then((answer) => {
        if (answer.table && answer.table !== rematchId) {
          rematchId = answer.table;
          draw();
        }
      })
      .catch(() => {});
  }
  const mine = savedSeat(tableId);
  if (view.seat === null || !mine || !mine.token) {
    return rematchId
      ? el("p", {}, el("a", { href: `/t/${rematchId}`, id: "rematch" }, "Watch the rematch"))
      : null;
  }
  const label = rematchId ? "Join the rematch (your seat is kept)" : "Rematch: play again";
  return el(
    "p",
    { class: "rematch" },
    el("button", { id: "rematch", class: "act primary", onclick: playAgain }, label),
    " ",
    el("span", { class: "muted" }, "Same game, seats, bots and options, at a new table."),
  );
}

async function playAgain() {
  try {
    const mine = savedSeat(tableId);
    const answer = await api(`/api/tables/${tableId}/rematch`, { token: mine.token });
    saveSeat(answer.table.id, answer.seat, answer.token);
    location.assign(`/t/${answer.table.id}`);
  } catch (error) {
    // Asked before (this seat's place at the rematch is already given): go and look at it.
    if (rematchId) location.assign(`/t/${rematchId}`);
    else $("error").textContent = error.message;
  }
}

function actionButtons(actions) {
  return actions.map((action) =>
    el(
      "button",
      {
        onclick: () => send(action.id),
        title: action.description,
        "data-action": action.text,
      },
      action.text,
      action.description !== action.text ? el("small", {}, action.description) : null,
    ),
  );
}

function drawActions(ctx) {
  const box = clear($("actions"));
  const obs = view.observation;
  if (obs.terminal) {
    const columns = module.resultColumns ? module.resultColumns(obs) : [];
    const finalLines = finalScoring(timeline.filter(Boolean));
    box.append(
      summaryBox(obs, view.table, { seat: view.seat, columns, finalLines, rematch: rematchBox() }),
    );
    return;
  }
  if (view.seat === null) {
    box.append(el("p", {}, "You are watching."));
    return;
  }
  if (!view.legal.length) {
    box.append(
      el(
        "p",
        { class: "waiting" },
        obs.my_commit
          ? `You chose “${obs.my_commit}”; waiting for the others.`
          : "Waiting for the others.",
      ),
    );
    return;
  }
  for (const note of view.notes || []) box.append(el("p", { class: "choice-note" }, note));
  const hints = hintBox();
  if (hints) box.append(hints);
  const rest = view.legal.filter((a) => !ctx.claimed.has(a.id));
  if (!focused && !rest.length) {
    box.append(
      el(
        "p",
        { class: "your-move" },
        el("strong", {}, "Your move: "),
        "click a highlighted card or target on the table.",
      ),
    );
    return;
  }
  box.append(el("h2", {}, "Your move"));
  if (focused) {
    const chosen = view.legal.filter((a) => focused.ids.has(a.id));
    box.append(
      el(
        "p",
        {},
        `Choose for ${focused.label}: `,
        el(
          "button",
          {
            class: "link",
            onclick: () => {
              focused = null;
              draw();
            },
          },
          "show every choice",
        ),
      ),
    );
    box.append(el("div", { class: "actions" }, actionButtons(chosen)));
    return;
  }
  if (ctx.claimed.size)
    box.append(
      el(
        "p",
        { class: "hint" },
        "Click a highlighted card or target on the table, or choose here.",
      ),
    );
  if (rest.length <= 16) {
    box.append(el("div", { class: "actions" }, actionButtons(rest)));
    return;
  }
  // Many choices: group them by their kind, each group folded.
  const groups = new Map();
  for (const a of rest) {
    const key = a.data.kind.replaceAll("_", " ");
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(a);
  }
  for (const [key, actions] of groups) {
    if (actions.length === 1) {
      box.append(el("div", { class: "actions" }, actionButtons(actions)));
      continue;
    }
    box.append(
      el(
        "details",
        { class: "group" },
        el("summary", {}, `${key} … (${actions.length})`),
        el("div", { class: "actions" }, actionButtons(actions)),
      ),
    );
  }
}

function draw() {
  if (!view || !module) return;
  const summary = view.table;
  const settle = beforeRedraw($("table"));
  $("table").dataset.seq = String(view.seq);
  if (focused && !view.legal.some((a) => focused.ids.has(a.id))) focused = null;
  $("title").textContent =
    `${summary.display_name} — ${view.seat === null ? "spectator" : `you are seat ${view.seat}`}`;
  drawJoin(summary);
  const ctx = makeContext(view, { send: (id) => send(id), focus });
  clear($("players")).append(...renderPlayers(view, ctx.names, module));
  clear($("board")).append(...module.renderBoard(view, ctx));
  drawActions(ctx);
  keys.redraw();
  drawTimer();
  drawLog(
    $("log"),
    timeline.filter(Boolean).slice(-80),
    ctx.names,
    lastMoves(view),
    module.moveText,
  );
  signalTurn(summary);
  drawInvites(summary);
  drawStandin();
  settle();
}

function drawStandin() {
  const dismiss = () => {
    standins.dismiss();
    standinSteps = [];
    draw();
  };
  clear($("standin")).append(...standinNotice(view, standinSteps, dismiss));
  for (const step of standinSteps) {
    const line = document.querySelector(
      `#log li.move[data-seat="${view.seat}"][data-step="${step}"]`,
    );
    if (line) {
      line.classList.add("standin");
      line.title = "played for you by a stand-in bot while you were away";
    }
  }
}

// The creator's invite links for seats kept for friends (only this browser has them), and the
// table's address where a seat is open to anyone.
function drawInvites(summary) {
  const box = clear($("invite"));
  const links = (savedSeat(tableId) || {}).invites || [];
  for (const link of links) {
    if (summary.seats[link.seat] && !summary.seats[link.seat].taken) {
      box.append(
        el("span", {}, `Invite link for seat ${link.seat}: ${location.origin}${link.url}`),
        el("br"),
      );
    }
  }
  if (summary.seats.some((s) => !s.taken && !s.invite)) {
    box.append(`Anyone may sit at an open seat: ${location.origin}/t/${tableId}`);
  }
}

// Your turn: the tab title and the favicon say so, for a person looking at another tab; when
// it becomes this seat's turn (not when the page opens on it), the chime and the notification
// the person turned on (turn.js). body[data-turns] counts those moments.
let wasMine = null;
let turns = 0;
function signalTurn(summary) {
  const mine = view.seat !== null && view.legal.length > 0 && !summary.finished;
  document.title = `${mine ? "Your turn · " : ""}${summary.display_name} — cardtable`;
  const link = document.querySelector("link[rel=icon]");
  if (link) link.href = mine ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  if (mine && wasMine === false) {
    turns += 1;
    document.body.dataset.turns = String(turns);
    turnSignals.yourTurn("Your turn", `${summary.display_name}: it is your turn to play.`);
  }
  wasMine = mine;
}

// Keep every entry of the timeline the server sent (it sends the newest ones with each view).
function remember(message) {
  (message.timeline || []).forEach((entry, i) => {
    timeline[message.timeline_start + i] = entry;
  });
}

// The turn timer: seconds left for the seats to act, counted down locally between messages
// (timerEnd is set when a view or a hint reports the seconds left, not on every redraw). The
// server stops the timer while a hint is worked out, and so does the page.
let timerTick = null;
let timerEnd = null;
let timerPausedLeft = null;
function setTimerFrom(deadline) {
  timerEnd = deadline == null ? null : Date.now() + deadline * 1000;
}
function drawTimer() {
  const box = $("timer");
  if (!box) return;
  clearInterval(timerTick);
  if (timerEnd == null || view.table.finished) {
    box.textContent = "";
    return;
  }
  if (hint && !hint.rows && hint.seq === view.seq && timerPausedLeft != null) {
    clear(box).append(
      icon("timer"),
      ` ${Math.ceil(timerPausedLeft / 1000)}s · paused for the hint`,
    );
    return;
  }
  const tick = () => {
    const left = Math.max(0, Math.ceil((timerEnd - Date.now()) / 1000));
    const mine = view.seat !== null && view.legal.length > 0;
    box.classList.toggle("warning", mine && left <= 10);
    clear(box).append(icon("timer"), timerText(left, mine));
  };
  tick();
  timerTick = setInterval(tick, 500);
}

// Where the table's owner serves it, when a process sent us there ("moved"); null: this page's
// own server, which sends us on to the owner (docs/deploy.md, "clients served by the owner").
let owner = null;
let hops = 0; // redirects since the last view: a misconfigured address must not loop fast

function connect() {
  if (socket) {
    socket.onclose = null;
    socket.close();
  }
  const mine = savedSeat(tableId);
  const query = mine && mine.token ? `?token=${encodeURIComponent(mine.token)}` : "";
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const base = owner ? owner.replace(/^http/, "ws") : `${scheme}://${location.host}`;
  // Protocol 2: the whole view once, then updates (patch.js); a gap asks for the view again.
  socket = new WebSocket(`${base}/api/tables/${tableId}/ws${query}`, [
    "cardtable.v2",
  ]);
  resyncing = false;
  $("status").textContent = "connecting…";
  standins.reconnected();
  socket.onopen = () => {
    $("status").textContent = "connected";
    retry = 500;
    chat.opened();
  };
  socket.onmessage = async (event) => {
    let message = JSON.parse(event.data);
    if (message.type === "update") {
      if (resyncing || (view && message.v <= view.v)) return; // the whole view is on its way
      const next = applyUpdate(view, message);
      if (!next) {
        // A message was missed (or did not apply): ask for the whole view, once.
        resyncing = true;
        count("resyncs");
        socket.send(JSON.stringify({ type: "sync" }));
        return;
      }
      count("updates");
      message = next;
    }
    if (message.type === "view") {
      hops = 0;
      resyncing = false;
      view = message;
      remember(message);
      standinSteps = standins.update(view, timeline.filter(Boolean));
      setTimerFrom(view.table.deadline);
      module = await loadView(view.table.game);
      draw();
    } else if (message.type === "hint") {
      if (view && message.seq === view.seq) {
        hint = { seq: message.seq, rows: message.rows };
        setTimerFrom(message.deadline);
        draw();
      }
    } else if (message.type === "chat") {
      chat.receive(message);
    } else if (message.type === "moved") {
      owner = message.url;
    } else if (message.type === "rematch") {
      rematchId = message.table;
      draw();
    } else if (message.type === "error" && message.about === "chat") {
      chat.refused(message.message);
    } else if (message.type === "error") {
      $("error").textContent = message.message;
      if (hint && !hint.rows) {
        hint = null;
        draw();
      }
    }
  };
  socket.onclose = (event) => {
    $("status").textContent = "disconnected — reconnecting…";
    if (event.code === 4403) {
      localStorage.removeItem(`cardtable:${tableId}`);
    }
    if (event.code === 4404) {
      $("status").textContent = "no such table";
      return;
    }
    if (event.code === 4307 && owner && hops++ < 3) {
      connect(); // sent to the table's owner: go there now
      return;
    }
    owner = null; // the owner may be gone: ask this page's server again, which knows the next
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

// Keyboard play: numbers choose as in the terminal, Enter confirms, h asks for a hint.
const keys = setupKeys({
  box: $("keys"),
  list: $("numbered"),
  legal: () => (view && view.seat !== null && !view.table.finished ? view.legal : []),
  seq: () => (view ? view.seq : null),
  send: (id) => send(id),
  hint: () => {
    if (view && document.getElementById("hint-button")) askHint();
  },
});
setupMotion($("motion"));
const turnSignals = setupTurnSignals({
  sound: $("sound"),
  notify: $("notify"),
  note: $("turn-note"),
});
const chat = setupChat({
  send: (message) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  },
  seat: () => (view ? view.seat : null),
});
connect();
