/**
 * French typography: a non-breaking space before « : ; ! ? », inside
 * guillemets and between a number and the word it counts ("2 PV" never
 * breaks across a line of a card), and the typographic apostrophe (’) for
 * the straight one. Applied to every French string the renderers produce, so a
 * phrase never has to remember it.
 */
export const nbsp = "\u00a0";

export function frenchTypography(text: string): string {
  return text
    .replace(/[ \u00a0\u202f]*([:;!?])/g, (found: string, mark: string, offset: number, whole: string) =>
      // A colon inside a number (e.g. "10:30") is not punctuation to space; "Distance 3 :" is.
      mark === ":" && found === mark && /\d/.test(whole[offset - 1] ?? "") ? mark : `${nbsp}${mark}`,
    )
    .replace(/\u00ab[ \u00a0]*/g, `«${nbsp}`) // « (written \u00ab: see nonAscii in src/cli/bundle.mjs)
    .replace(/[ \u00a0]*\u00bb/g, `${nbsp}»`) // »
    .replace(/(\d) (?=\p{L})/gu, `$1${nbsp}`)
    .replace(/'/g, "’");
}
