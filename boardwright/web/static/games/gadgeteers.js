// Gadgeteers at the table: the open square of 12 Parts (corners marked) with everyone's tokens on
// them in their seat's colour (face-down ones as "?" to whoever may not see them) and a control
// flag in the colour of whoever controls each Part; the Junk Pile in the middle; the Gadget row
// with each Gadget's points, Parts (a ✓ on those the viewer controls) and power; each player's
// screen (the viewer's own tokens, a count for the others), built Gadgets and Bonus card (the
// viewer's own face up); the round, the phase and the First Player Marker in a banner that also
// says what the table waits for and offers the moves that are not pieces (end, pass, done).
//
// Keys (the words of the action texts each piece answers to):
//   a token behind my screen ... "place T", "add T"            (T: power, 1..5, half, double)
//   a Part ..................... its name in the Parts Phase, lit once a token is selected
//                                ("place T Part": the token, then the Part);
//                                later "to Part", "swap Part", "with Part", "recall Part",
//                                "power Part" (a Part's name alone would also catch "build Crank Charger")
//   my token on a Part ......... "use T Part" (a Power token), "take T Part", "recall Part"
//   another's token on a Part .. "target seatN T Part"
//   my token in the Junk Pile .. "salvage T"
//   a Gadget in the row ........ its name (build, cycle); a Gadget I built: its name (activate)
//   the banner ................. "end", "pass", "done"
// Whatever legal action no piece reaches gets a plain piece in the banner (class gg-extra), so
// every move can be clicked even if the game grows a new kind of action.
import { concerns } from "../ui.js";

const LABEL = { power: "⚡", half: "⚡½", double: "⚡⚡", 1: "1", 2: "2", 3: "3★", 4: "4★", 5: "5★", "?": "?" };
const CATALOG_NAME = { power: "Power token", half: "Power/½ token", double: "double Power token", 1: "1 token",
  2: "2 token", 3: "3★ token", 4: "4★ token", 5: "5★ token" };
// a token's printed value in halves (the Power/½ token counts ½), for the totals beside each stack
const VALUE2 = { power: 0, double: 0, half: 1, 1: 2, 2: 4, 3: 6, 4: 8, 5: 10 };
const POWER_WORDS = ["power", "half", "double"];
const BUTTONS = { end: "End turn", pass: "Pass", done: "Done" };

let recent = [];  // the last events seen, newest last (pushes carry only the new ones)

function ensureStyle() {
  if (document.getElementById("gg-style")) return;
  const link = document.createElement("link");
  link.id = "gg-style";
  link.rel = "stylesheet";
  link.href = new URL("./gadgeteers.css", import.meta.url).href;
  document.head.append(link);
}

function halves(value2) {
  const whole = Math.floor(value2 / 2);
  if (value2 % 2 === 0) return String(whole);
  return whole ? `${whole}½` : "½";
}

// highest value first; Power tokens, then face-down ones, last
function tokenOrder(a, b) {
  const rank = (t) => (t === "?" ? -2 : VALUE2[t] === 0 ? -1 : VALUE2[t]);
  return rank(b) - rank(a);
}

// what the seat may do on its turn of the Gadgets Phase, from the verbs of its actions
function gadgetsTurnHint(legal) {
  const can = [];
  if (legal.some((action) => action.startsWith("build "))) can.push("build a lit Gadget");
  if (legal.some((action) => action.startsWith("use "))) can.push("click one of your lit ⚡ tokens on a Part to activate a power");
  const finish = legal.includes("pass") ? "Pass" : "End turn";
  return can.length ? `${can.join(", or ")}; or ${finish}` : `nothing to build or activate: ${finish}`;
}

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

