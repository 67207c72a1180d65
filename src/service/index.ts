/**
 * The language service: what an editor asks of a card file (diagnostics,
 * completion, hover, definition, quick fixes) answered over the pipeline,
 * apart from any protocol (src/lsp speaks LSP over it; the bench and the
 * tests call it directly).
 *
 * The functions below are pure over an `Analysis` (a card set checked with
 * the open documents' text) and a document's text. `LanguageService` keeps
 * what they need between calls: the open documents, one analysis per card
 * set (redone when any document changed) and the pipeline's cache, so that
 * re-checking after a keystroke loads and parses again only the edited file.
 */
import type { CodeAction, CompletionItem, Diagnostic as LspDiagnostic, Hover, Location, Position } from "vscode-languageserver";
import { ValidateCache } from "../pipeline/validate.js";
import { codeActionsFor, type LockSigner } from "./code-actions.js";
import { completionsAt } from "./completion.js";
import { definitionsOf, targetsAt } from "./definition.js";
import { diagnosticsOf } from "./diagnostics.js";
import { hoverMarkdown } from "./hover.js";
import { locate } from "./locate.js";
import { offsetAt } from "./text-position.js";
import { analyse, cardSetKey, cardSetOf, isCardDocument, type Analysis, type CardSet } from "./workspace.js";

export { isCardDocument, type Analysis, type CardSet } from "./workspace.js";
export { acceptLockEdit, type LockSigner } from "./code-actions.js";

export function completions(analysis: Analysis, text: string, position: Position): CompletionItem[] {
  return completionsAt(locate(text, offsetAt(text, position)), analysis.result.vocabulary);
}

export function hover(analysis: Analysis, text: string, position: Position): Hover | undefined {
  const contents = hoverMarkdown(locate(text, offsetAt(text, position)), analysis.result.cards, analysis.result.vocabulary);
  return contents === undefined ? undefined : { contents };
}

export function definition(analysis: Analysis, text: string, position: Position): Location[] {
  return definitionsOf(targetsAt(locate(text, offsetAt(text, position)), analysis.result.vocabulary), analysis);
}

export function codeActions(uri: string, text: string, diagnostics: readonly LspDiagnostic[], signLock?: LockSigner): CodeAction[] {
  return codeActionsFor(uri, text, diagnostics, signLock);
}

export { diagnosticsOf };

export class LanguageService {
  private readonly cache = new ValidateCache();
  private readonly documents = new Map<string, string>();
  private readonly analyses = new Map<string, { readonly analysis: Analysis; readonly generation: number }>();
  /** Bumped by every document change: an analysis of an older generation is stale. */
  private generation = 0;

  constructor(private roots: readonly string[] = []) {}

  setRoots(roots: readonly string[]): void {
    this.roots = roots;
    this.generation++;
  }

  /** A document opened or edited (absolute path). */
  setDocument(path: string, text: string): void {
    this.documents.set(path, text);
    this.generation++;
  }

  /** A document closed: its file on disk is read again. */
  closeDocument(path: string): void {
    this.documents.delete(path);
    this.generation++;
  }

  /** A file changed on disk (saved, created or deleted outside the editor). */
  filesChanged(): void {
    this.generation++;
  }

  text(path: string): string | undefined {
    return this.documents.get(path);
  }

  /** Whether the service answers for this document: a card file (src/service/workspace.ts). */
  isCardDocument(path: string): boolean {
    const text = this.documents.get(path);
    return text !== undefined && isCardDocument(path, text);
  }

  /** The card set a document is checked in. */
  cardSetOf(path: string): CardSet {
    return cardSetOf(path, { roots: this.roots, open: this.documents });
  }

  /** The analysis of a card set, checked again only if a document changed since the last one. */
  analysisOf(set: CardSet): Analysis {
    const key = cardSetKey(set);
    const known = this.analyses.get(key);
    if (known !== undefined && known.generation === this.generation) return known.analysis;
    const analysis = analyse(set, this.openCardDocuments(), this.cache);
    this.analyses.set(key, { analysis, generation: this.generation });
    return analysis;
  }

  /** The analysis a card document is part of; undefined for anything else (it is not state51's). */
  analysisFor(path: string): Analysis | undefined {
    return this.isCardDocument(path) ? this.analysisOf(this.cardSetOf(path)) : undefined;
  }

  /** Only card documents are laid over the disk: an open non-card YAML file stays as it is saved. */
  private openCardDocuments(): Map<string, string> {
    return new Map([...this.documents].filter(([path, text]) => isCardDocument(path, text)));
  }
}
