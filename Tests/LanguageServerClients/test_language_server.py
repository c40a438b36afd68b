"""End-to-end tests of `reactor-shell lsp` with a real LSP client (pytest-lsp)."""

import pathlib
import subprocess

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import reactor_shell


async def open_document(client: LanguageClient, path: pathlib.Path, text: str) -> str:
    """Opens `text` as the document at `path` and waits for its diagnostics."""
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="rsh", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


async def change_document(client: LanguageClient, uri: str, text: str, version: int = 2) -> None:
    """Replaces the whole text (full sync) and waits for the new diagnostics."""
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


async def complete(client: LanguageClient, uri: str, line: int, character: int) -> dict[str, types.CompletionItem]:
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return {item.label: item for item in items}


async def test_initialize_announces_the_features(client: LanguageClient):
    capabilities = client.initialize_result.capabilities
    assert capabilities.text_document_sync.change == types.TextDocumentSyncKind.Full
    assert capabilities.hover_provider is True
    assert capabilities.definition_provider is True
    assert ":" in capabilities.completion_provider.trigger_characters
    legend = capabilities.semantic_tokens_provider.legend
    assert list(legend.token_types[:3]) == ["keyword", "function", "namespace"]
    assert client.initialize_result.server_info.name == "reactor-shell lsp"


async def test_a_bad_line_gets_a_diagnostic_at_its_token_and_a_fix_clears_it(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "bad.rsh", ':use scoreboard\nsetScore home: "3\n:expect home == 0\n')
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.message == "unterminated string; expected a closing '\"'"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.range == types.Range(start=types.Position(line=1, character=15), end=types.Position(line=1, character=17))

    await change_document(client, uri, ":use scoreboard\nsetScore home: 3 away: 1\n:expect home == 3\n")
    assert len(client.diagnostics[uri]) == 0


async def test_diagnostics_are_checks_results_in_the_scene_each_line_runs_in(client: LanguageClient, scripts):
    text = "refresh\n:use board\nrefresh\nsetScor 1\n:expect posts.cont == 1\n:load nowhere.rsh\n:load setup.rsh\n"
    (scripts / "scenes.rsh").write_text(text)
    uri = await open_document(client, scripts / "scenes.rsh", text)
    found = [(d.range.start.line, d.range.start.character, d.range.end.character, d.message) for d in client.diagnostics[uri]]
    # What `reactor-shell check` says of the same file, line by line: the one source of truth.
    check = subprocess.run(
        [reactor_shell(), "check", str(scripts / "scenes.rsh")], capture_output=True, text=True, timeout=60
    )
    expected = [line.split(": ", 1)[1] for line in check.stdout.splitlines() + check.stderr.splitlines() if "scenes.rsh:" in line]
    assert [message for *_, message in found] == expected
    # Line 3's refresh is board's, after :use board; setup.rsh is there. Each range is the token
    # the column points at (a meta command's whole name).
    assert [(line, start, end) for line, start, end, _ in found] == [(0, 0, 7), (3, 0, 7), (4, 0, 7), (5, 6, 17)]


async def test_closing_a_document_clears_its_diagnostics(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "closed.rsh", ":jump x\n")
    assert len(client.diagnostics[uri]) == 1
    client.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert len(client.diagnostics[uri]) == 0


async def test_completion_of_meta_commands_with_their_usage(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "meta.rsh", ":ex\n")
    items = await complete(client, uri, 0, 3)
    assert set(items) == {":expect", ":exit", ":explore"}
    assert items[":expect"].kind == types.CompletionItemKind.Keyword
    assert items[":expect"].detail == ":expect PATH OP VALUE"
    assert items[":expect"].text_edit.range == types.Range(
        start=types.Position(line=0, character=0), end=types.Position(line=0, character=3)
    )


async def test_completion_of_actions_follows_use_line_by_line(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "scenes.rsh", "\n:use board\n\n")
    before = await complete(client, uri, 0, 0)
    assert {"increase", "decrease"} <= set(before)  # the first registry entry, as `run` starts
    assert before["increase"].kind == types.CompletionItemKind.Function
    assert before["increase"].documentation == "Adds one after 500 ms, showing a loading flag and an alert."
    after = await complete(client, uri, 2, 0)
    assert {"refresh", "delete", "rename", "board.", "write."} <= set(after)
    assert "increase" not in after
    assert after["delete"].detail == "delete(id: Int)"


