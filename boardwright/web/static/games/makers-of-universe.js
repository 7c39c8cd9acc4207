// Makers of Universe at the table: the middle of the table (the Machine pile, the Machine on
// auction with everyone's closed fist, the Bank, the Resource pile, the discard pile), a world for
// each player (its Character, the Preum's pawn, its UE, its three Doors with any card face down
// under them, its Machines, Evolutions and creatures in defence) and the viewer's hand. A banner
// above says what the table waits for and offers the moves that are not cards (bid amounts, the
// draw, pass, exchange, end turn, back) as pieces.
//
// Keys (the words of the action texts each piece answers to):
//   a card in hand .......... its name (send / defend with / evolve / play / hide / give up / discard)
//   an enemy door ........... "seat S door D" (attack, Breach, Defuse), "send" when active
//   my defence slot ......... "defend with" (shown when a creature may defend)
//   my door / under it ...... "activate door D" / "trap door D"
//   a Machine of seat S ..... "seat S NAME" (the Ravager Cannon, Meteor), "destroy NAME" (a creature's effect)
//   my Ravager Cannon ....... "fire cannon"
//   an Evolution / defender . "destroy NAME" / "kill NAME" in the attacked world; my defender "send NAME from world"
//   a world's header ........ each "play CARD on seat S" (Levy, Sleight)
//   the banner .............. "bid N", "draw ...", "pass", "exchange", "end turn", "back", "play CARD"
// Whatever legal action no piece answers to gets a plain piece in the banner, so every move can
// be clicked even if the game grows a new kind of action.
import { concerns } from "../ui.js";

const GLYPH = { Machine: "⚙", Evolution: "♁", Creature: "♞", Trap: "☠", Action: "☛", Character: "☺", Door: "◫" };
const HAND_VERBS = ["send", "defend with", "evolve", "play", "hide", "give up", "discard"];
const WINDOW_WORDS = {
  "machine revealed": "a Machine was just put up for sale",
  "after the auction": "an auction has just ended",
  "attack declared": "an attack was just declared, before its door is turned",
  "card resolved": "a card has just been resolved",
  "end of turn": "a turn is ending",
};

let memory = [];  // the last events seen, oldest first (pushes carry only the new ones)

function ensureStyle() {
  if (document.getElementById("mou-style")) return;
  const link = document.createElement("link");
  link.id = "mou-style";
  link.rel = "stylesheet";
  link.href = new URL("./makers-of-universe.css", import.meta.url).href;
  document.head.append(link);
}

function sentence(text) { return /[.!?]$/.test(text) ? text : `${text}.`; }

function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

