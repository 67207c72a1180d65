/**
 * The compiler kept warm between the runs of `state51 build --watch`: one
 * ts-morph project for the whole session, and each module's last text kept in
 * pieces (what comes before the first card, each card's statement, what lies
 * between them, the module's list), so that when one card changes only its
 * statement is emitted and formatted again, and spliced in. A module whose
 * shape changes (a card added, removed, moved or renamed, another source
 * file) is emitted whole, as `compileCards` does; the registry (index.ts) is
 * emitted again whenever the modules' plan changes. The output is the same,
 * byte for byte, as `compileCards` gives for the same cards (tested over
 * every card of the base set and the example expansion).
 */
import { sep } from "node:path";
import type { Project } from "ts-morph";
import type { Card } from "../check/model.js";
import { formattedText, registryVocabulary, newProject, type CompileInput, type CompileOptions, type GeneratedFile } from "./compile.js";
import { kindInfo } from "./emit-card.js";
import { cardStatement, compareText, defaultDefinitions, emitIndexModule, emitKindModule, planModules, type ModulePlan, type PlannedCard } from "./emit-modules.js";

interface KeptModule {
  /** What decides everything in the module but its cards' bodies: set, kind, sources, identifiers, definitions. */
  readonly shape: string;
  readonly cardKeys: readonly string[];
  /** The module's text in pieces: [before the first card, card 1, gap, card 2, …, card n, after the last card]. */
  readonly pieces: string[];
}

/** What one compile did: the files, and which were emitted again (rather than kept from the last run). */
export interface IncrementalResult {
  readonly files: GeneratedFile[];
  /** Module paths emitted whole, and `path#id` for each card spliced into its module. */
  readonly recompiled: readonly string[];
}

/** A card's compiled text depends on what it is and its name in the module, not on where its file put it. */
function cardKey(card: Card, identifier: string): string {
  return `${identifier}\u0000${JSON.stringify({ ...card, origin: undefined })}`;
}

function moduleShape(plan: ModulePlan, definitions: string): string {
  return JSON.stringify([plan.path, plan.set, plan.kind, plan.sources, plan.cards.map((c) => c.identifier), definitions]);
}

export class IncrementalCompiler {
  private readonly project: Project = newProject();
  private readonly modules = new Map<string, KeptModule>();
  private index: { readonly key: string; readonly text: string } | undefined;

  /** Every generated file, in path order, as `compileCards(input, options)` gives them. */
  compile(input: CompileInput, options: CompileOptions = {}): IncrementalResult {
    const sourceName = options.sourceName ?? ((file: string) => file.split(sep).join("/"));
    const definitions = options.definitions ?? defaultDefinitions;
    const plans = planModules(input.cards, sourceName);
    const recompiled: string[] = [];
    const files = plans.map((plan): GeneratedFile => ({ path: plan.path, text: this.module(plan, options.definitions, definitions, recompiled) }));
    for (const path of [...this.modules.keys()]) if (!plans.some((p) => p.path === path)) this.modules.delete(path);
    files.push({ path: "index.ts", text: this.registry(plans, input, options.definitions, recompiled) });
    return { files: files.sort((a, b) => compareText(a.path, b.path)), recompiled };
  }

  private module(plan: ModulePlan, given: string | undefined, definitions: string, recompiled: string[]): string {
    const shape = moduleShape(plan, definitions);
    const cardKeys = plan.cards.map((c) => cardKey(c.card, c.identifier));
    const kept = this.modules.get(plan.path);
    if (kept === undefined || kept.shape !== shape) {
      recompiled.push(plan.path);
      const whole = this.wholeModule(plan, given);
      this.modules.set(plan.path, { shape, cardKeys, pieces: whole });
      return whole.join("");
    }
    const pieces = [...kept.pieces];
    plan.cards.forEach((planned, i) => {
      if (kept.cardKeys[i] === cardKeys[i]) return;
      recompiled.push(`${plan.path}#${planned.card.id}`);
      pieces[1 + 2 * i] = this.cardText(planned, kindInfo[plan.kind].type);
    });
    this.modules.set(plan.path, { shape, cardKeys, pieces });
    return pieces.join("");
  }

  /** A module emitted as `compileCards` emits it, cut at its card statements. */
  private wholeModule(plan: ModulePlan, definitions: string | undefined): string[] {
    const file = emitKindModule(this.project, plan, definitions);
    const text = formattedText(file);
    const statements = file.getVariableStatements().slice(0, plan.cards.length);
    const pieces: string[] = [];
    let at = 0;
    for (const s of statements) {
      pieces.push(text.slice(at, s.getStart()), text.slice(s.getStart(), s.getEnd()));
      at = s.getEnd();
    }
    pieces.push(text.slice(at));
    return pieces;
  }

  /** One card's statement, emitted and formatted alone: formatting a top-level statement does not depend on its neighbours. */
  private cardText(planned: PlannedCard, type: string): string {
    const file = this.project.createSourceFile("__card.ts", { statements: [cardStatement(planned, type)] }, { overwrite: true });
    formattedText(file);
    return file.getVariableStatements()[0]!.getText();
  }

  private registry(plans: readonly ModulePlan[], input: CompileInput, definitions: string | undefined, recompiled: string[]): string {
    const vocabulary = registryVocabulary(input.vocabulary);
    const key = JSON.stringify([plans.map((p) => [p.path, p.set, p.listName, p.sources]), vocabulary, definitions ?? null]);
    if (this.index?.key !== key) {
      recompiled.push("index.ts");
      this.index = { key, text: formattedText(emitIndexModule(this.project, plans, vocabulary, definitions)) };
    }
    return this.index.text;
  }
}
