// Your turn, for a person who looks elsewhere: beside the tab title and the favicon (table.js),
// a short chime and a browser notification. Both are off until the person turns them on, and
// the choice is remembered in this browser. The chime is made with WebAudio (two short tones,
// no sound file). A notification is shown only after the person turned it on and the browser
// granted permission (asked only then, in answer to that click), and only while the tab is
// hidden: a person looking at the table sees the title and the panels change.
const SOUND = "cardtable-turn-sound"; // not "cardtable:…" (those keys are seat tokens, dom.js)
const NOTIFY = "cardtable-turn-notify";

export function setupTurnSignals({ sound, notify, note }) {
  let audio = null;

  // The audio context, made (or resumed) on first use: browsers start audio only after a
  // gesture, so it is also touched when the person turns the sound on and on their next click.
  function context() {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!Audio) return null;
    if (!audio) audio = new Audio();
    if (audio.state === "suspended") audio.resume().catch(() => {});
    return audio;
  }

  function chime() {
    const ctx = context();
    if (!ctx) return;
    const start = ctx.currentTime;
    [
      [660, 0],
      [880, 0.16],
    ].forEach(([frequency, after]) => {
      const tone = ctx.createOscillator();
      const gain = ctx.createGain();
      tone.type = "sine";
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + after);
      gain.gain.exponentialRampToValueAtTime(0.2, start + after + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + after + 0.15);
      tone.connect(gain);
      gain.connect(ctx.destination);
      tone.start(start + after);
      tone.stop(start + after + 0.16);
    });
  }

  const supported = "Notification" in window;
  sound.checked = localStorage.getItem(SOUND) === "on";
  notify.checked =
    supported && localStorage.getItem(NOTIFY) === "on" && Notification.permission === "granted";
  notify.disabled = !supported;
  if (!supported) notify.parentElement.title = "this browser has no notifications";

  sound.addEventListener("change", () => {
    localStorage.setItem(SOUND, sound.checked ? "on" : "off");
    if (sound.checked) context();
  });
  notify.addEventListener("change", async () => {
    note.textContent = "";
    if (!notify.checked) {
      localStorage.setItem(NOTIFY, "off");
      return;
    }
    let permission = Notification.permission;
    if (permission === "default") permission = await Notification.requestPermission();
    if (permission !== "granted") {
      notify.checked = false;
      localStorage.setItem(NOTIFY, "off");
      note.textContent = "Notifications are blocked for this page in the browser's settings.";
      return;
    }
    localStorage.setItem(NOTIFY, "on");
  });
  document.addEventListener("pointerdown", () => {
    if (sound.checked) context();
  });

  return {
    // Called once each time it becomes this seat's turn (not when the page opens on it).
    yourTurn(title, body) {
      if (sound.checked) chime();
      if (notify.checked && document.hidden && Notification.permission === "granted") {
        const shown = new Notification(title, {
          body,
          tag: "cardtable-turn",
          icon: "/static/favicon-turn.svg",
        });
        shown.onclick = () => {
          window.focus();
          shown.close();
        };
      }
    },
  };
}
