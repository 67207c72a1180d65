/**
 * Which modules the compiler writes, and each one's source through ts-morph:
 * `<set>/<kinds>.ts` per card set and kind (`base/locations.ts`), each card an
 * exported const of its definition type plus the module's list of them, and
 * `index.ts` with the typed registry of every card.
 */
import { VariableDeclarationKind, type Project, type SourceFile, type StatementStructures, StructureKind, type WriterFunction } from "ts-morph";
import type { Card } from "../check/model.js";
import { stringLiteral } from "../text/escape.js";
import { CompileError, array, ref, str } from "./code.js";
import { cardLiteral, kindInfo, kindOrder, type CardKind } from "./emit-card.js";
import { uniqueIdentifiers } from "./identifiers.js";
import { exprWriter, writeExpr } from "./render.js";
import { generatedMarker } from "./write-generated.js";

/** Where the engine's definitions are, seen from `generated/<set>/` and from `generated/`. */
/** Where `generated/index.ts` finds the engine's interfaces (generated/ beside src/); a set's module is a folder deeper. */
export const defaultDefinitions = "../src/engine/definitions.js";

/** The specifier a set's module (`<set>/<kind>.ts`) imports the interfaces by, from the index's. */
function fromSetModule(definitions: string): string {
  return definitions.startsWith("./") ? `../${definitions.slice(2)}` : definitions.startsWith("../") ? `../${definitions}` : definitions;
}

/** A set name becomes a folder name, so it must be a plain id (the schema's pattern for `set`). */
const safeSetName = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export interface PlannedCard {
  readonly card: Card;
  readonly identifier: string;
}

export interface ModulePlan {
  readonly set: string;
  readonly kind: CardKind;
  /** Relative to the output folder, with `/`: `base/locations.ts`. */
  readonly path: string;
  /** The exported list of the module's cards: `locations`. */
  readonly listName: string;
  /** The card files its cards come from, as the headers name them. */
  readonly sources: readonly string[];
  readonly cards: readonly PlannedCard[];
}

/** Code-unit order: the same on every machine and locale, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Groups the cards by set and kind: sets in name order, kinds in `kindOrder`,
 * cards in card-file order (file name, then line), whatever order the files
 * were loaded in.
 */
export function planModules(cards: readonly Card[], sourceName: (file: string) => string): ModulePlan[] {
  const seen = new Set<string>();
  for (const card of cards) {
    if (seen.has(card.id)) throw new CompileError(`two cards have the id ${stringLiteral(card.id)}`);
    seen.add(card.id);
  }
  const sets = [...new Set(cards.map((c) => c.set))].sort(compareText);
  return sets.flatMap((set) => {
    if (!safeSetName.test(set)) throw new CompileError(`the set name ${stringLiteral(set)} cannot name a folder (lower-case words joined by hyphens)`);
    return kindOrder.flatMap((kind): ModulePlan[] => {
      const ofKind = cards
        .filter((c) => c.set === set && c.kind === kind)
        .map((card) => ({ card, source: sourceName(card.origin.file) }))
        .sort((a, b) => compareText(a.source, b.source) || a.card.origin.line - b.card.origin.line);
      if (ofKind.length === 0) return [];
      const { plural } = kindInfo[kind];
      const identifiers = uniqueIdentifiers(
        ofKind.map((c) => c.card.id),
        [plural],
      );
      return [
        {
          set,
          kind,
          path: `${set}/${plural}.ts`,
          listName: plural,
          sources: [...new Set(ofKind.map((c) => c.source))].sort(compareText),
          cards: ofKind.map((c, i) => ({ card: c.card, identifier: identifiers[i]! })),
        },
      ];
    });
  });
}

/** A blank line before a statement. */
const blankLine: WriterFunction = (writer) => void writer.blankLineIfLastNot();

function header(what: string, sources: readonly string[]): string {
  const from = sources.length === 0 ? "no card files" : sources.map(stringLiteral).join(", ");
  return [
    `${generatedMarker} from ${from}: ${what}.`,
    // True of every output folder: one written with --out elsewhere is not `npm run build`'s, nor checked by its tests.
    "// Do not edit: change the card files and build again (`state51 build`).",
    "",
    "",
  ].join("\n");
}

/** One card's `export const oldFactory: LocationDef = { … };`, as its module holds it (and a watched build recompiles it alone). */
export function cardStatement({ card, identifier }: PlannedCard, type: string): StatementStructures {
  return {
    kind: StructureKind.VariableStatement,
    leadingTrivia: blankLine,
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: identifier, type, initializer: exprWriter(cardLiteral(card)) }],
  };
}

