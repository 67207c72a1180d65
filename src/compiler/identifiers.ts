/**
 * Card ids as TypeScript identifiers: `old-factory` → `oldFactory`.
 *
 * Only ASCII letters and digits survive, so any id (the schema allows
 * lower-case words joined by hyphens, but the compiler does not rely on it)
 * gives a valid identifier; reserved words and clashes get a suffix.
 */

/** Words that cannot, or should not, name a module-level const. */
const reserved: ReadonlySet<string> = new Set([
  "await", "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do",
  "else", "enum", "export", "extends", "false", "finally", "for", "function", "if", "implements", "import",
  "in", "instanceof", "interface", "let", "new", "null", "package", "private", "protected", "public",
  "return", "static", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while",
  "with", "yield", "arguments", "eval", "undefined", "NaN", "Infinity", "globalThis",
  // TypeScript's own type names, which a value may not share in some positions.
  "any", "boolean", "never", "number", "object", "string", "symbol", "unknown", "bigint",
]);

/** `old-factory` → `oldFactory`; `7-up` → `card7Up`; `` → `card`. */
export function camelCase(id: string): string {
  const words = id.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  const joined = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join("");
  if (joined === "") return "card";
  return /^[0-9]/.test(joined) ? `card${joined}` : joined;
}

/**
 * One identifier per id, in order, none equal to another or to a name in
 * `taken`: a clash gets `_2`, `_3`, … (the first card keeps the plain name,
 * so adding a card never renames the ones before it).
 */
export function uniqueIdentifiers(ids: readonly string[], taken: Iterable<string> = []): string[] {
  const used = new Set<string>(taken);
  return ids.map((id) => {
    let base = camelCase(id);
    if (reserved.has(base)) base = `${base}Card`;
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}_${n}`;
    used.add(name);
    return name;
  });
}
