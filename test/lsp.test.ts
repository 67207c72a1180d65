/**
 * `state51 lsp --stdio` end to end: the bundled CLI spawned as an editor
 * starts it, driven through a real LSP client connection (the protocol
 * library VS Code's client is built on) over its standard input and output.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CodeActionRequest,
  CompletionRequest,
  createProtocolConnection,
  DefinitionRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type Hover,
  type Location,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { defaultCardsDir } from "../src/pipeline/validate.js";
import { locationYaml, repoRoot } from "./helpers.js";

let server: ChildProcessWithoutNullStreams;
let connection: ProtocolConnection;
let stderr = "";
const logs: string[] = [];
const published: PublishDiagnosticsParams[] = [];
const waiters: (() => void)[] = [];
/** The diagnostic published for the misspelt resource, as the editor holds it (with its quick fix's data). */
let misspelt: Diagnostic | undefined;

/** The next diagnostics published for `uri` that satisfy `accept`. */
function diagnosticsFor(uri: string, accept: (ds: Diagnostic[]) => boolean = () => true, timeoutMs = 10_000): Promise<Diagnostic[]> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`no diagnostics for ${uri}; stderr: ${stderr}; log: ${logs.join("\n")}`)), timeoutMs);
    const look = (): void => {
      const found = published.find((p) => p.uri === uri && accept(p.diagnostics));
      if (found === undefined) return void waiters.push(look);
      clearTimeout(timer);
      published.splice(0, published.indexOf(found) + 1);
      done(found.diagnostics);
    };
    look();
  });
}

const dir = mkdtempSync(join(tmpdir(), "state51-lsp-"));
const cardsDir = join(dir, "cards");
const file = join(cardsDir, "my-set.yaml");
const uri = pathToFileURL(file).href;
const text = locationYaml({ spoils: "gain 2 scarp" });

beforeAll(async () => {
  mkdirSync(cardsDir);
  writeFileSync(file, text);
  server = spawn(process.execPath, [join(repoRoot, "dist/state51.cjs"), "lsp", "--stdio"], { cwd: dir });
  server.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  connection = createProtocolConnection(new StreamMessageReader(server.stdout), new StreamMessageWriter(server.stdin));
  connection.onNotification(PublishDiagnosticsNotification.type, (p) => {
    published.push(p);
    waiters.splice(0).forEach((w) => w());
  });
  connection.onNotification("window/logMessage", (p: { message: string }) => void logs.push(p.message));
  connection.listen();
  const init = await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(dir).href,
    workspaceFolders: [{ uri: pathToFileURL(dir).href, name: "designer" }],
    capabilities: {},
  });
  expect(init.capabilities.hoverProvider).toBe(true);
  await connection.sendNotification(InitializedNotification.type, {});
  await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "yaml", version: 1, text } });
});

afterAll(async () => {
  await connection.sendRequest(ShutdownRequest.type);
  await connection.sendNotification(ExitNotification.type);
  await new Promise<void>((done) => (server.exitCode !== null ? done() : server.on("exit", () => done())));
  connection.dispose();
});

/** The 0-based position of the first `needle` on the line starting with `line`, plus `shift` characters. */
function at(source: string, needle: string, shift = 0): { line: number; character: number } {
  const lines = source.split("\n");
  const line = lines.findIndex((l) => l.includes(needle));
  return { line, character: lines[line]!.indexOf(needle) + shift };
}

describe("state51 lsp --stdio", () => {
  it("publishes the misspelt resource at its range with validate's code", async () => {
    const ds = await diagnosticsFor(uri, (d) => d.length > 0);
    expect(ds).toHaveLength(1);
    const d = (misspelt = ds[0]!);
    expect(d.code).toBe("S51-E301");
    expect(d.source).toBe("state51");
    expect(d.range).toEqual({ start: at(text, "scarp"), end: at(text, "scarp", 5) });
    expect(d.message).toContain('did you mean "scrap"?');
  });

  it("completes the vocabulary inside an ability, and the statements where one begins", async () => {
    const inAbility = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(text, "produce 1 scrap", "produce 1 ".length) });
    const labels = (inAbility as CompletionItem[]).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(["scrap", "fuel", "weapons", "building-material"]));
    const atStart = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri }, position: at(text, "produce 1 scrap") });
    expect((atStart as CompletionItem[]).map((i) => i.label)).toContain("produce");
  });

  // What may follow an asset comes from the grammar (the bundled parser reads it from its fully analysed twin).
  it("completes only what the grammar takes after an asset", async () => {
    const typing = locationYaml({ ability: "gain 3 scrap o" }).replace("test-card", "typing-card");
    const typingUri = pathToFileURL(join(cardsDir, "typing.yaml")).href;
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: typingUri, languageId: "yaml", version: 1, text: typing } });
    const items = await connection.sendRequest(CompletionRequest.type, { textDocument: { uri: typingUri }, position: at(typing, "gain 3 scrap o", "gain 3 scrap o".length) });
    const labels = (items as CompletionItem[]).map((i) => i.label);
    expect(labels).toEqual(expect.arrayContaining(["per", "if"]));
    expect(labels).not.toContain("fuel");
  });

  it("hovers an ability with the card's text in English and French", async () => {
    // The card validates once the quick fix below is applied; until then the hover says why there is no text.
    const fixedText = text.replace("scarp", "scrap");
    const fixedUri = pathToFileURL(join(cardsDir, "hover.yaml")).href;
    await connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: fixedUri, languageId: "yaml", version: 1, text: fixedText.replace("test-card", "hover-card") } });
    const hover = (await connection.sendRequest(HoverRequest.type, { textDocument: { uri: fixedUri }, position: at(fixedText, "produce 1 scrap", 2) })) as Hover;
    const value = (hover.contents as { value: string }).value;
    expect(value).toContain("**English**");
    expect(value).toContain("**French**");
    expect(value).toContain("Test Card");
    expect(value).toContain("Carte de test");
    expect(value).toMatch(/Scrap/);
    expect(value).toMatch(/Ferraille/);
  });

  it("goes from a word of an ability to its vocabulary entry", async () => {
    const locations = (await connection.sendRequest(DefinitionRequest.type, { textDocument: { uri }, position: at(text, "produce 1 scrap", "produce 1 sc".length) })) as Location[];
    const vocabulary = pathToFileURL(join(defaultCardsDir(), "vocabulary.yaml")).href;
    expect(locations.map((l) => l.uri)).toContain(vocabulary);
    const lines = readFileSync(join(defaultCardsDir(), "vocabulary.yaml"), "utf8").split("\n");
    const first = locations.find((l) => l.uri === vocabulary)!;
    expect(lines[first.range.start.line]!.slice(first.range.start.character)).toMatch(/^scrap/);
  });

  it("applies the did-you-mean quick fix, and the diagnostic goes", async () => {
    const diagnostics = [misspelt!];
    const actions = (await connection.sendRequest(CodeActionRequest.type, {
      textDocument: { uri },
      range: diagnostics[0]!.range,
      context: { diagnostics },
    })) as CodeAction[];
    expect(actions).toHaveLength(1);
    const edits = actions[0]!.edit!.changes![uri]!;
    expect(edits).toEqual([{ range: diagnostics[0]!.range, newText: "scrap" }]);
    await connection.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: edits.map((e) => ({ range: e.range, text: e.newText })),
    });
    expect(await diagnosticsFor(uri, (d) => d.length === 0)).toEqual([]);
  });
});