/** `base/locations.ts`: each card as `export const oldFactory: LocationDef = { … }`, then the list. */
export function emitKindModule(project: Project, plan: ModulePlan, definitions: string = defaultDefinitions): SourceFile {
  const { type, title } = kindInfo[plan.kind];
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      leadingTrivia: header(`the ${title} of card set ${stringLiteral(plan.set)}`, plan.sources),
      isTypeOnly: true,
      namedImports: [type],
      moduleSpecifier: fromSetModule(definitions),
    },
    ...plan.cards.map((planned) => cardStatement(planned, type)),
    {
      kind: StructureKind.VariableStatement,
      leadingTrivia: blankLine,
      docs: [`The ${title} of this set, in card-file order.`],
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: plan.listName,
          type: `readonly ${type}[]`,
          initializer: exprWriter(array(plan.cards.map((c) => ref(c.identifier)))),
        },
      ],
    },
  ];
  return project.createSourceFile(plan.path, { statements }, { overwrite: true });
}

/** What the registry holds of the vocabulary (src/compiler/compile.ts makes it). */
export interface RegistryVocabulary {
  readonly basicResources: readonly string[];
  readonly contactColours: readonly (readonly [string, readonly string[]])[];
  readonly resourceNames: readonly (readonly [string, { readonly one: string; readonly other: string }])[];
}

/** `index.ts`: the registry, every module's list in plan order, a lookup by id, and what it holds of the vocabulary. */
export function emitIndexModule(project: Project, plans: readonly ModulePlan[], { basicResources, contactColours, resourceNames }: RegistryVocabulary, definitions: string = defaultDefinitions): SourceFile {
  const aliases = uniqueIdentifiers(
    plans.map((p) => `${p.set}-${p.listName}`),
    ["cards", "registry"],
  );
  const sources = [...new Set(plans.flatMap((p) => p.sources))].sort(compareText);
  const imports = plans.map(
    (plan, i): StatementStructures => ({
      kind: StructureKind.ImportDeclaration,
      namedImports: [{ name: plan.listName, alias: aliases[i]! }],
      moduleSpecifier: `./${plan.path.replace(/\.ts$/, ".js")}`,
    }),
  );
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      leadingTrivia: header("the registry of every card", sources),
      isTypeOnly: true,
      namedImports: ["CardDef", "CardRegistry"],
      moduleSpecifier: definitions,
    },
    ...imports,
    {
      kind: StructureKind.VariableStatement,
      leadingTrivia: blankLine,
      docs: ["Every card: sets in name order; in each, Bases, Contacts, Leaders, Locations; each in card-file order."],
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: "cards",
          type: "readonly CardDef[]",
          initializer: (writer) => {
            if (aliases.length === 0) {
              writer.write("[]");
              return;
            }
            writer.write("[").newLine();
            writer.indent(() => aliases.forEach((a) => writer.write(`...${a},`).newLine()));
            writer.write("]");
          },
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      leadingTrivia: blankLine,
      docs: ["The compiled card set, for the engine."],
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [
        {
          name: "registry",
          type: "CardRegistry",
          initializer: (writer) => {
            writer.write("{").newLine();
            writer.indent(() => {
              writer.writeLine("cards,");
              writer.writeLine("byId: new Map<string, CardDef>(cards.map((card) => [card.id, card])),");
              writer.write("basicResources: ");
              writeExpr(writer, array(basicResources.map(str)));
              writer.write(",").newLine();
              // Colour ids are the designer's: written as string keys, never as bare names.
              writer.write("contactColours: {").newLine();
              writer.indent(() =>
                contactColours.forEach(([colour, actions]) => {
                  writer.write(`${stringLiteral(colour)}: `);
                  writeExpr(writer, array(actions.map(str)));
                  writer.write(",").newLine();
                }),
              );
              writer.write("},").newLine();
              // Names are the designer's: string literals, escaped as any.
              writer.write("resourceNames: {").newLine();
              writer.indent(() =>
                resourceNames.forEach(([resource, name]) => writer.write(`${stringLiteral(resource)}: { one: ${stringLiteral(name.one)}, other: ${stringLiteral(name.other)} },`).newLine()),
              );
              writer.write("},").newLine();
            });
            writer.write("}");
          },
        },
      ],
    },
  ];
  return project.createSourceFile("index.ts", { statements }, { overwrite: true });
}
