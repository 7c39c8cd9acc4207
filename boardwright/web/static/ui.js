// What a game's drawing (games/<id>.js) gets to draw with: seat colours and names, cards that
// explain themselves from the catalog, and pieces that act when clicked.
//
// A piece is any element a drawing registers with ui.piece(element, keys): the legal actions
// whose text names one of its keys (as whole words) are the actions that piece concerns. Clicking
// a piece with one such action takes it; with several, the piece is selected and only the pieces
// that narrow the choice light up (click a token, then the Part it goes on). The popup of the
// actions left opens only for the keyboard (Enter or Space on a piece), or when some action left
// is on no lit piece. On a touch screen the first tap selects and shows the tip, a second tap (or
// the tip's Play button) acts. The action list beside the board always offers every legal action.

import { el } from "./dom.js";
import { makeTip } from "./tip.js";

const SVG = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#d64545", "#2f6fd0", "#2e9e5b", "#d9a400", "#8e4fc8", "#e07b1f"];
export const SEAT_NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];
// A seat as the engine's texts mention it, with the API's number: "Seat 0", "seat 1", "seat2"
// (and its possessive "Seat 0's").
const SEAT_MENTION = /\b[Ss]eat ?(\d+)\b('s\b)?/g;

function words(text) {
  return ` ${String(text).replace(/[,:;()[\]]/g, " ").replace(/\s+/g, " ").trim()} `;
}

export function concerns(action, key) {
  return words(action).includes(words(key));
}

export function makeUi(host) {
  const $ = (id) => document.getElementById(id);
  let pieces = [];
  let selected = [];  // the keys of the pieces clicked so far in this choice
  let lastVersion = null;
  let uncovered = new Set();  // actions left that no lit piece reaches (then the popup lists them)
  let armed = null;  // on a touch screen: the piece tapped once, whose second tap acts
  let lastPointer = "mouse";  // the pointer of the last press: "touch" makes a tap select first
  const tip = makeTip(() => host.catalog(), el, (text) => ui.named(text));

  const ui = {
    viewer: null,
    replaying: false,  // a replay is viewed as a seat, never by "you"
    gameName: "",
    freshEvents: 0,
    // The game's catalog (name -> entry), for drawings whose view names things by number.
    catalog() { return host.catalog(); },

    seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; },
    // Who sits where (the message's `seats`: name, kind, bot, connected per seat), set by meet().
    seats: [],
    // Take in who sits at the table from a message (every message carries `seats`).
    meet(message) {
      if (Array.isArray(message.seats)) ui.seats = message.seats;
      else if (Array.isArray(message.breakdown)) ui.seats = message.breakdown.map((_, seat) => ({ seat, name: null }));
    },
    // How people are shown a seat: its person's name, else counted from 1 ("Seat 1" is the API's
    // seat 0). The one place a seat is named; "(you)" marks the viewer's own (not in a replay).
    seatLabel(seat) {
      const entry = ui.seats[seat];
      return entry && entry.name ? entry.name : `Seat ${seat + 1}`;
    },
    seatName(seat, viewer = ui.viewer) {
      return seat === viewer && !ui.replaying ? `${ui.seatLabel(seat)} (you)` : ui.seatLabel(seat);
    },
    // Whose something is: "Ada's", and "your" for the viewer ("Your" to open a sentence).
    seatOwner(seat, viewer = ui.viewer, opening = false) {
      if (seat !== viewer || ui.replaying) return `${ui.seatLabel(seat)}'s`;
      return opening ? "Your" : "your";
    },
    // A text of the game (an event, a menu label, a score line, an error) as people read it: the
    // engine names seats by the API's numbers ("Seat 0 plays", "on seat 1", "seat2"); each mention
    // of a seat of this table becomes its seatName ("Ada (you)", "Seat 2"), and its possessive the
    // seatOwner ("your"). Every text of the game passes here on its way into the page.
    named(text) {
      if (text === null || text === undefined) return text;
      return String(text).replace(SEAT_MENTION, (mention, seat, possessive, at, whole) => {
        const number = Number(seat);
        if (number >= ui.seats.length) return mention;
        if (possessive) return ui.seatOwner(number, ui.viewer, at === 0 || /[.!?:]\s*$/.test(whole.slice(0, at)));
        return ui.seatName(number);
      });
    },
    seatBadge(seat, viewer = ui.viewer) {
      const badge = document.createElement("span");
      badge.className = "seat-badge";
      badge.style.setProperty("--seat", ui.seatColour(seat));
      badge.textContent = ui.seatName(seat, viewer);
      badge.title = SEAT_NAMES[seat % SEAT_NAMES.length];
      return badge;
    },
    el,
    svg(tag, attrs = {}, parent = null) {
      const element = document.createElementNS(SVG, tag);
      for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
      if (parent) parent.append(element);
      return element;
    },
    button(label, onClick) {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = label;
      button.addEventListener("click", onClick);
      return button;
    },

    // A card: its name, and its catalog entry on hover, focus or tap. `keys` (default: the
    // name) make it a piece; pass [] for a card that takes no action.
    card(name, options = {}) {
      const card = ui.el("div", { class: `card ${options.class || ""}`.trim(), "data-card": name });
      if (options.hidden) {
        card.classList.add("face-down");
        card.textContent = options.label || "?";
        return card;
      }
      const entry = host.catalog()[name];
      card.append(ui.el("span", { class: "card-name" }, options.label || name));
      if (options.detail) card.append(ui.el("span", { class: "card-detail" }, options.detail));
      if (entry && entry.kind) card.dataset.kind = entry.kind;
      ui.explain(card, name);
      ui.piece(card, options.keys || [name]);
      return card;
    },

    // Hover, focus or a tap shows the catalog entry of `name`, or `text` where the catalog has
    // none (a pile, a seat). Without either the element gets no tip.
    explain(element, name, text = null) {
      if (name !== null && name !== undefined && name !== "") element.dataset.explain = String(name);
      else element.dataset.explain = "";
      if (text !== null && text !== undefined && text !== "") element.dataset.explainText = String(text);
      if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
      return element;
    },

    // `options.follows`: the piece only finishes a choice begun on another piece (a Part after a
    // token): it is lit once something is selected, never as the first click.
    piece(element, keys, options = {}) {
      const list = (Array.isArray(keys) ? keys : [keys]).filter((key) => key !== null && key !== undefined && key !== "");
      if (list.length) {
        pieces.push({ element, keys: list.map(String), follows: Boolean(options.follows) });
        // for tests, benchmarks and assistive tools: the words a click on this piece answers to
        element.dataset.keys = [...new Set([...(element.dataset.keys || "").split("|").filter(Boolean), ...list])].join("|");
      }
      return element;
    },

    beginDraw(message) {
      pieces = [];
      armed = null;
      if (tip.pinned) tip.hide();
      if (message.version !== lastVersion) { selected = []; lastVersion = message.version; }
      if (!selected.length) hideChoices();  // the same table drawn again (a push after the reply) keeps an open choice
    },

    // After the game drew: light up the pieces that concern a legal action (once something is
    // selected, only those that narrow what is left), and make them keyboard- and click-able.
    endDraw() {
      const remaining = ui.remaining();
      uncovered = new Set(selected.length ? remaining : []);
      for (const piece of pieces) {
        const mine = remaining.filter((action) => piece.keys.some((key) => concerns(action, key)));
        const isSelected = selected.length && piece.keys.some((key) => selected.includes(key));
        piece.element.classList.toggle("selected", Boolean(isSelected));
        if (!mine.length || isSelected) continue;
        if (piece.follows && !selected.length) continue;
        const reach = reachedBy(piece, mine);
        if (selected.length && reach.length === remaining.length) continue;  // narrows nothing
        for (const action of reach) uncovered.delete(action);
        piece.element.classList.add("playable");
        piece.element.setAttribute("tabindex", "0");
        piece.element.setAttribute("role", "button");
        piece.element.dataset.actions = String(mine.length);
        piece.element.addEventListener("click", (event) => {
          event.preventDefault();
          event.stopPropagation();
          const kind = event.pointerType === undefined ? lastPointer : event.pointerType;
          if (kind === "touch") ui.tap(piece, mine); else ui.choose(piece, mine, event, false);
        });
        piece.element.addEventListener("keydown", (event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          event.stopPropagation();
          ui.choose(piece, mine, event, true);
        });
      }
    },

    // Take several actions one after another (each an ordinary move; the first refused stops
    // them); redraw the table as it is.
    actAll(actions) { return host.actAll(actions); },
    redraw() { host.redraw(); },

    // Mark (with `className`) the pieces of the last drawing that `action` names: how another
    // seat's move is shown.
    mark(action, className) {
      for (const piece of pieces) {
        if (piece.keys.some((key) => concerns(action, key))) piece.element.classList.add(className);
      }
    },

    remaining() {
      return host.legal().filter((action) => selected.every((key) => concerns(action, key)));
    },

    // A click (or Enter) on a lit piece: with one action it is taken; with several the piece's
    // key is selected and the pieces that narrow the choice light up. The popup of what is left
    // opens for the keyboard, or when no lit piece reaches some of it.
    choose(piece, actions, event, fromKeyboard) {
      if (actions.length === 1) { selected = []; host.act(actions[0]); return; }
      selected = [...selected, keyOf(piece, actions)];
      const left = ui.remaining();
      if (left.length === 1) { selected = []; host.act(left[0]); return; }
      host.redraw();
      if (fromKeyboard || uncovered.size) showChoices(left, event);
    },

    // A tap on a touch screen: the first selects the piece and shows its tip; a second tap on it
    // (or the tip's Play button) takes its one action.
    tap(piece, actions) {
      const box = piece.element.getBoundingClientRect();
      const reach = reachedBy(piece, actions);
      if (reach.length === 1) {
        const play = () => { armed = null; tip.hide(); selected = []; host.act(reach[0]); };
        if (armed === piece.element) { play(); return; }
        if (armed) armed.classList.remove("selected", "armed");
        armed = piece.element;
        armed.classList.add("selected", "armed");
        tip.pin(piece.element, box, `Tap again or press Play: ${reach[0]}`, play);
        return;
      }
      ui.choose(piece, actions, null, false);
      if (selected.length && $("choices").hidden) {
        tip.pin(piece.element, box, `${ui.remaining().length} moves left: tap a lit piece to choose.`);
      }
    },

    hint() {
      if (!host.legal().length) return "";
      if (selected.length) {
        return `${ui.named(selected.join(" · "))} chosen, ${ui.remaining().length} moves left: click a lit piece to finish, ` +
          "or pick below. Esc or a click elsewhere cancels.";
      }
      return "Click a lit piece on the table (or choose from the list below).";
    },

    busy(flag) {
      for (const button of document.querySelectorAll("#actions button, #choices button")) button.disabled = flag;
    },
  };

  // the key a click on `piece` selects: its first key that names one of its actions
  function keyOf(piece, actions) {
    return piece.keys.find((k) => actions.some((action) => concerns(action, k)));
  }

  // the actions still open after clicking `piece`, whose actions are `mine`
  function reachedBy(piece, mine) {
    if (mine.length === 1) return mine;
    const key = keyOf(piece, mine);
    return mine.filter((action) => concerns(action, key));
  }

  function cancel() {
    armed = null;
    tip.hide();
    if (selected.length) { selected = []; hideChoices(); host.redraw(); }
  }

  function showChoices(actions, event) {
    const box = $("choices");
    box.replaceChildren();
    for (const action of actions.slice(0, 40)) {
      const button = ui.button(ui.named(action), () => { selected = []; hideChoices(); host.act(action); });
      button.dataset.action = action;
      box.append(button);
    }
    box.append(ui.button("Cancel", () => { selected = []; hideChoices(); host.redraw(); }));
    box.hidden = false;
    const x = event && event.clientX ? event.clientX : window.innerWidth / 2;
    const y = event && event.clientY ? event.clientY : window.innerHeight / 3;
    box.style.left = `${Math.max(8, Math.min(x, window.innerWidth - box.offsetWidth - 8))}px`;
    box.style.top = `${Math.max(8, Math.min(y + 12, window.innerHeight - box.offsetHeight - 8))}px`;
    const first = box.querySelector("button");
    if (first) first.focus();
  }

  function hideChoices() { $("choices").hidden = true; }

  // A click or tap outside the pieces, the tip and the lists cancels a choice begun.
  document.addEventListener("pointerdown", (event) => { lastPointer = event.pointerType; }, true);
  document.addEventListener("click", (event) => {
    if (!(event.target instanceof Element) || tip.contains(event.target)) return;
    if (event.target.closest("#choices, #actions, #hint, #replay-bar")) return;
    if (armed || selected.length) cancel();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { tip.hide(); if (selected.length) cancel(); }
  });
  return ui;
}
