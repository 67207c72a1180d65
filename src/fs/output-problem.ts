/**
 * Whether a file or folder can be written where a command was told to write
 * it, asked before the work starts: a game or a sheet is not made only to find
 * its folder missing at the end. Missing folders are made only when asked
 * (`--mkdir`); what is there must be of the right kind (a file is never written
 * over a device or a folder); and the folder is tried for real, since a mode
 * bit says nothing on /proc or a read-only mount.
 */
import { accessSync, closeSync, constants, openSync, statSync, unlinkSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileIdentity } from "./file-identity.js";
import { errorCode } from "./system-reason.js";

export interface OutputOptions {
  /** Make the missing folders above the output (`--mkdir`). */
  readonly mkdir?: boolean;
  /** The output is a folder (build --out, print --png-cards), not a file. */
  readonly folder?: boolean;
  /**
   * The files the command reads (its card files, the parts it merges): a report or a log is never
   * written over one of them. Asked only when the output is already there, so a command need not
   * look for its card files to check an output that does not exist yet.
   */
  readonly reads?: () => readonly string[];
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** Why nothing can be created in the folder `folder`, or undefined: a file is made there and removed. */
function unwritable(folder: string): string | undefined {
  const probe = join(folder, `.state51-probe-${process.pid}`);
  try {
    closeSync(openSync(probe, "wx"));
    unlinkSync(probe);
    return undefined;
  } catch (error) {
    const code = errorCode(error);
    // A probe left by a killed run of this same pid is no reason to refuse.
    return code === "EEXIST" ? undefined : code;
  }
}

/**
 * Why the file or folder at `path` may not be written (EACCES, EPERM), or undefined. An output
 * replaces a file by a rename, which its own mode does not stop; but a file made read-only
 * (chmod a-w) was protected on purpose, and is refused as the shell's `>` refuses it (root may
 * write any file, there as here). `build --out` asks it of every folder of the tree it replaces.
 */
export function writeProtected(path: string): string | undefined {
  try {
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    // Only its own permissions: a read-only mount (EROFS) is found where the folder is tried for real.
    const code = errorCode(error);
    return code === "EACCES" || code === "EPERM" ? code : undefined;
  }
}

/**
 * The longest name an output may have, in bytes: a file system takes names of up to 255, and
 * every output is first written under a longer temp name beside it (`.<name>.<pid>.ready.tmp`
 * for a folder, at most 19 bytes more), so a name that fits but leaves no room would fail only
 * once the work is done.
 */
export const longestOutputName = 255 - 20;

/** The longest name a file system takes for a file or folder, in bytes (NAME_MAX). */
const longestName = 255;

/** What every output says of an empty name, whichever option carried it. */
export const emptyName = "the name given is empty (an unset shell variable?)";

/**
 * Whether a path names a folder by its spelling (`reports/`, `.`, `out/..`): resolving it drops
 * the slash, so `reports/` would be checked as a file `reports` and fail only once written.
 */
export const namesAFolder = (path: string): boolean => path !== "" && ["", ".", ".."].includes(path.split(/[\\/]/).at(-1)!);

/** Why `path` cannot be written, in one line, or undefined. */
export function outputProblem(path: string, options: OutputOptions = {}): string | undefined {
  // An empty name (`--out ""`, an unset shell variable) would resolve to the current folder.
  if (path === "") return emptyName;
  if (options.folder !== true) {
    if (path === "-") return '"-" is not a file name here (to most tools it means standard output): name a file, or ./- for a file called "-"';
    if (namesAFolder(path)) return `${path} names a folder, not a file: name the file to write in it`;
  }
  const full = resolve(path);
  const nameBytes = Buffer.byteLength(basename(full));
  if (nameBytes > longestOutputName) return `the name ${[...basename(full)].slice(0, 24).join("")}… is too long (${nameBytes} bytes; an output's name may have at most ${longestOutputName}, leaving room for the temp file written beside it)`;
  const here = statOf(full);
  if (here !== undefined) {
    if (options.folder === true && !here.isDirectory()) return `${path} is not a folder`;
    if (options.folder !== true && here.isDirectory()) return `${path} is a folder`;
    if (options.folder !== true && !here.isFile()) return `${path} is not a regular file (a device, a pipe or a socket)`;
    const self = fileIdentity(full);
    if (self !== undefined && options.reads?.().some((read) => fileIdentity(resolve(read)) === self)) return `${path} is one of the files this command reads: name another file`;
    const locked = options.folder === true ? undefined : writeProtected(full);
    if (locked !== undefined) return `${path} is write-protected (${locked})`;
  }
  let folder = dirname(full);
  let above = statOf(folder);
  if (above === undefined && options.mkdir !== true) return `no such folder: ${dirname(path)} (--mkdir creates it)`;
  while (above === undefined && dirname(folder) !== folder) {
    // A folder --mkdir would make: its name must fit too, or the work would be done for nothing.
    const folderBytes = Buffer.byteLength(basename(folder));
    if (folderBytes > longestName) return `the folder name ${[...basename(folder)].slice(0, 24).join("")}… is too long (${folderBytes} bytes; a name may have at most ${longestName})`;
    folder = dirname(folder);
    above = statOf(folder);
  }
  if (above === undefined || !above.isDirectory()) return `${folder} is not a folder`;
  const why = unwritable(folder);
  return why === undefined ? undefined : `${folder === dirname(full) ? dirname(path) : folder} cannot be written to (${why})`;
}
