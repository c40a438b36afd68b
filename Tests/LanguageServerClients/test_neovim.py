"""Neovim (Debian's, 0.7.2: an LSP client, no semantic tokens) attaches the server to a .rsh buffer."""

import os
import pathlib
import shutil
import subprocess

from conftest import REPOSITORY, reactor_shell


def test_neovim_shows_the_servers_diagnostic_in_an_rsh_buffer(tmp_path: pathlib.Path):
    nvim = shutil.which("nvim")
    assert nvim, "nvim is missing: scripts/install-deps installs Debian's neovim"
    script = tmp_path / "broken.rsh"
    script.write_text(":use counter\nincrease\n:jump x\n")
    here = pathlib.Path(__file__).resolve().parent
    result = subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-c", f"luafile {here / 'neovim_smoke.lua'}"],
        env={
            **os.environ,
            "REACTOR_SHELL": reactor_shell(),
            "EDITORS": str(REPOSITORY / "editors" / "neovim"),
            "SCRIPT": str(script),
            "XDG_STATE_HOME": str(tmp_path / "state"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
        },
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert "filetype rsh" in lines
    assert "client reactor-shell" in lines
    # The message is the shell's own: what `check` says of the same line.
    check = subprocess.run([reactor_shell(), "check", str(script)], capture_output=True, text=True, timeout=60)
    [message] = [line.split(":3:7: ", 1)[1] for line in (check.stdout + check.stderr).splitlines() if ":3:7: " in line]
    assert f"diagnostic 3:7: {message}" in lines, result.stdout
