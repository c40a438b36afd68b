extension LiveViewPage {
    /// The page's model: every event in order, each reactor's state (patches applied as they
    /// come), which step each action row is, the step the shell is at, and snapshots to compute
    /// the state after any event quickly.
    static let modelScript = #"""
    "use strict";
    const SNAPSHOT_EVERY = 1000;
    const clone = (value) => value === undefined ? undefined : JSON.parse(JSON.stringify(value));

    // RFC 6901 pointer "/posts/0/title" -> ["posts", "0", "title"].
    function pointerParts(pointer) {
      if (pointer === "") return [];
      return pointer.slice(1).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    }

    // Applies one RFC 6902 operation (add, remove, replace) to `root`; returns the new root.
    function applyOperation(root, op) {
      const parts = pointerParts(op.path);
      if (parts.length === 0) return op.op === "remove" ? null : clone(op.value);
      let parent = root;
      for (const part of parts.slice(0, -1)) {
        if (parent === null || typeof parent !== "object") return root;
        parent = parent[part];
      }
      if (parent === null || typeof parent !== "object") return root;
      const key = parts[parts.length - 1];
      if (Array.isArray(parent)) {
        const index = key === "-" ? parent.length : Number(key);
        if (op.op === "add") parent.splice(index, 0, clone(op.value));
        else if (op.op === "remove") parent.splice(index, 1);
        else parent[index] = clone(op.value);
      } else if (op.op === "remove") {
        delete parent[key];
      } else {
        parent[key] = clone(op.value);
      }
      return root;
    }

    // Whether the action event `event` is the one a cause's label names ("increase",
    // "write.submit", "setScore(home: 1, away: 2)").
    function actionMatches(event, label) {
      if (!label) return true;
      const name = label.split("(")[0];
      const dot = name.indexOf(".");
      if (dot >= 0) return event.reactor === name.slice(0, dot) && event.action === name.slice(dot + 1);
      return event.action === name;
    }

    class SessionModel {
      constructor() {
        this.events = [];
        this.lastSeq = 0;
        this.reactors = {};
        this.order = [];
        this.lastChange = {};
        this.snapshots = [];
        this.stepRows = new Map();
        this.stepEnds = new Map();
        this.waitingForStep = [];
        this.maxStep = 0;
        this.current = 0;
        this.travelBefore = null;
      }

      // Adds `event` (ignoring one already seen, by its seq); true when added.
      add(event) {
        if (event.seq !== undefined) {
          if (event.seq <= this.lastSeq) return false;
          this.lastSeq = event.seq;
        }
        const index = this.events.length;
        this.events.push(event);
        this.apply(event, index, this);
        if ((index + 1) % SNAPSHOT_EVERY === 0) {
          this.snapshots.push({ index, reactors: clone(this.reactors), order: this.order.slice(), lastChange: clone(this.lastChange) });
        }
        return true;
      }

      // What `event` does to `target` (the model itself, or a copy being rebuilt).
      apply(event, index, target) {
        const live = target === this;
        switch (event.event) {
          case "scene":
            target.reactors = clone(event.reactors) || {};
            target.order = Object.keys(target.reactors);
            target.lastChange = {};
            if (live) { this.current = 0; this.waitingForStep = []; }
            break;
          case "state":
            if (!event.path && event.reactor) {
              if (!(event.reactor in target.reactors)) target.order.push(event.reactor);
              target.reactors[event.reactor] = clone(event.state);
            }
            break;
          case "mutation": {
            if (!(event.reactor in target.reactors)) { target.reactors[event.reactor] = {}; target.order.push(event.reactor); }
            let state = target.reactors[event.reactor];
            for (const op of event.patch || []) state = applyOperation(state, op);
            target.reactors[event.reactor] = state;
            target.lastChange = { [event.reactor]: new Set((event.patch || []).map((op) => op.path)) };
            if (!live) break;
            const cause = event.cause || {};
            if (cause.step) this.noteStep(cause.step, cause.action, index);
            const jump = /^\(jump to after step (\d+)\)$/.exec(event.mutation || "");
            if (jump) this.current = Number(jump[1]);
            else if (cause.step && cause.origin !== "event") this.current = Math.max(this.current, cause.step);
            break;
          }
          case "no_mutation":
            if (!live) break;
            this.noteStep(event.step, event.reactor + "." + event.action, index);
            this.current = Math.max(this.current, event.step);
            break;
          case "action":
            if (!live) break;
            if (event.step) {
              // A typed action names its step (the live view's events do).
              this.stepRows.set(event.step, index);
              this.stepEnds.set(event.step, index);
              if (event.step > this.maxStep) this.maxStep = event.step;
              this.current = Math.max(this.current, event.step);
            } else {
              this.waitingForStep.push(index);
              if (this.waitingForStep.length > 1000) this.waitingForStep.shift();
            }
            break;
          case "input":
            if (live) this.travelled(event.text || "");
            break;
          case "error":
            // A `:undo`, `:redo` or `:jump` that failed did not move.
            if (live && this.travelBefore !== null && this.travelBefore.index === index - 1) this.current = this.travelBefore.step;
            break;
        }
        if (live && event.event !== "input" && event.event !== "error") this.travelBefore = null;
      }

      travelled(text) {
        const line = text.trim();
        const before = { index: this.events.length - 1, step: this.current };
        let moved = true;
        if (line === ":undo") this.current = Math.max(0, this.current - 1);
        else if (line === ":redo") this.current = Math.min(this.maxStep, this.current + 1);
        else {
          const jump = /^:jump\s+(\d+)$/.exec(line);
          if (jump) this.current = Number(jump[1]); else moved = false;
        }
        this.travelBefore = moved ? before : null;
      }

      // Step `step` (a log step of the shell) was seen at event `index`: the oldest action row
      // still waiting whose action the label names is that step's row.
      noteStep(step, label, index) {
        this.stepEnds.set(step, index);
        if (step > this.maxStep) this.maxStep = step;
        if (this.stepRows.has(step)) return;
        const at = this.waitingForStep.findIndex((row) => actionMatches(this.events[row], label));
        if (at < 0) return;
        const row = this.waitingForStep[at];
        this.waitingForStep.splice(0, at + 1);
        this.events[row].step = this.events[row].step || step;
        this.stepRows.set(step, row);
      }

      // The reactors' states right after event `index`.
      stateAfter(index) {
        if (index >= this.events.length - 1) return { reactors: this.reactors, order: this.order, lastChange: this.lastChange };
        let start = -1;
        let target = { reactors: {}, order: [], lastChange: {} };
        for (let i = this.snapshots.length - 1; i >= 0; i--) {
          if (this.snapshots[i].index <= index) {
            const s = this.snapshots[i];
            target = { reactors: clone(s.reactors), order: s.order.slice(), lastChange: {} };
            start = s.index;
            break;
          }
        }
        for (let i = start + 1; i <= index; i++) this.apply(this.events[i], i, target);
        return target;
      }

      // The step an event belongs to (an action's own, a mutation's cause), if any.
      stepOf(index) {
        const event = this.events[index];
        if (!event) return undefined;
        if (event.event === "action") return event.step;
        if (event.event === "mutation" && event.cause && event.cause.step) return event.cause.step;
        if (event.event === "no_mutation") return event.step;
        return undefined;
      }
    }
    """#
}
