// Starts `state51 lsp --stdio` for the YAML files of the workspace. Every YAML
// file on disk is handed to the server, which answers only for card files (a
// top-level `set:`, `cards:` or `vocabulary:`, the card schema's comment, or a
// file under a folder named `cards`) and leaves any other YAML file alone; so
// this extension needs no rule of its own about what a card file is.
"use strict";
const { existsSync } = require("node:fs");
const { join } = require("node:path");
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

/**
 * How to run the CLI: the setting, else this checkout's bundle, else `state51` on the PATH.
 * A bundle runs as a Node module on VS Code's own runtime (the client adds `--stdio`): a
 * VS Code started from the desktop may have no `node` on its PATH. An installed `state51`
 * (npm's bin link) runs by itself.
 */
function serverOptions() {
  const configured = vscode.workspace.getConfiguration("state51").get("cli", "").trim();
  const checkout = join(__dirname, "..", "..", "dist", "state51.cjs");
  const cli = configured !== "" ? configured : existsSync(checkout) ? checkout : "state51";
  return /\.[cm]?js$/.test(cli) ? { module: cli, transport: TransportKind.stdio, args: ["lsp"] } : { command: cli, args: ["lsp", "--stdio"] };
}

function activate(context) {
  const server = serverOptions();
  client = new LanguageClient(
    "state51",
    "state51",
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: "file", language: "yaml" }],
      // Card files saved, created or deleted outside the editor are checked again.
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{yaml,yml}") },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client === undefined ? undefined : client.stop();
}

module.exports = { activate, deactivate };
