// An editor for robots.txt: a textarea with line numbers, the lint
// findings as marks on their lines (a dot in the gutter, coloured by
// severity, and a tint on the line), and one highlighted line, the one a
// verdict was decided by.
//
// The textarea does not wrap, so line n of the text is always at the same
// height: marks are placed by their line number alone, and a keystroke
// costs the marks that changed, not a pass over the text.

const severities = ["error", "warning", "info"];

export class Editor {
  // root is an empty element; label names the textarea for assistive
  // technology; onInput is called after each edit.
  constructor(root, { label, onInput, placeholder = "" }) {
    this.root = root;
    root.classList.add("editor");
    root.innerHTML = `<div class="gutter" aria-hidden="true"><div class="gutter-inner"><pre class="numbers"></pre><div class="marks"></div></div></div>` +
      `<div class="area"><div class="layer" aria-hidden="true"><div class="layer-inner"><div class="hl" hidden></div></div></div>` +
      `<textarea spellcheck="false" autocapitalize="off" autocomplete="off" wrap="off"></textarea></div>`;
    this.textarea = root.querySelector("textarea");
    this.textarea.setAttribute("aria-label", label);
    this.textarea.placeholder = placeholder;
    this.numbers = root.querySelector(".numbers");
    this.gutterInner = root.querySelector(".gutter-inner");
    this.marksLayer = root.querySelector(".marks");
    this.layerInner = root.querySelector(".layer-inner");
    this.hl = root.querySelector(".hl");
    this.lines = 0;
    this.marks = [];
    this.highlighted = 0;
    this.textarea.addEventListener("input", () => {
      this.renumber();
      onInput?.();
    });
    this.textarea.addEventListener("scroll", () => this.sync());
    this.renumber();
  }

  get value() { return this.textarea.value; }

  set value(text) {
    this.textarea.value = text;
    this.renumber();
  }

  // lineHeight is the height of a line in CSS pixels.
  get lineHeight() {
    return parseFloat(getComputedStyle(this.textarea).lineHeight);
  }

  // top is where line n (from 1) starts, in the coordinates of the gutter
  // and the layer, which scroll with the text.
  top(n) {
    return this.padTop + (n - 1) * this.lh;
  }

  renumber() {
    let n = 1;
    const text = this.textarea.value;
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
    if (n === this.lines) return;
    this.lines = n;
    let s = "1";
    for (let i = 2; i <= n; i++) s += "\n" + i;
    this.numbers.textContent = s;
  }

  sync() {
    const { scrollTop, scrollLeft } = this.textarea;
    this.gutterInner.style.transform = `translateY(${-scrollTop}px)`;
    this.layerInner.style.transform = `translate(${-scrollLeft}px, ${-scrollTop}px)`;
  }

  measure() {
    const cs = getComputedStyle(this.textarea);
    this.lh = parseFloat(cs.lineHeight);
    this.padTop = parseFloat(cs.paddingTop);
  }

  // setMarks shows findings ({line, severity, code, message}) on their
  // lines; a line with several shows the gravest and lists them all.
  setMarks(findings) {
    this.measure();
    const byLine = new Map();
    for (const f of findings) {
      if (f.line < 1) continue; // the file as a whole: listed, not marked
      const list = byLine.get(f.line) ?? [];
      list.push(f);
      byLine.set(f.line, list);
    }
    for (const m of this.marks) m.remove();
    this.marks = [];
    for (const [line, list] of byLine) {
      const sev = severities.find((s) => list.some((f) => f.severity === s)) ?? "info";
      const title = list.map((f) => `line ${line}: ${f.severity}: ${f.code}: ${f.message}`).join("\n");
      const dot = document.createElement("div");
      dot.className = `mark ${sev}`;
      dot.dataset.line = line;
      dot.title = title;
      dot.style.top = `${this.top(line)}px`;
      dot.style.height = `${this.lh}px`;
      const tint = document.createElement("div");
      tint.className = `tint ${sev}`;
      tint.dataset.line = line;
      tint.style.top = `${this.top(line)}px`;
      tint.style.height = `${this.lh}px`;
      this.marksLayer.append(dot);
      this.layerInner.append(tint);
      this.marks.push(dot, tint);
    }
  }

  // highlight marks line n (0: none) and scrolls it into view.
  highlight(n) {
    this.highlighted = n;
    this.root.dataset.highlight = n;
    if (!n) {
      this.hl.hidden = true;
      return;
    }
    this.measure();
    this.hl.hidden = false;
    this.hl.dataset.line = n;
    this.hl.style.top = `${this.top(n)}px`;
    this.hl.style.height = `${this.lh}px`;
    const ta = this.textarea;
    const y = this.top(n);
    if (y < ta.scrollTop || y + this.lh > ta.scrollTop + ta.clientHeight) {
      ta.scrollTop = Math.max(0, y - ta.clientHeight / 3);
      this.sync();
    }
  }
}
