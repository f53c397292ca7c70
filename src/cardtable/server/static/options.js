// The lobby's names for the games' options: people read a label, not the option's key (the key
// stays in the tooltip and is what the server is sent). An option without a label here gets its
// key in words ("stall_limit" → "Stall limit"), so a new game's options still read well.
const LABELS = {
  deck: "Card list",
  board: "Board",
  placement_rule: "Edges that must match",
  go_again_mode: "What Go Again gives",
  must_play_drawn: "A drawn card that fits must be played",
  match_draws_on_going_out: "Matches on the round's last card make the others draw",
  closing_gift_on_going_out: "A close on the round's last card still gives the closing gift",
  first_player: "Seat that plays first",
  forced_lead_after_circle: "After a circle of declined leads, a +/− card must open a Deal",
  moved_reverse_cancels: "A Reverse moved onto a Reverse cancels both",
  max_tiebreak_deals: "Tie-break Deals at most",
  stall_limit: "Turns without a stock card before one must be drawn",
  trades: "Trades between players",
  final_turns_take_discard: "Final turns draw the discard pile's top card",
  max_offers_per_turn: "Trade offers per turn",
  target_score: "Points to win",
  voluntary_complete_discard: "May discard a Complete while holding a matching Single",
  five_point_optional: "Five-point hand declared on its holder's turn",
  empty_pile: "When the Complete pile runs out",
};

function words(key) {
  const text = String(key).replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function optionLabel(name) {
  return LABELS[name] || words(name);
}

// A choice's value in words ("any_edge" → "any edge"); numbers and others as they are.
export function choiceLabel(value) {
  return typeof value === "string" ? value.replaceAll("_", " ") : String(value);
}
