"""The page's fonts are inside it (DejaVu, as `data:` URLs): served or exported, it draws its text
with them and asks no one for a font, whatever the machine has installed."""
from conftest import offline_page, run_html, wait_until

FACES = {("DejaVu Sans Mono", "normal"), ("DejaVu Sans Mono", "bold"), ("DejaVu Sans", "normal"), ("DejaVu Sans", "bold")}

# Once every font the page uses has loaded: its FontFace objects and what `check` says.
FONT_STATE = """async () => {
  await document.fonts.ready;
  return {
    faces: [...document.fonts].map(face => [face.family.replace(/"/g, ""), face.weight === "700" ? "bold" : face.weight, face.status]),
    mono: document.fonts.check('12px "DejaVu Sans Mono"'),
    sans: document.fonts.check('bold 12px "DejaVu Sans"'),
  };
}"""


def drawn_with(page, selector):
    """The fonts Chromium drew `selector`'s text with (DevTools protocol): PostScript name and
    whether it is a web font (an @font-face) rather than one installed on the machine."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, f"no {selector} on the page"
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return {(font["postScriptName"], font["isCustomFont"]) for font in fonts}


def assert_the_embedded_fonts_are_used(page):
    state = page.evaluate(FONT_STATE)
    assert {(family, weight) for family, weight, status in state["faces"] if status == "loaded"} == FACES, state["faces"]
    assert state["mono"] and state["sans"]
    # The timeline's rows in the monospaced face, the title in the sans ("live view" in its
    # normal weight), all embedded (DejaVu is installed here too: a font of the machine's would
    # say isCustomFont false).
    assert drawn_with(page, "#timeline-rows .row") == {("DejaVuSansMono", True)}
    assert drawn_with(page, "h1") == {("DejaVuSans-Bold", True), ("DejaVuSans", True)}
    assert drawn_with(page, ".row.current") == {("DejaVuSansMono-Bold", True)}


def test_the_served_page_draws_with_its_embedded_fonts(serve_script, page):
    served = serve_script("increase\n:expect value == 1\n")
    requested = []
    page.on("request", lambda request: requested.append((request.url, request.resource_type)))
    page.goto(served.url)
    wait_until(page, "window.liveView && window.liveView.model.events.some(e => e.event === 'summary')")
    assert_the_embedded_fonts_are_used(page)
    assert [url for url, kind in requested if kind == "font" and not url.startswith("data:")] == []
    assert all(url.startswith(served.base + "/") or url.startswith("data:") for url, _ in requested), requested
    assert page.console_watch.messages == []


def test_an_html_export_opened_offline_draws_with_its_embedded_fonts(shell, browser, tmp_path):
    result, export = run_html(shell, tmp_path, "fonts", "increase\n:expect value == 1\n")
    assert result.returncode == 0, result.stderr
    with offline_page(browser, export) as (page, requested, messages):
        wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
        assert_the_embedded_fonts_are_used(page)
        assert all(url.startswith("file://") or url.startswith("data:") for url in requested), requested
        assert messages == []
