extension LiveViewPage {
    /// The page's style sheet: the embedded DejaVu fonts first (`fontFaces`), the system's as
    /// fallback; `body.large` is the large-print mode.
    static let style = #"""
    :root { --row: 22px; --fg: #1b1f24; --muted: #57606a; --bg: #ffffff; --line: #d0d7de;
      --accent: #0550ae; --ok: #116329; --bad: #a40e26; --warn: #7d4e00; --hi: #fff1b8; --sel: #ddf4ff;
      --sans: "DejaVu Sans", system-ui, sans-serif; --mono: "DejaVu Sans Mono", ui-monospace, monospace; }
    body.large { --row: 36px; font-size: 150%; }
    * { box-sizing: border-box; }
    [hidden] { display: none !important; }
    html, body { height: 100%; margin: 0; }
    body { font: 14px/1.4 var(--sans); color: var(--fg); background: var(--bg);
      display: flex; flex-direction: column; }
    header { display: flex; align-items: center; gap: 1em; padding: .4em .8em; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
    h1 { font-size: 1.1em; margin: 0; } h1 span { color: var(--muted); font-weight: normal; }
    h2 { font-size: 1em; margin: .3em 0; } h2 small { color: var(--muted); font-weight: normal; }
    .status { color: var(--muted); } .status.live { color: var(--ok); } .status.down { color: var(--bad); }
    .steps { display: flex; align-items: center; gap: .3em; flex: 1; }
    .steps input[type=range] { flex: 1; min-width: 8em; }
    button { font: inherit; padding: .1em .6em; border: 1px solid var(--line); background: #f6f8fa; border-radius: 4px; cursor: pointer; }
    button[aria-pressed=true] { background: var(--sel); border-color: var(--accent); }
    .step-label { font-variant-numeric: tabular-nums; white-space: nowrap; }
    main { flex: 1; display: grid; grid-template-columns: minmax(0, 5fr) minmax(0, 3fr) minmax(0, 3fr); min-height: 0; }
    .pane { display: flex; flex-direction: column; min-height: 0; padding: .4em .8em; border-right: 1px solid var(--line); overflow: hidden; }
    .pane:last-child { border-right: 0; }
    .timeline { flex: 1; position: relative; overflow-y: auto; font: .95em/var(--row) var(--mono); border: 1px solid var(--line); }
    #timeline-rows { position: absolute; left: 0; right: 0; top: 0; }
    .row { height: var(--row); white-space: pre; overflow: hidden; text-overflow: ellipsis; padding: 0 .5em 0 1.6em; cursor: pointer; position: relative; }
    .row:hover { background: #f6f8fa; }
    .row.selected { background: var(--sel); }
    .row.current::before { content: "▶"; position: absolute; left: .3em; color: var(--accent); }
    .row.current { font-weight: bold; }
    .k-input { color: var(--accent); } .k-narration { color: var(--fg); font-style: italic; font-family: var(--sans); }
    .k-mutation { padding-left: 2.6em; } .k-effect, .k-no_mutation { padding-left: 2.6em; color: var(--muted); }
    .k-cancelled { color: var(--warn); font-weight: bold; }
    .k-expect.ok { color: var(--ok); } .k-expect.bad, .k-error { color: var(--bad); font-weight: bold; }
    .k-scene { color: var(--muted); border-top: 1px solid var(--line); }
    .cause { color: var(--warn); }
    .command { display: flex; gap: .4em; margin-top: .4em; } .command input { flex: 1; font: inherit; font-family: var(--mono); padding: .2em .4em; }
    .state, .diff { overflow: auto; font: .95em/1.5 var(--mono); }
    .state { flex: 1; }
    .diff { max-height: 40%; min-height: 4em; border-bottom: 1px solid var(--line); padding-bottom: .4em; }
    details { margin-left: 1em; } details > summary { margin-left: -1em; cursor: pointer; }
    .reactor > summary { font-weight: bold; }
    .leaf { margin-left: 1em; white-space: pre-wrap; word-break: break-all; }
    .changed > summary, .leaf.changed { background: var(--hi); outline: 1px solid #d4a72c; }
    .key { color: var(--muted); } .str { color: #0a3069; } .num { color: #0550ae; } .lit { color: #8250df; }
    .add { color: var(--ok); } .remove { color: var(--bad); } .diff .head { font-weight: bold; margin-top: .3em; }
    .diagram { flex: 1; overflow: auto; min-height: 6em; } .diagram svg { font: 12px var(--mono); }
    body.large .diagram svg { font-size: 18px; }
    .empty { color: var(--muted); font-style: italic; }
    @media (max-width: 900px) { main { grid-template-columns: 1fr; overflow: auto; } .pane { min-height: 60vh; } }
    """#
}
