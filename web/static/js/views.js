// What the page shows of the module's answers: HTML for each view, built
// from the JSON that `robots COMMAND -json` prints. Nothing here decides:
// every verdict, line and reason comes from the answer as it is.

const escapes = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

// esc escapes text for HTML.
export function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => escapes[c]);
}

// lineRef is a button that shows line n of the file (editor "old", the
// left one, or "new", the diff's).
export function lineRef(n, editor = "old", text = `line ${n}`) {
  if (!n) return esc(text);
  return `<button type="button" class="lineref" data-line="${n}" data-editor="${editor}">${esc(text)}</button>`;
}

export const dialectNames = {
  rfc9309: "RFC 9309",
  google: "Google",
  draft1996: "1996 draft",
  original1994: "1994 standard",
};

// verdictWord is "allowed" or "disallowed", or "error" for a line that is
// not a URL.
function verdictWord(v) {
  if (v.error) return "error";
  return v.allowed ? "allowed" : "disallowed";
}

// chunkRows is how many rows of the verdict table share a block, whose
// layout the browser skips while it is off screen (content-visibility),
// so that 10,000 rows are shown as fast as a screenful.
const chunkRows = 200;

// verdictRows renders the lines of check as rows of the verdict table.
export function verdictRows(results) {
  let html = "";
  for (let i = 0; i < results.length; i++) {
    if (i % chunkRows === 0) html += i ? `</div><div class="chunk">` : `<div class="chunk">`;
    const r = results[i];
    const word = verdictWord(r);
    const rule = r.error ? esc(r.error) : r.line ? esc(r.pattern) : `<span class="none">${unmatched(r)}</span>`;
    html += `<div role="row" data-i="${i}" data-line="${r.line}" class="vrow ${word}"><span class="verdict">${word}</span><span class="url">${esc(r.url)}</span><span class="num">${r.line || ""}</span><span class="rule">${rule}</span></div>`;
  }
  return results.length ? html + `</div>` : html;
}

// unmatched says why a line of check names no rule, as robots check says
// it: a decision that failed closed over the decision budget, or none
// matched.
function unmatched(r) {
  return r.over_budget ? "not matched: deciding it exactly costs more than the decision budget, so it fails closed" : "no rule matched";
}

// summary counts the verdicts: "9 URLs: 6 allowed, 3 disallowed".
export function summary(results) {
  let allowed = 0, errors = 0;
  for (const r of results) {
    if (r.error) errors++;
    else if (r.allowed) allowed++;
  }
  const disallowed = results.length - allowed - errors;
  let s = `${count(results.length, "URL")}: ${allowed} allowed, ${disallowed} disallowed`;
  if (errors) s += `, ${count(errors, "line")} not a URL`;
  return s;
}

export function count(n, word) {
  return `${n.toLocaleString("en")} ${n === 1 ? word : word + "s"}`;
}

// agentLine says how the agent was read and which groups apply, as robots
// explain writes it.
function agentLine(x) {
  let s = esc(x.agent.shown);
  if (x.named) return s + ": named by the groups below";
  if (x.agent.product_token) s += `: not a product token, so no group can name it (its product token is ${esc(x.agent.product_token)})`;
  else if (!x.agent.token) s += ": no group can name it";
  else s += ": no group names it";
  if (x.groups.length === 0) return s + ", and there is no * group: nothing is disallowed";
  return s + "; the * groups apply";
}

// verdictLine is the verdict, the deciding line and the reason.
function verdictLine(x, editor) {
  const v = x.allowed ? "allowed" : "disallowed";
  if (!x.line) return `${v}: ${esc(x.why)}`;
  const kind = x.matches.some((m) => m.line === x.line && m.allow) ? "Allow" : "Disallow";
  return `${v} by ${lineRef(x.line, editor)} (${kind}: <code>${esc(x.pattern)}</code>): ${esc(x.why)}`;
}

