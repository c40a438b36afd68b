"""The live view's page in a real browser, following a real shell."""
import re
import shlex

from conftest import timeline_text, wait_until

COUNTER = "increase\n:expect value == 1\n"


def test_page_shows_the_session_and_has_no_console_errors(serve_script, page):
    served = serve_script(":use board\n# Write a post.\nwrite.updateTitle \"Hello\"\nwrite.submit\n:expect board:posts.count == 1\nwrite.submitt\n")
    page.goto(served.url)
    wait_until(page, "window.liveView && window.liveView.model.events.some(e => e.event === 'summary')")
    rows = timeline_text(page)
    assert "→ write.updateTitle(title: \"Hello\")" in rows
    assert "› :expect board:posts.count == 1" in rows
    assert "Write a post." in rows  # narration
    assert "· board: insertPost" in rows and "← service event, from write.submit" in rows
    assert "✓ board:posts.count == 1" in rows
    assert "error at line 6: unknown action 'write.submitt'; did you mean 'write.submit'?" in rows
    state = page.locator("#state").inner_text()
    assert "board" in state and "write" in state and "\"Hello\"" in state
    # The last change (write's dismiss) is marked.
    assert page.locator(".leaf.changed").first.inner_text().startswith("isDismissed")
    assert page.locator("#status").inner_text() == "live"
    assert page.locator("#diagram svg").count() == 1
    assert page.console_watch.messages == []


def test_a_command_typed_in_the_page_runs_in_the_shell_and_shows_in_both(serve_script, page):
    served = serve_script(COUNTER)
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    page.fill("#command-line", "decrease")
    page.press("#command-line", "Enter")
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'action' && e.action === 'decrease')")
    wait_until(page, "document.querySelector('#state').innerText.includes('\"decreased!\"')")
    assert "→ counter.decrease" in timeline_text(page)
    # The shell printed the line and its output, as if typed.
    served.process.send_signal(2)
    served.process.wait(timeout=10)
    out = served.output()
    assert "counter> decrease" in out and "value: 1 → 0" in out
    assert page.console_watch.messages == []


def test_lines_typed_at_the_terminal_arrive_and_a_clicked_step_moves_shell_and_page(shell, terminal, page, tmp_path):
    session = terminal(f"{shlex.quote(shell)} --serve-port 0 --history-file {tmp_path}/history")
    url = session.wait_for(r"live view: (http://127\.0\.0\.1:\d+/#token=[0-9a-f]+)").group(1)
    page.goto(url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'scene')")
    session.type("increase")
    session.wait_for(r"alertMessage: nil → \"increased!\"")
    session.type("increase")
    wait_until(page, "window.liveView.model.maxStep === 2 && window.liveView.model.events.filter(e => e.event === 'mutation').length === 8")
    assert page.locator("#step-label").inner_text() == "step 2 of 2"
    # Click the first action (step 1): the shell jumps there, and the page shows it.
    page.locator(".row", has_text="→ counter.increase   step 1").click()
    session.wait_for(r"\(jump to after step 1\)")
    session.wait_for(r"value: 2 → 1")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 1 of 2'")
    assert "value: 1" in page.locator("#state").inner_text()
    assert page.locator(".row.current").inner_text().startswith("→ counter.increase   step 1")
    # The step buttons travel too.
    page.click("#next")
    session.wait_for(r"\(jump to after step 2\)")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 2 of 2'")
    assert "value: 2" in page.locator("#state").inner_text()
    assert page.console_watch.messages == []


def test_large_print_makes_rows_taller_by_button_or_key(serve_script, page):
    served = serve_script(COUNTER)
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.length > 3")
    before = page.locator(".row").first.bounding_box()["height"]
    page.click("#large")
    assert page.locator("#large").get_attribute("aria-pressed") == "true"
    wait_until(page, f"document.querySelector('.row').getBoundingClientRect().height > {before}")
    # The L key does what the button does, but not while a command is being typed.
    page.click("#command-line")
    page.keyboard.type("l")
    assert page.locator("#command-line").input_value() == "l"
    assert page.locator("#large").get_attribute("aria-pressed") == "true"
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("l")
    assert page.locator("#large").get_attribute("aria-pressed") == "false"
    wait_until(page, f"document.querySelector('.row').getBoundingClientRect().height === {before}")
    page.keyboard.press("Shift+L")
    assert page.locator("#large").get_attribute("aria-pressed") == "true"
    assert page.console_watch.messages == []


