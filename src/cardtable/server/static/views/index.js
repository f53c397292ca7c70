// Per-game views. A game without its own view uses the generic one; a game view only lays out
// what the observation holds, so adding one is mostly layout.
import { renderBoard as generic, renderPlayers } from "./generic.js";
import { renderBoard as nachoLoco } from "./nacho-loco.js";

export { renderPlayers };

const VIEWS = { "nacho-loco": nachoLoco };

export function boardFor(game) {
  return VIEWS[game] || generic;
}
