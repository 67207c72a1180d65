/**
 * `state51 lsp --stdio`: a Language Server Protocol server over the language
 * service (src/service), on standard input and output.
 *
 * Diagnostics are published for every card file of the card set a document
 * belongs to (src/service/workspace.ts), a little after the last change
 * (debounced), so that typing a word does not check the set at each letter.
 * No request may stop the server: each handler catches what it throws, logs
 * it to the client and answers as if there were nothing to say.
 */
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  CodeActionKind,
  createConnection,
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type InitializeResult,
} from "vscode-languageserver/node";
import { TextDocument } from "vscode-languageserver-textdocument";
import { codeActions, completions, definition, diagnosticsOf, hover, LanguageService, type CardSet } from "../service/index.js";
import { cardSetKey } from "../service/workspace.js";

/** How long after the last change the set is checked again: short enough to feel immediate. */
const debounceMs = 60;

/** The absolute path of a `file:` URI; undefined for any other scheme (an unsaved "untitled:" buffer). */
export function uriPath(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

const uriOf = (path: string): string => pathToFileURL(path).href;

/** Runs `work`; on an exception logs it to the client and returns `fallback`: one bad request never stops the server. */
function guarded<T>(connection: Connection, what: string, fallback: T, work: () => T): T {
  try {
    return work();
  } catch (error) {
    connection.console.error(`state51: ${what} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return fallback;
  }
}

/** Starts the server on these streams; resolves when the client closes the connection. */
export function startServer(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<void> {
  const connection = createConnection(input, output);
  const documents = new TextDocuments(TextDocument);
  const service = new LanguageService();
  /** The files each card set last published diagnostics for, to clear those that leave the set. */
  const published = new Map<string, { readonly set: CardSet; readonly files: ReadonlySet<string> }>();
  const pending = new Map<string, { set: CardSet; timer: NodeJS.Timeout }>();
  const ignored = new Set<string>();

  const publish = (set: CardSet): void =>
    guarded(connection, "checking the cards", undefined, () => {
      const analysis = service.analysisOf(set);
      const key = cardSetKey(set);
      const before = published.get(key)?.files ?? new Set<string>();
      const now = new Set(analysis.files);
      for (const file of now) void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: diagnosticsOf(analysis, file) });
      for (const file of before) if (!now.has(file)) void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: [] });
      published.set(key, { set, files: now });
    });

  const schedule = (set: CardSet): void => {
    const key = cardSetKey(set);
    clearTimeout(pending.get(key)?.timer);
    const timer = setTimeout(() => {
      pending.delete(key);
      publish(set);
    }, debounceMs);
    pending.set(key, { set, timer });
  };

  /** Every set published so far, checked again (a file changed on disk, a document closed). */
  const recheckAll = (): void => {
    for (const { set } of published.values()) schedule(set);
  };

  /** The document's path when it is a card file the server answers for; logs once why another is left alone. */
  const cardPath = (uri: string): string | undefined => {
    const path = uriPath(uri);
    const why = path === undefined ? "not a file on disk" : service.isCardDocument(path) ? undefined : "not a state51 card file";
    if (why === undefined) return path;
    if (!ignored.has(uri)) {
      ignored.add(uri);
      connection.console.log(`state51: ${uri} is ${why}: left alone`);
    }
    return undefined;
  };

  connection.onInitialize((params): InitializeResult => {
    const folders = params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: "" }] : []);
    service.setRoots(folders.flatMap((f) => uriPath(f.uri) ?? []));
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        completionProvider: { triggerCharacters: [" ", ";", ":"] },
        hoverProvider: true,
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
      },
      serverInfo: { name: "state51" },
    };
  });

  documents.onDidChangeContent((e) =>
    guarded(connection, "reading the change", undefined, () => {
      const path = uriPath(e.document.uri);
      if (path === undefined) return void cardPath(e.document.uri);
      service.setDocument(path, e.document.getText());
      if (cardPath(e.document.uri) !== undefined) schedule(service.cardSetOf(path));
      // A document that stopped looking like a card file loses what was published for it.
      else void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
    }),
  );

  documents.onDidClose((e) =>
    guarded(connection, "closing the document", undefined, () => {
      const path = uriPath(e.document.uri);
      if (path === undefined) return;
      service.closeDocument(path);
      ignored.delete(e.document.uri);
      recheckAll();
    }),
  );

  connection.onDidChangeWatchedFiles(() =>
    guarded(connection, "reading changed files", undefined, () => {
      service.filesChanged();
      recheckAll();
    }),
  );

  /** A request on a card document: its analysis and text, or the fallback answer. */
  const onCard = <T>(uri: string, what: string, fallback: T, answer: (a: NonNullable<ReturnType<LanguageService["analysisFor"]>>, text: string) => T): T =>
    guarded(connection, what, fallback, () => {
      const path = cardPath(uri);
      const text = path === undefined ? undefined : service.text(path);
      const analysis = path === undefined ? undefined : service.analysisFor(path);
      return analysis === undefined || text === undefined ? fallback : answer(analysis, text);
    });

  connection.onCompletion((p) => onCard(p.textDocument.uri, "completion", [], (a, text) => completions(a, text, p.position)));
  connection.onHover((p) => onCard(p.textDocument.uri, "hover", null, (a, text) => hover(a, text, p.position) ?? null));
  connection.onDefinition((p) => onCard(p.textDocument.uri, "go to definition", [], (a, text) => definition(a, text, p.position)));
  connection.onCodeAction((p) =>
    guarded(connection, "quick fixes", [], () => {
      const text = documents.get(p.textDocument.uri)?.getText();
      return text === undefined ? [] : codeActions(p.textDocument.uri, text, p.context.diagnostics);
    }),
  );

  documents.listen(connection);
  connection.listen();
  return new Promise((done) => connection.onExit(() => done()));
}
