extension LiveViewPage {
    /// The page's views: the virtualized timeline (only the rows on screen are drawn), the state
    /// trees, the diff, the sequence diagram, the step controls, and the link to the server.
    static let viewScript = #"""
    const $ = (id) => document.getElementById(id);
    const embedded = $("embedded-events");
    const token = new URLSearchParams(location.hash.slice(1)).get("token") || "";
    const model = new SessionModel();
    const ui = { selected: -1, follow: true, collapsed: new Set(), pending: false, stream: null };
    const rowHeight = () => parseFloat(getComputedStyle(document.body).getPropertyValue("--row")) || 22;
    const short = (text, length) => text.length > length ? text.slice(0, length - 1) + "…" : text;
    const literal = (value) => value === undefined ? "" : JSON.stringify(value);
    const escapeHTML = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

    // ---- one line of the timeline per event

    function causeText(cause) {
      if (!cause || cause.origin === "action") return "";
      const from = cause.action ? " of " + cause.action : "";
      if (cause.origin === "event") return "  ← service event" + (cause.action ? ", from " + cause.action : "");
      return "  ← effect #" + (cause.effect || "?") + from;
    }

    function rowText(event) {
      switch (event.event) {
        case "input": return event.text.trim().startsWith("#") ? event.text.trim().replace(/^#\s?/, "") : "› " + event.text;
        case "action": {
          const args = Object.entries(event.args || {}).map(([k, v]) => k + ": " + literal(v)).join(", ");
          return "→ " + event.reactor + "." + event.action + (args ? "(" + args + ")" : "") + (event.step ? "   step " + event.step : "");
        }
        case "mutation": return "· " + event.reactor + ": " + event.mutation;
        case "no_mutation": return "· (no mutation)";
        case "effect":
          if (event.phase === "cancelled" || event.status === "cancelled") return "⊘ effect #" + event.effect + (event.action ? " of " + event.action : "") + " cancelled" + (event.by ? " by " + event.by : "");
          return "effect #" + event.effect + (event.action ? " of " + event.action : "") + " " + event.phase + (event.message ? ": " + event.message : "");
        case "expect": return (event.ok ? "✓ " : "✗ ") + event.path + " " + event.op + " " + literal(event.expected) + (event.ok ? "" : "  (actual: " + literal(event.actual) + ")");
        case "error": return "error" + (event.line ? " at line " + event.line : "") + ": " + event.message;
        case "output": return (event.text || "").split("\n")[0] + ((event.text || "").includes("\n") ? " …" : "");
        case "scene": return ":use " + (event.entry || "") + " — " + Object.keys(event.reactors || {}).join(", ");
        case "state": return "state of " + event.reactor + (event.path ? ":" + event.path : "");
        case "summary": return event.passed + " passed, " + event.failed + " failed" + (event.errors !== undefined ? ", " + event.errors + " errors" : "");
        default: return event.event + " " + JSON.stringify(event);
      }
    }

    function rowClass(event) {
      let kind = "k-" + event.event;
      if (event.event === "input" && event.text.trim().startsWith("#")) kind = "k-narration";
      if (event.event === "effect" && (event.phase === "cancelled" || event.status === "cancelled")) kind += " k-cancelled";
      if (event.event === "expect") kind += event.ok ? " ok" : " bad";
      return kind;
    }

    // ---- the virtualized timeline

    const timeline = $("timeline"), space = $("timeline-space"), rows = $("timeline-rows");

    function drawTimeline() {
      const height = rowHeight();
      const total = model.events.length;
      space.style.height = total * height + "px";
      if (ui.follow) timeline.scrollTop = timeline.scrollHeight;
      const first = Math.max(0, Math.floor(timeline.scrollTop / height) - 5);
      const last = Math.min(total, first + Math.ceil(timeline.clientHeight / height) + 10);
      const currentRow = model.stepRows.get(model.current);
      rows.style.top = first * height + "px";
      const parts = [];
      for (let i = first; i < last; i++) {
        const event = model.events[i];
        let classes = "row " + rowClass(event);
        if (i === ui.selected) classes += " selected";
        if (i === currentRow) classes += " current";
        let text = escapeHTML(rowText(event));
        if (event.event === "mutation") text += '<span class="cause">' + escapeHTML(causeText(event.cause)) + "</span>";
        parts.push('<div class="' + classes + '" data-index="' + i + '" title="' + escapeHTML(short(rowText(event), 300)) + '">' + text + "</div>");
      }
      rows.innerHTML = parts.join("");
      $("count").textContent = total + " events";
    }

    timeline.addEventListener("scroll", () => {
      ui.follow = timeline.scrollTop + timeline.clientHeight >= timeline.scrollHeight - rowHeight();
      schedule();
    });

    rows.addEventListener("click", (click) => {
      const row = click.target.closest(".row");
      if (!row) return;
      select(Number(row.dataset.index), true);
    });

    // ---- state trees

    // `scope` is the reactor's own pointer (`#board`): a collapsed node is kept as scope + pointer
    // (`#board/posts`), as the toggle handler below notes it.
    function valueHTML(value, pointer, changed, depth, scope) {
      if (value !== null && typeof value === "object") {
        const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
        const open = !ui.collapsed.has(scope + pointer) ? " open" : "";
        const mark = [...changed].some((p) => p === pointer || p.startsWith(pointer + "/")) && depth > 0 ? ' class="changed"' : "";
        const count = Array.isArray(value) ? "[" + value.length + "]" : "{" + entries.length + "}";
        let html = "";
        for (const [key, child] of entries) html += fieldHTML(key, child, pointer + "/" + key.replace(/~/g, "~0").replace(/\//g, "~1"), changed, depth + 1, scope);
        return [count, html, open, mark];
      }
      return null;
    }

    function fieldHTML(key, value, pointer, changed, depth, scope) {
      const nested = valueHTML(value, pointer, changed, depth, scope);
      if (nested) {
        const [count, html, open, mark] = nested;
        return '<details data-pointer="' + escapeHTML(pointer) + '"' + open + mark + "><summary><span class=\"key\">" + escapeHTML(key) + "</span> " + count + "</summary>" + (html || '<div class="leaf empty">empty</div>') + "</details>";
      }
      const kind = typeof value === "string" ? "str" : typeof value === "number" ? "num" : "lit";
      const mark = changed.has(pointer) ? " changed" : "";
      return '<div class="leaf' + mark + '" data-pointer="' + escapeHTML(pointer) + '"><span class="key">' + escapeHTML(key) + ':</span> <span class="' + kind + '">' + escapeHTML(literal(value)) + "</span></div>";
    }

    function drawState() {
      const viewing = embedded && ui.selected >= 0 ? model.stateAfter(ui.selected) : model;
      $("state-label").textContent = embedded && ui.selected >= 0 ? "after event " + (ui.selected + 1) : "now (step " + model.current + ")";
      const parts = [];
      for (const name of viewing.order) {
        const changed = (viewing.lastChange && viewing.lastChange[name]) || new Set();
        const pointer = "#" + name;
        const open = ui.collapsed.has(pointer) ? "" : " open";
        const nested = valueHTML(viewing.reactors[name], "", changed, 0, pointer);
        const inner = nested ? nested[1] : fieldHTML("value", viewing.reactors[name], "", changed, 1, pointer);
        parts.push('<details class="reactor" data-pointer="' + escapeHTML(pointer) + '" data-reactor="' + escapeHTML(name) + '"' + open + "><summary>" + escapeHTML(name) + "</summary>" + inner + "</details>");
      }
      $("state").innerHTML = parts.join("") || '<div class="empty">no reactor loaded</div>';
    }

    $("state").addEventListener("toggle", (toggle) => {
      const details = toggle.target;
      const key = details.closest(".reactor") === details ? details.dataset.pointer : details.closest(".reactor").dataset.pointer + details.dataset.pointer;
      if (details.open) ui.collapsed.delete(key); else ui.collapsed.add(key);
    }, true);

    // ---- the diff of the selected step

    function eventsOfSelection() {
      const index = ui.selected;
      const event = model.events[index];
      if (!event) return [];
      const step = model.stepOf(index);
      if (event.event === "action" && step) {
        const found = [];
        const end = model.stepEnds.get(step) || index;
        for (let i = index + 1; i <= end; i++) {
          const e = model.events[i];
          if (e.event === "mutation" && e.cause && e.cause.step === step) found.push(e);
        }
        return found;
      }
      if (event.event === "input") {
        const found = [];
        for (let i = index + 1; i < model.events.length && model.events[i].event !== "input" && found.length < 500; i++) {
          if (model.events[i].event === "mutation") found.push(model.events[i]);
        }
        return found;
      }
      return event.event === "mutation" ? [event] : [];
    }

    function drawDiff() {
      const mutations = eventsOfSelection();
      $("diff-label").textContent = ui.selected >= 0 ? "of event " + (ui.selected + 1) : "(select a line)";
      const lines = [];
      for (const m of mutations) {
        lines.push('<div class="head">' + escapeHTML(m.reactor + ": " + m.mutation) + "</div>");
        if (!m.patch || m.patch.length === 0) lines.push('<div class="empty">  (no change)</div>');
        for (const op of m.patch || []) {
          const path = op.path || "/";
          if (op.op === "replace") lines.push("<div>  " + escapeHTML(path + ": " + literal(op.old) + " → " + literal(op.value)) + "</div>");
          else if (op.op === "add") lines.push('<div class="add">+ ' + escapeHTML(path + ": " + literal(op.value)) + "</div>");
          else lines.push('<div class="remove">- ' + escapeHTML(path + ": " + literal(op.old)) + "</div>");
        }
      }
      $("diff").innerHTML = lines.join("") || '<div class="empty">no changes</div>';
    }

    // ---- the sequence diagram (SVG) of the last arrows up to the selection

    function drawDiagram() {
      const end = ui.selected >= 0 ? ui.selected : model.events.length - 1;
      const arrows = [];
      let lanes = [];
      for (let i = end; i >= 0 && arrows.length < 24; i--) {
        const e = model.events[i];
        if (e.event === "scene") { lanes = Object.keys(e.reactors || {}); break; }
        if (e.event === "action") arrows.push({ from: "you", to: e.reactor, label: e.action, kind: "action" });
        else if (e.event === "mutation" && e.cause) {
          const from = e.cause.origin === "event" ? "service" : e.cause.origin === "effect" ? "effects" : e.reactor;
          arrows.push({ from, to: e.reactor, label: e.mutation, kind: "mutation" });
        } else if (e.event === "effect" && (e.phase === "cancelled" || e.status === "cancelled")) arrows.push({ from: "effects", to: e.reactor, label: "⊘ #" + e.effect + " cancelled", kind: "cancel" });
      }
      arrows.reverse();
      const names = ["you", ...lanes];
      for (const a of arrows) for (const n of [a.from, a.to]) if (!names.includes(n)) names.push(n);
      if (arrows.length === 0) { $("diagram").innerHTML = '<div class="empty">no actions yet</div>'; return; }
      // Fitted to the pane: lanes closer and labels shorter as it narrows (the timeline has them
      // whole). A character is 0.6 em wide in DejaVu Sans Mono, the page's own font.
      const large = document.body.classList.contains("large");
      const char = (large ? 18 : 12) * 0.61, step = large ? 34 : 24, top = 30;
      const room = Math.max($("diagram").clientWidth - 4, 200);
      const left = Math.ceil(names[0].length * char / 2) + 8;
      const nameWidth = Math.max(...names.map((n) => n.length)) * char + 12;
      const gap = Math.max(nameWidth, Math.min(large ? 190 : 130, (room - left - 30 - 12 * char) / Math.max(1, names.length - 1)));
      const x = (name) => left + names.indexOf(name) * gap;
      const fit = (label, space) => short(label, Math.max(4, Math.min(28, Math.floor(space / char))));
      const lastLane = x(names[names.length - 1]);
      const width = Math.max(room, lastLane + nameWidth / 2), height = top + 20 + arrows.length * step;
      let svg = '<svg xmlns="http://www.w3.org/2000/svg" width="' + width + '" height="' + height + '" role="img" aria-label="sequence diagram">';
      svg += '<defs><marker id="tip" markerWidth="8" markerHeight="8" refX="7" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#57606a"/></marker></defs>';
      for (const n of names) {
        svg += '<text x="' + x(n) + '" y="16" text-anchor="middle" font-weight="bold">' + escapeHTML(n) + "</text>";
        svg += '<line x1="' + x(n) + '" y1="22" x2="' + x(n) + '" y2="' + height + '" stroke="#d0d7de" stroke-dasharray="4 3"/>';
      }
      arrows.forEach((a, i) => {
        const y = top + 10 + i * step, x1 = x(a.from), x2 = x(a.to);
        const color = a.kind === "action" ? "#0550ae" : a.kind === "cancel" ? "#7d4e00" : "#57606a";
        if (x1 === x2) svg += '<path d="M' + x1 + "," + (y - 6) + " h24 v10 h-22" + '" fill="none" stroke="' + color + '" marker-end="url(#tip)"/>';
        else svg += '<line x1="' + x1 + '" y1="' + y + '" x2="' + x2 + '" y2="' + y + '" stroke="' + color + '" marker-end="url(#tip)"/>';
        // Between two lanes a label may pass their lifelines a little, not the picture's edges.
        const middle = (x1 + x2) / 2;
        const label = fit(a.label, x1 === x2 ? width - x1 - 34 : Math.min(Math.abs(x2 - x1) + 40, 2 * Math.min(middle, width - middle) - 8));
        svg += "<g>" + (label === a.label ? "" : "<title>" + escapeHTML(a.label) + "</title>");
        svg += '<text x="' + ((x1 === x2 ? x1 + 30 : (x1 + x2) / 2)) + '" y="' + (y - 4) + '" text-anchor="' + (x1 === x2 ? "start" : "middle") + '" fill="' + color + '">' + escapeHTML(label) + "</text></g>";
      });
      $("diagram").innerHTML = svg + "</svg>";
    }

    // ---- steps and time travel

    function drawSteps() {
      const slider = $("slider");
      slider.max = String(model.maxStep);
      if (document.activeElement !== slider) slider.value = String(model.current);
      $("step-label").textContent = "step " + model.current + " of " + model.maxStep;
    }

    function select(index, travel) {
      ui.selected = index;
      const step = model.stepOf(index);
      if (travel && step !== undefined && !embedded) run(":jump " + step);
      schedule();
    }

    function goTo(step) {
      step = Math.max(0, Math.min(model.maxStep, step));
      if (embedded) {
        const row = step === 0 ? 0 : model.stepEnds.get(step);
        model.current = step;
        if (row !== undefined) { ui.selected = row; ui.follow = false; scrollTo(row); }
        schedule();
      } else {
        run(":jump " + step);
      }
    }

    function scrollTo(index) {
      const height = rowHeight();
      const y = index * height;
      if (y < timeline.scrollTop || y > timeline.scrollTop + timeline.clientHeight - height) timeline.scrollTop = y - timeline.clientHeight / 2;
    }

    $("first").onclick = () => goTo(0);
    $("prev").onclick = () => goTo(model.current - 1);
    $("next").onclick = () => goTo(model.current + 1);
    $("last").onclick = () => goTo(model.maxStep);
    $("slider").onchange = () => goTo(Number($("slider").value));
    $("large").onclick = () => {
      const large = document.body.classList.toggle("large");
      $("large").setAttribute("aria-pressed", String(large));
      schedule();
    };
    document.addEventListener("keydown", (key) => {
      if (key.target instanceof HTMLInputElement) return;
      if (key.key === "ArrowLeft") goTo(model.current - 1);
      else if (key.key === "ArrowRight") goTo(model.current + 1);
      else if (key.key === "l" || key.key === "L") $("large").click();
    });

    // ---- drawing, at most once a frame

    function schedule() {
      if (ui.pending) return;
      ui.pending = true;
      requestAnimationFrame(() => {
        ui.pending = false;
        drawTimeline();
        drawState();
        drawDiff();
        drawDiagram();
        drawSteps();
      });
    }
    window.addEventListener("resize", schedule);

    // ---- the server: events, commands

    function setStatus(text, kind) {
      const status = $("status");
      status.textContent = text;
      status.className = "status " + (kind || "");
    }

    function receive(event) {
      if (model.add(event)) schedule();
    }

    // The events come as Server-Sent Events, read here from the response a chunk at a time: the
    // browser's EventSource hands over each event on its own, at some twenty microseconds an
    // event, which on a machine of two cores took the core the shell's run needed. A stream that
    // ends or fails is opened again after the last event seen (`after=`), as EventSource would.
    function connect() {
      if (ui.stream) ui.stream.abort();
      const stream = new AbortController();
      ui.stream = stream;
      fetch("/events?token=" + encodeURIComponent(token) + "&after=" + model.lastSeq,
            { signal: stream.signal, cache: "no-store", headers: { "Accept": "text/event-stream" } })
        .then((response) => {
          if (!response.ok) {
            // Refused (a token no longer valid): as EventSource, no retry.
            if (stream === ui.stream) disconnect();
            return;
          }
          setStatus("live", "live");
          return readEvents(response.body, stream).then(() => lost(stream));
        })
        .catch(() => lost(stream));
    }

    // Reads the stream's events into the model until it ends: each `data: ` line is one event's
    // JSON; `id:` lines and comments (`: keep-alive`) carry nothing the page needs.
    async function readEvents(body, stream) {
      const reader = body.pipeThrough(new TextDecoderStream()).getReader();
      let rest = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done || stream !== ui.stream) return;
        const text = rest + value;
        const end = text.lastIndexOf("\n");
        rest = text.slice(end + 1);
        if (end < 0) continue;
        let added = false;
        for (const line of text.slice(0, end).split("\n")) {
          if (line.startsWith("data: ") && model.add(JSON.parse(line.slice(6)))) added = true;
        }
        if (added) schedule();
      }
    }

    // The stream ended or failed: unless the page let it go, it is opened again in a second.
    function lost(stream) {
      if (stream !== ui.stream) return;
      setStatus("reconnecting…", "down");
      setTimeout(() => { if (stream === ui.stream) connect(); }, 1000);
    }

    function disconnect() {
      const stream = ui.stream;
      ui.stream = null;
      if (stream) stream.abort();
      setStatus("disconnected", "down");
    }

    async function run(line) {
      const response = await fetch("/command", {
        method: "POST", body: line,
        headers: { "Authorization": "Bearer " + token, "Content-Type": "text/plain; charset=utf-8" },
      });
      if (!response.ok) { setStatus("command refused: " + response.status, "down"); return null; }
      const answer = await response.json();
      for (const event of answer.events) receive(event);
      return answer;
    }

    $("command").addEventListener("submit", (submit) => {
      submit.preventDefault();
      const input = $("command-line");
      const line = input.value;
      if (line.trim() === "") return;
      input.value = "";
      run(line);
    });

    if (embedded) {
      const events = JSON.parse(embedded.textContent);
      for (const event of events) model.add(event);
      setStatus("saved session: " + events.length + " events", "");
      $("command").hidden = true;
      schedule();
    } else {
      connect();
    }
    window.liveView = { model, ui, connect, disconnect, run, select, goTo };
    """#
}
