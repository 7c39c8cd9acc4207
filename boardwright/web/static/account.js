// The account bar at the top of every page: sign up, sign in, sign out, change the password, sign
// out everywhere. Accounts are optional; a guest plays by links. The session is an HttpOnly cookie
// this page never sees; what it keeps is the session's CSRF token (from /api/me), which api.js
// sends with every request that changes something.
import { request, setCsrf } from "./api.js";

const bar = document.createElement("div");
bar.id = "account-bar";
bar.setAttribute("role", "region");
bar.setAttribute("aria-label", "account");
document.body.prepend(bar);

let resolveReady;
// Resolves with the signed-in username (or null for a guest) once /api/me has answered.
export const ready = new Promise((resolve) => { resolveReady = resolve; });

function element(tag, properties = {}, ...children) {
  const made = Object.assign(document.createElement(tag), properties);
  made.append(...children);
  return made;
}

function field(name, label, type, autocomplete) {
  const input = element("input", { name, type, autocomplete, required: true });
  input.id = `account-${name}`;
  return [element("label", { htmlFor: input.id, textContent: label }), input];
}

// A small form in the bar: its fields, its buttons ([label, what it does, whether it skips the
// fields' checks]), and a line for errors.
function form(fields, buttons) {
  const error = element("span", { className: "error", role: "alert" });
  error.id = "account-error";
  const made = element("form", { className: "account-form" }, ...fields.flat(), ...buttons.map(([label, , skipsChecks]) =>
    element("button", { type: "submit", textContent: label, value: label, formNoValidate: Boolean(skipsChecks) })),
  error);
  made.addEventListener("submit", async (event) => {
    event.preventDefault();
    const chosen = buttons.find(([label]) => label === event.submitter?.value) ?? buttons[0];
    const values = Object.fromEntries(new FormData(made));
    const message = await chosen[1](values);
    if (message) error.textContent = message;
  });
  return made;
}

// Tells the page that the person changed: the table page reads its seat again, the lobby its games.
function changed(username) {
  document.dispatchEvent(new CustomEvent("account-changed", { detail: { username } }));
  if (location.pathname.startsWith("/t/")) location.reload();
}

async function signIn(path, values) {
  const { status, data } = await request(path, { username: values.username, password: values.password });
  if (status !== 200 && status !== 201) return data.error;
  setCsrf(data.csrf);
  show(data.username);
  changed(data.username);
  return null;
}

async function signOut(path) {
  const { status, data } = await request(path, {}, "DELETE");
  if (status !== 204 && status !== 200) return data?.error ?? `the server answered ${status}`;
  setCsrf(null);
  show(null);
  changed(null);
  return null;
}

function button(label, onClick) {
  const made = element("button", { type: "button", textContent: label });
  made.addEventListener("click", onClick);
  return made;
}

function show(username, opened = null) {
  bar.dataset.signedIn = username ? "yes" : "no";
  if (!username) {
    const open = opened === "sign-in";
    bar.replaceChildren(element("span", { textContent: "Playing as a guest." }),
      open ? form([field("username", "Username", "text", "username"),
                   field("password", "Password", "password", "current-password")],
                  [["Sign in", (values) => signIn("/api/session", values)],
                   ["Sign up", (values) => signIn("/api/accounts", values)]])
        : button("Sign in or sign up", () => { show(null, "sign-in"); document.getElementById("account-username").focus(); }));
    return;
  }
  const who = element("span", { textContent: "Signed in as " }, element("strong", { textContent: username }));
  if (opened === "password") {
    bar.replaceChildren(who, form([field("password", "Current password", "password", "current-password"),
                                   field("new_password", "New password", "password", "new-password")],
      [["Change the password", async (values) => {
        const { status, data } = await request("/api/me/password", values);
        if (status !== 204) return data.error;
        show(username);
        bar.append(element("span", { role: "status", textContent: "Password changed; your other sessions are signed out." }));
        return null;
      }], ["Cancel", () => { show(username); return null; }, true]]));
    document.getElementById("account-password").focus();
    return;
  }
  const error = element("span", { className: "error", role: "alert" });
  const failing = (work) => async () => { error.textContent = (await work()) ?? ""; };
  bar.replaceChildren(who, button("Change password", () => show(username, "password")),
    button("Sign out", failing(() => signOut("/api/session"))),
    button("Sign out everywhere", failing(() => signOut("/api/me/sessions"))), error);
}

const { status, data } = await request("/api/me");
const username = status === 200 ? data.username : null;  // null: a guest
if (username) setCsrf(data.csrf);
show(username);
resolveReady(username);
