"""editors/: the VS Code manifest, the TextMate grammar (its patterns on real lines) and Helix's set-up."""

import json
import re
import tomllib

from conftest import REPOSITORY

EDITORS = REPOSITORY / "editors"


def grammar() -> dict:
    return json.loads((EDITORS / "vscode" / "syntaxes" / "rsh.tmLanguage.json").read_text())


def test_the_vscode_manifest_names_files_that_exist():
    manifest = json.loads((EDITORS / "vscode" / "package.json").read_text())
    [language] = manifest["contributes"]["languages"]
    assert language["extensions"] == [".rsh"]
    assert (EDITORS / "vscode" / language["configuration"]).is_file()
    [entry] = manifest["contributes"]["grammars"]
    assert entry["scopeName"] == grammar()["scopeName"] == "source.rsh"
    assert (EDITORS / "vscode" / entry["path"]).is_file()
    assert (EDITORS / "vscode" / manifest["main"]).is_file()
    configuration = json.loads((EDITORS / "vscode" / "language-configuration.json").read_text())
    assert configuration["comments"]["lineComment"] == "#"


def test_every_grammar_pattern_compiles():
    def walk(node):
        if isinstance(node, dict):
            for key in ("match", "begin", "end"):
                if key in node:
                    re.compile(node[key])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(grammar())


def test_grammar_patterns_find_the_parts_of_real_lines():
    repository = grammar()["repository"]
    action = re.compile(repository["action"]["match"])
    match = action.match("  write.updateTitle title: \"Hi\"")
    assert (match.group(1), match.group(3)) == ("write", "updateTitle")
    assert action.match("setScore 3 2").group(3) == "setScore"
    assert re.compile(repository["meta-command"]["match"]).match(":expect home == 3").group(1) == ":expect"
    label, number, constant, operator, background, option = (
        re.compile(pattern["match"]) for pattern in repository["arguments"]["patterns"][2:]
    )
    assert [m.group(1) for m in label.finditer("setScore home: 3 away=2")] == ["home", "away"]
    assert label.search(":expect home == 3") is None
    assert [m.group(0) for m in number.finditer("update x2 -7 1.5e3 250ms")] == ["-7", "1.5e3", "250ms"]
    assert constant.findall("optional nil true") == ["nil", "true"]
    assert operator.search(":expect repos contains x").group(0) == "contains"
    assert background.search("increase &  # later") is not None
    assert option.search(":load --step a.rsh").group(0) == "--step"
    assert re.compile(repository["comment"]["match"]).search("increase # twice").group(0) == "# twice"


def test_helix_starts_the_server_for_rsh_files():
    config = tomllib.loads((EDITORS / "helix" / "languages.toml").read_text())
    [language] = config["language"]
    assert language["file-types"] == ["rsh"]
    assert language["language-servers"] == ["reactor-shell"]
    assert config["language-server"]["reactor-shell"] == {"command": "reactor-shell", "args": ["lsp"]}
