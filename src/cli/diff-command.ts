/**
 * `state51 diff REV [paths…] [--format text|markdown]`: what changed in the
 * card set since a git revision (src/review/card-diff.ts). The card files
 * under the paths are copied out of the revision into a temp folder and both
 * sides are validated as `validate` would; when this checkout's own base set
 * is in the repository, the revision's base vocabulary stands for it on the
 * old side, so a vocabulary change is seen as a change, not as errors.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { hasErrors } from "../diagnostics/diagnostic.js";
import { packageRoot } from "../pipeline/package-root.js";
import { defaultCardsDir, validatePaths } from "../pipeline/validate.js";
import { diffMarkdown, diffSets, diffText, type Side } from "../review/card-diff.js";
import { copyRevision, GitError, inWorkTree, resolveCommit, workTreeRoot } from "../review/git-tree.js";
import { errorLine } from "./error-line.js";

export type DiffFormat = "text" | "markdown";

/** The paths to compare, relative to the work tree; a path outside it is a usage error. */
function repositoryPaths(root: string, paths: readonly string[], cwd: string): string[] {
  const requested = paths.length > 0 ? paths.map((p) => resolve(cwd, p)) : [defaultCardsDir()];
  return requested.map((p, i) => {
    const rel = inWorkTree(root, p);
    if (rel === undefined) {
      const what = paths.length > 0 ? paths[i]! : `the base set (${p})`;
      throw new GitError(`${what} is not in the git repository at ${root}${paths.length > 0 ? "" : ": name the card files to compare"}`, true);
    }
    return rel;
  });
}

/** The empty set: what the old side is when none of the paths existed at the revision. */
function emptySide(now: Side): Side {
  return { cards: [], vocabulary: now.vocabulary, diagnostics: [], texts: new Map() };
}

/**
 * Runs `state51 diff`; returns the exit code: 0 the report is printed, 1 the
 * cards have errors now (the report is printed all the same, with them) or git
 * failed, 2 no such revision or not in a git repository.
 */
export function runDiff(revision: string, paths: readonly string[], format: DiffFormat, write: (s: string) => void, writeError: (s: string) => void, cwd: string = process.cwd()): number {
  let temp: string | undefined;
  try {
    const root = workTreeRoot(cwd);
    const commit = resolveCommit(root, revision);
    const relative = repositoryPaths(root, paths, cwd);
    temp = mkdtempSync(join(tmpdir(), "state51-diff-"));
    const packageCards = inWorkTree(root, join(packageRoot(), "cards"));
    const copied = copyRevision(root, commit, [...relative, ...(packageCards === undefined ? [] : [`${packageCards}/vocabulary.yaml`])], temp);
    const now = validatePaths(relative.map((p) => join(root, p)), { cwd: root });
    const oldPaths = relative.filter((p) => copied.some((c) => c === p || p === "" || c.startsWith(`${p}/`))).map((p) => join(temp!, p));
    const oldBase = packageCards === undefined ? undefined : join(temp, packageCards);
    const before = oldPaths.length === 0 ? emptySide(now) : validatePaths(oldPaths, { cwd: temp, ...(oldBase !== undefined && existsSync(join(oldBase, "vocabulary.yaml")) ? { baseCards: oldBase } : {}) });
    const diff = diffSets(before, now);
    const labels = { revision, commit };
    write(format === "markdown" ? diffMarkdown(diff, labels) : diffText(diff, labels));
    return hasErrors(now.diagnostics) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    // A usage error (exit 2) names the program only, as the option parser's do; git failing names the command.
    writeError(errorLine(error.usage ? "" : "diff", error.message));
    return error.usage ? 2 : 1;
  } finally {
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  }
}
