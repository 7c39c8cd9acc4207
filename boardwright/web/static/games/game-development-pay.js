// Game Development: paying a cost in one click. The game sends the payer the cheapest valid
// payment (message.advice.payment: the payment steps in order) and, for each developer that can
// pay, the cheapest that spares it. The table shows the developers the payment uses, each marked
// with the counters it loses; clicking one spares it (the payment switches to the one that spares
// it), clicking it again takes it back; "Pay" sends the steps one after another, each an ordinary
// action, and stops at the first one refused. It knows no rules: every payment comes from the game.

let spared = null;        // the developer the player spared, by name
let sparedAt = null;      // the table's version and the card being paid for when it was spared

// The payment on offer now (null when the viewer is not paying): its steps (null: none spares the
// spared developer), the counters each developer loses, and the developer spared.
export function currentPayment(message) {
  const paying = message.view.paying;
  const suggested = paying && message.advice && message.advice.payment;
  if (!suggested || message.seat === null || !(message.to_act || []).includes(message.seat)) return null;
  const moment = `${message.version}/${paying.card}`;
  if (sparedAt !== moment || !(spared in suggested.sparing)) { spared = null; sparedAt = moment; }
  const steps = spared === null ? suggested.steps : suggested.sparing[spared];
  const losing = {};
  for (const step of steps || []) {
    const [verb, ...rest] = step.split(" ");
    const name = rest.join(" ");
    losing[name] = (losing[name] || 0) + (verb === "use" ? 2 : 1);
  }
  return { steps, losing, spared };
}

// A developer of the payer's that the payment uses (or that is spared), marked with the counters it
// loses, and toggled by a click (or Enter/Space): spared, or used again.
export function markDeveloper(card, name, payment, ui) {
  if (!payment) return;
  const used = payment.losing[name] || 0;
  const isSpared = payment.spared === name;
  if (!used && !isSpared) return;
  card.classList.add("gd-toggle");
  card.classList.toggle("gd-in-payment", used > 0);
  card.classList.toggle("gd-spared", isSpared);
  card.setAttribute("role", "button");
  card.setAttribute("tabindex", "0");
  card.setAttribute("aria-pressed", String(used > 0));
  card.setAttribute("aria-label", `${name}: ${isSpared ? "spared; click to use it again"
    : `pays with ${used} counter${used === 1 ? "" : "s"}; click to spare it`}`);
  if (used) card.append(ui.el("span", { class: "gd-losing" }, `−${used}`));
  if (isSpared) card.append(ui.el("span", { class: "gd-losing spared" }, "spared"));
  const toggle = (event) => {
    event.preventDefault();
    event.stopPropagation();
    spared = isSpared ? null : name;
    ui.redraw();  // the table is drawn anew: the keyboard stays on this developer
    const again = document.querySelector(`.gd-mine .gd-dev[data-card="${CSS.escape(name)}"]`);
    if (again) again.focus();
  };
  card.addEventListener("click", toggle);
  card.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") toggle(event); });
}

// The one-click "Pay" button (or why there is no payment without the spared developer).
export function payButton(payment, ui) {
  if (!payment.steps) {
    return ui.el("button", { type: "button", class: "gd-button gd-pay", disabled: "" },
      `No payment spares ${payment.spared}: click it to use it again`);
  }
  const parts = Object.entries(payment.losing).map(([name, n]) => `${name} −${n}`);
  const button = ui.el("button", { type: "button", class: "gd-button gd-pay playable",
    title: payment.steps.join(", ") }, `Pay (${parts.join(", ")})`);
  button.addEventListener("click", () => {
    button.disabled = true;
    ui.actAll(payment.steps);
  });
  return button;
}
