/**
 * What `state51 validate` loads: the packages only other commands need
 * (ts-morph for build, piscina for simulate, chokidar for the watchers and
 * preview, the language server) are required only when those commands run, so
 * the command a designer runs most starts without them.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./helpers.js";

/** A preload that lists, at exit, every package a run required (Node's own modules left out). */
const recorder = join(mkdtempSync(join(tmpdir(), "state51-start-")), "record-requires.cjs");
writeFileSync(
  recorder,
  `const Module = require("node:module"); const seen = new Set(); const load = Module._load;
   Module._load = function (request, ...rest) { if (!request.startsWith("node:") && !Module.isBuiltin(request)) seen.add(request); return load.call(this, request, ...rest); };
   process.on("exit", () => process.stderr.write("required: " + JSON.stringify([...seen]) + "\\n"));`,
);

function requiredBy(args: readonly string[]): string[] {
  const r = spawnSync(process.execPath, ["--require", recorder, join(repoRoot, "dist/state51.cjs"), ...args], { cwd: repoRoot, encoding: "utf8" });
  const line = /^required: (.*)$/m.exec(r.stderr);
  expect(line, r.stderr).not.toBeNull();
  return JSON.parse(line![1]!) as string[];
}

describe("start-up", () => {
  const onlyForOthers = ["ts-morph", "piscina", "chokidar", "vscode-languageserver", "puppeteer-core"];

  it("validate requires none of the packages only other commands need", () => {
    const required = requiredBy(["validate"]);
    for (const p of onlyForOthers) expect(required.filter((r) => r.startsWith(p))).toEqual([]);
  });

  // The recorder must see a lazily required package, or the test above proves nothing.
  it("build requires ts-morph when it runs", () => {
    const out = mkdtempSync(join(tmpdir(), "state51-start-build-"));
    expect(requiredBy(["build", "--out", out])).toContain("ts-morph");
  });
});