// usageText writes a usage.Set: "train-ai: disallowed (line 6)", per
// vocabulary, the categories the file states.
function usageText(set, editor) {
  const parts = [];
  for (const [vocab, cats] of Object.entries(set ?? {})) {
    if (vocab === "use") continue;
    for (const [cat, p] of Object.entries(cats)) {
      if (p.preference === "unknown") continue;
      const from = p.source?.line ? ` (${lineRef(p.source.line, editor)})` : "";
      parts.push(`${esc(vocab)} ${esc(cat)}: ${esc(p.preference)}${from}`);
    }
  }
  return parts.join("; ");
}

// explanation renders report.Explanation: the rules that match, the
// winner and why.
export function explanation(x, editor = "old") {
  const word = x.allowed ? "allowed" : "disallowed";
  let html = `<div class="x-head"><span class="badge ${word}">${word}</span> <code class="x-url">${esc(x.url)}</code> <span class="x-dialect">${esc(dialectNames[x.dialect] ?? x.dialect)}</span></div><dl class="x">`;
  html += `<dt>agent</dt><dd>${agentLine(x)}</dd>`;
  if (x.groups.length) {
    html += `<dt>groups</dt><dd>${x.groups.map((g) => g.lines.map((l, i) => `${lineRef(l, editor)}: User-agent: ${esc(g.agents[i])}`).join(", ")).join("<br>")}</dd>`;
  }
  html += `<dt>path</dt><dd><code>${esc(x.path)}</code>${x.written ? ` (written <code>${esc(x.written)}</code>)` : ""}</dd>`;
  if (x.error) html += `<dt>warning</dt><dd>${esc(x.error)}</dd>`;
  html += `<dt>matches</dt><dd>`;
  if (x.matches.length === 0) {
    html += "none";
  } else {
    html += `<table class="matches"><thead><tr><th>line</th><th>rule</th><th>pattern</th><th>as compared</th><th class="num">octets</th><th></th></tr></thead><tbody>`;
    for (const m of x.matches) {
      html += `<tr class="${m.wins ? "wins" : ""}"><td>${lineRef(m.line, editor, String(m.line))}</td><td>${m.allow ? "allow" : "disallow"}</td><td><code>${esc(m.pattern)}</code></td><td><code>${esc(m.canonical)}</code></td><td class="num">${m.octets}</td><td>${m.wins ? "wins" : ""}${m.index_html ? " (index.html)" : ""}</td></tr>`;
    }
    html += `</tbody></table>`;
  }
  html += `</dd><dt>verdict</dt><dd class="verdict-line">${verdictLine(x, editor)}</dd>`;
  if (!x.complete) html += `<dt>note</dt><dd>the search for matching rules stopped at its work bound: not every rule is listed</dd>`;
  const u = usageText(x.usage, editor);
  if (u) html += `<dt>usage</dt><dd>${u}</dd>`;
  if (x.hidden_usage?.length) {
    html += `<dt>hidden</dt><dd>the * group's usage ${x.hidden_usage.length === 1 ? "line" : "lines"} ${x.hidden_usage.map((l) => lineRef(l, editor, String(l))).join(", ")} do not apply: a group names ${esc(x.agent.shown)}, which replaces the * group</dd>`;
  }
  return html + `</dl>`;
}

// sideBySide renders the dialects' explanations of one URL (explain
// -dialect all), marking a verdict other than RFC 9309's with * and the
// same verdict by another line with ~.
export function sideBySide(all) {
  const first = all.dialects[0];
  let html = `<div class="x-head"><code class="x-url">${esc(all.url)}</code> <span>agent ${agentLine(first)}</span></div><table class="sbs"><tbody>`;
  for (const x of all.dialects) {
    const mark = x.allowed !== first.allowed ? "*" : x.line !== first.line ? "~" : "";
    html += `<tr class="${mark ? "differs" : ""}"><td class="mark">${mark}</td><th>${esc(dialectNames[x.dialect])}</th><td>${x.named ? "named" : "* groups"}</td><td>${verdictLine(x)}</td></tr>`;
  }
  html += `</tbody></table>`;
  if (all.differ) html += `<p class="hint">* another verdict than RFC 9309's; ~ the same verdict, by another line</p>`;
  return html;
}

