import type { Card } from "../check/model.js";
import { jsonText } from "../text/escape.js";
import { cardMarkdown, setMarkdown } from "../text/markdown.js";
import { textRenderer } from "../text/render.js";
import { setTitles } from "../text/set-text.js";
import type { Lang } from "../text/words.js";
import { validOrReport } from "./validate-command.js";

export interface TextOptions {
  readonly lang: Lang;
  readonly card?: string;
  readonly format: "md" | "json";
}

/** `state51 text`: the card text of one card or the whole set; 1 if the cards do not validate or the id is unknown. */
export function runText(paths: readonly string[], opts: TextOptions, write: (s: string) => void, writeError: (s: string) => void): number {
  const result = validOrReport(paths, writeError, "no text");
  if (!result) return 1;
  let cards: Card[] = result.cards;
  if (opts.card !== undefined) {
    cards = cards.filter((c) => c.id === opts.card);
    if (cards.length === 0) {
      writeError(`state51: no card with id "${opts.card}"\n`);
      return 1;
    }
  }
  const render = textRenderer(result.vocabulary, opts.lang);
  const texts = cards.map((c) => render.card(c));
  if (opts.format === "json") write(jsonText(opts.card !== undefined ? texts[0] : texts, 2) + "\n");
  else write(opts.card !== undefined ? cardMarkdown(texts[0]!) : setMarkdown(texts, setTitles[opts.lang]));
  return 0;
}
