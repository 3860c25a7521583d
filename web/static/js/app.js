// The tester page: the editors, the URL list, the agent and the dialect,
// and the views of what the module answers about them. Every answer comes
// from the WebAssembly module (robots.js), through the code path of
// `robots COMMAND -json`; this file only asks and shows.

import { load, ask, askText } from "robots/robots.js";
import { Editor } from "robots/editor.js";
import { encode, decode } from "robots/state.js";
import { examples } from "robots/examples.js";
import * as views from "robots/views.js";

const $ = (id) => document.getElementById(id);
const dialects = ["rfc9309", "google", "draft1996", "original1994"];

// figures are the page's own timings, in milliseconds from the start of
// navigation (performance.now), for people (the status line) and for the
// browser tests that report them.
// firstAnswer is when the first verdicts were shown, shown when the
// first update (lint marks and the view too) was done.
const figures = { moduleLoaded: 0, firstAnswer: 0, shown: 0, lastUpdate: null };

const editor = new Editor($("editor"), { label: "robots.txt", onInput: () => schedule(), placeholder: "User-agent: *\nDisallow: /private/" });
const nextEditor = new Editor($("next-editor"), { label: "robots.txt, new version", onInput: () => schedule() });
const urlsBox = $("urls");
const agentBox = $("agent");
const dialectBox = $("dialect");

let view = "verdicts";
let results = []; // the check lines of the URL list
let selected = -1; // the verdict row shown explained
let dialectSelected = -1;
let ready = false;

// urls returns the URL list: one a line, blank lines and # comments
// skipped, as robots check reads its input.
function urls() {
  const out = [];
  for (const line of urlsBox.value.split("\n")) {
    const u = line.trim();
    if (u && !u.startsWith("#")) out.push(u);
  }
  return out;
}

function request(command, extra = {}) {
  return { command, robots: editor.value, agent: agentBox.value.trim(), dialect: dialectBox.value, ...extra };
}

function showError(err) {
  const box = $("error");
  box.hidden = !err;
  box.textContent = err ? String(err.message ?? err) : "";
}

// --- updating ---

let pending = 0;

// schedule coalesces the edits of one frame into one update, run before
// the frame is painted.
function schedule() {
  if (!ready || pending) return;
  pending = requestAnimationFrame(() => {
    pending = 0;
    update();
  });
}

// update asks everything the visible views show, and shows it: the
// verdicts of the URL list first, then the lint marks, then the view.
let shownChecks = null; // the answers on screen, to skip showing them again
let shownLint = null;

function update() {
  const t0 = performance.now();
  showError(null);
  const times = {};
  try {
    let t = performance.now();
    const checks = agentBox.value.trim() ? askText(request("check", { urls: urls() })) : "[]";
    times.check = performance.now() - t;
    t = performance.now();
    if (checks !== shownChecks) {
      results = JSON.parse(checks);
      $("verdict-rows").innerHTML = views.verdictRows(results);
      $("verdict-summary").textContent = agentBox.value.trim() ? views.summary(results) : "Name an agent to decide the URLs.";
      shownChecks = checks;
      if (selected >= results.length) selected = -1;
    }
    if (selected >= 0) explainRow(selected, false);
    else editor.highlight(0);
    times.render = performance.now() - t;
    figures.firstAnswer ||= performance.now();

    t = performance.now();
    const lint = askText(request("lint"));
    times.lint = performance.now() - t;
    if (lint !== shownLint) {
      const findings = JSON.parse(lint);
      editor.setMarks(findings);
      $("lint-list").innerHTML = views.lintList(findings);
      $("lint-summary").textContent = views.lintSummary(findings);
      $("lint-summary").className = "lint-summary " + (findings.some((f) => f.severity === "error") ? "error" : findings.length ? "warning" : "ok");
      shownLint = lint;
    }

    if (view !== "verdicts") renderView();
  } catch (err) {
    showError(err);
  }
  const total = performance.now() - t0;
  figures.lastUpdate = { total, ...times, urls: results.length, lines: editor.lines };
  $("status").textContent = `${statusPrefix()} Updated in ${total.toFixed(1)} ms (${views.count(results.length, "URL")} decided in ${times.check?.toFixed(1)} and shown in ${times.render?.toFixed(1)}, lint ${times.lint?.toFixed(1)}).`;
  save();
  return total;
}

