/** The codes a designer may meet, in words. */
const reasons: Partial<Record<string, string>> = {
  ENOSPC: "the disk is full",
  EACCES: "permission denied",
  EPERM: "permission denied",
  EROFS: "the file system is read-only",
  EISDIR: "it is a folder",
  ENOTDIR: "a part of the path is not a folder",
  ENOENT: "no such file or folder",
  ENAMETOOLONG: "a name in the path is too long",
  ELOOP: "too many symbolic links in the path",
  EBUSY: "it is in use",
  EPIPE: "the reader closed the pipe",
  EBADF: "it is not open for writing",
};

/**
 * A failed system call's code (ENOENT, EACCES…) in words, for every message
 * about a file that cannot be read or written: the code alone means nothing to
 * a designer, but is kept in brackets for searching.
 */
export function systemReason(code: string | undefined): string {
  return `${(code !== undefined && reasons[code]) || "system error"} (${code ?? "unknown"})`;
}

/** A failed system call's code in words alone ("no such file or folder"), or the code itself when it has none: for a diagnostic's reason, which is in brackets already (S51-E001). */
export function systemWords(code: string): string {
  return reasons[code] ?? code;
}

/** A failed system call's code (ENOENT, EACCES…), which reports name as the reason. */
export const errorCode = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? "unknown error";
