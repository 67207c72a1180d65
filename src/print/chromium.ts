/**
 * Finding and running headless Chromium (or Google Chrome), which prints the
 * sheets to PDF, takes their pictures and measures them. Each run gets a
 * fresh, throw-away profile and no network chatter.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, isAbsolute, join, resolve } from "node:path";

/** Names the browser binary (a path, or a name looked up on PATH); checked before anything else. */
export const chromiumEnvVar = "STATE51_CHROMIUM";

/** Looked up on PATH, in this order, when STATE51_CHROMIUM is not set. */
export const chromiumNames: readonly string[] = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/** Debian's package puts it here; tried last, for a PATH without /usr/bin. */
const debianChromium = "/usr/bin/chromium";

/** Chromium is not installed (or STATE51_CHROMIUM names nothing runnable). */
export class ChromiumMissingError extends Error {
  override readonly name = "ChromiumMissingError";
}

/** Chromium ran but did not do what was asked. */
export class ChromiumFailedError extends Error {
  override readonly name = "ChromiumFailedError";
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** A path to a file rather than a name to look up on PATH. */
function isPathLike(name: string): boolean {
  return name.includes("/") || name.includes("\\") || isAbsolute(name);
}

function onPath(name: string, env: NodeJS.ProcessEnv): string | undefined {
  for (const dir of (env["PATH"] ?? "").split(delimiter)) {
    if (dir === "") continue;
    const candidate = join(dir, name);
    if (isExecutableFile(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The browser to run: STATE51_CHROMIUM if set (and only it), else the first of
 * chromium, chromium-browser, google-chrome, google-chrome-stable on PATH,
 * else /usr/bin/chromium; undefined if none can be run.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const named = env[chromiumEnvVar];
  if (named !== undefined && named !== "") {
    if (isPathLike(named)) return isExecutableFile(resolve(named)) ? resolve(named) : undefined;
    return onPath(named, env);
  }
  for (const name of chromiumNames) {
    const found = onPath(name, env);
    if (found !== undefined) return found;
  }
  return isExecutableFile(debianChromium) ? debianChromium : undefined;
}

/** What to tell someone who has no Chromium: how to install it, or how to name the one they have. */
export function chromiumMissingMessage(env: NodeJS.ProcessEnv = process.env): string {
  const named = env[chromiumEnvVar];
  const looked =
    named === undefined || named === ""
      ? `none of ${chromiumNames.join(", ")} is on PATH`
      : isPathLike(named)
        ? `${chromiumEnvVar}="${named}" is not a program that can be run`
        : `${chromiumEnvVar}="${named}" is not on PATH`;
  return (
    `headless Chromium is needed for this, and it was not found (${looked}).\n` +
    `  hint: install it: apt-get install chromium (Debian/Ubuntu; as root)\n` +
    `  hint: or name the browser to use: ${chromiumEnvVar}=/path/to/chromium-or-chrome`
  );
}

/** The browser to run, or a ChromiumMissingError with the install hint. */
export function requireChromium(env: NodeJS.ProcessEnv = process.env): string {
  const found = findChromium(env);
  if (found === undefined) throw new ChromiumMissingError(chromiumMissingMessage(env));
  return found;
}

/** Flags for every run: headless, no sandbox (root in containers), no first-run, sync, updates or background traffic. */
export const baseFlags: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--no-default-browser-check",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--hide-scrollbars",
  "--mute-audio",
];

export interface ChromiumRun {
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the browser headless with `args` (after the base flags and a fresh
 * profile folder, removed afterwards). Throws ChromiumFailedError when it
 * cannot start, times out or exits non-zero.
 */
export function runChromium(binary: string, args: readonly string[], timeoutMs = 120_000): ChromiumRun {
  const profile = mkdtempSync(join(tmpdir(), "state51-chromium-"));
  try {
    const r = spawnSync(binary, [...baseFlags, `--user-data-dir=${profile}`, ...args], {
      encoding: "utf8",
      timeout: timeoutMs,
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "pipe"],
    });
    if (r.error) throw new ChromiumFailedError(`could not run ${binary}: ${r.error.message}`);
    if (r.status !== 0) {
      // Its last words, each on a line of its own under the error (errorLine's quoted lines).
      const tail = (r.stderr ?? "").trim().split(/\r?\n/).slice(-5).filter((line) => line !== "").map((line) => `\n  | ${line}`).join("");
      throw new ChromiumFailedError(`${binary} exited with ${r.status ?? r.signal}${tail ? `:${tail}` : ""}`);
    }
    return { stdout: r.stdout, stderr: r.stderr };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}