export function draw(board, message, ui) {
  ensureStyle();
  const view = message.view;
  const legal = message.legal_actions || [];
  const me = message.seat;
  const toAct = message.is_over ? [] : (message.to_act || []);
  const myTurn = me !== null && me !== undefined && toAct.includes(me);
  const partsPhase = view.phase === "Parts Phase";
  const registered = [];  // the key lists of every piece drawn, to find actions no piece reaches
  const piece = (element, keys, options = {}) => {
    const list = keys.filter(Boolean);
    if (!options.follows) registered.push(list);  // a follower is reached through the piece it follows
    element.dataset.keys = list.join("|");
    return ui.piece(element, list, options);
  };
  const el = ui.el;
  const tint = (element, seat) => { element.style.setProperty("--seat", ui.seatColour(seat)); return element; };
  const seatName = (seat) => ui.seatName(seat, me);

  if (message.events && message.events.length) {
    const seen = new Map(recent.map((event) => [event.seq, event]));
    for (const event of message.events) seen.set(event.seq, event);
    recent = [...seen.values()].sort((a, b) => a.seq - b.seq).slice(-3);
    if (message.events.some((event) => event.seq === 0)) {  // a fresh page, or a replay's step
      recent = [...message.events].sort((a, b) => a.seq - b.seq).slice(-3);
    }
  }
  const partNames = new Set(view.board.map((entry) => entry.part));
  const lately = new Set();  // the Parts the newest event is about
  const newest = recent[recent.length - 1];
  if (newest) {
    if (newest.part) lately.add(newest.part);
    for (const part of newest.parts || []) lately.add(part);
    const last = String(newest.action || "").split(" ").pop();
    if (partNames.has(last)) lately.add(last);
  }
  const controlled = new Set(view.board.filter((entry) => (entry.controlled_by || []).includes(me)).map((e) => e.part));

  // ------------------------------------------------------------ tokens
  function token(label, seat, options = {}) {
    const chip = tint(el("span", {
      class: `gg-token${label === "?" ? " down" : ""}${POWER_WORDS.includes(label) ? " power" : ""}${options.class ? ` ${options.class}` : ""}`,
      "data-token": label, "data-seat": String(seat),
      title: label === "?" ? `${seatName(seat)}: a face-down token` : `${seatName(seat)}: ${CATALOG_NAME[label] || label}`,
    }, LABEL[label] || label), seat);
    if (options.keys && options.keys.length) {
      if (CATALOG_NAME[label]) ui.explain(chip, CATALOG_NAME[label]);
      piece(chip, options.keys);
    }
    return chip;
  }

  // ------------------------------------------------------------ the banner
  const head = el("div", { class: "gg-head" });
  const facts = el("div", { class: "gg-facts" },
    el("span", { class: "gg-round" }, `Round ${view.round}`),
    el("span", { class: "gg-phase" }, view.phase + (view.parts_turn ? ` · turn ${view.parts_turn} of 5` : "")),
    el("span", { class: "gg-first" }, el("span", { class: "gg-marker", title: "First Player Marker" }, "1st"), " ",
      ui.seatBadge(view.first_player, me)),
    view.ending && !message.is_over ? el("span", { class: "gg-final" }, "Final round") : null);
  head.append(facts);

  const prompt = el("div", { class: `gg-prompt${myTurn ? " mine" : ""}` });
  if (message.is_over) {
    const winners = message.winners || [];
    prompt.append(el("strong", {}, "Game over: "),
      ...(winners.length ? winners.flatMap((seat, i) => [i ? " and " : "", ui.seatBadge(seat, me)]) : ["nobody"]),
      winners.length > 1 ? " share the win" : " won");
  } else if (view.power) {
    const pw = view.power;
    const what = `activating ${pw.gadget || "a power"} (Power token from ${pw.source}): ${pw.prompt}`;
    if (myTurn) prompt.append(el("strong", {}, "Your turn: "), what);
    else prompt.append(ui.seatBadge(toAct[0], me), ` is ${what}`);
  } else if (myTurn) {
    const what = partsPhase
      ? "place a token face down: click a token behind your screen, then a Part"
      : view.phase === "End of Round"
        ? "recall all your tokens from a lit Part, or Done"
        : gadgetsTurnHint(legal);
    prompt.append(el("strong", {}, "Your turn: "), what);
  } else if (toAct.length) {
    prompt.append("Waiting for ", ...toAct.flatMap((seat, i) => [i ? ", " : "", ui.seatBadge(seat, me)]),
      partsPhase ? " to place a token" : view.phase === "End of Round" ? " to recall tokens" : " to build or activate");
  }
  const buttons = el("span", { class: "gg-buttons" });
  for (const action of legal) {
    if (!BUTTONS[action]) continue;
    const label = action === "done" && view.power ? "Done (no second power)" : action === "done" ? "Done recalling" : BUTTONS[action];
    buttons.append(piece(el("button", { type: "button", class: "gg-btn", "data-key": action }, label), [action]));
  }
  prompt.append(buttons);
  head.append(prompt);
  if (recent.length) {
    head.append(el("ol", { class: "gg-recent", "aria-label": "just happened" },
      ...recent.slice(-2).map((event) => el("li", { class: event.private ? "private" : "" }, ui.named(event.text)))));
  }

  // ------------------------------------------------------------ the square of Parts
  const square = el("div", { class: "gg-square", "aria-label": "the Parts" });
  const fourPlayers = view.player_count === 4;
  for (const entry of view.board) {
    const part = entry.part;
    const control = entry.controlled_by;
    const tile = el("div", {
      class: `gg-part${entry.corner ? " corner" : ""}${control && control.length ? " controlled" : ""}${lately.has(part) ? " lately" : ""}`,
      "data-part": part,
      style: { gridRow: String(entry.row + 1), gridColumn: String(entry.column + 1) },
    });
    if (control && control.length) tint(tile, control[0]);
    if (control && control.length === 2) {  // a corner of a 4-player game: the top two control it
      tile.classList.add("shared");
      tile.style.setProperty("--seat2", ui.seatColour(control[1]));
    }
    const name = el("div", { class: "gg-part-head" }, el("span", { class: "gg-part-name" }, part));
    tile.append(name);
    if (entry.corner && fourPlayers) tile.append(el("span", { class: "gg-corner", title: "Corner: the top two may control it" }, "◆ top 2"));
    const flags = el("div", { class: "gg-flags" });
    if (control === undefined) {
      if (Object.keys(entry.tokens).length) flags.title = "control shows when the tokens are turned face up";
    } else {
      for (const seat of control) {
        flags.append(tint(el("span", { class: "gg-flag", title: `${seatName(seat)} controls ${part}` }, "⚑"), seat));
      }
    }
    tile.append(flags);
    const stacks = el("div", { class: "gg-stacks" });
    for (const [owner, labels] of Object.entries(entry.tokens)) {
      const seat = Number(owner);
      const stack = tint(el("div", { class: `gg-stack${seat === me ? " mine" : ""}` }), seat);
      const known = labels.reduce((sum, t) => sum + (VALUE2[t] || 0), 0);
      const unseen = labels.filter((t) => t === "?").length;
      for (const label of [...labels].sort(tokenOrder)) {
        let keys = [];
        if (label !== "?") {
          if (seat === me) {
            // (the Power/½ token is both: recalled to activate a power, or taken as a Value Token)
            keys = [`use ${label} ${part}`, `take ${label} ${part}`, `recall ${part}`];
          } else {
            keys = [`target seat${seat} ${label} ${part}`];
          }
        }
        stack.append(token(label, seat, { keys }));
      }
      stack.append(el("span", { class: "gg-total", title: `${ui.seatOwner(seat, me, true)} total on ${part}` },
        unseen ? (known ? `${halves(known)}+?` : "?") : `=${halves(known)}`));
      stacks.append(stack);
    }
    tile.append(stacks);
    ui.explain(tile, part);
    // in the Parts Phase a Part is lit once a token is selected, for the Parts that token may go to
    if (partsPhase) piece(tile, [part], { follows: true });
    else piece(tile, ["to", "swap", "with", "recall", ...POWER_WORDS].map((word) => `${word} ${part}`));
    square.append(tile);
  }
  const junk = el("div", { class: "gg-junk", "aria-label": "the Junk Pile" }, el("div", { class: "gg-junk-name" }, "Junk Pile"));
  const junked = el("div", { class: "gg-junk-tokens" });
  for (const [owner, label] of view.junk_pile) {
    const seat = Number(owner);
    junked.append(token(label, seat, { keys: seat === me ? [`salvage ${label}`] : [] }));
  }
  if (!view.junk_pile.length) junked.append(el("span", { class: "gg-empty" }, "empty"));
  junk.append(junked);
  square.append(junk);

  // ------------------------------------------------------------ the Gadget row
  const row = el("div", { class: "gg-row", "aria-label": "the Gadget row" });
  row.append(el("h3", {}, "Gadget row"));
  const cards = el("div", { class: "gg-cards" });
  for (const gadget of view.row) cards.append(gadgetCard(gadget, { parts: gadget.parts }));
  const deck = el("div", { class: "gg-deck", title: "the Gadget deck, face down" },
    el("strong", {}, String(view.deck_count)), el("span", {}, "in the deck"));
  if ((view.deck_bottom || []).length) deck.append(el("span", { class: "gg-under" }, `under: ${view.deck_bottom.join(", ")}`));
  cards.append(deck);
  row.append(cards);

  function gadgetCard(gadget, options) {
    const spent = options.spent;
    const card = ui.card(gadget.name, {
      class: `gg-gadget type-${gadget.type.toLowerCase()}${spent ? " spent" : ""}`,
      keys: [gadget.name],
    });
    registered.push([gadget.name]);
    card.dataset.keys = gadget.name;
    card.querySelector(".card-name").after(el("span", { class: "gg-points", title: "points" }, String(gadget.points)));
    card.append(el("span", { class: "gg-type" }, gadget.type + (gadget.single_use ? (spent ? " · Single Use, used" : " · Single Use") : "")));
    if (options.parts) {
      card.append(el("span", { class: "gg-needs" }, ...options.parts.map((part) =>
        el("span", { class: `gg-need${controlled.has(part) ? " have" : ""}`, title: controlled.has(part) ? `you control ${part}` : part },
          controlled.has(part) ? `✓${part}` : part))));
    }
    card.append(el("span", { class: "gg-power" }, gadget.power_text.replace(/^Single Use: /, "")));
    return card;
  }

  // ------------------------------------------------------------ the players
  function playerArea(p) {
    const seat = p.seat;
    const area = tint(el("div", {
      class: `player-area gg-player${seat === me ? " mine" : ""}${toAct.includes(seat) ? " acting" : ""}`,
      "data-seat": String(seat),
    }), seat);
    const title = el("h3", {}, ui.seatBadge(seat, me));
    if (view.first_player === seat) title.append(" ", el("span", { class: "gg-marker", title: "First Player Marker" }, "1st"));
    title.append(el("span", { class: "gg-count" }, ` ${p.built.length}/4 Gadgets`));
    if (p.passed) title.append(el("span", { class: "gg-passed" }, " passed"));
    if (message.is_over && (message.winners || []).includes(seat)) title.append(el("span", { class: "winner" }, " ★ won"));
    if (toAct.includes(seat)) title.append(el("span", { class: "to-act" }, " to act"));
    area.append(title);

    const screen = el("div", { class: "gg-screen" });
    if (p.screen) {
      screen.append(el("span", { class: "gg-label" }, seat === me ? "Behind your screen:" : "Behind the screen:"));
      const tokens = el("span", { class: "gg-tokens" });
      for (const label of [...p.screen].sort(tokenOrder)) {
        tokens.append(token(label, seat, { keys: seat === me ? [`place ${label}`, `add ${label}`] : [] }));
      }
      if (!p.screen.length) tokens.append(el("span", { class: "gg-empty" }, "nothing"));
      screen.append(tokens);
    } else {
      screen.append(el("span", {
        class: "gg-screen-back",
        title: `Behind the screen or face down: ${p.unseen.map((t) => LABEL[t] || t).join(" ")}`,
      }, plural(p.screen_count, "token"), " behind the screen"));
    }
    area.append(screen);

    const built = el("div", { class: "gg-built" });
    const spent = new Set(p.single_use_spent || []);
    for (const gadget of p.built) built.append(gadgetCard(gadget, { spent: spent.has(gadget.name) }));
    if (p.bonus) {
      built.append(ui.card(`${p.bonus} Bonus card`, { label: `Bonus: ${p.bonus}`, detail: seat === me && !message.is_over ? "secret" : "", class: "gg-bonus", keys: [] }));
    } else {
      built.append(ui.card("Bonus card", { hidden: true, label: "Bonus ?", class: "gg-bonus" }));
    }
    area.append(built);
    const extras = [];
    if (p.alternate) extras.push(`Alternate Token: ${p.alternate}`);
    if (p.junk.length) extras.push(`in the Junk Pile: ${p.junk.map((t) => LABEL[t] || t).join(" ")}`);
    if (p.parts_controlled !== undefined) extras.push(`controls ${plural(p.parts_controlled, "Part")}`);
    if (extras.length) area.append(el("div", { class: "gg-extras" }, extras.join(" · ")));
    return area;
  }

  const mineArea = view.players.filter((p) => p.seat === me).map(playerArea);
  const order = view.players.map((p) => p.seat);
  const start = me === null || me === undefined ? 0 : order.indexOf(me) + 1;
  const others = el("div", { class: "gg-others" },
    ...[...order.slice(start), ...order.slice(0, start)].filter((seat) => seat !== me).map((seat) => playerArea(view.players[seat])));

  // ------------------------------------------------------------ every legal action reachable
  // (as ui.js narrows: a piece with one action takes it; else its first key that matches selects
  // every action with that key)
  const reached = new Set();
  for (const keys of registered) {
    const mine = legal.filter((action) => keys.some((key) => concerns(action, key)));
    if (mine.length === 1) { reached.add(mine[0]); continue; }
    const first = keys.find((key) => mine.some((action) => concerns(action, key)));
    if (first) for (const action of legal) if (concerns(action, first)) reached.add(action);
  }
  for (const action of legal) {
    if (reached.has(action)) continue;
    buttons.append(ui.piece(el("button", { type: "button", class: "gg-btn gg-extra", "data-key": action }, action), [action]));
  }

  const layout = el("div", { class: `gg${me === null || me === undefined ? " spectating" : ""}` },
    head, square, ...mineArea, el("div", { class: "gg-side" }, row, others));
  board.append(layout);
}
