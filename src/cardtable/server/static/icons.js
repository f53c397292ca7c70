// Icons drawn as inline SVG: the glyphs they replace (⏱ ⏮ ⏭) show as empty boxes with common
// Linux fonts. Each icon is decorative (aria-hidden); the control around it carries the words.
import { svg } from "./cards.js";

const PATHS = {
  // A speech bubble: a quick reaction in the chat.
  react: ["M4 4h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z"],
  timer: [
    "M9 2h6v2H9z",
    "M12 6a8 8 0 1 0 0 16a8 8 0 1 0 0-16zm0 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12z",
    "M11 10h2v5h-2z",
  ],
};

export function icon(name, size = 16) {
  return svg(
    "svg",
    {
      viewBox: "0 0 24 24",
      width: size,
      height: size,
      "aria-hidden": "true",
      class: `icon icon-${name}`,
      fill: "currentColor",
    },
    ...PATHS[name].map((d) => svg("path", { d })),
  );
}