async def test_completion_of_labels_reactor_actions_and_state_paths(client: LanguageClient, tmp_path):
    text = ":use board\nrename \nwrite.\n:expect write:\n:use scoreboard\n:expect \n"
    uri = await open_document(client, tmp_path / "args.rsh", text)
    labels = await complete(client, uri, 1, 7)
    assert set(labels) == {"id:", "title:"}
    assert labels["title:"].detail == "title: String"
    qualified = await complete(client, uri, 2, 6)
    assert set(qualified) == {"write.updateTitle", "write.updateContent", "write.submit"}
    paths = await complete(client, uri, 3, 14)
    assert {"write:title", "write:content", "write:canSubmit", "write:isDismissed"} <= set(paths)
    scores = await complete(client, uri, 5, 8)
    assert set(scores) == {"home", "away"}


async def test_completion_of_load_flags_and_files_beside_the_script(client: LanguageClient, scripts):
    uri = await open_document(client, scripts / "main.rsh", ":load -\n:load \n:load lessons/\n")
    assert set(await complete(client, uri, 0, 7)) == {"--step", "--echo"}
    files = await complete(client, uri, 1, 6)
    assert {"setup.rsh", "lessons/"} <= set(files)
    assert files["lessons/"].kind == types.CompletionItemKind.Folder
    assert files["setup.rsh"].kind == types.CompletionItemKind.File
    assert set(await complete(client, uri, 2, 14)) == {"lessons/first.rsh"}


async def test_hover_shows_an_actions_signature_and_a_meta_commands_help(client: LanguageClient, tmp_path):
    uri = await open_document(client, tmp_path / "hover.rsh", ":use scoreboard\nsetScore 1 2\n:advance 1s\n")
    action = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=3))
    )
    assert action.contents.kind == types.MarkupKind.Markdown
    assert action.contents.value == "```\nsetScore(home: Int, away: Int)\n```\nSets both scores."
    assert action.range == types.Range(start=types.Position(line=1, character=0), end=types.Position(line=1, character=8))
    meta = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=2, character=2))
    )
    assert meta.contents.value.startswith("```\n:advance DURATION\n```\nMove the virtual clock forward")
    nothing = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=10))
    )
    assert nothing is None


async def test_semantic_tokens_name_each_part_of_a_line(client: LanguageClient, tmp_path):
    text = ':use board\nwrite.updateTitle title: "Hi" & # later\n:expect posts.count >= 1\n'
    uri = await open_document(client, tmp_path / "tokens.rsh", text)
    result = await client.text_document_semantic_tokens_full_async(
        types.SemanticTokensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    legend = client.initialize_result.capabilities.semantic_tokens_provider.legend.token_types
    tokens, line, start = [], 0, 0
    for index in range(0, len(result.data), 5):
        delta_line, delta_start, length, kind, _ = result.data[index : index + 5]
        line += delta_line
        start = start + delta_start if delta_line == 0 else delta_start
        tokens.append((line, text.splitlines()[line][start : start + length], legend[kind]))
    assert tokens == [  # (line, text, type)
        (0, ":use", "keyword"),
        (0, "board", "namespace"),
        (1, "write", "namespace"),
        (1, "updateTitle", "function"),
        (1, "title", "parameter"),
        (1, '"Hi"', "string"),
        (1, "&", "operator"),
        (1, "# later", "comment"),
        (2, ":expect", "keyword"),
        (2, "posts.count", "property"),
        (2, ">=", "operator"),
        (2, "1", "number"),
    ]


async def test_definition_of_a_load_path_is_the_loaded_file(client: LanguageClient, scripts):
    uri = await open_document(client, scripts / "main.rsh", ":load setup.rsh\n:load missing.rsh\n")
    found = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=0, character=8))
    )
    assert found.uri == (scripts / "setup.rsh").as_uri()
    assert found.range.start == types.Position(line=0, character=0)
    missing = await client.text_document_definition_async(
        types.DefinitionParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=1, character=8))
    )
    assert missing is None


async def test_an_unknown_request_is_answered_with_method_not_found(client: LanguageClient):
    try:
        await client.protocol.send_request_async("reactorShell/unknown", {})
    except Exception as error:  # pygls raises the JSON-RPC error
        assert "method not found: reactorShell/unknown" in str(error)
    else:
        raise AssertionError("expected an error answer")
