import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagramAssets, diagramAssetsDir, grammarDiagramHtml } from "../grammar/diagrams.js";
import { codes } from "../src/diagnostics/codes.js";
import { repoRoot, runCli } from "./helpers.js";

const readme = readFileSync(join(repoRoot, "README.md"), "utf8");

describe("README", () => {
  it("starts with the two set-up commands: the main job and the tests", () => {
    const firstBlock = readme.split("```")[1] ?? "";
    expect(firstBlock).toContain("npm ci && npm run build");
    expect(firstBlock).toContain("npm ci && npm test");
  });

  it("shows a diagnostic exactly as validate prints it (the golden text of test/fixtures/invalid/misspelled-resource.yaml)", () => {
    const golden = readFileSync(join(repoRoot, "test/golden/diagnostics/misspelled-resource.yaml.txt"), "utf8");
    expect(readme).toContain("```\n" + golden + "```");
  });

  it("shows the text-lock example as validate prints it, in the README and docs/language.md", () => {
    for (const doc of [readme, readFileSync(join(repoRoot, "docs/language.md"), "utf8")]) {
      // The lock as the doc writes it on Scrapyard, and the warning it shows after `produce 2 scrap`.
      const lock = /```yaml\n {2}- id: scrapyard\n[^`]*?\n( {4}text:\n[^`]*?)```/.exec(doc)?.[1];
      const shown = /```\n(cards\/locations\.yaml:22:13: warning S51-W401[\s\S]*?\n)```/.exec(doc)?.[1];
      expect(lock).toBeDefined();
      expect(shown).toBeDefined();
      const dir = mkdtempSync(join(tmpdir(), "state51-lock-"));
      mkdirSync(join(dir, "cards"));
      for (const f of ["bases", "contacts", "leaders", "locations", "vocabulary"]) cpSync(join(repoRoot, "cards", `${f}.yaml`), join(dir, "cards", `${f}.yaml`));
      const file = join(dir, "cards", "locations.yaml");
      const before = readFileSync(file, "utf8");
      const after = before.replace(/(- id: scrapyard\n(?: {4}.*\n)*? {4}ability: )produce 1 scrap\n/, `$1produce 2 scrap\n${lock}`);
      expect(after).not.toBe(before);
      writeFileSync(file, after);
      const r = runCli(["validate", "cards"], dir);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain(shown);
    }
  });

  it("lists exactly the diagnostic codes the tool can print, with their stage and the catalog's summary", () => {
    const rows = [...readme.matchAll(/^\| (S51-[EW]\d{3}) \| (\w+) \| (.*) \|$/gm)].map((m) => [m[1], m[2], m[3]]);
    expect(rows).toEqual(Object.entries(codes).map(([code, { stage, summary }]) => [code, stage, summary]));
  });
});

describe("docs/grammar.html", () => {
  it("is the railroad diagram of the current parser (run `npx state51 grammar` after changing the grammar)", () => {
    expect(readFileSync(join(repoRoot, "docs/grammar.html"), "utf8")).toBe(grammarDiagramHtml());
  });

  it("loads its scripts from local files only", () => {
    const html = readFileSync(join(repoRoot, "docs/grammar.html"), "utf8");
    const sources = [...html.matchAll(/(?:src|href)='([^']+)'/g)].map((m) => m[1] ?? "");
    expect(sources.length).toBeGreaterThan(0);
    for (const s of sources) expect(s.startsWith(`./${diagramAssetsDir}/`), s).toBe(true);
    for (const asset of diagramAssets) expect(() => readFileSync(join(repoRoot, "docs", diagramAssetsDir, asset))).not.toThrow();
  });
});

describe("docs/rules-coverage.md", () => {
  const coverage = readFileSync(join(repoRoot, "docs/rules-coverage.md"), "utf8");
  const files = new Map([...coverage.matchAll(/^\| ([A-Z]{2,3}) \| `(test\/[^`]+)`/gm)].map((m) => [m[1]!, readFileSync(join(repoRoot, m[2]!), "utf8")]));

  it("cites only tests that exist: every describe and it name it gives is in the file its key names", () => {
    const citations = [...coverage.matchAll(/\b([A-Z]{2,3}) › ((?:"[^"]+"(?: › )?)+)/g)];
    expect(citations.length).toBeGreaterThan(200);
    const missing: string[] = [];
    for (const [text, key, names] of citations) {
      const source = files.get(key!);
      if (!source) {
        missing.push(`${text}: no test file for ${key}`);
        continue;
      }
      for (const [, name] of names!.matchAll(/"([^"]+)"/g)) {
        // The doc wraps long names over lines, and may cut one short with "…".
        const stem = name!.replace(/\s+/g, " ").split("…")[0]!.trim();
        if (!source.includes(stem)) missing.push(`${text}: "${name}" is not in that file`);
      }
    }
    expect(missing).toEqual([]);
  });
});
