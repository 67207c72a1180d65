/**
 * The catalog of diagnostics (src/diagnostics/codes.ts): every message is a
 * template filled by name, and the compiler refuses a wrong argument (the
 * @ts-expect-error lines below fail `tsc` if that ever stops being true).
 */
import { describe, expect, it } from "vitest";
import { message } from "../src/diagnostics/catalog.js";
import { codes, type Code } from "../src/diagnostics/codes.js";
import { diagnostic, fileStart } from "../src/diagnostics/diagnostic.js";

describe("the diagnostic catalog", () => {
  it("fills a template's placeholders from named arguments", () => {
    expect(message("S51-E301", { what: "resource", word: "fule" })).toBe('unknown resource "fule"');
    expect(message("S51-E338", { resource: "fuel" })).toBe("a production pays fuel to produce fuel");
    expect(message("S51-E332", {})).toBe("a choice offers the same option twice");
  });

  it("refuses a missing, misspelled or extra argument at compile time", () => {
    // @ts-expect-error a missing argument
    expect(message("S51-E301", { what: "resource" })).toContain("undefined");
    // @ts-expect-error a misspelled argument
    expect(message("S51-E305", { valu: 3 })).toContain("undefined");
    // @ts-expect-error an argument the template does not have
    expect(message("S51-E332", { extra: 1 })).toBe("a choice offers the same option twice");
  });

  it("gives an error code the error category and a warning code the warning category", () => {
    for (const [code, entry] of Object.entries(codes)) expect(entry.category, code).toBe(code.startsWith("S51-W") ? "warning" : "error");
    expect(diagnostic("f.yaml", fileStart, "S51-E007", {}).severity).toBe("error");
    expect(diagnostic("f.yaml", fileStart, "S51-W401", { language: "English", part: "ability", id: "x", diff: "d" }).severity).toBe("warning");
  });

  it("writes every placeholder as a word in braces, and no template is blank", () => {
    for (const code of Object.keys(codes) as Code[]) {
      const template: string = codes[code].message;
      expect(template.trim(), code).not.toBe("");
      expect(template.replace(/\{\w+\}/g, ""), code).not.toMatch(/[{}]/);
    }
  });

  it("words every message itself, but the three that relay the YAML library's or the parser's", () => {
    const relayed = (Object.keys(codes) as Code[]).filter((code) => /^\{\w+\}$/.test(codes[code].message.trim()));
    expect(relayed).toEqual(["S51-E004", "S51-E202", "S51-E203"]);
  });
});
