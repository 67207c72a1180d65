/**
 * state51 installed for use outside this repository: the package as `npm pack`
 * makes it (what `npm install -g state51-<version>.tgz` or a registry install
 * unpacks), run from a designer's own folder on the designer's own cards.
 * The dependencies a real install would fetch are this checkout's, linked in,
 * so the test needs no network.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

let packed: string[] = [];
let installed = "";
let designer = "";

function state51(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(installed, "dist/state51.cjs"), ...args], { cwd: designer, encoding: "utf8", timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), "state51-install-"));
  // dist/ is built by the test set-up; --ignore-scripts keeps npm from bundling it again.
  const out = execFileSync(npm, ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const info = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  packed = info[0]!.files.map((f) => f.path);
  execFileSync("tar", ["xzf", join(dir, info[0]!.filename), "-C", dir]);
  installed = join(dir, "package");
  symlinkSync(join(repoRoot, "node_modules"), join(installed, "node_modules"), "dir");
  designer = join(dir, "my-expansion");
  mkdirSync(designer);
  copyFileSync(join(repoRoot, "cards/examples/wastelanders.yaml"), join(designer, "wastelanders.yaml"));
}, 120_000);

describe("state51 installed outside the repository", () => {
  it("packs what the commands need and none of the project's own tests", () => {
    for (const needed of ["dist/state51.cjs", "dist/cli.cjs", "dist/cli.cache", "dist/code-cache.cjs", "dist/sim-worker.mjs", "cards/vocabulary.yaml", "cards/locations.yaml", "grammar/cards.schema.json", "grammar/simulation.schema.json", "src/engine/definitions.ts", "README.md"]) {
      expect(packed, needed).toContain(needed);
    }
    expect(packed.filter((p) => p.startsWith("test/") || p.startsWith("bench/") || p.startsWith(".ci/"))).toEqual([]);
  });

  it("validates a designer's expansion from the designer's folder, with the base set it ships", () => {
    const r = state51(["validate", "wastelanders.yaml"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\d+ cards valid .*; no problems$/m);
    const base = state51(["validate"]);
    expect(base.status).toBe(0);
    expect(base.stdout).toMatch(/^110 cards valid/m);
    // The README's way to work with the installed base set's cards from one's own folder.
    const both = state51(["validate", join(installed, "cards"), "wastelanders.yaml"]);
    expect(both.status).toBe(0);
    expect(both.stdout).toMatch(/^1\d\d cards valid/m);
  });

  it("builds (into the designer's folder), prints text and simulates the designer's cards there", () => {
    const built = state51(["build", "--out", "out", "wastelanders.yaml"]);
    expect(built.status).toBe(0);
    expect(existsSync(join(designer, "out", "index.ts"))).toBe(true);
    // Without --out: generated/ in the designer's folder, the installed package left as it was.
    const shipped = readFileSync(join(installed, "generated", "index.ts"), "utf8");
    const byDefault = state51(["build", "wastelanders.yaml"]);
    expect(byDefault.status).toBe(0);
    expect(byDefault.stdout).toContain("wrote 6 files to generated/");
    expect(existsSync(join(designer, "generated", "index.ts"))).toBe(true);
    expect(readFileSync(join(installed, "generated", "index.ts"), "utf8")).toBe(shipped);
    const text = state51(["text", "--lang", "fr", "wastelanders.yaml"]);
    expect(text.status).toBe(0);
    expect(text.stdout.length).toBeGreaterThan(0);
    const sim = state51(["simulate", "--games", "4", "--players", "2", "--workers", "1", "--format", "json", "wastelanders.yaml"]);
    expect(sim.stderr).not.toMatch(/error/i);
    expect(sim.status).toBe(0);
    expect(JSON.parse(sim.stdout)).toMatchObject({ report: "state51-simulation" });
  });
});