function statusPrefix() {
  return `Ready in ${Math.round(figures.firstAnswer)} ms; runs here, sends nothing.`;
}

function renderView() {
  switch (view) {
    case "dialects": renderDialects(); break;
    case "diff": renderDiff(); break;
    case "crawlers": renderCrawlers(); break;
    case "export": renderExport(); break;
  }
}

// --- verdicts and explanations ---

function explainRow(i, reveal = true) {
  selected = i;
  for (const row of $("verdict-rows").querySelectorAll(".selected")) row.classList.remove("selected");
  $("verdict-rows").querySelector(`[data-i="${i}"]`)?.classList.add("selected");
  const r = results[i];
  editor.highlight(r.line);
  const box = $("explain");
  const [x] = ask(request("explain", { urls: [r.url] }));
  box.innerHTML = views.explanation(x) + `<button type="button" class="close" aria-label="close">×</button>`;
  box.hidden = false;
  box.dataset.url = r.url;
  box.dataset.line = x.line;
  if (reveal) box.scrollIntoView({ block: "nearest" });
}

$("verdict-rows").addEventListener("click", (e) => {
  const row = e.target.closest("[data-i]");
  if (row) explainRow(Number(row.dataset.i));
});

$("explain").addEventListener("click", (e) => {
  if (e.target.closest(".close")) {
    selected = -1;
    $("explain").hidden = true;
    editor.highlight(0);
    for (const row of $("verdict-rows").querySelectorAll(".selected")) row.classList.remove("selected");
  }
});

// A line reference anywhere shows its line in its editor.
document.addEventListener("click", (e) => {
  const ref = e.target.closest(".lineref");
  if (!ref) return;
  const n = Number(ref.dataset.line);
  if (ref.dataset.editor === "new") nextEditor.highlight(n);
  else editor.highlight(n);
});

// --- dialects ---

function renderDialects() {
  const list = urls();
  if (!agentBox.value.trim()) {
    $("dialect-rows").innerHTML = "";
    $("dialect-summary").textContent = "Name an agent to decide the URLs.";
    return;
  }
  const by = {};
  for (const d of dialects) by[d] = ask(request("check", { urls: list, dialect: d }));
  const { html, differing } = views.dialectRows(dialects, by, $("only-differing").checked);
  $("dialect-rows").innerHTML = html;
  $("dialect-summary").textContent = `The four dialects read ${differing} of ${views.count(list.length, "URL")} differently.`;
  if (dialectSelected >= list.length) dialectSelected = -1;
  if (dialectSelected >= 0) explainAll(dialectSelected, list);
}

function explainAll(i, list = urls()) {
  dialectSelected = i;
  for (const tr of $("dialect-rows").querySelectorAll("tr.selected")) tr.classList.remove("selected");
  $("dialect-rows").querySelector(`tr[data-i="${i}"]`)?.classList.add("selected");
  const [all] = ask(request("explain", { urls: [list[i]], dialect: "all" }));
  const box = $("sbs");
  box.innerHTML = views.sideBySide(all);
  box.hidden = false;
  editor.highlight(all.dialects[0].line);
}

$("dialect-rows").addEventListener("click", (e) => {
  const tr = e.target.closest("tr[data-i]");
  if (tr && !e.target.closest(".lineref")) explainAll(Number(tr.dataset.i));
});
$("only-differing").addEventListener("change", () => renderDialects());

// --- diff ---

function renderDiff() {
  const nextFindings = ask({ command: "lint", robots: nextEditor.value, dialect: dialectBox.value });
  nextEditor.setMarks(nextFindings);
  $("next-lint-summary").textContent = views.lintSummary(nextFindings);
  const d = ask({ command: "diff", old: editor.value, new: nextEditor.value, urls: urls(), dialect: dialectBox.value });
  $("diff-out").innerHTML = views.diffView(d);
}

$("copy-current").addEventListener("click", () => {
  nextEditor.value = editor.value;
  schedule();
});

// --- AI crawlers ---

function renderCrawlers() {
  $("crawlers-out").innerHTML = views.crawlersView(ask(request("agents")));
}

