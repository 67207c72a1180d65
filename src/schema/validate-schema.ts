/**
 * The schema stage: checks a file's data against grammar/cards.schema.json
 * with ajv and turns ajv's errors into designer-facing diagnostics pointing
 * at the offending key or value.
 */
import type { ErrorObject, ValidateFunction } from "ajv";
import { isScalar } from "yaml";
import { diagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { didYouMean } from "../diagnostics/suggest.js";
import { keyRange, nodeAt, rangeInScalar, valueRange, type DataPath, type SourceFile } from "../load/source-file.js";
import { codePoint } from "../load/yaml-checks.js";
import type { CardFileData } from "./card-file.js";
import { compileCardFileValidator } from "./card-file-validator.js";

let compiled: ValidateFunction<CardFileData> | undefined;
const validateCardFile = (data: unknown): data is CardFileData => (compiled ??= compileCardFileValidator())(data);
const lastErrors = (): ErrorObject[] => compiled?.errors ?? [];

function toPath(instancePath: string): DataPath {
  if (instancePath === "") return [];
  return instancePath
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function fieldName(path: DataPath): string {
  const last = path[path.length - 1];
  return typeof last === "string" ? `\`${last}\`` : path.length > 0 ? `item ${Number(last) + 1}` : "the file";
}

function describeValue(value: unknown): string {
  if (value === null) return "nothing (null)";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return `${typeof value} ${JSON.stringify(value)}`;
}

/** ["cards", i, "text"]: a card's text locks. */
function isCardText(path: DataPath): boolean {
  return path.length === 3 && path[0] === "cards" && typeof path[1] === "number" && path[2] === "text";
}

/** Where a field that a kind of card does not print as its own part is printed instead. */
const printedIn: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  contact: { price: "contact", colour: "contact", range: "contact" },
  location: { production: "ability" },
};

/** A lock under `text:` for a part this kind of card does not print. */
function unknownLockedPart(file: SourceFile, data: unknown, path: DataPath, part: string, allowed: readonly string[]): Diagnostic {
  const kind = String((path.slice(0, 2).reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data) as { kind?: unknown } | undefined)?.kind);
  const kindName = kind.charAt(0).toUpperCase() + kind.slice(1);
  const parts = Object.hasOwn(printedIn, kind) ? printedIn[kind] : undefined;
  // Own keys only: a lock named `constructor` is no part of a card, whatever Object holds.
  const instead = parts !== undefined && Object.hasOwn(parts, part) ? parts[part] : undefined;
  return diagnostic(
    file.path,
    keyRange(file, [...path, part]),
    "S51-E102",
    { field: part },
    instead
      ? `a ${kindName}'s ${part} is printed in its \`${instead}\` part: lock that one`
      : (didYouMean(part, allowed) ?? `a ${kindName} has no printed part \`${part}\` to lock; its printed parts: ${allowed.join(", ")}`),
  );
}

/** Where the schema's one-line rule is (`line` in grammar/cards.schema.json: a name, a word's forms). */
const linePattern = "#/definitions/line/pattern";

const breakNames: Readonly<Record<string, string>> = { "\t": "a tab", "\n": "a line feed", "\r": "a carriage return" };

/**
 * A tab or line break in one-line text (S51-E106), at the character. Every
 * other line break (U+2028, NEL, …) is refused before, wherever it is
 * (S51-E011); these three are refused only where the text is one line, since
 * an ability or a lock may go on over lines.
 */
