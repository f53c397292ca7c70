#!/usr/bin/env node
// An external cardtable bot in JavaScript (Node.js, no packages): proof that the cardtable-bot/2
// protocol needs nothing from Python. One JSON object per line on stdin; one answer per request
// on stdout. It plays the legal action whose data has the most fields (a rough "do the most"
// rule), breaking ties at random, and never passes when it can do anything else. Try it:
//
//   cardtable play score --bots "external:cmd=node examples/bot.js;random"
"use strict";

const readline = require("readline");

const PROTOCOL = "cardtable-bot/2";

function choose(request) {
  const legal = request.legal;
  const active = legal.filter((a) => a.data.kind !== "pass");
  const pool = active.length > 0 ? active : legal;
  const weight = (a) => Object.keys(a.data).length;
  const most = Math.max(...pool.map(weight));
  const best = pool.filter((a) => weight(a) === most);
  return best[Math.floor(Math.random() * best.length)].id;
}

function answer(message) {
  switch (message.type) {
    case "hello":
      if (!message.accept.includes(PROTOCOL)) {
        process.stderr.write(`cardtable speaks ${message.accept}, this bot ${PROTOCOL}\n`);
        process.exit(2);
      }
      return { type: "hello", seq: message.seq, protocol: PROTOCOL, name: "example-js" };
    case "decide":
      return { type: "action", seq: message.seq, id: choose(message) };
    default:
      return null; // game_start, game_end, and kinds this bot does not know
  }
}

const input = readline.createInterface({ input: process.stdin, terminal: false });
input.on("line", (line) => {
  const reply = answer(JSON.parse(line));
  if (reply !== null) process.stdout.write(JSON.stringify(reply) + "\n");
});
