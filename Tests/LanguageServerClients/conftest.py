"""pytest-lsp drives the built `reactor-shell lsp` as an editor would, over stdio."""

import os
import pathlib

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def reactor_shell() -> str:
    """The binary under test: REACTOR_SHELL_EXECUTABLE, else the debug build."""
    return os.environ.get("REACTOR_SHELL_EXECUTABLE") or str(REPOSITORY / ".build" / "debug" / "reactor-shell")


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[reactor_shell(), "lsp", "--stdio"]))
async def client(lsp_client: LanguageClient, tmp_path: pathlib.Path):
    """A client whose session is initialized (VS Code's capabilities), shut down afterwards."""
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities("visual-studio-code"), root_uri=tmp_path.as_uri())
    )
    lsp_client.initialize_result = result
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def scripts(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder of scripts: setup.rsh (for :load) and a sub-folder."""
    (tmp_path / "setup.rsh").write_text(":use scoreboard\nsetScore 1 2\n")
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "first.rsh").write_text("increase\n")
    return tmp_path
