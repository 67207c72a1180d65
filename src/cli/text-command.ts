import type { Card } from "../check/model.js";
import { jsonText } from "../text/escape.js";
import { cardMarkdown, setMarkdown } from "../text/markdown.js";
import { textRenderer } from "../text/render.js";
import { setTitles } from "../text/set-text.js";
import type { Lang } from "../text/words.js";
import { errorLine } from "./error-line.js";
import { cardIds, selectCards, unknownCard } from "./select-cards.js";
import { validOrReport } from "./validate-command.js";

export interface TextOptions {
  readonly lang: Lang;
  readonly cards?: string;
  /** The hidden old spelling of `--cards`, one id. */
  readonly card?: string;
  readonly format: "md" | "json";
}

/**
 * `state51 text`: the card text of the cards named (one named card alone, as
 * a card; several or all as a set); 1 if the cards do not validate or an id is
 * unknown.
 */
export function runText(paths: readonly string[], opts: TextOptions, write: (s: string) => void, writeError: (s: string) => void): number {
  // Checked before the cards are read, as every usage error is.
  const ids = [...(opts.cards !== undefined ? cardIds(opts.cards) : []), ...(opts.card !== undefined ? [opts.card] : [])];
  const result = validOrReport(paths, writeError, "no text");
  if (!result) return 1;
  let cards: Card[] = result.cards;
  if (ids.length > 0) {
    const picked = selectCards(cards, ids);
    if ("unknown" in picked) {
      writeError(errorLine("text", unknownCard(picked)));
      return 1;
    }
    cards = picked.cards;
  }
  const render = textRenderer(result.vocabulary, opts.lang);
  const texts = cards.map((c) => render.card(c));
  const alone = ids.length === 1;
  if (opts.format === "json") write(jsonText(alone ? texts[0] : texts, 2) + "\n");
  else write(alone ? cardMarkdown(texts[0]!) : setMarkdown(texts, setTitles[opts.lang]));
  return 0;
}
