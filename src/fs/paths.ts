/** Where a path lies against a folder, by their spelling (resolve or realpath them first). */
import { sep } from "node:path";

const withSep = (folder: string): string => (folder.endsWith(sep) ? folder : folder + sep);

/** Whether `path` is below `folder` (a file or folder in it, at any depth), not the folder itself. */
export const isBelow = (path: string, folder: string): boolean => path.startsWith(withSep(folder));

/** Whether `path` is `folder` itself or below it. */
export const isWithin = (path: string, folder: string): boolean => path === folder || isBelow(path, folder);