function escapeRe(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

// What an open reaction window is about, in a sentence: the attack declared, the Machine put up
// for sale, or the last thing that happened.
function windowSubject(view, ui, viewer) {
  const seatName = (seat) => ui.seatName(seat, viewer);
  const last = memory[memory.length - 1];
  if (view.window === "attack declared" && view.attack) {
    const a = view.attack;
    return `${seatName(a.attacker)} sends ${a.creature} at ${ui.seatOwner(a.seat, viewer)} door ${a.door} — before the door is turned.`;
  }
  if (view.window === "machine revealed" && view.on_auction) return `${view.on_auction} was just put up for sale.`;
  if (last) return `${view.window}: ${sentence(ui.named(last.text))}`;
  return `${WINDOW_WORDS[view.window] || view.window}.`;
}

// For the page: what the reaction window the seat is asked in is about (said when it is passed
// for the player).
export function reaction(message, ui) {
  return windowSubject(message.view, ui, message.seat);
}

export function draw(board, message, ui) {
  ensureStyle();
  const view = message.view;
  const legal = message.legal_actions || [];
  const me = message.seat;
  const facts = view.facts || {};
  const toAct = message.to_act || view.to_act || [];
  const registered = [];
  const piece = (element, keys) => {
    const list = (Array.isArray(keys) ? keys : [keys]).filter(Boolean);
    registered.push(...list);
    return ui.piece(element, list);
  };
  const seatName = (seat) => ui.seatName(seat, me);
  const tint = (element, seat) => { element.style.setProperty("--seat", ui.seatColour(seat)); return element; };

  if (message.events && message.events.length) {
    // a full list (from the first event: a first load, a replay step) replaces what was kept
    const seen = new Map(message.events[0].seq === 0 ? [] : memory.map((event) => [event.seq, event]));
    for (const event of message.events) seen.set(event.seq, event);
    memory = [...seen.values()].sort((a, b) => a.seq - b.seq).slice(-30);
  }
  const recent = memory.slice(-3);

  // ------------------------------------------------------------ cards
  function detail(name, kind) {
    const fact = facts[name] || "";
    if (kind === "Machine") {
      const points = /(\d+) points?/.exec(fact);
      const doors = /activates (\d+) (?:door|doors)/.exec(fact);
      return [points ? `★${points[1]}` : "", doors ? `opens ${plural(Number(doors[1]), "door")}` : ""].filter(Boolean).join(" · ");
    }
    if (kind === "Evolution") {
      const points = /(\d+) points?/.exec(fact);
      const via = /placed through (.+)$/.exec(fact);
      return [points ? `★${points[1]}` : "", via ? `via ${via[1]}` : ""].filter(Boolean).join(" · ");
    }
    if (kind === "Creature") {
      return [fact.includes("Attacking:") ? "⚔ attacks" : "", fact.includes("Defending:") ? "❄ defends" : ""]
        .filter(Boolean).join(" ");
    }
    if (kind === "Trap") return "trap";
    if (kind === "Action") return "action, any time";
    return "";
  }

  function card(name, { keys = [], cls = "", label = null, extra = null } = {}) {
    const element = ui.card(name, { keys: [], class: `mou-card ${cls}`, label });
    const kind = element.dataset.kind || "";
    element.classList.add(`mou-${kind.toLowerCase() || "thing"}`);
    const glyph = ui.el("span", { class: "mou-glyph", "aria-hidden": "true" }, GLYPH[kind] || "✦");
    const title = element.querySelector(".card-name");
    if (title) title.prepend(glyph, " "); else element.prepend(glyph);
    const words = extra !== null ? extra : detail(name, kind);
    if (words) element.append(ui.el("span", { class: "card-detail" }, words));
    if (keys.length) piece(element, keys);
    return element;
  }

  function back(label = "", cls = "") {
    return ui.el("div", { class: `card face-down mou-card mou-back ${cls}`.trim() }, label);
  }

  function button(label, key, cls = "") {
    const element = ui.el("div", { class: `mou-button ${cls}`.trim(), "data-key": key }, label);
    piece(element, key);
    return element;
  }

  function ueToken(count, label = null) {
    return ui.el("span", { class: "mou-ue", title: `${count} UE` }, ui.el("b", {}, String(count)), label ? ` ${label}` : " UE");
  }

  // ------------------------------------------------------------ the banner: what the table waits for
  function banner() {
    const box = ui.el("section", { class: "mou-banner", "aria-label": "what the table waits for" });
    const mine = me !== null && toAct.includes(me) && !view.is_over;
    box.classList.toggle("mou-mine", mine);
    const who = toAct.map(seatName).join(", ");
    const head = ui.el("div", { class: "mou-banner-head" });
    const say = (text) => head.append(ui.el("p", { class: "mou-say" }, text));
    const row = ui.el("div", { class: "mou-banner-row" });
    const phase = view.phase;
    const has = (prefix) => legal.some((action) => action === prefix || action.startsWith(`${prefix} `));

    if (view.is_over) {
      const winners = (message.winners || view.winners || []).map(seatName).join(" and ");
      say(`The game is over — ${winners || "nobody"} won.`);
    } else if (phase === "bid") {
      const re = view.bid_round ? `, tied re-bid ${view.bid_round} of 3` : "";
      say(`Buying Phase, auction ${view.auction} of 2${re}: sealed bids for ${view.on_auction}.`);
      if (mine) say("Put UE in your closed fist: click how many you bid (the highest bid buys and pays the Bank).");
      else if (view.your_choice) say(`Your fist is closed: ${view.your_choice.replace("bid ", "")} UE. Waiting for ${who}.`);
      else say(`Waiting for ${who} to bid.`);
      const chips = ui.el("div", { class: "mou-chips", "aria-label": "bid amounts" });
      for (const action of legal.filter((a) => /^bid \d+$/.test(a))) {
        const chip = ui.el("div", { class: "mou-chip", "data-key": action, title: `${action} UE` }, action.slice(4));
        piece(chip, action);
        chips.append(chip);
      }
      if (chips.childElementCount) row.append(chips);
    } else if (phase === "activate doors") {
      const n = view.left_to_choose || 0;
      say(mine ? `You bought the Machine: click ${plural(n, "more inactive door")} of your world to turn active.`
        : `${who} activates ${plural(n, "more door")} for the Machine bought.`);
    } else if (phase === "reaction window") {
      const about = windowSubject(view, ui, me);
      if (message.passing) {
        say(`Reaction window — passing it for you: ${about}`);
      } else if (mine) {  // the player chose to be asked
        say(`React to: ${about}`);
        say("Play an Action card now, or pass.");
      } else {
        say(`Reaction window — ${about}`);
        say(`${who} may play an Action card.`);
      }
      if (view.window_passed && view.window_passed.length) {
        say(`Passed: ${view.window_passed.map(seatName).join(", ")}.`);
      }
      const names = [...new Set(legal.filter((a) => a.startsWith("play ")).map(playedCard))];
      for (const name of names) {
        const rule = (facts[name] || "").replace(/^Action: /, "");
        row.append(card(name, { keys: [name], cls: "mou-react", label: `Play ${name}`, extra: rule || "action" }));
      }
      if (has("pass")) row.append(button("Pass — do not react", "pass", "mou-pass"));
    } else if (phase === "draw") {
      say(mine ? "Your draw: 2 Resource cards, 2 UE from the Bank, or one of each."
        : `${who} draws: 2 cards, 2 UE, or one of each.`);
      for (const [action, label] of [["draw 2 cards", "▮▮ 2 cards"], ["draw 2 UE", "●● 2 UE"], ["draw 1 card and 1 UE", "▮● 1 card + 1 UE"]]) {
        if (legal.includes(action)) row.append(button(label, action, "mou-draw"));
      }
    } else if (phase === "actions") {
      say(mine ? "Your turn: click a card in your hand, then where it goes — or end your turn."
        : `${who}'s turn: playing cards.`);
      const spent = [view.cannon_used ? "the Ravager Cannon has fired" : "",
        view.power_used ? "the Character's once-a-turn power is spent" : ""].filter(Boolean);
      if (spent.length) say(`Used this turn (once a turn): ${spent.join("; ")}.`);
      if (has("exchange")) row.append(button("Exchange cards for 1 new", "exchange"));
      if (has("end turn")) row.append(button("End turn ▶", "end turn", "mou-end"));
    } else if (phase === "choose a door to attack") {
      const creature = view.attack ? view.attack.creature + (view.attack.from_world ? " from the world" : "") : "a creature";
      say(mine ? `Send ${creature}: click an active door of another world.` : `${who} aims ${creature} at a door.`);
      if (view.attack) row.append(card(view.attack.creature, { cls: "mou-attacker" }));
    } else if (phase === "choose a card to hide") {
      say(mine ? `Click a card in your hand to hide face down under door ${view.trapping_door}.`
        : `${who} hides a card under door ${view.trapping_door}.`);
    } else if (phase === "exchange") {
      const n = view.left_to_choose || 0;
      say(mine ? `Exchange: click ${plural(n, "more card")} in your hand to give up.` : `${who} gives up ${plural(n, "more card")}.`);
    } else if (phase === "creature effect") {
      const a = view.attack;
      const where = view.effect_in_world_of;
      const entered = [...memory].reverse().find((event) => event.kind === "creature_entered");
      const creature = a ? a.creature : entered ? entered.creature : null;
      const owner = a ? a.attacker : entered ? entered.seat : null;
      say(`${creature ? `${ui.seatOwner(owner, me, true)} ${creature}` : "A creature"} got into ${ui.seatOwner(where, me)} world.`);
      say(mine ? `Click what it does there (lit in ${ui.seatOwner(where, me)} world or in your hand)${has("pass") ? ", or pass" : ""}.`
        : `${who} chooses its effect.`);
      if (creature) row.append(tint(card(creature, { cls: "mou-attacker" }), owner));
      if (has("pass")) row.append(button("Pass — no effect", "pass", "mou-pass"));
    } else if (phase === "discard half") {
      const d = view.discarding || {};
      say(mine ? `You lost a Machine holding more than 8 cards: click ${plural(d.left || 0, "card")} to discard.`
        : `${seatName(d.seat)} discards ${plural(d.left || 0, "card")} after losing a Machine.`);
    } else {
      say(`${phase}: waiting for ${who}.`);
    }
    if (has("back")) row.append(button("◀ Back", "back", "mou-back-button"));
    if (me !== null) {  // on a phone the hand is a long way down: a way there (no piece, no move)
      const jump = ui.el("button", { type: "button", class: "mou-jump" }, "your world & hand ↓");
      jump.addEventListener("click", () => {
        const mine = document.querySelector(".mou-world.mou-mine");
        if (mine) mine.scrollIntoView({ behavior: "smooth", block: "start" });
      });
      row.append(jump);
    }
    box.append(head);
    if (recent.length) {
      const log = ui.el("ol", { class: "mou-recent", "aria-label": "just happened" });
      for (const event of recent) log.append(ui.el("li", { class: event.private ? "private" : "" }, ui.named(event.text)));
      box.append(log);
    }
    box.append(row);
    return { box, row };
  }

  function playedCard(action) {
    // "play NAME", "play NAME on seat S ...": the card is what lies between "play" and "on seat"
    const match = /^play (.+?)(?: on seat \d+.*)?$/.exec(action);
    return match ? match[1] : action;
  }

  // ------------------------------------------------------------ the middle of the table
  function middle() {
    const box = ui.el("section", { class: "mou-middle", "aria-label": "the middle of the table" });
    const info = ui.el("div", { class: "mou-round" },
      `Round ${view.round}${view.round >= view.max_rounds ? " (the last)" : ""} · first to ${view.target} ★`);
    box.append(info);

    const piles = ui.el("div", { class: "mou-piles" });
    const pile = ui.el("div", { class: "mou-pile" }, back(`${view.machine_pile}`, "mou-machine-back"),
      ui.el("span", { class: "mou-label" }, "Machine pile"));
    if (view.pile_bottom && view.pile_bottom.length) {
      const known = ui.el("span", { class: "mou-small" }, `${view.pile_bottom.length} known at the bottom`);
      pile.append(ui.explain(known, "Machine pile", `At the bottom of the pile, top to bottom: ${view.pile_bottom.join(", ")}.`));
    }
    piles.append(pile);

    const auction = ui.el("div", { class: "mou-auction" });
    const lot = ui.el("div", { class: "mou-lot" });
    if (view.on_auction) {
      lot.append(ui.el("span", { class: "mou-label" }, `On auction (${view.auction} of 2)`),
        card(view.on_auction, { cls: "mou-big" }));
    } else {
      lot.append(ui.el("span", { class: "mou-label" }, "Auction"),
        ui.el("div", { class: "card mou-card mou-big mou-empty" }, "no Machine for sale now"));
    }
    auction.append(lot);
    const hands = ui.el("div", { class: "mou-bids" });
    auction.append(hands);
    const fists = ui.el("div", { class: "mou-fists", "aria-label": "sealed bids" });
    const committed = view.committed || [];
    for (const seat of view.bidders || []) {
      const done = committed.includes(seat);
      const mineChoice = seat === me && view.your_choice ? view.your_choice.replace("bid ", "") : null;
      const fist = tint(ui.el("span", { class: `mou-fist ${done ? "sealed" : "open"}`,
        title: `${seatName(seat)}: ${done ? "bid sealed" : "still choosing"}` },
      mineChoice !== null ? `✊ ${mineChoice}` : done ? "✊ ?" : "…"), seat);
      fists.append(ui.el("span", { class: "mou-fist-wrap" }, ui.seatBadge(seat, me), fist));
    }
    if (fists.childElementCount) hands.append(ui.el("span", { class: "mou-small" }, "Sealed bids:"), fists);
    if (view.last_bids && view.last_bids.some((b) => b >= 0)) {
      const shown = ui.el("div", { class: "mou-revealed", "aria-label": "bids revealed" },
        ui.el("span", { class: "mou-small" }, "Last bids revealed: "));
      view.last_bids.forEach((bid, seat) => {  // each bid beside its seat's name, not by colour alone
        if (bid < 0) return;
        shown.append(ui.el("span", { class: "mou-bid-of", "data-seat": String(seat), title: `${seatName(seat)} bid ${bid} UE` },
          ui.seatBadge(seat, me), " ", tint(ui.el("span", { class: "mou-open-bid" }, String(bid)), seat)));
      });
      hands.append(shown);
    }
    piles.append(auction);

    const bank = ui.el("div", { class: "mou-pile mou-bank" }, ui.el("div", { class: "mou-bank-stack" }, ueToken(view.bank, "")),
      ui.el("span", { class: "mou-label" }, "Bank"));
    piece(bank, "draw 2 UE");
    piles.append(bank);

    const deck = ui.el("div", { class: "mou-pile" }, back(`${view.deck}`), ui.el("span", { class: "mou-label" }, "Resource pile"));
    piece(deck, "draw 2 cards");
    piles.append(deck);

    const discard = ui.el("div", { class: "mou-pile" });
    if (view.discard.length) {
      const top = card(view.discard[view.discard.length - 1], { cls: "mou-discard" });
      discard.append(top);
    } else {
      discard.append(ui.el("div", { class: "card mou-card mou-empty" }, "empty"));
    }
    discard.append(ui.el("span", { class: "mou-label" }, `Discard (${view.discard.length})`));
    piles.append(discard);
    if (view.scrapped && view.scrapped.length) {
      piles.append(ui.el("div", { class: "mou-pile" }, ui.el("span", { class: "mou-label" }, "Out of the game"),
        ui.el("span", { class: "mou-small" }, view.scrapped.join(", "))));
    }
    box.append(piles);
    return box;
  }

  // ------------------------------------------------------------ a world
  function world(seat) {
    const p = view.players[seat];
    const mineWorld = seat === me;
    const area = tint(ui.el("section", { class: `mou-world player-area${mineWorld ? " mou-mine" : ""}`,
      "aria-label": `${ui.seatOwner(seat, me, true)} world` }), seat);
    if (toAct.includes(seat) && !view.is_over) area.classList.add("acting");
    const effectWorld = view.phase === "creature effect" && view.effect_in_world_of === seat;
    if (effectWorld) area.classList.add("mou-entered");

    const head = ui.el("div", { class: "mou-world-head" });
    const title = ui.el("h3", {}, ui.seatBadge(seat, me));
    if (toAct.includes(seat) && !view.is_over) title.append(ui.el("span", { class: "mou-acting" }, " ▶ to act"));
    const winners = message.winners || view.winners || [];
    if (view.is_over && winners.includes(seat)) {
      title.append(ui.el("span", { class: "mou-won" }, " ★ won"));
      area.classList.add("mou-winner");
    }
    if (view.pawn === seat) {
      title.append(ui.explain(ui.el("span", { class: "mou-pawn", title: "the Preum's pawn: first to play this round" }, "♟"),
        "Preum's pawn", "Its holder bids first and plays first in the Action Phase; it moves one seat on each round."));
    }
    head.append(title);
    const stats = ui.el("div", { class: "mou-stats" },
      ui.el("span", { class: "mou-points", title: `${p.points} creation points of ${view.target}` }, `★ ${p.points}`,
        ui.el("small", {}, `/${view.target}`)),
      ueToken(p.ue));
    if (!mineWorld) {
      const hand = ui.el("span", { class: "mou-hand-size", title: `${plural(p.hand_size, "card")} in hand` },
        ui.el("span", { class: "mou-mini-back" }), `×${p.hand_size}`);
      stats.append(hand);
    }
    head.append(stats);
    // a world is the target of Actions aimed at a player (Levy, Sleight...): its header answers to them
    const aimed = legal.filter((action) => new RegExp(`^play .+ on seat ${seat}$`).test(action));
    if (aimed.length) piece(head, aimed);
    area.append(head);

    const body = ui.el("div", { class: "mou-world-body" });
    if (p.character) {
      body.append(card(p.character, { cls: "mou-character", extra: "Character" }));
    }

    const doors = ui.el("div", { class: "mou-doors" });
    p.doors.forEach((door, index) => {
      const number = index + 1;
      const slot = ui.el("div", { class: "mou-door-slot" });
      const face = ui.el("div", { class: `mou-door ${door.active ? "active" : "inactive"}`, "data-door": String(number) },
        ui.el("span", { class: "mou-door-no" }, `door ${number}`),
        ui.el("span", { class: "mou-door-name" }, door.name),
        ui.el("span", { class: "mou-door-state" }, door.active ? "active" : "inactive"));
      ui.explain(face, door.name, `Door ${number} of ${seatName(seat)}: ${door.active ? "active — creatures may come through" : "inactive"}`
        + `${door.card_under ? "; a card lies face down under it" : ""}.`);
      // an enemy's active door also answers to "send": a creature chosen in hand is sent by
      // clicking where it goes (its door is then confirmed in the next step)
      piece(face, mineWorld ? `activate door ${number}` : [`seat ${seat} door ${number}`, door.active ? "send" : null]);
      slot.append(face);
      let under;
      if (door.card_under && door.under) {
        under = card(door.under, { cls: "mou-under-card", extra: mineWorld ? "under (yours)" : "revealed" });
      } else if (door.card_under) {
        under = ui.el("div", { class: "mou-under-card mou-back card face-down" }, "?");
        ui.explain(under, "a card face down", "A card lies face down under this door: a trap, or a decoy.");
      } else {
        under = ui.el("div", { class: "mou-under-empty" }, mineWorld ? "nothing under" : "");
      }
      const underBox = ui.el("div", { class: "mou-under" }, under);
      if (mineWorld) piece(underBox, `trap door ${number}`);
      slot.append(underBox);
      if (view.attack && view.attack.seat === seat && view.attack.door === number) {
        const attacker = tint(card(view.attack.creature, { cls: `mou-attacker${view.attack.cancelled ? " cancelled" : ""}`,
          extra: `⚔ ${seatName(view.attack.attacker)}` }), view.attack.attacker);
        slot.append(attacker);
      }
      doors.append(slot);
    });
    body.append(doors);
    const main = ui.el("div", { class: "mou-world-main" }, body);
    area.append(main);

    const things = ui.el("div", { class: "mou-things" });
    p.machines.forEach((name, index) => {
      const keys = [];
      if (!mineWorld) keys.push(`seat ${seat} ${name}`);
      if (effectWorld) keys.push(`destroy ${name}`);
      if (mineWorld && name === "Ravager Cannon") keys.push("fire cannon");
      things.append(card(name, { keys, cls: "mou-machine", extra: `★${p.machine_points[index]}` }));
    });
    p.evolutions.forEach((name, index) => {
      const fresh = p.placed_this_turn.includes(name) ? " mou-fresh" : "";
      things.append(card(name, { keys: effectWorld ? [`destroy ${name}`] : [], cls: `mou-evolution${fresh}`,
        extra: `★${p.evolution_points[index]}` }));
    });
    p.defenders.forEach((name) => {
      const keys = [];
      if (effectWorld) keys.push(`kill ${name}`);
      if (mineWorld) keys.push(`send ${name} from world`);
      const fresh = p.placed_this_turn.includes(name) ? " mou-fresh" : "";
      things.append(card(name, { keys, cls: `mou-defender${fresh}`, extra: "❄ in defence" }));
    });
    if (mineWorld && legal.some((action) => action.startsWith("defend with "))) {
      // where a creature goes to defend: after choosing it in hand, click here
      things.append(button("❄ place in defence here", "defend with", "mou-defence-slot"));
    }
    if (!things.childElementCount) things.append(ui.el("span", { class: "mou-small" }, "no Machine yet"));
    main.append(things);

    const known = [...(p.known_cards || []), ...(p.known_to_you || [])];
    if (!mineWorld && known.length) {
      const row = ui.el("div", { class: "mou-known" }, ui.el("span", { class: "mou-small" }, "known in hand: "));
      for (const name of known) row.append(card(name, { cls: "mou-mini" }));
      area.append(row);
    }
    if (mineWorld && p.hand) area.append(hand(p));
    return area;
  }

  function handKeys(name) {
    const pattern = new RegExp(`^(?:${HAND_VERBS.join("|")}) ${escapeRe(name)}(?: |$)`);
    return legal.some((action) => pattern.test(action) && !action.endsWith(" from world")) ? [name] : [];
  }

  function hand(p) {
    const box = ui.el("div", { class: "mou-hand", "aria-label": "your hand" },
      ui.el("h4", {}, `Your hand (${p.hand.length})`));
    const row = ui.el("div", { class: "mou-hand-row" });
    for (const name of p.hand) row.append(card(name, { keys: handKeys(name), cls: "mou-in-hand" }));
    if (!p.hand.length) row.append(ui.el("span", { class: "mou-small" }, "empty"));
    box.append(row);
    return box;
  }

  // ------------------------------------------------------------ the table, top to bottom
  const seats = view.players.map((_, seat) => seat);
  const others = me === null ? seats : [...seats.slice(me + 1), ...seats.slice(0, me)];
  const top = banner();
  const table = ui.el("div", { class: "mou-table" });
  table.append(top.box);
  const rivals = ui.el("div", { class: `mou-rivals mou-n${others.length}` });
  for (const seat of others) rivals.append(world(seat));
  table.append(rivals, middle());
  if (me !== null) table.append(world(me));

  // every legal action some piece answers to: the rest get a plain piece in the banner
  const loose = legal.filter((action) => !registered.some((key) => concerns(action, key)));
  for (const action of loose) top.row.append(button(action, action, "mou-extra"));
  board.append(table);
}
