/**
 * Which file a path names, whatever its spelling: a link, a hard link or another spelling of the
 * path is the same file. Read as big integers: on Windows an NTFS file id is 64 bits, which a
 * plain number rounds, so that two different files could seem one (nodejs/node#12115).
 */
import { statSync } from "node:fs";

/** The file `path` names as "device:inode", or undefined when it cannot be looked at (not there, no permission). */
export function fileIdentity(path: string): string | undefined {
  try {
    const s = statSync(path, { bigint: true });
    return `${s.dev}:${s.ino}`;
  } catch {
    return undefined;
  }
}
