// The lobby: create a table (game, players, who sits where, options) and list tables in play.
import { api, clear, el, myTables, savedSeat, saveSeat } from "./dom.js";
import { choiceLabel, optionLabel } from "./options.js";

const $ = (id) => document.getElementById(id);
const PAGE = 20;
let games = [];
let offset = 0;

function currentGame() {
  return games.find((g) => g.name === $("game").value);
}

function seatChoices(bots) {
  return [
    ["human-me", "You"],
    ["friend", "A friend (invite link)"],
    ["human", "Open seat (anyone in the lobby)"],
    ...bots.map((b) => [`bot:${b}`, `Bot: ${b}`]),
  ];
}

function drawSeats() {
  const game = currentGame();
  const n = Number($("players").value);
  const box = clear($("seats"));
  box.append(el("legend", {}, "Seats"));
  for (let s = 0; s < n; s++) {
    const select = el(
      "select",
      { id: `seat-${s}`, "aria-label": `Seat ${s}` },
      seatChoices(game.bots).map(([value, text]) => el("option", { value }, text)),
    );
    select.value =
      s === 0 ? "human-me" : `bot:${game.bots.includes("random") ? "random" : game.bots[0]}`;
    box.append(el("div", { class: "seat-row" }, el("span", {}, `Seat ${s}`), select));
  }
}

// The default shown for an option: the game's value for tables where a person plays (the
// creator is one), which the server applies too unless the option is sent explicitly.
function shownDefault(game, opt) {
  return opt.name in (game.human_options || {}) ? game.human_options[opt.name] : opt.default;
}

function drawOptions() {
  const box = clear($("options"));
  const game = currentGame();
  for (const opt of game.options) {
    const id = `opt-${opt.name}`;
    let input;
    if (opt.choices.length) {
      input = el(
        "select",
        { id },
        opt.choices.map((c) => el("option", { value: String(c) }, choiceLabel(c))),
      );
      input.value = String(shownDefault(game, opt));
    } else if (typeof opt.default === "boolean") {
      input = el("input", { id, type: "checkbox", checked: shownDefault(game, opt) });
    } else {
      input = el("input", { id, value: String(shownDefault(game, opt)) });
    }
    box.append(
      el(
        "label",
        { for: id, title: `option ${opt.name}, ruling ${opt.ruling}` },
        `${optionLabel(opt.name)}: `,
        input,
        el("small", {}, ` ${opt.help} (${opt.ruling})`),
      ),
    );
  }
}

function drawGame() {
  const game = currentGame();
  $("summary").textContent = game.summary;
  const players = clear($("players"));
  for (let n = game.min_players; n <= game.max_players; n++)
    players.append(el("option", { value: n }, n));
  players.value = String(Math.min(Math.max(game.min_players, 3), game.max_players));
  drawSeats();
  drawOptions();
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  const game = currentGame();
  const n = Number($("players").value);
  const seats = [];
  for (let s = 0; s < n; s++) seats.push($(`seat-${s}`).value);
  const mine = seats.indexOf("human-me");
  const options = {};
  for (const opt of game.options) {
    const input = $(`opt-${opt.name}`);
    const value = input.type === "checkbox" ? input.checked : input.value;
    if (String(value) !== String(shownDefault(game, opt))) options[opt.name] = value;
  }
  try {
    const result = await api("/api/tables", {
      game: game.name,
      players: n,
      options,
      name: $("name").value,
      seat: mine >= 0 ? mine : null,
      seats: seats.map((s) => (s === "human-me" ? "human" : s)),
      turn_seconds: $("timer").value ? Number($("timer").value) : null,
    });
    if (result.token || result.invites.length) {
      saveSeat(result.table.id, result.seat, result.token, result.invites);
    }
    location.href = `/t/${result.table.id}`;
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

// Tables in play, one page at a time: the ones this browser holds a seat at come first
// (the server puts the ids we name in front), then the newest; filtered by game and open seats.
async function drawTables() {
  const list = clear($("tables"));
  const mine = myTables();
  const query = new URLSearchParams({ offset, limit: PAGE, mine: mine.slice(0, 50).join(",") });
  if ($("filter-game").value) query.set("game", $("filter-game").value);
  if ($("filter-open").checked) query.set("open", "true");
  const response = await fetch(`/api/tables?${query}`);
  const tables = response.ok ? await response.json() : [];
  const total = Number(response.headers.get("x-total-count") || tables.length);
  if (!tables.length) list.append(el("li", {}, "No tables yet."));
  for (const t of tables) {
    const open = t.seats.filter((s) => !s.taken && !s.invite).length;
    const yours = mine.includes(t.id) ? el("strong", {}, " (your seat)") : null;
    // A stand-in plays the seat this browser holds: say so, with the way back.
    const held = mine.includes(t.id) ? savedSeat(t.id) : null;
    const away =
      held && t.seats[held.seat] && t.seats[held.seat].away
        ? el(
            "span",
            { class: "warning" },
            " — a stand-in bot is playing for you: ",
            el("a", { href: `/t/${t.id}`, class: "retake" }, "take your seat back"),
          )
        : null;
    list.append(
      el(
        "li",
        {},
        el("a", { href: `/t/${t.id}` }, `${t.display_name}, ${t.num_players} players`),
        yours,
        away,
        open ? ` — ${open} open seat${open > 1 ? "s" : ""}` : " — watch",
      ),
    );
  }
  $("page-info").textContent = total ? `${offset + 1}–${offset + tables.length} of ${total}` : "";
  $("prev-page").disabled = offset === 0;
  $("next-page").disabled = offset + tables.length >= total;
}

function turnPage(delta) {
  offset = Math.max(0, offset + delta);
  drawTables();
}

async function drawFinished() {
  const list = clear($("finished"));
  const tables = await api("/api/tables?finished=true");
  if (!tables.length) list.append(el("li", {}, "No finished games yet."));
  for (const t of tables) {
    const names = t.seats.map((s, i) => s.name || `seat ${i}`);
    list.append(
      el(
        "li",
        {},
        `${t.display_name}: ${names.join(", ")} — `,
        el("a", { href: `/t/${t.id}` }, "result"),
        " · ",
        el("a", { href: `/t/${t.id}/replay` }, "replay"),
      ),
    );
  }
}

async function start() {
  games = await api("/api/games");
  const select = $("game");
  for (const g of games) select.append(el("option", { value: g.name }, g.display_name));
  select.addEventListener("change", drawGame);
  for (const g of games) $("filter-game").append(el("option", { value: g.name }, g.display_name));
  $("filter-game").addEventListener("change", () => turnPage(-offset));
  $("filter-open").addEventListener("change", () => turnPage(-offset));
  $("prev-page").addEventListener("click", () => turnPage(-PAGE));
  $("next-page").addEventListener("click", () => turnPage(PAGE));
  $("players").addEventListener("change", drawSeats);
  $("create").addEventListener("submit", create);
  drawGame();
  drawTables();
  drawFinished();
}

start();
