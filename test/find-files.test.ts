/**
 * Searching folders for card files while they change under the tool (the
 * watchers, preview, the language server): a subfolder that goes mid-search
 * holds nothing to check; one that cannot be read is reported, and the rest of
 * the folder is still searched. The system's answers are stood in for, since a
 * test run as root can read any folder.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";

const failing = new Map<string, string>();
vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const readdirSync = ((path: string, options: unknown) => {
    const code = failing.get(String(path));
    if (code !== undefined) throw Object.assign(new Error(`${code}: ${String(path)}`), { code });
    return fs.readdirSync(path, options as never);
  }) as typeof fs.readdirSync;
  return { ...fs, readdirSync, default: { ...fs, readdirSync } };
});

// The suite shares modules between test files (test/vitest.config.ts): the modules
// below may already be loaded with the real node:fs, so they are loaded afresh here.
vi.resetModules();
const { findCardFiles } = await import("../src/load/find-files.js");
const { validatePaths } = await import("../src/pipeline/validate.js");
// A failed assertion must not leave a folder failing for the test files run after this one.
afterEach(() => failing.clear());
// Nor may the modules loaded here, bound to the stand-in, serve the test files run after it in this process.
afterAll(() => {
  vi.doUnmock("node:fs");
  vi.resetModules();
});

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), "state51-find-"));
  for (const dir of ["a", "gone", "locked", "z"]) mkdirSync(join(root, dir));
  for (const file of ["a/one.yaml", "gone/two.yaml", "locked/three.yaml", "z/four.yml"]) writeFileSync(join(root, file), "set: x\n");
  return root;
}

describe("searching a folder that changes or cannot be read", () => {
  it("passes over a subfolder gone mid-search, reports one it cannot read, and keeps the rest", () => {
    const root = tree();
    failing.set(join(root, "gone"), "ENOENT");
    failing.set(join(root, "locked"), "EACCES");
    const found = findCardFiles([root]);
    expect(found.files).toEqual([join(root, "a/one.yaml"), join(root, "z/four.yml")]);
    expect(found.missing).toEqual([]);
    expect(found.unreadable).toEqual([{ path: join(root, "locked"), reason: "EACCES" }]);
    const result = validatePaths([root], { cwd: root });
    expect(result.diagnostics.filter((d) => d.code === "S51-E001").map((d) => `${d.file}: ${d.message}`)).toEqual(["locked: cannot read the file (permission denied)"]);
  });
});
