/**
 * Where a refused log line's or part's field is (src/sim/json-position.ts): the line and column
 * a replay or merge diagnostic points at, in the text as written (pretty, minified, CRLF).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonRange, syntaxError } from "../src/sim/json-position.js";

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

describe("syntaxError", () => {
  /** Where a text stops being JSON, as "line:column expected". */
  const stop = (text: string): string | undefined => {
    const found = syntaxError(text);
    return found === undefined ? undefined : `${found.range.start.line}:${found.range.start.column} ${found.expected}`;
  };

  it("finds nothing wrong in what JSON.parse takes", () => {
    for (const text of ["{}", "[]", ' {"a": [1, -2.5e+3, true, false, null, "x\\u00e9\\n"]} ', "7", '"s"', "[[[[]]]]", "1e400"]) {
      expect(() => JSON.parse(text), text).not.toThrow();
      expect(stop(text), text).toBeUndefined();
    }
  });

  it("points at the mistakes JSON.parse gives no position for on Node 20.15 and later, and says what JSON has there", () => {
    expect(stop("[1,2,]")).toBe("1:6 a value (a number, a string, true, false, null, a list or an object)");
    expect(stop('{"a":}')).toBe("1:6 a value (a number, a string, true, false, null, a list or an object)");
    expect(stop("what")).toBe("1:1 a value (a number, a string, true, false, null, a list or an object)");
    expect(stop("nope")).toBe('1:2 the rest of "null"');
    expect(stop('{\n  "a": 1,\n}')).toBe('3:1 a key in double quotes');
    expect(stop('{"a" 1}')).toBe('1:6 ":"');
    expect(stop('{"a":1 "b":2}')).toBe('1:8 "," or "}"');
    expect(stop("[1 2]")).toBe('1:4 "," or "]"');
    expect(stop("{'a':1}")).toBe('1:2 a key in double quotes or "}"');
    expect(stop("[01]")).toBe('1:3 "," or "]"');
    expect(stop("{} {}")).toBe("1:4 the end of the text (one JSON value)");
    expect(stop('{"a":"b')).toBe("1:8 the string's closing quote");
    expect(stop('["a\tb"]')).toMatch(/^1:4 the string's closing quote \(a line break or a tab inside a string is written/);
    expect(stop('["\\x"]')).toMatch(/^1:3 an escape: /);
    expect(stop("")).toBe("1:1 a value (a number, a string, true, false, null, a list or an object)");
    expect(stop('{"a":[1,{"b":2}')).toBe('1:16 "," or "]"');
  });

  it("points into a broken number or word, at the first character that breaks it", () => {
    expect(stop('{"seed":4.}')).toBe('1:11 a digit after "."');
    expect(stop("[4e]")).toBe("1:4 a digit in the exponent");
    expect(stop("[1e+]")).toBe("1:5 a digit in the exponent");
    expect(stop("[-]")).toBe('1:3 a digit after "-"');
    expect(stop("[-.5]")).toBe('1:3 a digit after "-"');
    expect(stop("[.5]")).toBe("1:2 a value or \"]\"");
    expect(stop("[tru]")).toBe('1:5 the rest of "true"');
    expect(stop('{"paths":t2ue}')).toBe('1:11 the rest of "true"');
    expect(stop("[fa-se]")).toBe('1:4 the rest of "false"');
    expect(stop("[nul")).toBe('1:5 the rest of "null"');
  });

  it("underlines a whole character where the text stops being JSON, an emoji's two halves together", () => {
    const found = syntaxError('{"report": 😀}');
    expect(found?.range).toEqual({ start: { line: 1, column: 12 }, end: { line: 1, column: 14 } });
  });

  it("agrees with JSON.parse on what is JSON, over texts near and far from JSON", () => {
    const near = fc
      .tuple(fc.json(), fc.nat(), fc.constantFrom("", ",", "]", "}", ":", '"', "\\", ".", "e", "-", "0", " ", "\t", "\n", "\r", "\f", "\u00a0", "\u2028", "\ufeff", "t", "x"), fc.boolean())
      .map(([text, at, insert, replace]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(replace ? i + 1 : i);
      });
    const accepts = (text: string): boolean => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    fc.assert(
      fc.property(fc.oneof(near, fc.string(), fc.json()), (text) => {
        expect(syntaxError(text) === undefined, text).toBe(accepts(text));
      }),
      { numRuns: 3000, seed: 51 },
    );
  });

  it("reads a text nested a million deep without running out of stack", () => {
    expect(stop("[".repeat(1_000_000) + "]".repeat(999_999))).toBe('1:2000000 "," or "]"');
  });
});
