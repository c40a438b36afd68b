extension LiveViewPage {
    /// The page's elements; the script fills them.
    static let body = #"""
    <header>
      <h1>reactor-shell <span>live view</span></h1>
      <span id="status" class="status">connecting…</span>
      <nav class="steps" aria-label="time travel">
        <button id="first" title="the scene's initial state (:jump 0)">|◀</button>
        <button id="prev" title="one step back (←)">◀</button>
        <input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
        <button id="next" title="one step forward (→)">▶</button>
        <button id="last" title="the last step">▶|</button>
        <span id="step-label" class="step-label">step 0 of 0</span>
      </nav>
      <button id="large" title="large print for projectors (L)" aria-pressed="false">Aa</button>
    </header>
    <main>
      <section class="pane timeline-pane">
        <h2>Timeline <small id="count"></small></h2>
        <div id="timeline" class="timeline" tabindex="0">
          <div id="timeline-space"></div>
          <div id="timeline-rows"></div>
        </div>
        <form id="command" class="command" autocomplete="off">
          <input id="command-line" placeholder="type a command, e.g. increase or :state" aria-label="command">
          <button type="submit">Run</button>
        </form>
      </section>
      <section class="pane state-pane">
        <h2>State <small id="state-label"></small></h2>
        <div id="state" class="state"></div>
      </section>
      <section class="pane detail-pane">
        <h2>Diff <small id="diff-label"></small></h2>
        <div id="diff" class="diff"></div>
        <h2>Sequence</h2>
        <div id="diagram" class="diagram"></div>
      </section>
    </main>

    """#
}
