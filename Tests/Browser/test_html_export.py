"""`run --html` and `:save --html`: the page with the session inside, opened from disk offline."""
import json
import subprocess

from playwright.sync_api import expect

from conftest import offline_page, run_html, timeline_text, wait_until

SCRIPT = ':use board\n# A post, written and submitted.\nwrite.updateTitle "</script><b>Hi</b>"\nwrite.submit\n:expect board:posts.count == 1\nincrese\n'


def test_run_html_writes_a_page_that_works_offline(shell, browser, tmp_path):
    result, export = run_html(shell, tmp_path, "lesson", SCRIPT)
    assert result.returncode == 1  # the misspelt line failed
    assert result.stdout.endswith("1 passed, 0 failed\n") or "1 passed" in result.stdout.splitlines()[-1]
    with offline_page(browser, export) as (page, requested, messages):
        wait_until(page, "window.liveView && window.liveView.model.events.length > 5")
        rows = timeline_text(page)
        assert "A post, written and submitted." in rows
        assert "· board: insertPost" in rows
        assert "unknown action 'increse'" in rows
        assert "\"</script><b>Hi</b>\"" in page.locator("#state").inner_text()
        assert page.locator("#status").inner_text().startswith("saved session:")
        assert page.locator("#command").is_hidden()
        # Clicking a step shows the state after it, without a server.
        page.locator(".row", has_text="→ write.updateTitle").click()
        wait_until(page, "document.querySelector('#state-label').innerText.startsWith('after event')")
        assert "posts [0]" in page.locator("#state").inner_text()
        assert all(url.startswith("file://") for url in requested), requested
        assert messages == []


def test_save_html_in_a_session(shell, browser, tmp_path):
    result = subprocess.run(
        [shell, "run", "-"], input="increase\n:save --html counter.html\n", capture_output=True, text=True, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "saved the live view's page with" in result.stdout
    with offline_page(browser, tmp_path / "counter.html") as (page, requested, messages):
        wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
        assert "value: 1" in page.locator("#state").inner_text()
        assert all(url.startswith("file://") for url in requested)
        assert messages == []


def test_an_export_after_time_travel_and_a_trace_shows_them_as_they_ran(shell, browser, tmp_path):
    # Two steps abandoned by `:jump 0` then `decrease`, and the effects traced: the export has
    # the states the abandoned steps began with and every effect step the live stream carried.
    result, export = run_html(shell, tmp_path, "travel", ":set trace on\nincrease\nincrease\n:jump 0\ndecrease\n")
    assert result.returncode == 0, result.stderr
    with offline_page(browser, export) as (page, requested, messages):
        wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
        rows = timeline_text(page)
        assert "› :set trace on" in rows
        assert "effect #1 of increase started" in rows and "effect #1 of increase finished" in rows
        # The first step's last mutation: the state after the first `increase`, not after both.
        page.locator(".row", has_text="setAlertMessage").first.click()
        wait_until(page, "document.querySelector('.row.selected') !== null")
        state = page.locator("#state").inner_text()
        assert "value: 1" in state, state
        assert messages == []


def test_an_export_shows_the_state_after_each_mutation_of_a_step(shell, browser, tmp_path):
    # `increase` is one step of four mutations: loading on, the value, loading off, the alert.
    result, export = run_html(shell, tmp_path, "counter", "increase\nincrease\n")
    assert result.returncode == 0, result.stderr
    with offline_page(browser, export) as (page, requested, messages):
        wait_until(page, "window.liveView.model.events.some(e => e.event === 'summary')")
        expected = [
            ("setLoading(true)", "value: 1", "isLoading: true"),
            ("increaseValue", "value: 2", "isLoading: true"),
            ("setLoading(false)", "value: 2", "isLoading: false"),
        ]
        for label, value, loading in expected:
            # The second `increase` step's mutation of that label.
            row = page.locator(".row", has_text=label).nth(1)
            row.click()
            # The row selected before stays selected until the click is handled: wait for this one.
            wait_until(page, f"document.querySelector('.row.selected')?.textContent.includes({json.dumps(label)})")
            # Playwright's expect retries until the state tree shows it (or says what it showed).
            expect(page.locator("#state")).to_contain_text(value)
            expect(page.locator("#state")).to_contain_text(loading)
        assert messages == []
