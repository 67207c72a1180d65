/**
 * The card files of a git revision, copied out into a folder: what `state51
 * diff` validates as the "before" side. git is run as a program (`git
 * ls-tree`, then one `git cat-file --batch` for every file), never through a
 * shell, and a revision is resolved to its commit before any file is read.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { isCardFile } from "../load/find-files.js";

/** Why git could not do what was asked: a one-line message, and whether it is how the command was called (exit 2) or not (1). */
export class GitError extends Error {
  override readonly name = "GitError";
  constructor(
    message: string,
    readonly usage: boolean,
  ) {
    super(message);
  }
}

/** git run as a program; only its failing to start throws. */
function runGit(args: readonly string[], cwd: string, input?: string): { readonly status: number | null; readonly stdout: Buffer; readonly stderr: Buffer } {
  // Paths as named: otherwise git reads a folder named `:odd` as pathspec magic (and it matches nothing).
  const r = spawnSync("git", args, { cwd, input, maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_LITERAL_PATHSPECS: "1" } });
  if (r.error !== undefined) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new GitError(code === "ENOENT" ? "git is not installed (not found on PATH)" : `git could not be run: ${r.error.message}`, false);
  }
  return r;
}

/** git's output, or its first line of complaint as the error. */
function git(args: readonly string[], cwd: string, input?: string): Buffer {
  const r = runGit(args, cwd, input);
  if (r.status !== 0) throw new GitError(r.stderr.toString("utf8").trim().split("\n")[0] || `git ${args[0]} failed`, false);
  return r.stdout;
}

/** The top folder of the git work tree holding `cwd`. */
export function workTreeRoot(cwd: string): string {
  const r = runGit(["rev-parse", "--show-toplevel"], cwd);
  if (r.status !== 0) throw new GitError(`not inside a git repository: ${cwd}`, true);
  return realpathSync(r.stdout.toString("utf8").trim());
}

/** The commit `revision` names, as its full hash; a name git does not know is a usage error. */
export function resolveCommit(root: string, revision: string): string {
  if (revision === "" || revision.startsWith("-")) throw new GitError(`not a revision: "${revision}"`, true);
  const r = runGit(["rev-parse", "--verify", "--quiet", "--end-of-options", `${revision}^{commit}`], root);
  const hash = r.stdout.toString("utf8").trim();
  if (r.status !== 0 || !/^[0-9a-f]{40,64}$/.test(hash)) throw new GitError(`unknown revision "${revision}": no such commit in ${root}`, true);
  return hash;
}

/** `path` relative to the work tree with `/`, or undefined when it lies outside it. */
export function inWorkTree(root: string, path: string): string | undefined {
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // A path that no longer exists is compared as given (its folder may still be real).
    try {
      real = join(realpathSync(dirname(path)), path.slice(dirname(path).length + 1));
    } catch {
      real = path;
    }
  }
  const rel = relative(root, real);
  if (rel.startsWith("..") || isAbsolute(rel)) return undefined;
  return rel.split(sep).join("/");
}


/**
 * Copies the card files (`*.yaml`, `*.yml`) under `paths` (relative to the
 * work tree, with `/`; "" is all of it) as they are at `commit` into `dest`, at
 * the same relative places. Returns the paths copied.
 */
export function copyRevision(root: string, commit: string, paths: readonly string[], dest: string): string[] {
  const listing = git(["ls-tree", "-r", "-z", "--full-tree", commit, "--", ...paths.map((p) => (p === "" ? "." : p))], root).toString("utf8");
  const blobs = listing
    .split("\0")
    .filter((entry) => entry !== "")
    .flatMap((entry) => {
      const tab = entry.indexOf("\t");
      const [mode, type, object] = entry.slice(0, tab).split(" ");
      const path = entry.slice(tab + 1);
      // Links and submodules are left out: a link's target is not in the revision's tree.
      const plain = !path.split("/").some((part) => part === "" || part === "." || part === "..");
      return type === "blob" && mode !== "120000" && plain && isCardFile(path) ? [{ object: object!, path }] : [];
    });
  if (blobs.length === 0) return [];
  const out = git(["cat-file", "--batch"], root, blobs.map((b) => b.object).join("\n") + "\n");
  let at = 0;
  for (const blob of blobs) {
    const headerEnd = out.indexOf(0x0a, at);
    const size = Number(out.subarray(at, headerEnd).toString("utf8").split(" ")[2]);
    const target = join(dest, ...blob.path.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(headerEnd + 1, headerEnd + 1 + size));
    at = headerEnd + 1 + size + 1;
  }
  return blobs.map((b) => b.path);
}
