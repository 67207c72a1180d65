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
