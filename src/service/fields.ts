/** The kinds of card field the language service tells apart. */
import type { Namespace } from "../check/vocabulary.js";

/** The fields written in the card language, and the parser rule each is read with. */
export const languageFields: Readonly<Record<string, "statements" | "assetListOnly">> = {
  ability: "statements",
  spoils: "statements",
  agreement: "statements",
  price: "assetListOnly",
  resources: "assetListOnly",
};

/** The namespace whose ids a plain card field names. */
export const idFields: Readonly<Record<string, Namespace>> = { types: "cardTypes", faction: "factions", colour: "contactColours" };

/**
 * The parser rule of a field written in the card language; undefined for any other field. Looked up as
 * the object's own key: a card key the designer writes may be `constructor` or `toString`.
 */
export function languageRule(field: string): "statements" | "assetListOnly" | undefined {
  return Object.hasOwn(languageFields, field) ? languageFields[field] : undefined;
}

/** The namespace whose ids `field` names; undefined for any other field (its own keys only, as above). */
export function idNamespace(field: string): Namespace | undefined {
  return Object.hasOwn(idFields, field) ? idFields[field] : undefined;
}
