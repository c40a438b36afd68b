"""`reactor-shell lsp` on the command line: help, bad arguments, the shell's --help."""

import subprocess

from conftest import reactor_shell


def run(*arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run([reactor_shell(), *arguments], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_lsp_help_names_the_protocol_and_the_registry():
    result = run("lsp", "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("OVERVIEW: A language server for reactor-shell scripts (.rsh), for editors.")
    assert "(counter, github-search, scoreboard, board)" in result.stdout


def test_bad_arguments_are_usage_errors():
    unexpected = run("lsp", "--bogus")
    assert (unexpected.returncode, unexpected.stdout) == (2, "")
    assert unexpected.stderr.startswith("Error: unexpected argument '--bogus'\n")
    unknown = run("lsp", "--reactor", "nope")
    assert unknown.returncode == 2
    assert "unknown reactor 'nope'; available: counter, github-search, scoreboard, board" in unknown.stderr


def test_the_shells_help_lists_lsp_among_its_subcommands():
    lines = run("--help").stdout.splitlines()
    assert "  lsp                     A language server for editors (LSP over stdio)." in lines


def test_input_that_ends_without_exit_is_status_1():
    result = subprocess.run([reactor_shell(), "lsp"], input="", capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