// dialectRows renders the dialects' verdicts of each URL, side by side:
// byDialect maps each dialect to its check lines. It returns the rows and
// how many URLs the dialects read differently.
export function dialectRows(dialects, byDialect, onlyDiffering) {
  const base = byDialect[dialects[0]];
  let html = "", differing = 0;
  for (let i = 0; i < base.length; i++) {
    const b = base[i];
    let differs = false, cells = "";
    for (const d of dialects) {
      const r = byDialect[d][i];
      const mark = r.error ? "" : r.allowed !== b.allowed ? "*" : r.line !== b.line ? "~" : "";
      if (mark) differs = true;
      const word = verdictWord(r);
      cells += `<td class="${word}${mark ? " differs" : ""}">${mark ? `<span class="mark">${mark}</span>` : ""}${word}${r.line ? ` · ${r.line}` : ""}</td>`;
    }
    if (differs) differing++;
    if (onlyDiffering && !differs) continue;
    html += `<tr data-i="${i}" class="${differs ? "differs" : ""}"><td class="url">${esc(b.url)}</td>${cells}</tr>`;
  }
  return { html, differing };
}

function verdictShort(v, editor) {
  const word = v.allowed ? "allowed" : "disallowed";
  if (!v.line) return `<span class="${word}">${word}</span> (${unmatched(v)})`;
  return `<span class="${word}">${word}</span> by ${lineRef(v.line, editor)}: <code>${esc(v.pattern)}</code>`;
}

// diffView renders report.Diff: the flips of each agent, URLs one a row
// and probes grouped by change, then the accidents.
export function diffView(d) {
  let html = `<p class="summary">${count(d.urls, "URL")} and ${count(d.probes, "probe")} decided for ${count(d.agents.length, "agent")}.</p>`;
  for (const n of d.notes) html += `<p class="note">${esc(n)}</p>`;
  html += `<div class="flips">`;
  for (const a of d.agents) {
    const closed = a.flips.filter((f) => !f.new.allowed).length;
    const opened = a.flips.length - closed;
    const parts = [];
    if (closed) parts.push(`${closed} newly disallowed`);
    if (opened) parts.push(`${opened} newly allowed`);
    html += `<section class="agent" data-agent="${esc(a.agent)}"><h4>${esc(a.shown)}: ${a.flips.length ? `${count(a.flips.length, "flip")} (${parts.join(", ")})` : "no flips"}</h4>`;
    if (a.flips.length) {
      const urls = a.flips.filter((f) => !f.probe);
      const probes = a.flips.filter((f) => f.probe);
      html += `<table class="fliptable"><tbody>`;
      for (const f of urls) {
        html += `<tr class="flip"><td class="url">${esc(f.url)}</td><td>${verdictShort(f.old, "old")}</td><td class="arrow">→</td><td>${verdictShort(f.new, "new")}</td></tr>`;
      }
      const groups = new Map();
      for (const f of probes) {
        const key = JSON.stringify([f.old, f.new]);
        if (!groups.has(key)) groups.set(key, []);
        groups.get(key).push(f);
      }
      for (const list of groups.values()) {
        const ex = list.map((f) => f.url).sort((x, y) => x.length - y.length).slice(0, 3);
        html += `<tr class="flip probes"><td class="url"><details><summary>${count(list.length, "probe")}, such as ${ex.map((u) => `<code>${esc(u)}</code>`).join(" ")}</summary><div class="probe-list">${list.map((f) => `<code>${esc(f.url)}</code>`).join(" ")}</div></details></td><td>${verdictShort(list[0].old, "old")}</td><td class="arrow">→</td><td>${verdictShort(list[0].new, "new")}</td></tr>`;
      }
      html += `</tbody></table>`;
    }
    html += `</section>`;
  }
  html += `</div>`;
  if (d.accidents.length) {
    html += `<h4>Accidents</h4><ul class="accidents">`;
    for (const a of d.accidents) {
      html += `<li class="${esc(a.severity)}">${a.line ? lineRef(a.line, "new") + ": " : ""}<span class="code">${esc(a.code)}</span> ${esc(a.message)}</li>`;
    }
    html += `</ul>`;
  }
  return html;
}

