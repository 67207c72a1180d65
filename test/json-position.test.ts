/**
 * Where a refused log line's or part's field is (src/sim/json-position.ts): the line and column
 * a replay or merge diagnostic points at, in the text as written (pretty, minified, CRLF).
 */
import { describe, expect, it } from "vitest";
import { jsonRange, parseErrorRange } from "../src/sim/json-position.js";

/** A range as "line:column-line:column". */
const at = (text: string, path: readonly (string | number)[], part?: "value" | "key"): string => {
  const r = jsonRange(text, path, part);
  return `${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`;
};

describe("jsonRange", () => {
  it("points at a number's or a string's value, and at the key of a list or an object", () => {
    const text = '{"run":{"players":4,"bots":["greedy"]},"name":"x"}';
    expect(at(text, ["run", "players"])).toBe("1:19-1:20");
    expect(at(text, ["run", "bots"])).toBe("1:21-1:27");
    expect(at(text, ["name"])).toBe("1:47-1:50");
    expect(at(text, ["run", "bots", 0])).toBe("1:29-1:37");
  });

  it("points at a key itself when asked (a field that should not be there)", () => {
    expect(at('{"rounds":3,"note":"hand-made"}', ["note"], "key")).toBe("1:13-1:19");
  });

  it("counts lines and columns in a report as simulate writes it, and with CRLF and tabs", () => {
    const report = { run: { seats: [{ seat: 1, games: 10 }, { seat: 2, games: 11 }] } };
    const pretty = JSON.stringify(report, null, 2);
    expect(at(pretty, ["run", "seats", 1, "games"])).toBe("10:18-10:20");
    const crlf = JSON.stringify(report, null, "\t").replace(/\n/g, "\r\n");
    expect(at(crlf, ["run", "seats", 1, "games"])).toBe("10:14-10:16");
  });

  it("goes past strings that hold brackets, quotes and escapes", () => {
    const text = JSON.stringify({ a: ['x"]}', { b: "\\", c: "[{" }], d: 5 });
    expect(at(text, ["d"])).toBe(`1:${text.indexOf("5") + 1}-1:${text.indexOf("5") + 2}`);
    expect(at('{"\\u0061":3}', ["a"])).toBe("1:11-1:12");
  });

  it("takes the last of a key named twice, as JSON.parse does", () => {
    expect(at('{"a":1,"a":22}', ["a"])).toBe("1:12-1:14");
  });

  it("stops at the deepest field found, and at the start of a text with no value", () => {
    expect(at('{"a":{"b":1}}', ["a", "zz", "q"])).toBe("1:2-1:5");
    expect(at('{"a":[1]}', ["a", 5])).toBe("1:2-1:5");
    expect(at("", ["a"])).toBe("1:1-1:1");
    expect(at("  7", [])).toBe("1:3-1:4");
  });
});

describe("parseErrorRange", () => {
  it("turns JSON.parse's position into a line and column, and gives none when it names no position", () => {
    const text = '{\n  "a": 1,\n}';
    let error: unknown;
    try {
      JSON.parse(text);
    } catch (e) {
      error = e;
    }
    expect(parseErrorRange(text, error)).toEqual({ start: { line: 3, column: 1 }, end: { line: 3, column: 2 } });
    expect(parseErrorRange("x", new Error("at position 3"))).toBeUndefined();
  });
});
