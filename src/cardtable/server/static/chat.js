// The table's chat and quick reactions (server/chat.py). The page opens the chat on every new
// connection ({"type": "chat_open"}) and is sent the newest messages, then each new one; a
// message is kept once by its id, so a resend after a reconnect or from another server process
// shows nothing twice. Text goes into text nodes only (el() never parses HTML). Seated people
// write; a spectator reads, and the form says so. The replay draws the same lines.
import { clear, el } from "./dom.js";
import { icon } from "./icons.js";

// One message as a line: "name (seat n): text", a reaction without the colon.
export function chatLine(message, me) {
  const classes = ["chat-line"];
  if (message.reaction) classes.push("reaction");
  if (message.seat === me) classes.push("mine");
  return el(
    "p",
    {
      class: classes.join(" "),
      "data-id": message.id,
      "data-step": message.step,
      title: message.at ? `step ${message.step}, ${new Date(message.at).toLocaleString()}` : null,
    },
    el("strong", {}, `${message.name} (seat ${message.seat})`),
    message.reaction ? " " : ": ",
    message.reaction ? icon("react", 14) : null,
    message.reaction ? " " : null,
    message.text,
  );
}

// Draw `messages` into `box`, keeping the view at the bottom if it was there.
export function drawChat(box, messages, me) {
  const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 24;
  clear(box).append(...messages.map((m) => chatLine(m, me)));
  if (!messages.length) box.append(el("p", { class: "muted chat-empty" }, "No messages yet."));
  if (atBottom) box.scrollTop = box.scrollHeight;
}

// The live chat of the table page. `send(object)` sends on the current socket; `seat()` is
// this page's seat (null for a spectator).
export function setupChat({ send, seat }) {
  const $ = (id) => document.getElementById(id);
  const log = $("chat-log");
  const form = $("chat-form");
  const input = $("chat-text");
  const reactions = $("chat-reactions");
  const note = $("chat-note");
  const error = $("chat-error");
  const messages = new Map(); // id -> message
  let pending = null; // the text sent and not yet seen back (restored if it is refused)

  function redraw() {
    drawChat(
      log,
      [...messages.values()].sort((a, b) => a.id - b.id),
      seat(),
    );
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    error.textContent = "";
    pending = text;
    input.value = "";
    send({ type: "chat", text });
  });

  function offer(answer) {
    const writable = Boolean(answer.can_write);
    form.hidden = reactions.hidden = !writable;
    note.textContent = writable ? "" : "Spectators read the chat; take a seat to write.";
    if (answer.max_length) input.maxLength = answer.max_length;
    clear(reactions);
    for (const r of answer.reactions || []) {
      reactions.append(
        el(
          "button",
          {
            type: "button",
            class: "reaction",
            "data-reaction": r.id,
            onclick: () => {
              error.textContent = "";
              send({ type: "reaction", reaction: r.id });
            },
          },
          icon("react", 14),
          ` ${r.text}`,
        ),
      );
    }
  }

  return {
    // A new connection: ask for the chat (each connection opens it once).
    opened() {
      send({ type: "chat_open" });
    },
    receive(message) {
      if (message.open) offer(message);
      for (const m of message.messages || []) {
        messages.set(m.id, m);
        if (pending !== null && m.seat === seat() && m.text === pending) pending = null;
      }
      redraw();
    },
    refused(text) {
      error.textContent = text;
      if (pending !== null && !input.value) input.value = pending;
      pending = null;
    },
  };
}