// --- export ---

let exported = "";

function renderExport() {
  const agents = ($("export-agents").value.trim() || agentBox.value.trim()).split(",").map((a) => a.trim()).filter(Boolean);
  const list = urls();
  const lines = ["# Expectations for robots test, exported from the robots.txt tester:", "#   robots test -robots robots.txt expectations.txt"];
  const skipped = [];
  for (const agent of agents) {
    if (/\s/.test(agent)) {
      skipped.push(`the agent “${agent}” (an expectation's agent is one word)`);
      continue;
    }
    const res = ask(request("check", { agent, urls: list }));
    for (const r of res) {
      if (r.error || /[\s#]/.test(r.url)) { // an expectation is three words; # starts a comment
        skipped.push(r.url);
        continue;
      }
      lines.push(`${(r.allowed ? "allow" : "disallow").padEnd(9)} ${agent}  ${r.url}${r.line ? `  # line ${r.line}: ${r.pattern}` : ""}`);
    }
  }
  exported = lines.join("\n") + "\n";
  $("expectations").value = exported;
  let msg;
  if (lines.length > 2) {
    const t = ask(request("test", { expectations: exported }));
    msg = `${views.count(t.total, "expectation")}; robots test finds ${t.failed ? `${t.failed} failing` : "that they all hold"}.`;
  } else {
    msg = "No expectation: give an agent and URLs.";
  }
  if (skipped.length) msg += ` Left out: ${skipped.join(", ")}.`;
  $("export-summary").textContent = msg;
}

$("export-agents").addEventListener("input", () => renderExport());
$("download").addEventListener("click", () => {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([exported], { type: "text/plain" }));
  a.download = "expectations.txt";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
});
$("copy-expectations").addEventListener("click", () => copy(exported, $("copy-expectations")));

// --- views ---

function show(name) {
  view = name;
  for (const tab of document.querySelectorAll("[role=tab]")) tab.setAttribute("aria-selected", String(tab.dataset.view === name));
  for (const v of document.querySelectorAll(".view")) v.hidden = v.id !== "view-" + name;
  document.body.dataset.view = name;
  if (ready) {
    try {
      showError(null);
      renderView();
    } catch (err) {
      showError(err);
    }
    save();
  }
}

for (const tab of document.querySelectorAll("[role=tab]")) tab.addEventListener("click", () => show(tab.dataset.view));
for (const box of [urlsBox, agentBox]) box.addEventListener("input", () => schedule());
dialectBox.addEventListener("change", () => schedule());

// --- state in the fragment ---

function state() {
  return { robots: editor.value, next: nextEditor.value, urls: urlsBox.value, agent: agentBox.value, dialect: dialectBox.value, view };
}

function apply(s) {
  editor.value = s.robots ?? "";
  nextEditor.value = s.next ?? "";
  urlsBox.value = s.urls ?? "";
  agentBox.value = s.agent ?? "";
  dialectBox.value = dialects.includes(s.dialect) ? s.dialect : "rfc9309";
  selected = dialectSelected = -1;
  $("explain").hidden = $("sbs").hidden = true;
  show(["verdicts", "dialects", "diff", "crawlers", "export"].includes(s.view) ? s.view : "verdicts");
}

let saving = 0;
let lastFragment = "";

// save writes the state into the fragment, a moment after the last change.
function save() {
  clearTimeout(saving);
  saving = setTimeout(saveNow, 250);
}

async function saveNow() {
  clearTimeout(saving);
  const fragment = await encode(state());
  if (fragment !== location.hash) {
    lastFragment = fragment;
    history.replaceState(null, "", fragment);
  }
  return fragment;
}

addEventListener("hashchange", async () => {
  if (location.hash === lastFragment) return;
  const s = await decode(location.hash);
  if (s) {
    apply(s);
    update();
  }
});

function exampleState(name) {
  if (name === "ai") {
    return { robots: examples.ai, next: "", urls: "https://news.example/\nhttps://news.example/drafts/budget\nhttps://news.example/archive/1999/\nhttps://news.example/press/launch", agent: "GPTBot", dialect: "rfc9309", view: "crawlers" };
  }
  return { robots: examples.robots, next: examples.next, urls: examples.urls, agent: "Googlebot", dialect: "rfc9309", view: "verdicts" };
}

$("example").addEventListener("change", (e) => {
  if (!e.target.value) return;
  apply(exampleState(e.target.value));
  e.target.value = "";
  update();
});

async function copy(text, button) {
  const was = button.textContent;
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy failed: select and copy by hand";
  }
  setTimeout(() => (button.textContent = was), 1500);
}

