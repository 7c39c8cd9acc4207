// The tip under a piece: what the catalog says of it (hover, focus), and on a touch screen the
// move a second tap would make, with a Play button. A tip never shows a word it was not given:
// a piece without a catalog entry shows only the text its drawing passed.

// What a tip says of the piece `name`: its name, its kind (unless the name already says it: "Wild
// Wedge", "Energy Bonus card") and `text`, or else what its catalog `entry` says of it; nothing when
// it has neither a name nor a text. The rules page lists the catalog with these same words.
export function tipParts(name, entry, el, text = "") {
  const said = text || (entry && entry.text) || "";
  if (!name && !said) return [];
  const kindWord = entry && entry.kind ? String(entry.kind) : "";
  const kind = kindWord && !name.toLowerCase().endsWith(kindWord.toLowerCase()) ? el("em", {}, ` ${kindWord}`) : null;
  return [name ? el("strong", {}, name) : null, kind, said ? el("p", {}, said) : null]
    .filter((part) => part !== null);
}

// One tip element (#tip) for the page. `catalog()` is the game's catalog; `el` builds elements;
// `named(text)` names the seats a text of the game mentions as people see them (ui.named): the
// note of a touch tip quotes a move.
export function makeTip(catalog, el, named = (text) => text) {
  const tip = document.getElementById("tip");
  let pinned = false;  // a touch tip with a Play button: hover and focus leave it alone

  // What the tip says of `target` (an element with data-explain), as a list of elements.
  function explanation(target) {
    const name = target.dataset.explain || "";
    return tipParts(name, name ? catalog()[name] : undefined, el, target.dataset.explainText || "");
  }

  function place(box) {
    tip.style.left = `${Math.max(8, Math.min(box.left, window.innerWidth - tip.offsetWidth - 8))}px`;
    const below = box.bottom + 6;
    tip.style.top = `${below + tip.offsetHeight > window.innerHeight ? Math.max(8, box.top - tip.offsetHeight - 6) : below}px`;
  }

  function show(parts, box) {
    if (!parts.length) { hide(); return; }
    tip.replaceChildren(...parts);
    tip.hidden = false;
    place(box);
  }

  function hide() {
    pinned = false;
    tip.classList.remove("pinned");
    tip.hidden = true;
  }

  const api = {
    hide,
    get pinned() { return pinned; },
    contains(node) { return node instanceof Node && tip.contains(node); },

    // The catalog tip of `target` (hover, focus).
    explain(target) {
      if (pinned) return;
      show(explanation(target), target.getBoundingClientRect());
    },

    // A touch tip: the piece's explanation and a line `note` (it may quote a move); with `play`
    // (a function), a Play button that calls it. `box` is where the piece is (it may be redrawn
    // under the tip).
    pin(target, box, note, play = null) {
      const parts = target.hasAttribute("data-explain") ? explanation(target) : [];
      parts.push(el("p", { class: "tip-note" }, named(note)));
      if (play) {
        const button = el("button", { type: "button", class: "tip-play" }, "Play");
        button.addEventListener("click", (event) => { event.stopPropagation(); hide(); play(); });
        parts.push(button);
      }
      pinned = false;
      show(parts, box);
      pinned = true;
      tip.classList.add("pinned");
    },
  };

  for (const kind of ["mouseover", "focusin"]) {
    document.addEventListener(kind, (event) => {
      if (pinned || api.contains(event.target)) return;
      const target = event.target instanceof Element ? event.target.closest("[data-explain]") : null;
      if (target) api.explain(target); else tip.hidden = true;
    });
  }
  document.addEventListener("mouseout", (event) => {
    if (!pinned && event.target instanceof Element && event.target.closest("[data-explain]")) tip.hidden = true;
  });
  return api;
}