// crawlersView renders report.Agents: the registry grouped by purpose,
// each crawler's verdicts and usage preferences, then the names that are
// not product tokens and those the registry does not know.
export function crawlersView(rep) {
  const purposes = [];
  const byPurpose = new Map();
  for (const a of rep.agents) {
    if (!byPurpose.has(a.purpose)) {
      byPurpose.set(a.purpose, []);
      purposes.push(a.purpose);
    }
    byPurpose.get(a.purpose).push(a);
  }
  let html = `<table class="crawlers"><thead><tr><th>crawler</th><th>honours robots.txt</th><th>group</th>${rep.paths.map((p) => `<th class="path"><code>${esc(p)}</code></th>`).join("")}<th>usage preferences for /</th></tr></thead>`;
  for (const p of purposes) {
    html += `<tbody data-purpose="${esc(p)}"><tr class="purpose"><th colspan="${4 + rep.paths.length}">${esc(p)}</th></tr>`;
    for (const a of byPurpose.get(p)) {
      const group = (a.named ? "named" : "*") + (a.group_lines.length ? ` (${lineRef(a.group_lines[0], "old", "line " + a.group_lines[0])})` : " (no group)");
      const cells = a.verdicts.map((v) => `<td class="${v.allowed ? "allowed" : "disallowed"}" title="${esc(v.allowed ? "allowed" : "disallowed")}${v.line ? ` by line ${v.line}: ${esc(v.pattern)}` : ""}">${v.allowed ? "allow" : "BLOCK"}</td>`).join("");
      html += `<tr data-agent="${esc(a.name)}"><td><a href="${esc(a.source)}" rel="noreferrer noopener" target="_blank">${esc(a.name)}</a><span class="operator">${esc(a.operator)}</span></td><td>${esc(a.honours)}</td><td class="group">${group}</td>${cells}<td class="usage">${a.usage ? esc(a.usage) : "–"}</td></tr>`;
    }
    html += `</tbody>`;
  }
  html += `</table>`;
  if (rep.unreadable.length) {
    html += `<h4>Names that are not product tokens</h4><p class="hint">RFC 9309 reads only the leading letters, - and _ of a user-agent value.</p><ul>`;
    for (const u of rep.unreadable) {
      const fate = u.named ? `here ${esc(u.agent)}'s own value reads as ${esc(u.token)} too, so the group applies to it` : "here the * groups apply to it";
      html += `<li>${lineRef(u.line)}: User-agent: ${esc(u.value)} is read as “${esc(u.token)}”, not as ${esc(u.agent)} (${fate})</li>`;
    }
    html += `</ul>`;
  }
  if (rep.unknown.length) {
    html += `<h4>Named in the file, not in the registry</h4><ul class="unknown">`;
    for (const u of rep.unknown) html += `<li>${lineRef(u.line)}: User-agent: ${esc(u.shown)}</li>`;
    if (rep.more_unknown) html += `<li>and ${rep.more_unknown} more</li>`;
    html += `</ul>`;
  }
  return html;
}

// lintList renders the findings of lint, one a line.
export function lintList(findings) {
  return findings.map((f) => `<li class="${esc(f.severity)}" data-line="${f.line}">${f.line ? lineRef(f.line, "old", `line ${f.line}`) : "file"} <span class="sev">${esc(f.severity)}</span> <span class="code">${esc(f.code)}</span> ${esc(f.message)}</li>`).join("");
}

// lintSummary counts findings by severity: "1 error, 2 warnings".
export function lintSummary(findings) {
  const n = { error: 0, warning: 0, info: 0 };
  for (const f of findings) n[f.severity]++;
  const parts = [];
  if (n.error) parts.push(count(n.error, "error"));
  if (n.warning) parts.push(count(n.warning, "warning"));
  if (n.info) parts.push(`${n.info} info`);
  return parts.length ? parts.join(", ") : "no findings";
}
