/**
 * Half-typed and hostile documents never stop the language service or the
 * server: every invalid fixture of the validator and the base set's card
 * files cut off at many offsets are analysed, and completion, hover and
 * definition asked at several places, without an exception and always with
 * an answer. The server, spawned, is then fed truncations, a non-card YAML
 * file, a binary file and a file outside the workspace, and still answers.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { defaultCardsDir } from "../src/pipeline/validate.js";
import { completions, definition, diagnosticsOf, hover, LanguageService } from "../src/service/index.js";
import { positionOf } from "../src/service/text-position.js";
import { repoRoot } from "./helpers.js";

const invalidDir = join(import.meta.dirname, "fixtures", "invalid");
const baseFiles = ["bases.yaml", "contacts.yaml", "leaders.yaml", "locations.yaml", "vocabulary.yaml"];

/** A workspace holding a copy of the base set in cards/, opened in a service. */
function baseWorkspace(): { root: string; service: LanguageService } {
  const root = mkdtempSync(join(tmpdir(), "state51-fuzz-"));
  mkdirSync(join(root, "cards"));
  for (const name of baseFiles) cpSync(join(defaultCardsDir(), name), join(root, "cards", name));
  return { root, service: new LanguageService([root]) };
}

/** Every request of the service at `offsets` of a document: each must answer (an array, or a hover or nothing). */
function askEverything(service: LanguageService, path: string, text: string, offsets: readonly number[]): void {
  const analysis = service.analysisFor(path);
  expect(analysis, `${path} is taken as a card file`).toBeDefined();
  expect(Array.isArray(diagnosticsOf(analysis!, path))).toBe(true);
  for (const offset of offsets) {
    const position = positionOf(text, offset);
    expect(Array.isArray(completions(analysis!, text, position))).toBe(true);
    const h = hover(analysis!, text, position);
    expect(h === undefined || typeof h.contents === "object").toBe(true);
    expect(Array.isArray(definition(analysis!, text, position))).toBe(true);
  }
}

/** A few places in a text: its start, its end, and some between. */
const somePlaces = (text: string): number[] => [0, text.length, ...[0.2, 0.5, 0.8].map((f) => Math.floor(text.length * f))];

describe("the language service on broken documents", () => {
  it("answers on every invalid fixture of the validator", () => {
    const { root, service } = baseWorkspace();
    const names = readdirSync(invalidDir).filter((n) => n !== "expected.json" && statSync(join(invalidDir, n)).isFile());
    expect(names.length).toBeGreaterThan(50);
    for (const name of names) {
      // As an editor holds it: the bytes read as UTF-8, whatever they are.
      const text = readFileSync(join(invalidDir, name), "utf8");
      const path = join(root, "cards", name.replace(/\.ya?ml$/, "") + ".yaml");
      service.setDocument(path, text);
      askEverything(service, path, text, somePlaces(text));
      service.closeDocument(path);
    }
  }, 180_000);

  it("answers on the base set's card files cut off at many offsets", () => {
    const { root, service } = baseWorkspace();
    let cuts = 0;
    for (const name of baseFiles) {
      const path = join(root, "cards", name);
      const whole = readFileSync(path, "utf8");
      for (let end = 0; end <= whole.length; end += 257) {
        const text = whole.slice(0, end);
        service.setDocument(path, text);
        askEverything(service, path, text, [text.length]);
        cuts++;
      }
      service.closeDocument(path);
    }
    expect(cuts).toBeGreaterThan(130);
  }, 180_000);
});

describe("the server on broken and foreign documents", () => {
  it("keeps answering: truncations, a non-card YAML file, a binary file, a file outside the workspace", async () => {
    const { root } = baseWorkspace();
    const outside = mkdtempSync(join(tmpdir(), "state51-outside-"));
    const server = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), "lsp", "--stdio"], { cwd: root });
    let stderr = "";
    server.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
    const published: PublishDiagnosticsParams[] = [];
    connection.onNotification(PublishDiagnosticsNotification.type, (p) => void published.push(p));
    // A handler that threw is caught and logged as an error: there must be none.
    const failures: string[] = [];
    connection.onNotification("window/logMessage", (p: { type: number; message: string }) => void (p.type === 1 && failures.push(p.message)));
    connection.listen();
    await connection.sendRequest(InitializeRequest.type, { processId: process.pid, rootUri: pathToFileURL(root).href, workspaceFolders: [{ uri: pathToFileURL(root).href, name: "w" }], capabilities: {} });

    const open = async (path: string, text: string): Promise<string> => {
      const uri = pathToFileURL(path).href;
      await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
      return uri;
    };
    const ask = async (uri: string, text: string): Promise<void> => {
      const position = positionOf(text, text.length);
      expect(await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position })).toBeDefined();
      await connection.sendRequest(HoverRequest.type, { textDocument: { uri }, position });
    };

    // A card file typed letter by letter (a few hundred versions), each change asked about at once.
    const locations = join(root, "cards", "locations.yaml");
    const whole = readFileSync(locations, "utf8");
    const uri = await open(locations, "");
    for (let end = 1, version = 2; end <= 3000; end += 13, version++) {
      const text = whole.slice(0, end);
      await connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ text }] });
      await ask(uri, text);
    }

    const ci = join(root, "ci.yml");
    writeFileSync(ci, "name: ci\non: push\n");
    await ask(await open(ci, "name: ci\non: push\n"), "name: ci\non: push\n");
    const binary = readFileSync(join(invalidDir, "binary-png-header.yaml"), "latin1");
    await ask(await open(join(root, "cards", "picture.yaml"), binary), binary);
    const alone = join(outside, "stray.yaml");
    const strayText = "set: stray\ncards:\n  - id: x\n    kind: location\n";
    writeFileSync(alone, strayText);
    const strayUri = await open(alone, strayText);
    await ask(strayUri, strayText);
    await ask("untitled:Untitled-1", "set: x");

    // Still alive and checking: the file outside the workspace is checked alone, the CI file never.
    await new Promise((done) => setTimeout(done, 500));
    expect(published.some((p) => p.uri === strayUri && p.diagnostics.some((d) => d.code === "S51-E103"))).toBe(true);
    expect(published.some((p) => p.uri === pathToFileURL(ci).href && p.diagnostics.length > 0)).toBe(false);
    await connection.sendRequest(ShutdownRequest.type);
    await connection.sendNotification(ExitNotification.type);
    const code = await new Promise<number | null>((done) => (server.exitCode !== null ? done(server.exitCode) : server.on("exit", done)));
    connection.dispose();
    expect(code, stderr).toBe(0);
    expect(stderr).toBe("");
    expect(failures).toEqual([]);
  }, 180_000);
});