function lineBreak(file: SourceFile, path: DataPath, name: string, value: string): Diagnostic {
  const m = /[\t\n\r]/.exec(value)!;
  const { node } = nodeAt(file, path);
  const block = isScalar(node) && (node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED");
  const hint =
    m[0] === "\t"
      ? "write a space instead"
      : block
        ? "write the value plain or in quotes: a block scalar (| or >) keeps its line breaks; a plain or quoted value may go on over lines of the file, which YAML joins with a space"
        : "remove it: a value may go on over lines of the file, which YAML joins with a space, but a blank line or \\n is a line break";
  return diagnostic(file.path, rangeInScalar(file, path, m.index, m.index + 1), "S51-E106", { name, what: breakNames[m[0]]!, codePoint: codePoint(m[0]) }, hint);
}

function toDiagnostic(file: SourceFile, data: unknown, e: ErrorObject): Diagnostic | undefined {
  const path = toPath(e.instancePath);
  const at = valueRange(file, path);
  const name = fieldName(path);
  const value = path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], data);
  const parent = (e.parentSchema ?? {}) as { properties?: Record<string, { description?: string }>; enum?: unknown[] };
  switch (e.keyword) {
    case "additionalProperties": {
      const extra = String(e.params["additionalProperty"]);
      const allowed = Object.keys(parent.properties ?? {});
      if (isCardText(path)) return unknownLockedPart(file, data, path, extra, allowed);
      return diagnostic(
        file.path,
        keyRange(file, [...path, extra]),
        "S51-E102",
        { field: extra },
        didYouMean(extra, allowed) ?? `allowed here: ${allowed.join(", ")}`,
      );
    }
    case "required": {
      const missing = String(e.params["missingProperty"]);
      const about = parent.properties?.[missing]?.description;
      return diagnostic(file.path, at, "S51-E103", { field: missing }, about);
    }
    case "type":
      return diagnostic(file.path, at, "S51-E101", { name, type: String(e.params["type"]), found: describeValue(value) });
    case "enum": {
      const allowed = (e.params["allowedValues"] as unknown[]).map(String);
      return diagnostic(
        file.path,
        at,
        "S51-E104",
        { name, value: JSON.stringify(value) },
        didYouMean(String(value), allowed) ?? `one of: ${allowed.join(", ")}`,
      );
    }
    case "pattern":
      if (e.schemaPath === linePattern) return lineBreak(file, path, name, String(value));
      return diagnostic(
        file.path,
        at,
        "S51-E104",
        { name, value: JSON.stringify(value) },
        "it is not a valid id: ids are lower-case words joined by hyphens, e.g. old-factory",
      );
    case "discriminator": {
      if (e.params["error"] === "mapping") {
        const kinds = ["base", "contact", "leader", "location"];
        return diagnostic(
          file.path,
          valueRange(file, [...path, "kind"]),
          "S51-E104",
          { name: "`kind`", value: JSON.stringify(e.params["tagValue"]) },
          didYouMean(String(e.params["tagValue"]), kinds) ?? `one of: ${kinds.join(", ")}`,
        );
      }
      // No `kind` at all is reported by "required"; this is a `kind` that is not a string.
      const kind = (value as Record<string, unknown> | undefined)?.["kind"];
      if (kind === undefined) return undefined;
      return diagnostic(file.path, valueRange(file, [...path, "kind"]), "S51-E101", { name: "`kind`", type: "a string (base, contact, leader or location)", found: describeValue(kind) });
    }
    case "minimum":
    case "maximum":
      return diagnostic(file.path, at, "S51-E105", { name, bound: `${e.keyword === "minimum" ? "at least" : "at most"} ${e.params["limit"]}`, found: JSON.stringify(value) });
    case "minItems":
    case "maxItems": {
      const count = Array.isArray(value) ? value.length : 0;
      return diagnostic(file.path, at, "S51-E105", { name, bound: `${e.keyword === "minItems" ? "at least" : "at most"} ${e.params["limit"]} item${e.params["limit"] === 1 ? "" : "s"} long`, found: count });
    }
    case "minLength":
      return diagnostic(file.path, at, "S51-E105", { name, bound: "some text", found: "empty" }, "write its text, or remove the field if it is optional");
    case "oneOf":
    case "const":
      // Reported through the discriminator, which names the offending kind.
      return undefined;
    default:
      return diagnostic(file.path, at, "S51-E104", { name, value: JSON.stringify(value) ?? "this" }, e.message);
  }
}

/**
 * A file whose top level (set, vocabulary) is wrong is rejected whole; a file
 * with some bad cards keeps its good ones, so one typo does not hide every
 * other problem in the set.
 */
export interface SchemaResult {
  readonly data: CardFileData | undefined;
  readonly rejectedCards: ReadonlySet<number>;
  readonly diagnostics: Diagnostic[];
}

export function validateSchema(file: SourceFile, data: unknown): SchemaResult {
  if (validateCardFile(data)) return { data, rejectedCards: new Set(), diagnostics: [] };
  const seen = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const rejectedCards = new Set<number>();
  let fileRejected = false;
  for (const e of lastErrors()) {
    const path = toPath(e.instancePath);
    if (path[0] === "cards" && typeof path[1] === "number") rejectedCards.add(path[1]);
    else fileRejected = true;
    const d = toDiagnostic(file, data, e);
    const key = d && `${d.line}:${d.column}:${d.code}:${d.message}`;
    if (d && key && !seen.has(key)) {
      seen.add(key);
      diagnostics.push(d);
    }
  }
  return { data: fileRejected ? undefined : (data as CardFileData), rejectedCards, diagnostics };
}
