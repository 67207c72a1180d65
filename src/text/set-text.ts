/**
 * The whole set's card text as files, written by `state51 build` beside the
 * compiled abilities (generated/text/en.md, fr.md): the main job's "write the text".
 */
import type { Card } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { setMarkdown } from "./markdown.js";
import { perLanguage } from "./packs.js";
import { textRenderer } from "./render.js";
import { langs, type Lang } from "./words.js";

export const setTitles: { readonly [L in Lang]: string } = perLanguage((p) => p.setTitle);

export function setTextFiles(cards: readonly Card[], vocabulary: Vocabulary): { path: string; text: string }[] {
  return langs.map((lang) => {
    const render = textRenderer(vocabulary, lang);
    return { path: `text/${lang}.md`, text: setMarkdown(cards.map((c) => render.card(c)), setTitles[lang]) };
  });
}
