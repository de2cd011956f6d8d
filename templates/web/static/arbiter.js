// whist-arbiter: the site's one script. Every page works without it; with it, the
// incident is read as it is typed and the parser's own message (the line, the caret, what
// was expected, a suggestion) is shown under the editor, with a link to the place; the
// editor numbers its lines, colours the notation's words and marks the line of a mistake;
// and the notation page finds a word as it is typed.
"use strict";

(function () {
  const MAX = 256 * 1024;
  const editor = document.getElementById("incident");
  const status = document.getElementById("status");

  for (const id of ["example", "case"]) {
    const select = document.getElementById(id);
    if (select) {
      select.addEventListener("change", () => {
        if (select.value) window.location.href = "/?" + id + "=" + encodeURIComponent(select.value);
      });
    }
  }
  if (!editor || !status) return;

  function offsetOf(text, line, column) {
    let at = 0;
    for (let n = 1; n < line; n++) {
      const next = text.indexOf("\n", at);
      if (next < 0) return text.length;
      at = next + 1;
    }
    return Math.min(text.length, at + Math.max(0, column - 1));
  }

  function goTo(line, column) {
    const at = offsetOf(editor.value, line, column);
    editor.focus({ preventScroll: true });
    editor.setSelectionRange(at, at + 1);
    const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
    editor.scrollTop = Math.max(0, (line - 3) * lineHeight);       // the line a little below the top of the editor
    editor.scrollIntoView({ block: "center", behavior: "instant" });
  }

  function show(kind, message, error) {
    status.className = "status" + (kind === "bad" ? " bad" : "");
    status.textContent = "";
    if (!error) {
      status.textContent = message;
      return;
    }
    const pre = document.createElement("pre");
    pre.className = error.warning ? "incident-warning" : "incident-error";
    pre.dataset.line = error.line;
    pre.dataset.column = error.column;
    pre.textContent = error.rendered;
    status.appendChild(pre);
    if (error.line > 0) {
      const link = document.createElement("a");
      link.href = "#incident";
      link.className = "go-to";
      link.textContent = "Go to line " + error.line + ", column " + error.column;
      link.addEventListener("click", (event) => { event.preventDefault(); goTo(error.line, error.column); });
      status.appendChild(link);
    }
  }

  let timer = null;
  let asked = 0;

  async function check() {
    const text = editor.value;
    if (text.length > MAX) {
      show("bad", "The incident is larger than 256 KiB, the most the page accepts.");
      return;
    }
    const mine = ++asked;
    let response;
    try {
      response = await fetch("/api/check", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: text }),
      });
    } catch (e) {
      if (mine === asked) show("bad", "The arbiter cannot be reached to check the incident.");
      return;
    }
    if (mine !== asked) return;          // a later keystroke has asked again
    const data = await response.json().catch(() => ({}));
    if (response.status === 422 && data.error) {
      show("bad", "", data.error);
    } else if (response.ok) {
      const warnings = data.warnings || [];
      if (warnings.length) {
        show("warn", "", Object.assign({ rendered: warnings.map((w) => w.file + ":" + w.line + ":" + w.column + ": warning: " + w.message + (w.suggestion ? " (" + w.suggestion + ")" : "")).join("\n") }, warnings[0]));
      } else {
        const ways = (data.branches || []).length;
        show("good", "The incident reads without error" + (ways > 1 ? " (" + ways + " ways the disputes give)." : "."));
      }
    } else {
      show("bad", (data.error && data.error.message) || "The incident could not be checked.");
    }
  }

  editor.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(check, 250);
  });
  editor.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      document.getElementById("rule-button").click();
    }
  });
  // Tidy: the incident in its canonical form (arbiter fmt), through /api/format.
  const tidy = document.getElementById("tidy-button");
  if (tidy) {
    tidy.hidden = false;
    tidy.addEventListener("click", async () => {
      const response = await fetch("/api/format", {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ text: editor.value }),
      }).catch(() => null);
      if (!response) { show("bad", "The arbiter cannot be reached to tidy the incident."); return; }
      const data = await response.json().catch(() => ({}));
      if (response.ok) {
        if (!data.canonical) editor.value = data.text;
        show("good", data.canonical ? "The incident is already in its canonical form." : "Tidied into the canonical form.");
      } else if (data.error && data.error.rendered) {
        show("bad", "", data.error);
      } else {
        show("bad", (data.error && data.error.message) || "The incident could not be tidied.");
      }
    });
  }

  const shown = status.querySelector("pre.incident-error");
  if (shown && shown.dataset.line > 0) {
    const line = Number(shown.dataset.line), column = Number(shown.dataset.column);
    const link = document.createElement("a");
    link.href = "#incident";
    link.className = "go-to";
    link.textContent = "Go to line " + line + ", column " + column;
    link.addEventListener("click", (event) => { event.preventDefault(); goTo(line, column); });
    status.appendChild(link);
  }
})();