$("share").addEventListener("click", async () => {
  await saveNow();
  copy(location.href, $("share"));
});

// --- live fetch (only when robots serve serves the page) ---

async function enableLive() {
  if (!location.protocol.startsWith("http")) return;
  try {
    const resp = await fetch("api/info", { headers: { "X-Robots-Tester": "fetch" } });
    if (!resp.ok) return;
    const info = await resp.json();
    $("live").hidden = false;
    $("live-hint").textContent = `robots serve fetches /robots.txt over http or https, on ports ${info.ports.join(", ")}, as RFC 9309 says.`;
  } catch {
    // a static host: no endpoint
  }
}

$("live").addEventListener("submit", async (e) => {
  e.preventDefault();
  let target = e.target.url.value.trim();
  if (!target) return;
  if (!/^https?:\/\//i.test(target)) target = "https://" + target;
  $("live-hint").textContent = `Fetching ${target}…`;
  try {
    const resp = await fetch("api/fetch?url=" + encodeURIComponent(target), { headers: { "X-Robots-Tester": "fetch" } });
    if (!resp.ok) throw new Error(await resp.text());
    const f = await resp.json();
    editor.value = f.text;
    $("live-hint").textContent = f.summary + (f.truncated ? " (longer than the parse limit: the rest is not read)" : "");
    selected = -1;
    update();
  } catch (err) {
    $("live-hint").textContent = String(err.message ?? err);
  }
});

// --- the handle for tests and measurements ---

// robotsPage lets the browser tests drive the page and read its figures.
globalThis.robotsPage = {
  figures,
  state,
  saveNow,
  update,
  // measureDecide puts the URLs of text in the list, as a paste does, then
  // decides and shows them, and returns the milliseconds that took, from
  // the list's input to the table laid out.
  measureDecide(text) {
    urlsBox.value = text;
    void urlsBox.scrollHeight; // the pasted text laid out, as before an input event
    const t0 = performance.now();
    update();
    void document.body.offsetHeight; // lay out the table
    return performance.now() - t0;
  },
  // measureTyping sets the file to text, then types a character at the
  // end of line `at`, `keys` times, as the browser inserts typed text, and
  // returns the time of each from the keystroke to its update (lint,
  // check, marks and table) laid out.
  measureTyping(text, at, keys) {
    editor.value = text;
    update();
    const ta = editor.textarea;
    ta.focus();
    const times = [];
    for (let k = 0; k < keys; k++) {
      let end = -1;
      for (let i = 0; i < at; i++) end = ta.value.indexOf("\n", end + 1);
      ta.setSelectionRange(end, end);
      const t0 = performance.now();
      document.execCommand("insertText", false, "x"); // fires input, which schedules the update
      if (pending) {
        cancelAnimationFrame(pending);
        pending = 0;
      }
      update(); // what the frame would run
      void document.body.offsetHeight;
      times.push(performance.now() - t0);
    }
    return times;
  },
};

// --- start ---

async function start() {
  const [, fromFragment] = await Promise.all([load(), decode(location.hash)]);
  figures.moduleLoaded = performance.now();
  apply(fromFragment ?? exampleState("shop"));
  ready = true;
  update();
  figures.shown = performance.now();
  performance.mark("robots:shown");
  // The agent picker's list, once the first answer is shown.
  const registry = ask({ command: "agents", robots: "" });
  $("agents").innerHTML = registry.agents.map((a) => `<option value="${views.esc(a.name)}">${views.esc(a.purpose)}: ${views.esc(a.operator)}</option>`).join("");
  document.body.dataset.ready = "true";
  $("status").textContent = `${statusPrefix()} ${views.count(results.length, "URL")} decided.`;
  enableLive();
}

start().catch((err) => {
  showError(err);
  $("status").textContent = "The WebAssembly module did not load: " + (err.message ?? err);
});
