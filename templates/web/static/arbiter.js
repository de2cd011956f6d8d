// whist-arbiter: the ruling page's one script. The page works without it; with it, the
// incident is read as it is typed and the parser's own message (the line, the caret, what
// was expected, a suggestion) is shown under the editor, with a link to the place.
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
