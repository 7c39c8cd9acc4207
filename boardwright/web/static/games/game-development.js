// Game Development: the studios' table. Across the top, the milestone track (Preproduction … RTM,
// a pip per round, the current round marked), the draw pile and the discard pile; then a line saying
// whose turn it is, what they are doing and what just happened; then your hand, face up, and each
// studio's mat, yours first: its developers with their counters and Lead titles, design documents,
// features built and bugs, its face-down hand and, for the studio whose turn it is, the turn's tray
// (Thing, Actions, resource pool, the card being paid for).
//
// Pieces (what a click does is whatever legal action names the piece's key):
//   a card in your hand          "play <card>", "discard <card>"
//   a studio's name plate        "on seat N"   (the target of a bug or Trading Ideas)
//   a feature in play            "on <feature> of seat N"   (Source Control Conflict)
//   your bug                     "destroy <bug>"
//   your developer               "pay <developer>", "lead <developer>"
//   your developer's Lead title  "use <developer>"
//   buttons on the table         "end turn", "pass" (and any action no piece above names)
// It knows no rules: everything comes from the view, the catalog and the legal actions' texts.
import { concerns } from "../ui.js";
import { currentPayment, markDeveloper, payButton } from "./game-development-pay.js";

const SHORT = { Programmer: "Prog", Artist: "Art", "Level Designer": "LD", Producer: "Prod" };
const TITLE = { Programmer: "Lead Programmer", Artist: "Lead Artist", "Level Designer": "Lead Level Designer",
  Producer: "Game Designer" };
const RESOURCE_KIND = { Prog: "Programmer", Art: "Artist", LD: "Level Designer", Prod: "Producer" };
let lastEvents = [];

