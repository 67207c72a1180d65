/**
 * Every construct in the language's tables has a test tying its printed
 * text to the engine (test/construct-text.test.ts, test/statement-text.test.ts):
 * a construct added to a table without one fails here, as does a title
 * renamed so that it no longer names the test this map points to.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { amountKinds } from "../src/constructs/amounts/index.js";
import { conditionKinds } from "../src/constructs/conditions/index.js";
import { effectKinds } from "../src/constructs/effects/index.js";
import { statementKinds } from "../src/constructs/statements/index.js";
import { traitKinds } from "../src/constructs/traits/index.js";

const files = ["test/construct-text.test.ts", "test/statement-text.test.ts"];

/** Each construct kind, by table, and the start of the `describe` or `it` title of its text-behaviour test. */
const testOf: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  traits: {
    after: "after:",
    each: "each:",
    depot: "depot:",
    convert: "convert:",
    lookout: "lookout:",
    limit: "limit sent-workers:",
    range: "range:",
    slots: "slots in play:",
  },
  effects: {
    steal: "steal 1 resource:",
    opponents: "each opponent gives:",
    choice: "a choice:",
    redevelop: "redevelop:",
  },
  amounts: { per: "per <type> card:" },
  conditions: {
    cards: "you have N <type> cards:",
    hold: "hold:",
    fewer: "fewer:",
    leader: "leader:",
  },
  statements: {
    produce: "produce:",
    action: "action:",
    gain: "cards are drawn, not gained",
    once: "once:",
    keep: "keep:",
    combo: "combo:",
  },
};

const tables: Readonly<Record<string, readonly string[]>> = { traits: traitKinds, effects: effectKinds, amounts: amountKinds, conditions: conditionKinds, statements: statementKinds };

/** The titles of the `describe` and `it` blocks of the two files, as written (escapes left as they are). */
function titles(): string[] {
  const found: string[] = [];
  for (const f of files) for (const m of readFileSync(f, "utf8").matchAll(/\b(?:describe|it)\(\s*"((?:[^"\\]|\\.)*)"/g)) found.push(m[1]!.replace(/\\"/g, '"'));
  return found;
}

describe("construct coverage: each kind in the tables has a text-behaviour test", () => {
  it("the map names exactly the kinds of each table", () => {
    for (const [table, kinds] of Object.entries(tables)) expect(Object.keys(testOf[table] ?? {}).sort(), table).toEqual([...kinds].sort());
  });

  it("each kind's test is there, under the title the map gives", () => {
    const all = titles();
    const missing = Object.entries(testOf).flatMap(([table, kinds]) => Object.entries(kinds).filter(([, title]) => !all.some((t) => t.startsWith(title))).map(([kind, title]) => `${table}.${kind} ("${title}")`));
    expect(missing).toEqual([]);
  });

  it("the production cost, which is no table's kind but has its own module, has one too", () => {
    expect(titles().some((t) => t.startsWith("production cost:"))).toBe(true);
  });
});
