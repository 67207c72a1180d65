/** Small HTML helpers for the printable sheets: escaping and stable colours. */

const entities: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes text for HTML content and for double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c]!);
}

/** A number as CSS/SVG writes it: at most two decimals, no trailing zeros, never "-0". */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/**
 * A colour for an id the sheet has no colour for (an expansion's card type,
 * faction or contact colour): picked from `palette` by a hash of the id, so
 * the same id always gets the same colour.
 */
export function colourFor(id: string, palette: readonly string[]): string {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return palette[h % palette.length]!;
}
