// Starts `reactor-shell lsp` (or the command set in reactorShell.server.command) for .rsh files.
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("reactorShell").get("server.command");
  client = new LanguageClient(
    "reactorShell",
    "reactor-shell",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "rsh" }, { scheme: "untitled", language: "rsh" }] }
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
