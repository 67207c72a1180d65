/**
 * A card file's line breaks, kept by the edits: a file checked out on
 * Windows (git's autocrlf) breaks every line with CRLF. An edit works on the
 * text with LF breaks and gives its result CRLF ones again, so that it
 * neither mixes the two in one file nor rewrites every line of it.
 */

/** Whether every line break of `text` is CRLF (and there is one): the file's breaks are to be kept so. */
export function breaksWithCrlf(text: string): boolean {
  return text.includes("\r\n") && !/(^|[^\r])\n/.test(text);
}

export const toLf = (text: string): string => text.replace(/\r\n/g, "\n");

export const toCrlf = (text: string): string => text.replace(/\n/g, "\r\n");
