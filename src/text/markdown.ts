/** Card text as Markdown (for reading and for golden files) or JSON. */
import { escapeMarkdown } from "./escape.js";
import type { CardText, PartName } from "./render.js";
import { languagePacks, perLanguage } from "./packs.js";
import type { Lang } from "./words.js";

export const partLabels: { readonly [L in Lang]: { readonly [P in PartName]: string } } = perLanguage((p) => p.partLabels);

/** "Location · Distance 2 · Scrap · Closed production" (the rulebooks capitalise Distance). */
export function headline(t: CardText): string {
  const bits = [t.kindName, ...(t.distance !== undefined ? [`${languagePacks[t.lang].distanceWord} ${t.distance}`] : []), ...t.types, ...(t.pattern ? [t.pattern] : []), ...(t.faction ? [t.faction] : [])];
  return bits.join(" · ");
}

export function cardMarkdown(t: CardText): string {
  const label = (name: PartName): string => {
    return languagePacks[t.lang].typography(`**${partLabels[t.lang][name]}:**`);
  };
  const lines = [`## ${escapeMarkdown(t.name)}`, "", `*${escapeMarkdown(headline(t))}*`, ""];
  for (const [name, text] of Object.entries(t.parts) as [PartName, string][]) lines.push(`- ${label(name)} ${escapeMarkdown(text)}`);
  return lines.join("\n") + "\n";
}

export function setMarkdown(texts: readonly CardText[], title: string): string {
  return [`# ${title}`, "", ...texts.map(cardMarkdown)].join("\n");
}
