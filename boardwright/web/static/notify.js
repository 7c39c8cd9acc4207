// Your-turn notices. The tab's title says "● Your turn — …" while the viewer decides. When a
// message makes it the viewer's turn (the page's seat newly among those that decide, the game not
// over) and the page is out of sight, the page plays a short sound (made here with WebAudio; off
// until the person turns it on, a setting kept in this browser) and shows a browser notification
// if the person allowed them: asked for with a button, never on load. Clicking the notification
// brings the tab forward.

const SOUND = "boardwright.notices.sound";    // "on" when the person wants the sound
const NOTIFY = "boardwright.notices.notify";  // "off" when the person stopped the notifications

function stored(key) {
  try { return localStorage.getItem(key); } catch { return null; }
}
function store(key, value) {
  try { localStorage.setItem(key, value); } catch { /* storage refused: the choice lasts this page */ }
}

// The tab's title: the game's, marked while it is the viewer's turn.
export function turnTitle(mine, game) {
  return `${mine ? "● Your turn — " : ""}${game} · boardwright`;
}

// `mine(message)`: whether the message leaves the viewer to decide (not a reaction the page
// passes for them, not over); `game()`: the game's name.
export function makeNotices({ table, mine, game }) {
  let wasMine = null;   // the last message's answer (null before the first: a page opened on its turn is not told)
  let version = -1;
  let audio = null;     // the AudioContext, made at the person's first gesture (browsers start it only then)
  let shown = null;     // the notification on screen
  let controls = null;
  const notifications = typeof Notification === "function";

  const soundOn = () => stored(SOUND) === "on";
  const allowed = () => notifications && Notification.permission === "granted" && stored(NOTIFY) !== "off";

  function unlock() {
    if (!soundOn()) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    if (audio === null) audio = new Context();
    if (audio.state === "suspended") audio.resume().catch(() => {});
  }
  addEventListener("pointerdown", unlock, { capture: true });
  addEventListener("keydown", unlock, { capture: true });

  // Two short rising tones, quiet, a third of a second in all.
  function chime() {
    unlock();
    if (audio === null) return;
    const start = audio.currentTime + 0.02;
    [660, 880].forEach((pitch, index) => {
      const tone = audio.createOscillator();
      const level = audio.createGain();
      const at = start + index * 0.16;
      tone.type = "sine";
      tone.frequency.value = pitch;
      level.gain.setValueAtTime(0.0001, at);
      level.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
      level.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
      tone.connect(level).connect(audio.destination);
      tone.start(at);
      tone.stop(at + 0.16);
    });
  }

  function notify(name) {
    if (!allowed()) return;
    try {
      shown = new Notification(`Your turn — ${name}`, {
        body: `Table ${table}: the game waits for your move.`, tag: `boardwright-turn-${table}`, icon: "/static/favicon.svg",
      });
    } catch {
      return;  // a browser that shows notifications only from a service worker: the title and sound remain
    }
    shown.onclick = () => { window.focus(); shown.close(); };
  }

  document.addEventListener("visibilitychange", () => {
    if (!document.hidden && shown) { shown.close(); shown = null; }
  });

  function drawControls() {
    if (!controls) return;
    const sound = controls.querySelector("#turn-sound");
    sound.checked = soundOn();
    const button = controls.querySelector("#turn-notify");
    button.hidden = !notifications;
    if (!notifications) return;
    const permission = Notification.permission;
    button.disabled = permission === "denied";
    button.textContent = permission === "denied" ? "Notifications are blocked in this browser's settings"
      : allowed() ? "Stop notifying me" : "Notify me when it is my turn";
  }

  async function toggleNotify() {
    if (Notification.permission === "default") {
      const answer = await Notification.requestPermission();
      if (answer === "granted") store(NOTIFY, "on");
    } else if (Notification.permission === "granted") {
      store(NOTIFY, allowed() ? "off" : "on");
    }
    drawControls();
  }

  function build(box) {
    const label = document.createElement("label");
    const sound = document.createElement("input");
    sound.type = "checkbox";
    sound.id = "turn-sound";
    sound.addEventListener("change", () => {
      store(SOUND, sound.checked ? "on" : "off");
      if (sound.checked) unlock();
    });
    label.append(sound, " Sound on my turn");
    const button = document.createElement("button");
    button.type = "button";
    button.id = "turn-notify";
    button.addEventListener("click", toggleNotify);
    box.append(label, " ", button);
    box.hidden = false;
    controls = box;
    drawControls();
  }

  return {
    // A message the page takes (a reply or a push), newest last: the title follows it, and a
    // turn that it gives the viewer while the page is hidden is announced.
    take(message) {
      if (message.version < version) return;
      version = message.version;
      const now = mine(message);
      const name = game() || message.game;
      document.title = turnTitle(now, name);
      if (now && wasMine === false && document.hidden) {
        if (soundOn()) chime();
        notify(name);
      }
      wasMine = now;
      const box = document.getElementById("notices");
      if (!controls && box && message.seat !== null) build(box);
    },
  };
}
