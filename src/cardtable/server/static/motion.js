// Animations on or off: a checkbox remembered in this browser. The stylesheet also turns them
// off for anyone whose system asks for reduced motion (prefers-reduced-motion).
const KEY = "cardtable:motion";

export function setupMotion(box) {
  const apply = (on) => document.body.classList.toggle("no-motion", !on);
  const on = localStorage.getItem(KEY) !== "off";
  if (box) {
    box.checked = on;
    box.addEventListener("change", () => {
      localStorage.setItem(KEY, box.checked ? "on" : "off");
      apply(box.checked);
    });
  }
  apply(on);
}