function loadCss() {
  if (document.querySelector("link[data-game='game-development']")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/games/game-development.css";
  link.dataset.game = "game-development";
  document.head.append(link);
}

export function draw(board, message, ui) {
  loadCss();
  const view = message.view;
  const viewer = message.seat;
  const legal = message.legal_actions || [];
  const toAct = message.to_act || [];
  if (message.events && message.events.length) lastEvents = message.events.slice(-4);
  const keys = [];  // every key registered, to offer a button for any action no piece names
  const piece = (element, list) => { keys.push(...list); ui.piece(element, list); return element; };
  const fresh = freshNames(lastEvents);
  // paying: the developers are marked with the suggested payment, and "Pay" takes its steps
  const payment = currentPayment(message);
  const pay = payment && { payment, claim: (list) => keys.push(...list) };

  const root = ui.el("div", { class: "gd-table" });
  root.append(drawTrack(view, ui), drawPrompt(view, message, ui, legal, piece, payment));

  const seats = view.players.map((_, seat) => seat);
  const order = viewer === null ? seats : [...seats.slice(viewer + 1), ...seats.slice(0, viewer)];
  // Your hand and your studio first (what you act with), then the others from your left.
  if (viewer !== null) {
    if (view.hand_cards) root.append(drawHand(view, ui, viewer, piece, toAct.includes(viewer)));
    root.append(ui.el("div", { class: "gd-mats gd-mine" }, drawMat(view, message, ui, viewer, piece, fresh, pay)));
  }
  const others = ui.el("div", { class: "gd-mats gd-others" });
  for (const seat of order) if (seat !== viewer) others.append(drawMat(view, message, ui, seat, piece, fresh));
  root.append(others);

  // Any legal action that no piece above names gets a button (so the board alone is enough).
  const loose = legal.filter((action) => !keys.some((key) => concerns(action, key)));
  if (loose.length) {
    const tray = root.querySelector(".gd-buttons");
    for (const action of loose) tray.append(piece(ui.el("button", { type: "button", class: "gd-button gd-loose" }, action), [action]));
  }
  board.append(root);
}

// ------------------------------------------------------------------ the centre of the table
function drawTrack(view, ui) {
  const top = ui.el("div", { class: "gd-top" });
  const track = ui.el("ol", { class: "gd-track", "aria-label": "milestones" });
  view.milestones.forEach((milestone, index) => {
    const number = index + 1;
    const state = number < view.milestone_number || view.is_over ? "done" : number === view.milestone_number ? "now" : "later";
    const pips = ui.el("span", { class: "gd-pips" });
    for (let round = 1; round <= milestone.turns; round += 1) {
      const done = state === "done" || (state === "now" && round < view.turn);
      const here = state === "now" && round === view.turn;
      pips.append(ui.el("span", { class: `gd-pip${done ? " done" : ""}${here ? " here" : ""}`,
        title: `round ${round} of ${milestone.turns}` }));
    }
    const item = ui.el("li", { class: `gd-milestone ${state}` },
      ui.el("span", { class: "gd-milestone-name" }, milestone.name),
      pips,
      ui.el("span", { class: "gd-milestone-rounds" },
        state === "now" ? `round ${view.turn} of ${milestone.turns}` : `${milestone.turns} rounds`));
    ui.explain(item, milestone.name, `Milestone ${number} of ${view.milestones.length}: ${milestone.turns} rounds`
      + (state === "now" ? `; now in round ${view.turn}.` : state === "done" ? "; finished." : "; to come."));
    track.append(item);
  });
  top.append(track);

  const piles = ui.el("div", { class: "gd-piles" });
  const deck = ui.el("div", { class: "gd-pile deck" }, ui.el("span", { class: "gd-pile-count" }, String(view.deck_size)),
    ui.el("span", { class: "gd-pile-label" }, "draw pile"));
  ui.explain(deck, "Draw pile", `${view.deck_size} cards, face down.`);
  const discard = view.discard_pile;
  const top1 = discard.length ? discard[discard.length - 1] : null;
  const shown = ui.el("div", { class: `gd-pile discard${top1 ? "" : " empty"}` },
    ui.el("span", { class: "gd-pile-top" }, top1 || "—"),
    ui.el("span", { class: "gd-pile-label" }, `discard ${discard.length}`));
  ui.explain(shown, "Discard pile", discard.length ? `${discard.length} cards, newest last: ${discard.join(", ")}.` : "Empty.");
  piles.append(deck, shown);
  top.append(piles);
  return top;
}

// Whose turn, what they are doing, what you may do, and the buttons that are actions.
function drawPrompt(view, message, ui, legal, piece, payment) {
  const viewer = message.seat;
  const toAct = message.to_act || [];
  const mine = viewer !== null && toAct.includes(viewer);
  const box = ui.el("div", { class: `gd-prompt${mine ? " mine" : ""}` });
  const line = ui.el("div", { class: "gd-prompt-line" });
  if (view.is_over) {
    const won = (message.winners || []).map((seat) => ui.seatBadge(seat, viewer));
    line.append("Game over — ", ...joinNodes(won, " and "), won.length ? " won" : "nobody won");
  } else {
    line.append(...whatNow(view, message, ui, mine, payment));
  }
  box.append(line);
  if (lastEvents.length) {
    const news = ui.el("ul", { class: "gd-news", "aria-label": "just happened" });
    for (const event of lastEvents.slice(-3)) news.append(ui.el("li", { class: event.private ? "private" : "" }, ui.named(event.text)));
    box.append(news);
  }
  const buttons = ui.el("div", { class: "gd-buttons" });
  if (payment) buttons.append(payButton(payment, ui));
  for (const action of ["end turn", "pass"]) {
    if (!legal.includes(action)) continue;
    const label = action === "end turn" ? "End turn" : "Pass (no bug)";
    buttons.append(piece(ui.el("button", { type: "button", class: "gd-button" }, label), [action]));
  }
  box.append(buttons);
  return box;
}

function whatNow(view, message, ui, mine, payment) {
  const viewer = message.seat;
  const toAct = message.to_act || [];
  const active = view.active;
  const legal = message.legal_actions || [];
  const who = (seat) => ui.seatBadge(seat, viewer);
  const out = [];
  const waiting = toAct.filter((seat) => seat !== viewer);
  switch (view.phase) {
    case "lead titles":
      out.push(`End of Preproduction: everyone chooses a ${TITLE[view.lead_kind] || "Lead"} in secret. `);
      if (mine) out.push(ui.el("strong", {}, `Click one of your ${plural(view.lead_kind)} to make it your ${TITLE[view.lead_kind]}.`));
      if (waiting.length) out.push(" Waiting for ", ...joinNodes(waiting.map(who), ", "), ".");
      return out;
    case "feature creep": {
      out.push(who(active), " played Feature Creep: each other player may now play a bug on them. ");
      if (mine) out.push(ui.el("strong", {}, "Click a bug in your hand to play it, or Pass."));
      else out.push("Waiting for ", ...joinNodes(toAct.map(who), ", "), ".");
      return out;
    }
    case "discarding":
      if (!mine) out.push(who(active), " is discarding down to the hand limit.");
      else out.push(ui.el("strong", {}, "Click cards in your hand to discard down to the hand limit."));
      return out;
    case "paying":
      out.push(mine ? "You are" : who(active), mine ? " paying for " : " is paying for ", ui.el("b", {}, view.paying.card),
        `: still ${view.paying.still_needed.join(", ")}. `);
      if (payment) {
        out.push(ui.el("strong", {}, "Pay with the developers marked, or click one to spare it."));
      } else if (mine) {
        out.push(ui.el("strong", {}, "Click your developers to take counters off"
          + (legal.some((action) => action.startsWith("use ")) ? " (or a lit Lead title to use its ability)." : ".")));
      }
      return out;
    default:
      if (!mine) out.push(who(active), "'s turn.");
      else {
        out.push(ui.el("b", {}, "Your turn: "));
        const can = [];
        if (legal.some((a) => a.startsWith("play "))) can.push("click a card in your hand to play it");
        if (legal.some((a) => a.startsWith("destroy "))) can.push("a bug of yours to destroy it");
        if (legal.some((a) => a.startsWith("use "))) can.push("a Lead title to use it");
        out.push(ui.el("strong", {}, can.length ? `${capital(can.join(", "))}, or end your turn.` : "End your turn."));
      }
      return out;
  }
}

// ------------------------------------------------------------------ a studio's mat
function drawMat(view, message, ui, seat, piece, fresh, pay = null) {
  const viewer = message.seat;
  const toAct = message.to_act || [];
  const player = view.players[seat];
  const yours = seat === viewer;
  const acting = !view.is_over && toAct.includes(seat);
  const mat = ui.el("section", { class: `gd-mat player-area${acting ? " acting" : ""}${yours ? " yours" : ""}`,
    "aria-label": ui.seatName(seat, viewer), style: { "--seat": ui.seatColour(seat) } });

  // The name plate: also the target of "... on seat N".
  const plate = ui.el("div", { class: "gd-plate" }, ui.seatBadge(seat, viewer));
  if (!view.is_over && seat === view.active && view.phase !== "lead titles") plate.append(ui.el("span", { class: "gd-tag turn" }, yours ? "your turn" : "their turn"));
  if (seat === view.first_player) {
    const first = ui.el("span", { class: "gd-tag first" }, "1st");
    ui.explain(first, "First player", "This studio starts every round of this milestone.");
    plate.append(first);
  }
  const total = message.breakdown && message.breakdown[seat] ? message.breakdown[seat].total : null;
  if (total !== null) plate.append(ui.el("span", { class: "gd-score", title: "points now" }, `${total} pts`));
  if (message.winners && message.winners.includes(seat)) plate.append(ui.el("span", { class: "gd-tag won" }, "★ won"));
  piece(plate, [`on seat ${seat}`]);
  ui.explain(plate, ui.seatName(seat, viewer), `${player.hand_size} cards in hand, ${player.features.length} features, ${player.bugs.length} bugs.`);

  const head = ui.el("div", { class: "gd-mat-head" }, plate);
  if (acting || (!view.is_over && seat === view.active)) {
    const tray = drawTray(view, ui, seat);
    if (tray) head.append(tray);
  }
  if (!yours) head.append(drawBackHand(view, ui, seat, player, viewer));
  mat.append(head);

  // Developers, each with its counters and Lead title.
  const devs = ui.el("div", { class: "gd-row gd-devs" });
  for (const dev of player.developers) devs.append(drawDeveloper(view, ui, dev, yours, piece, fresh.has(seat, dev.name), pay));
  if (!player.developers.length) devs.append(ui.el("span", { class: "gd-empty" }, "no developers yet"));
  mat.append(labelled(ui, "Developers", devs));

  const built = ui.el("div", { class: "gd-row gd-built" });
  for (const name of player.documents) built.append(tableCard(ui, name, "gd-doc", "document", null));
  for (const feature of player.features) {
    const card = tableCard(ui, feature.name, `gd-feature${fresh.has(seat, feature.name) ? " fresh" : ""}`, "feature",
      ui.el("span", { class: "gd-points plus" }, `+${feature.points}`));
    if (feature.text) card.append(ui.el("span", { class: "card-detail" }, feature.text));
    built.append(piece(card, [`on ${feature.name} of seat ${seat}`]));
  }
  for (const bug of player.bugs) {
    const card = tableCard(ui, bug.name, `gd-bug${fresh.has(seat, bug.name) ? " fresh" : ""}`, "bug",
      ui.el("span", { class: "gd-points minus" }, `−${bug.points}`));
    card.append(ui.el("span", { class: "card-detail" }, `destroy: ${free(bug.destroy_cost)}`));
    built.append(yours ? piece(card, [`destroy ${bug.name}`]) : card);
  }
  if (!built.children.length) built.append(ui.el("span", { class: "gd-empty" }, "nothing built yet"));
  mat.append(labelled(ui, "Built", built));
  return mat;
}

// A card in play: a corner line (its kind, and its points or counters), then its name.
function tableCard(ui, name, cls, kind, corner) {
  const card = ui.card(name, { class: `gd-card ${cls}`, keys: [] });
  card.prepend(ui.el("span", { class: "gd-corner" }, ui.el("span", { class: "gd-kind" }, kind), corner));
  return card;
}

function drawDeveloper(view, ui, dev, yours, piece, isFresh, pay) {
  const short = SHORT[dev.kind] || dev.kind;
  const secret = yours && view.your_secret_leads && view.your_secret_leads.includes(dev.name);
  const card = tableCard(ui, dev.name, `gd-dev kind-${short}${dev.lead ? " lead" : ""}${isFresh ? " fresh" : ""}`, short,
    ui.el("span", { class: "gd-counter-n", title: `${dev.counters} counters` }, String(dev.counters)));
  const counters = ui.el("span", { class: "gd-counters", "aria-label": `${dev.counters} counters` });
  for (let i = 0; i < Math.min(dev.counters, 12); i += 1) counters.append(ui.el("span", { class: "gd-counter" }));
  card.append(counters);
  if (dev.lead) {
    const title = ui.el("span", { class: `gd-title${dev.ability ? "" : " plain"}` }, `★ ${dev.lead}`);
    ui.explain(title, dev.lead, dev.ability ? `Lead: ${dev.ability}` : "This Lead has no ability.");
    if (yours && dev.ability) piece(title, [`use ${dev.name}`]);
    card.append(title);
  } else if (secret) {
    card.append(ui.el("span", { class: "gd-title secret" }, `★ ${TITLE[dev.kind] || "Lead"} (chosen)`));
  }
  if (yours && pay) {  // a payment on offer: a click edits it ("Pay" takes it), so no counter goes at once
    pay.claim([`pay ${dev.name}`]);
    markDeveloper(card, dev.name, pay.payment, ui);
    return card;
  }
  return yours ? piece(card, [`pay ${dev.name}`, `lead ${dev.name}`]) : card;
}

// The cards another studio holds: face down, except those you know (you took or gave them).
function drawBackHand(view, ui, seat, player, viewer) {
  const hand = ui.el("div", { class: "gd-backs", "aria-label": `${player.hand_size} cards in hand` });
  const known = (view.known_in_hands && view.known_in_hands[String(seat)]) || [];
  for (let i = 0; i < player.hand_size; i += 1) {
    if (i < known.length) {
      const card = ui.card(known[i], { class: "gd-back known", keys: [] });
      hand.append(card);
    } else {
      hand.append(ui.el("span", { class: "gd-back" }));
    }
  }
  hand.append(ui.el("span", { class: "gd-backs-n" }, `${player.hand_size} in hand`));
  const others = [];
  for (const [who, row] of Object.entries(view.known_between_others || {})) {
    if (row[String(seat)]) others.push(`${ui.seatName(Number(who), viewer)} knows ${row[String(seat)]}`);
  }
  if (others.length) hand.append(ui.el("span", { class: "gd-known-note" }, others.join("; ")));
  return hand;
}

// What the studio whose turn it is has in front of it this turn.
function drawTray(view, ui, seat) {
  if (view.phase === "lead titles" || view.is_over) return null;
  const tray = ui.el("div", { class: "gd-tray", "aria-label": "this turn" });
  if (seat === view.active) {
    const thing = ui.el("span", { class: `gd-slot${view.thing_played ? " used" : ""}` }, view.thing_played ? "Thing ✓" : "Thing open");
    ui.explain(thing, "Thing", view.thing_played ? "This turn's Thing (a feature or a design document) is played." : "A feature or a design document may still be played this turn.");
    tray.append(thing);
    const actions = ui.el("span", { class: `gd-slot${view.actions_left ? "" : " used"}` }, `Actions left ${view.actions_left}`);
    ui.explain(actions, "Actions", `${view.actions_left} Action${view.actions_left === 1 ? "" : "s"} left this turn.`);
    tray.append(actions);
    for (const [resource, amount] of Object.entries(view.pool || {})) {
      const token = ui.el("span", { class: `gd-resource kind-${resource}` }, `${amount} ${resource}`);
      ui.explain(token, "Resource pool", `${amount} ${RESOURCE_KIND[resource] || resource} resource${amount === 1 ? "" : "s"} left over this turn; unused ones vanish at its end.`);
      tray.append(token);
    }
    if (view.feature_creep) tray.append(ui.explain(ui.el("span", { class: "gd-slot special" }, "Feature Creep"), "Feature Creep"));
    if (view.next_feature_bonus) tray.append(ui.el("span", { class: "gd-slot special" }, `next feature +${view.next_feature_bonus}`));
    if (view.boosting) tray.append(ui.el("span", { class: "gd-slot special" }, `boost: ${view.boosting}`));
    if (view.extra_action_used) tray.append(ui.el("span", { class: "gd-slot used" }, "extra Action used"));
    if (view.paying) {
      const paying = ui.card(view.paying.card, { class: "gd-card gd-paying", keys: [],
        detail: `paying: still ${view.paying.still_needed.join(", ")}` });
      tray.append(paying);
    }
  } else if (view.phase === "feature creep") {
    tray.append(ui.el("span", { class: "gd-slot special" }, "may play a bug"));
  }
  if (view.bug_round) {
    const holds = view.bug_round.holds_a_bug.includes(seat) ? "showed a bug" : view.bug_round.holds_no_bug.includes(seat) ? "showed no bug" : null;
    if (holds) tray.append(ui.el("span", { class: "gd-slot" }, holds));
  }
  return tray.children.length ? tray : null;
}

// ------------------------------------------------------------------ your hand
function drawHand(view, ui, viewer, piece, acting) {
  const box = ui.el("section", { class: `gd-hand${acting ? " acting" : ""}`, "aria-label": "your hand",
    style: { "--seat": ui.seatColour(viewer) } });
  const knownBy = {};
  for (const [who, names] of Object.entries(view.your_cards_known_by || {})) {
    for (const name of names) (knownBy[name] = knownBy[name] || []).push(ui.seatName(Number(who), viewer));
  }
  box.append(ui.el("h3", {}, `Your hand (${view.hand.length})`));
  const row = ui.el("div", { class: "gd-row" });
  for (const entry of view.hand_cards) {
    for (let copy = 0; copy < entry.count; copy += 1) {
      const type = entry.type;
      const kind = type.endsWith(" developer") ? `kind-${SHORT[type.replace(" developer", "")] || ""}` : "";
      const points = entry.points === undefined ? null : ui.el("span", { class: `gd-points ${entry.points < 0 ? "minus" : "plus"}` },
        entry.points < 0 ? `−${-entry.points}` : `+${entry.points}`);
      const card = tableCard(ui, entry.name, `gd-in-hand type-${type.split(" ").pop()} ${kind}`, type, points);
      if (entry.cost !== undefined) {
        card.append(ui.el("span", { class: "gd-cost" }, `${type === "bug" ? "destroy" : "cost"}: ${free(entry.cost)}`));
      }
      if (entry.text) card.append(ui.el("span", { class: "card-detail" }, entry.text));
      if (knownBy[entry.name]) card.append(ui.el("span", { class: "gd-known-note" }, `known to ${knownBy[entry.name].join(", ")}`));
      piece(card, [`play ${entry.name}`, `discard ${entry.name}`]);
      row.append(card);
    }
  }
  if (!view.hand_cards.length) row.append(ui.el("span", { class: "gd-empty" }, "no cards"));
  box.append(row);
  return box;
}

// ------------------------------------------------------------------ helpers
function labelled(ui, label, row) {
  return ui.el("div", { class: "gd-zone", "aria-label": label }, row);
}

function joinNodes(nodes, separator) {
  const out = [];
  nodes.forEach((node, index) => { if (index) out.push(separator); out.push(node); });
  return out;
}

function free(cost) { return cost === "nothing" ? "free" : cost; }
function plural(kind) { return kind ? `${kind}s` : "developers"; }
function capital(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

// The cards the latest events speak of, by the seat whose table they are on ("*": any), so the
// drawing can mark what just changed.
function freshNames(events) {
  const names = new Map();
  const add = (seat, name) => {
    const key = seat === undefined || seat === null ? "*" : String(seat);
    if (!names.has(key)) names.set(key, new Set());
    names.get(key).add(name);
  };
  for (const event of events) {
    for (const field of ["feature", "bug", "developer"]) if (typeof event[field] === "string") add(event.seat, event[field]);
    if (typeof event.action !== "string") continue;
    const own = /^(?:pay|use|lead|destroy|play) (.+)$/.exec(event.action);
    const aimed = /^play (.+?) on (?:(.+) of )?seat (\d+)$/.exec(event.action);
    if (aimed) add(Number(aimed[3]), aimed[2] || aimed[1]);
    else if (own) add(event.seat, own[1]);
  }
  return { has: (seat, name) => ["*", String(seat)].some((key) => names.has(key) && names.get(key).has(name)) };
}