// The notation page: the words filtered as one types in "Find a word" (without the script,
// the same form asks the server, which filters the same way: every word of the query in
// the entry's text, any case).
(function () {
  const box = document.getElementById("notation-q");
  const list = document.getElementById("vocabulary");
  const said = document.getElementById("notation-found");
  if (!box || !list || !said) return;
  const entries = [...list.querySelectorAll("div.word")];
  if (box.value.trim()) return;          // a page the server filtered: the form asks again

  function filter() {
    const terms = box.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const entry of entries) {
      const words = entry.dataset.words || "";
      const match = terms.every((t) => words.includes(t));
      entry.hidden = !match;
      if (match) shown++;
    }
    for (const section of list.querySelectorAll("section.words")) {
      const left = section.querySelectorAll("div.word:not([hidden])").length;
      section.hidden = left === 0;
      const count = document.querySelector('.count[data-section="' + section.id + '"]');
      if (count) count.textContent = "(" + left + ")";
    }
    said.textContent = terms.length ? shown + (shown === 1 ? " entry" : " entries") + " for \u201c" + box.value.trim() + "\u201d." : "";
  }

  box.addEventListener("input", filter);
  document.getElementById("notation-find").addEventListener("submit", (event) => {
    event.preventDefault();
    filter();
  });
})();

// The editor's line numbers, the notation's words in colour, and the line of a mistake
// marked. They are drawn in a layer behind the textarea, which stays the editor (typing,
// selection, undo and the form are the browser's own) with its text made transparent; the
// words come from /static/notation-words.json, made from the listing `arbiter notation`
// prints. Without the script the editor is a plain textarea.
(function () {
  const editor = document.getElementById("incident");
  const area = editor && editor.closest(".code-area");
  const status = document.getElementById("status");
  if (!editor || !area) return;

  const gutter = document.createElement("div");
  gutter.className = "gutter";
  gutter.setAttribute("aria-hidden", "true");
  const numbers = document.createElement("div");
  gutter.appendChild(numbers);
  const layer = document.createElement("div");
  layer.className = "colours";
  layer.setAttribute("aria-hidden", "true");
  const lines = document.createElement("div");
  lines.className = "lines";
  layer.appendChild(lines);
  const box = document.createElement("div");
  box.className = "code-box";
  editor.parentNode.insertBefore(box, editor);
  box.appendChild(layer);
  box.appendChild(editor);
  area.insertBefore(gutter, box);
  area.classList.add("enhanced");
  editor.setAttribute("wrap", "off");

  const known = { header: new Set(), verb: new Set(), word: new Set() };
  let marked = null;                       // { line, kind }: the line the status speaks of

  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const span = (kind, text) => '<span class="t-' + kind + '">' + escape(text) + "</span>";
  const CARD = /^[SHDC](?:10|[2-9TJQKA])$/i;
  const TOKEN = /("(?:[^"\\]|\\.)*"?)|(\([^)]*\)?)|(#.*$)|([A-Za-z0-9_\u00c0-\u017f'-]+)|(\s+)|([^\s"(#A-Za-z0-9_\u00c0-\u017f'-]+)/g;

  function colour(line) {
    const indented = /^\s/.test(line);
    const moment = !indented && /:\s*(#.*)?$/.test(line) && !/^\S+:\s+\S/.test(line.replace(/#.*$/, ""));
    const lead = !indented && !moment ? /^[A-Za-z]+:/.exec(line) : null;   // "finding: B held S2"
    let out = lead ? span("moment", lead[0]) : "", nth = lead ? 1 : 0, match;
    TOKEN.lastIndex = lead ? lead[0].length : 0;
    while ((match = TOKEN.exec(line)) !== null) {
      const [text, str, act, comment, word] = match;
      if (!text) break;
      if (str) out += span("string", text);
      else if (act) out += span("act", text);
      else if (comment) out += span("comment", text);
      else if (word) {
        const lower = word.toLowerCase();
        nth++;
        if (moment) out += span("moment", text);
        else if (CARD.test(word)) out += span("card", text);
        else if (nth === 1 && indented) out += span("seat", text);
        else if (nth === 1 && !indented && (known.header.has(lower) || /^\s*"/.test(line.slice(TOKEN.lastIndex)))) {
          out += span("header", text);          // a header, or a line's first word before words quoted
        }
        else if (known.verb.has(lower)) out += span("verb", text);
        else if (known.word.has(lower)) out += span("word", text);
        else if (/^\d+$/.test(word)) out += span("number", text);
        else if (/^[A-Z]$/.test(word)) out += span("seat", text);
        else out += escape(text);
      } else out += escape(text);
    }
    return out;
  }

  function draw() {
    const rows = editor.value.split("\n");
    let html = "", nums = "";
    rows.forEach((row, i) => {
      const n = i + 1;
      const mark = marked && marked.line === n ? " " + marked.kind + "-line" : "";
      html += '<div class="l' + mark + '">' + (colour(row) || " ") + "</div>";
      nums += '<div class="n' + mark + '">' + n + "</div>";
    });
    lines.innerHTML = html;
    numbers.innerHTML = nums;
    follow();
  }

  function follow() {
    lines.style.transform = "translate(" + -editor.scrollLeft + "px," + -editor.scrollTop + "px)";
    numbers.style.transform = "translateY(" + -editor.scrollTop + "px)";
  }

  function readStatus() {
    const pre = status && status.querySelector("pre[data-line]");
    const line = pre ? Number(pre.dataset.line) : 0;
    marked = line > 0 ? { line: line, kind: pre.classList.contains("incident-warning") ? "warning" : "error" } : null;
    draw();
  }

  let queued = false;
  editor.addEventListener("input", () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; draw(); });
  });
  editor.addEventListener("scroll", follow);
  if (status) new MutationObserver(readStatus).observe(status, { childList: true, subtree: true });
  readStatus();

  fetch("/static/notation-words.json").then((r) => (r.ok ? r.json() : null)).then((data) => {
    if (!data) return;
    for (const kind of Object.keys(known)) known[kind] = new Set(data[kind] || []);
    draw();
  }).catch(() => {});
})();