def test_a_page_with_100000_events_draws_only_the_rows_on_screen(serve_script, page):
    # Two events a line (the action, its mutation): 50,000 lines make 100,000 events.
    lines = "".join(f"setScore {i} {i % 7}\n" for i in range(1, 50_001))
    served = serve_script(":use scoreboard\n" + lines)
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.length >= 100000", limit=120000)
    assert page.locator(".row").count() < 120
    # Scrolled to the middle, it draws the rows there.
    page.evaluate("document.querySelector('#timeline').scrollTop = 50000 * parseFloat(getComputedStyle(document.body).getPropertyValue('--row'))")
    wait_until(page, "[...document.querySelectorAll('.row')].some(r => r.dataset.index === '50000')")
    assert page.locator(".row").count() < 120
    assert "setScore" in timeline_text(page)
    assert page.console_watch.messages == []


def test_a_cancelled_search_shows_in_the_timeline(serve_script, page):
    served = serve_script(':use github-search\nupdateQuery "sw" &\nupdateQuery "swift"\n')
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    rows = timeline_text(page)
    assert re.search(r"⊘ effect #\d+ of updateQuery\(\"sw\"\) cancelled by updateQuery\(\"swift\"\)", rows), rows
    assert page.locator(".k-cancelled").count() == 1
    # The sequence diagram draws the cancellation as an arrow of its own.
    labels = page.locator("#diagram svg text").all_text_contents()
    assert any(re.fullmatch(r"⊘ #\d+ cancelled", label) for label in labels), labels
    assert "updateQuery" in labels
    assert page.console_watch.messages == []


def test_a_stepping_run_is_followed_step_by_step(shell, terminal, page, tmp_path):
    (tmp_path / "lesson.rsh").write_text("# Two increases.\nincrease\nincrease\n")
    session = terminal(f"{shlex.quote(shell)} run --step --serve-port 0 lesson.rsh")
    url = session.wait_for(r"live view: (http://127\.0\.0\.1:\d+/#token=[0-9a-f]+)").group(1)
    page.goto(url)
    session.wait_for(r"counter> increase")
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'scene')")
    assert page.evaluate("window.liveView.model.events.filter(e => e.event === 'action').length") == 0
    session.type("")  # Enter runs the first line
    wait_until(page, "window.liveView.model.events.filter(e => e.event === 'action').length === 1")
    wait_until(page, "document.querySelector('#state').innerText.includes('value: 1')")
    session.type("")
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    assert "value: 2" in page.locator("#state").inner_text()
    assert page.console_watch.messages == []


def test_a_command_typed_in_the_page_during_a_run_runs_between_the_scripts_lines(serve_script, page):
    # Without the page's `decrease` between lines 2 and 3, value would be 2 at the expectation.
    served = serve_script("increase\n:sleep 3s\nincrease\n:expect value == 1\n")
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'input' && e.text === ':sleep 3s')")
    page.fill("#command-line", "decrease")
    page.press("#command-line", "Enter")
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    events = page.evaluate("window.liveView.model.events")
    order = [(e.get("source", "").endswith("session.rsh"), e["line"], e["action"]) if e["event"] == "action" else e["event"]
             for e in events if e["event"] in ("action", "expect", "summary")]
    assert order == [(True, 1, "increase"), (False, 1, "decrease"), (True, 3, "increase"), "expect", "summary"]
    assert [e["ok"] for e in events if e["event"] == "expect"] == [True]
    assert "→ counter.decrease" in timeline_text(page)
    # The terminal shows the page's line where it ran, between the script's.
    out = served.output()
    assert out.index("counter> decrease") < out.index("✓ value == 1")
    assert page.console_watch.messages == []


