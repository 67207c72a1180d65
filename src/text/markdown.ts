/** Card text as Markdown (for reading and for golden files) or JSON. */
import { escapeMarkdown } from "./escape.js";
import type { CardText, PartName } from "./render.js";
import { frenchTypography } from "./typography.js";
import type { Lang } from "./words.js";

export const partLabels: Readonly<Record<Lang, Readonly<Record<PartName, string>>>> = {
  en: { spoils: "Spoils", agreement: "Agreement", ability: "Ability", production: "Production", contact: "Contact", resources: "Resources" },
  fr: { spoils: "Butin", agreement: "Accord", ability: "Capacité", production: "Production", contact: "Contact", resources: "Ressources" },
};

const distanceWord: Readonly<Record<Lang, string>> = { en: "distance", fr: "distance" };

/** "Location · distance 2 · Scrap · Closed production". */
export function headline(t: CardText): string {
  const bits = [t.kindName, ...(t.distance !== undefined ? [`${distanceWord[t.lang]} ${t.distance}`] : []), ...t.types, ...(t.pattern ? [t.pattern] : []), ...(t.faction ? [t.faction] : [])];
  return bits.join(" · ");
}

export function cardMarkdown(t: CardText): string {
  const label = (name: PartName): string => {
    const l = `**${partLabels[t.lang][name]}:**`;
    return t.lang === "fr" ? frenchTypography(l) : l;
  };
  const lines = [`## ${escapeMarkdown(t.name)}`, "", `*${escapeMarkdown(headline(t))}*`, ""];
  for (const [name, text] of Object.entries(t.parts) as [PartName, string][]) lines.push(`- ${label(name)} ${escapeMarkdown(text)}`);
  return lines.join("\n") + "\n";
}

export function setMarkdown(texts: readonly CardText[], title: string): string {
  return [`# ${title}`, "", ...texts.map(cardMarkdown)].join("\n");
}
