/**
 * The VS Code extension (editors/vscode/extension.js) cannot run here without
 * VS Code, so it is loaded in a plain Node process with stand-ins for the
 * `vscode` and `vscode-languageclient/node` modules: what it asks the client
 * to start, for which documents, is what an Extension Development Host would
 * start. (The client runs a module with the stdio transport as
 * `<runtime> <module> lsp --stdio`, which test/lsp.test.ts drives end to end.)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

const extension = join(repoRoot, "editors/vscode/extension.js");

/** Activates the extension with `cli` as the `state51.cli` setting; returns what it gave the LanguageClient. */
function activate(cli: string): { id: string; server: { run: Record<string, unknown> }; client: { documentSelector: unknown } } {
  const script = join(mkdtempSync(join(tmpdir(), "state51-vscode-")), "activate.cjs");
  writeFileSync(
    script,
    `const Module = require("node:module"); const load = Module._load;
     const vscode = { workspace: { getConfiguration: () => ({ get: () => ${JSON.stringify(cli)} }), createFileSystemWatcher: (glob) => ({ glob }) } };
     class LanguageClient { constructor(id, name, server, client) { process.stdout.write(JSON.stringify({ id, server, client })); } start() { return Promise.resolve(); } }
     Module._load = function (request, ...rest) {
       if (request === "vscode") return vscode;
       if (request === "vscode-languageclient/node") return { LanguageClient, TransportKind: { stdio: 0, ipc: 1 } };
       return load.call(this, request, ...rest);
     };
     require(${JSON.stringify(extension)}).activate({ subscriptions: [] });`,
  );
  const r = spawnSync(process.execPath, [script], { encoding: "utf8" });
  expect(r.stderr).toBe("");
  return JSON.parse(r.stdout);
}

describe("the VS Code extension", () => {
  it("runs this checkout's bundle on VS Code's own Node.js, for YAML files on disk", () => {
    const { id, server, client } = activate("");
    expect(id).toBe("state51");
    expect(server.run).toEqual({ module: join(repoRoot, "dist/state51.cjs"), transport: 0, args: ["lsp"] });
    expect(existsSync(server.run["module"] as string)).toBe(true);
    expect(client.documentSelector).toEqual([{ scheme: "file", language: "yaml" }]);
  });

  it("runs an installed state51 named by the setting as a program", () => {
    expect(activate("/opt/bin/state51").server.run).toEqual({ command: "/opt/bin/state51", args: ["lsp", "--stdio"] });
  });
});
