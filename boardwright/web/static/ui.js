// What a game's drawing (games/<id>.js) gets to draw with: seat colours and names, cards that
// explain themselves from the catalog, and pieces that act when clicked.
//
// A piece is any element a drawing registers with ui.piece(element, keys): the legal actions
// whose text names one of its keys (as whole words) are the actions that piece concerns. Clicking
// a piece with one such action takes it; with several, the piece is selected and the pieces that
// narrow the choice light up (click a token, then the Part it goes on); a popup lists what is
// left. The action list beside the board always offers every legal action too.

const SVG = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#d64545", "#2f6fd0", "#2e9e5b", "#d9a400", "#8e4fc8", "#e07b1f"];
export const SEAT_NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"];

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

  const ui = {
    viewer: null,
    gameName: "",
    freshEvents: 0,
    // The game's catalog (name -> entry), for drawings whose view names things by number.
    catalog() { return host.catalog(); },

    seatColour(seat) { return SEAT_COLOURS[seat % SEAT_COLOURS.length]; },
    // Seats are named as the events name them ("Seat 1"), with their colour beside.
    seatName(seat, viewer = ui.viewer) {
      return seat === viewer ? `Seat ${seat} (you)` : `Seat ${seat}`;
    },
    // Whose something is: "Seat 2's", and "your" for the viewer ("Your" to open a sentence).
    seatOwner(seat, viewer = ui.viewer, opening = false) {
      if (seat !== viewer) return `Seat ${seat}'s`;
      return opening ? "Your" : "your";
    },
    seatBadge(seat, viewer = ui.viewer) {
      const badge = document.createElement("span");
      badge.className = "seat-badge";
      badge.style.setProperty("--seat", ui.seatColour(seat));
      badge.textContent = ui.seatName(seat, viewer);
      badge.title = SEAT_NAMES[seat % SEAT_NAMES.length];
      return badge;
    },
    el(tag, attrs = {}, ...children) {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attrs)) {
        if (name === "class") element.className = value;
        else if (name === "style" && typeof value === "object") {
          // through the CSSOM (a style attribute in markup is refused by the page's policy);
          // a custom property ("--seat") is set only by setProperty
          for (const [property, setting] of Object.entries(value)) {
            if (property.startsWith("--")) element.style.setProperty(property, setting);
            else element.style[property] = setting;
          }
        }
        else if (value !== undefined && value !== null && value !== false) element.setAttribute(name, value);
      }
      element.append(...children.filter((child) => child !== null && child !== undefined));
      return element;
    },
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

    // Hover, focus or a long press shows the catalog entry of `name` (or `text`).
    explain(element, name, text = null) {
      element.dataset.explain = name;
      if (text) element.dataset.explainText = text;
      if (!element.hasAttribute("tabindex")) element.setAttribute("tabindex", "0");
      return element;
    },

    piece(element, keys) {
      const list = (Array.isArray(keys) ? keys : [keys]).filter((key) => key !== null && key !== undefined && key !== "");
      if (list.length) pieces.push({ element, keys: list.map(String) });
      return element;
    },

    beginDraw(message) {
      pieces = [];
      if (message.version !== lastVersion) { selected = []; lastVersion = message.version; }
      if (!selected.length) hideChoices();  // the same table drawn again (a push after the reply) keeps an open choice
    },

    // After the game drew: light up the pieces that concern a legal action (narrowed by what is
    // selected), and make them keyboard- and click-able.
    endDraw() {
      const remaining = ui.remaining();
      for (const piece of pieces) {
        const mine = remaining.filter((action) => piece.keys.some((key) => concerns(action, key)));
        const isSelected = selected.length && piece.keys.some((key) => selected.includes(key));
        piece.element.classList.toggle("selected", Boolean(isSelected));
        if (!mine.length || isSelected) continue;
        piece.element.classList.add("playable");
        piece.element.setAttribute("tabindex", "0");
        piece.element.setAttribute("role", "button");
        piece.element.dataset.actions = String(mine.length);
        const choose = (event) => { event.preventDefault(); event.stopPropagation(); ui.choose(piece, mine, event); };
        piece.element.addEventListener("click", choose);
        piece.element.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") choose(event);
        });
      }
    },

    remaining() {
      return host.legal().filter((action) => selected.every((key) => concerns(action, key)));
    },

    choose(piece, actions, event) {
      if (actions.length === 1) { selected = []; host.act(actions[0]); return; }
      const key = piece.keys.find((k) => actions.some((action) => concerns(action, k)));
      selected = [...selected, key];
      const left = ui.remaining();
      if (left.length === 1) { selected = []; host.act(left[0]); return; }
      host.redraw();
      showChoices(left, event);
    },

    hint() {
      if (!host.legal().length) return "";
      if (selected.length) return `${selected.join(" · ")} chosen: click a lit piece to finish, or pick below. Esc cancels.`;
      return "Click a lit piece on the table (or choose from the list below).";
    },

    busy(flag) {
      for (const button of document.querySelectorAll("#actions button, #choices button")) button.disabled = flag;
    },
  };

  function showChoices(actions, event) {
    const box = $("choices");
    box.replaceChildren();
    for (const action of actions.slice(0, 40)) {
      const button = ui.button(action, () => { selected = []; hideChoices(); host.act(action); });
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

  // The kind beside a name in a tip, unless the name already says it ("Wild Wedge", "Energy Bonus card").
  function kindNote(name, entry) {
    const kind = entry && entry.kind ? String(entry.kind) : "";
    if (!kind || String(name).toLowerCase().endsWith(kind.toLowerCase())) return "";
    return ui.el("em", {}, ` ${kind}`);
  }

  // The catalog tip: on hover and focus, and on tap for touch screens.
  const tip = $("tip");
  function showTip(target) {
    const name = target.dataset.explain;
    const entry = host.catalog()[name];
    const text = target.dataset.explainText || (entry ? entry.text : "");
    if (!text && !entry) return;
    tip.replaceChildren(ui.el("strong", {}, name), kindNote(name, entry), ui.el("p", {}, text || ""));
    tip.hidden = false;
    const box = target.getBoundingClientRect();
    tip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - tip.offsetWidth - 8))}px`;
    tip.style.top = `${box.bottom + 6 + tip.offsetHeight > window.innerHeight ? box.top - tip.offsetHeight - 6 : box.bottom + 6}px`;
  }
  for (const kind of ["mouseover", "focusin"]) {
    document.addEventListener(kind, (event) => {
      const target = event.target instanceof Element ? event.target.closest("[data-explain]") : null;
      if (target) showTip(target); else tip.hidden = true;
    });
  }
  document.addEventListener("mouseout", (event) => {
    if (event.target instanceof Element && event.target.closest("[data-explain]")) tip.hidden = true;
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { tip.hidden = true; if (selected.length) { selected = []; hideChoices(); host.redraw(); } }
  });
  return ui;
}
