// Cards move: before the page redraws, remember where each card (by its name) was on screen;
// after, animate every card now drawn in another place from where it was to where it is
// (hand → table → pile, a card into a portfolio, a Nacho Loco card onto its cell). Short
// (250 ms), and never when animations are off (the page's switch, body.no-motion) or the
// system asks for reduced motion.
const reduced = () =>
  document.body.classList.contains("no-motion") ||
  (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);

const PLACES = ".portfolio, .pile, .deal, .play, .seat, .panel, .zone, .player, #board";

// Where a card lies: its nearest area and that area's heading (counts left out, so a hand whose
// size changed is the same place). A card that stays in its place is not animated when the
// page around it grows or shrinks; only a card that changed places is.
function placeOf(node) {
  const box = node.closest(PLACES);
  if (!box) return "";
  const head = box.querySelector("h3, .pf-head");
  return `${box.className}|${head ? head.textContent.replace(/\d+/g, "") : ""}`;
}

function places(root) {
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-card]")) {
    const name = node.dataset.card;
    // A name drawn twice (two face-up copies) cannot say which one moved: skip it.
    const here = { rect: node.getBoundingClientRect(), place: placeOf(node) };
    seen.set(name, seen.has(name) ? null : here);
  }
  return seen;
}

// Call before redrawing; the function it returns animates the moves after the redraw and
// returns how many cards it animated.
export function beforeRedraw(root) {
  const before = reduced() ? null : places(root);
  return () => {
    if (!before || reduced() || typeof Element.prototype.animate !== "function") return 0;
    let moved = 0;
    for (const [name, now] of places(root)) {
      const old = before.get(name);
      if (!now || !old || old.place === now.place) continue;
      const dx = old.rect.left - now.rect.left;
      const dy = old.rect.top - now.rect.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      const node = root.querySelector(`[data-card="${CSS.escape(name)}"]`);
      // Inside a scaled SVG (Nacho Loco's Playfield) a translation is in the drawing's units.
      const ctm = node instanceof SVGGraphicsElement ? node.parentNode.getScreenCTM() : null;
      const [sx, sy] = ctm && ctm.a && ctm.d ? [ctm.a, ctm.d] : [1, 1];
      node.animate(
        [{ transform: `translate(${dx / sx}px, ${dy / sy}px)` }, { transform: "none" }],
        {
          duration: 250,
          easing: "ease-out",
        },
      );
      moved += 1;
    }
    root.dataset.animated = String(Number(root.dataset.animated || 0) + moved);
    return moved;
  };
}
