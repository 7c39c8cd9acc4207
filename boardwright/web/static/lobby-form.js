// The table-creation form's parts that come from the games: a field per option (built from
// GET /api/games: its type, default, range, choices and doc), and the seats (a person or a bot
// level each). Only the options changed from their defaults are sent.

// The bots a seat may be given: the game's levels, weakest first, as GET /api/games lists them
// (`{name, about}`: the server resolves each for the game), then random moves.
export const RANDOM = ["random", "random moves"];
// The level a new bot seat starts at.
export const START_LEVEL = "medium";

function el(tag, attrs = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) element.setAttribute(key, value);
  }
  element.append(...children.filter((child) => child !== null && child !== undefined));
  return element;
}

export function choice(value, text) {
  const element = el("option", { value: String(value) }, text);
  return element;
}

// One field per option of `game` in `container`: a bool is a checkbox, an int a number within
// its range, a choice a select, any other text a text input; the default is preset, the doc is
// its help text.
export function drawOptions(game, container) {
  container.replaceChildren();
  for (const option of game.options) {
    const id = `option-${option.name}`;
    const help = el("small", { id: `${id}-help`, class: "help" }, option.doc || "");
    let input;
    if (option.type === "bool") {
      input = el("input", { type: "checkbox", id });
      input.checked = Boolean(option.default);
    } else if (option.choices) {
      input = el("select", { id }, ...option.choices.map((value) => choice(value, String(value))));
      input.value = String(option.default);
    } else if (option.type === "int") {
      input = el("input", { type: "number", id, step: "1", min: option.minimum, max: option.maximum });
      input.value = option.default === null ? "" : String(option.default);
      if (option.default === null) input.placeholder = "none";
    } else {
      input = el("input", { type: "text", id });
      input.value = option.default === null ? "" : String(option.default);
    }
    input.dataset.option = option.name;
    input.setAttribute("aria-describedby", help.id);
    const label = el("label", { class: option.type === "bool" ? "option check" : "option" },
      option.type === "bool" ? input : `${option.name.replaceAll("_", " ")} `,
      option.type === "bool" ? ` ${option.name.replaceAll("_", " ")}` : input);
    container.append(el("div", { class: "option-field" }, label, help));
  }
}

// The options whose field differs from the default, with the values the server expects.
export function chosenOptions(game, container) {
  const chosen = {};
  for (const option of game.options) {
    const input = container.querySelector(`[data-option="${option.name}"]`);
    if (!input) continue;
    let value;
    if (option.type === "bool") value = input.checked;
    else if (option.type === "int") value = input.value === "" ? null : Number(input.value);
    else value = input.value === "" && option.default === null ? null : input.value;
    if (value !== option.default) chosen[option.name] = value;
  }
  return chosen;
}

// The seats of a table of `count` players: the first is the creator's (a person), the others bots
// unless chosen otherwise. Each is "human", one of the game's bot `levels` or random.
export function drawSeats(container, count, seatName, levels = []) {
  const before = [...container.querySelectorAll("select")].map((select) => select.value);
  const bots = [...levels.map((level) => [level.name, `${level.name}: ${level.about}`]), RANDOM];
  container.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const select = el("select", { name: `seat${seat}`, "data-seat": String(seat) },
      choice("human", "a person"), ...bots.map(([value, text]) => choice(value, text)));
    const kept = bots.some(([value]) => value === before[seat]) || before[seat] === "human";
    select.value = kept ? before[seat] : seat === 0 ? "human" : START_LEVEL;
    container.append(el("label", { class: "seat-kind" }, `${seatName(seat)} `, select));
  }
}

export function chosenSeats(container) {
  return [...container.querySelectorAll("select")].map((select) => select.value);
}