def test_the_slider_travels_the_shell_and_the_page(serve_script, page):
    served = serve_script("increase\nincrease\nincrease\n")
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 3 of 3'")
    page.locator("#slider").fill("1")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 1 of 3'")
    assert "value: 1" in page.locator("#state").inner_text()
    assert page.locator(".row.current").inner_text().startswith("→ counter.increase   step 1")
    # The first and last buttons travel to the ends.
    page.click("#first")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 0 of 3'")
    assert "value: 0" in page.locator("#state").inner_text()
    page.click("#last")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 3 of 3'")
    assert "value: 3" in page.locator("#state").inner_text()
    # The previous button and the arrow keys step one at a time.
    page.click("#prev")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 2 of 3'")
    page.keyboard.press("ArrowLeft")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 1 of 3'")
    page.keyboard.press("ArrowRight")
    wait_until(page, "document.querySelector('#step-label').innerText === 'step 2 of 3'")
    assert "value: 2" in page.locator("#state").inner_text()
    # The shell ran each `:jump` as if typed: the terminal shows the same travels.
    served.process.send_signal(2)
    served.process.wait(timeout=10)
    out = served.output()
    assert "counter> :jump 1" in out and "(jump to after step 1)" in out and "value: 3 → 1" in out
    jumps = re.findall(r"counter> :jump (\d+)", out)
    assert jumps == ["1", "0", "3", "2", "1", "2"], jumps
    assert page.console_watch.messages == []


def test_the_diff_shows_what_the_selected_step_changed(serve_script, page):
    served = serve_script("increase\nincrease\n")
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    page.locator(".row", has_text="→ counter.increase   step 1").click()
    wait_until(page, "document.querySelector('#diff').innerText.includes('/value: 0 → 1')")
    diff = page.locator("#diff").inner_text()
    assert "counter: increaseValue" in diff and "/isLoading: false → true" in diff
    assert "/value: 1 → 2" not in diff
    # A mutation of step 2, selected on its own, shows only its change.
    page.locator(".row", has_text="· counter: increaseValue").nth(1).click()
    wait_until(page, "document.querySelector('#diff').innerText.includes('/value: 1 → 2')")
    diff = page.locator("#diff").inner_text()
    assert [line.strip() for line in diff.splitlines()] == ["counter: increaseValue", "/value: 1 → 2"]
    assert page.console_watch.messages == []


def test_a_collapsed_part_of_the_state_stays_collapsed_as_events_arrive(serve_script, page):
    served = serve_script(':use board\nwrite.updateTitle "Hello"\nwrite.submit\n')
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    posts = page.locator('details.reactor[data-reactor="board"] details[data-pointer="/posts"]')
    write = page.locator('details.reactor[data-reactor="write"]')
    assert posts.evaluate("d => d.open") and write.evaluate("d => d.open")
    posts.locator("summary").first.click()
    write.locator("summary").first.click()
    assert not posts.evaluate("d => d.open") and not write.evaluate("d => d.open")
    # New events redraw the trees: what was collapsed stays so, the rest stays open.
    assert served.request("/command", method="POST", body='write.updateTitle "Again"')[0] == 200
    assert served.request("/command", method="POST", body="write.submit")[0] == 200
    wait_until(page, "document.querySelector('#state').innerHTML.includes('Again')")
    assert page.locator('details.reactor[data-reactor="board"]').evaluate("d => d.open")
    assert not posts.evaluate("d => d.open")
    assert not write.evaluate("d => d.open")
    assert "[2]" in posts.locator("summary").first.inner_text()
    assert page.console_watch.messages == []


def test_the_sequence_diagram_fits_its_pane(serve_script, page):
    # Five lanes (you, board, write, service, effects) in the narrowest pane: the lanes come
    # closer and a long label is cut, with the whole one as its tooltip.
    served = serve_script(':use board\nwrite.updateTitle "Reactors 101"\nwrite.updateContent "draft"\nwrite.submit\n')
    page.goto(served.url)
    wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
    lanes = page.locator("#diagram svg text[font-weight=bold]").all_text_contents()
    assert lanes == ["you", "board", "write", "service", "effects"], lanes
    diagram = page.locator("#diagram")
    assert diagram.evaluate("d => d.scrollWidth <= d.clientWidth"), diagram.evaluate("d => [d.scrollWidth, d.clientWidth]")
    assert 'setTitle("Reactors 101")' in page.locator("#diagram svg title").all_text_contents()
    labels = page.locator("#diagram svg text:not([font-weight])").all_text_contents()
    assert any(label.startswith("setTitle(") and label.endswith("…") for label in labels), labels
    # A wider window gives the whole labels back.
    page.set_viewport_size({"width": 2400, "height": 850})
    wait_until(page, "[...document.querySelectorAll('#diagram svg g text')].some(t => t.textContent === 'setTitle(\"Reactors 101\")')")
    assert page.console_watch.messages == []
