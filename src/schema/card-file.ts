/**
 * The shape of a card file once the JSON Schema (grammar/cards.schema.json)
 * has accepted it. Ability fields are still strings here; src/parse turns them
 * into syntax trees.
 */
export interface LocalName {
  readonly en: string;
  readonly fr: string;
}

/** A word's singular and plural (the categories of Intl.PluralRules). */
export interface Forms {
  readonly one: string;
  readonly other: string;
}

export interface EnForms extends Forms {
  /** "a" or "an" before this word, where the rule of src/text/article.ts gets it wrong. */
  readonly article?: "a" | "an";
  /** Resources only: the unit an amount counts ("3 barrels of Water"); without one, the resource itself ("3 Scrap"). */
  readonly unit?: Forms;
}

export type Gender = "masculine" | "feminine";

export interface FrForms extends Forms {
  readonly gender: Gender;
  readonly elision: boolean;
  /** For a name beginning with h: whether the h is aspiré or muet, where the list of h aspiré words does not know it. */
  readonly h?: "aspirated" | "mute";
  /** Resources only: the unit an amount counts ("2 pièces d'Or"); "jeton"/"jetons" when not given. */
  readonly unit?: Forms;
}

/** A card type's icon: a built-in glyph or SVG path data (one of the two; src/check/type-icons.ts checks which). */
export interface TypeIconData {
  readonly glyph?: string;
  readonly path?: string;
}

export interface TermData {
  readonly id: string;
  readonly words?: readonly string[];
  readonly basic?: boolean;
  /** Contact colours: the one action the colour performs (`actions: [it]`). */
  readonly action?: string;
  /** Contact colours: the actions its contacts give range for. */
  readonly actions?: readonly string[];
  /** Card types only: the glyph on the type's tile. */
  readonly icon?: TypeIconData;
  /** Card types only: the tile's colour, "#rrggbb"; null when an unquoted "#…" was read as a YAML comment. */
  readonly colour?: string | null;
  readonly en: EnForms;
  readonly fr: FrForms;
}

export interface SentenceData {
  readonly id: string;
  readonly text: LocalName;
}

export interface VocabularyData {
  readonly resources?: readonly TermData[];
  readonly cardTypes?: readonly TermData[];
  readonly contactColours?: readonly TermData[];
  readonly factions?: readonly TermData[];
  readonly tokens?: readonly TermData[];
  readonly triggers?: readonly TermData[];
  readonly lookoutAbilities?: readonly SentenceData[];
}

/** The signed-off wording of one printed part, per language (a text lock). */
export interface LockedText {
  readonly en?: string;
  readonly fr?: string;
}

/** The printed parts each kind of card may lock (the parts src/text renders for it). */
export interface LockableParts {
  readonly base: "production" | "ability";
  readonly contact: "contact";
  readonly leader: "ability" | "resources";
  readonly location: "spoils" | "agreement" | "ability";
}

/** A card's `text:` locks: for some of its printed parts, the wording a designer signed off. */
export type TextLocks<P extends string> = { readonly [K in P]?: LockedText };

export type Pattern = "action" | "open-production" | "closed-production" | "trait";

export interface BaseData {
  readonly id: string;
  readonly kind: "base";
  readonly name: LocalName;
  readonly faction: string;
  readonly ability: string;
  readonly text?: TextLocks<LockableParts["base"]>;
}

export interface ContactData {
  readonly id: string;
  readonly kind: "contact";
  readonly name: LocalName;
  readonly use: "permanent" | "one-time";
  readonly faction?: string;
  readonly colour: string;
  readonly range: number;
  readonly price?: string;
  readonly text?: TextLocks<LockableParts["contact"]>;
}

export interface LeaderData {
  readonly id: string;
  readonly kind: "leader";
  readonly name: LocalName;
  readonly resources?: string;
  readonly ability: string;
  readonly text?: TextLocks<LockableParts["leader"]>;
}

export interface LocationData {
  readonly id: string;
  readonly kind: "location";
  readonly name: LocalName;
  readonly distance: number;
  readonly types: readonly string[];
  readonly spoils: string;
  readonly agreement: string;
  readonly pattern: Pattern;
  readonly ability: string;
  readonly text?: TextLocks<LockableParts["location"]>;
}

export type CardData = BaseData | ContactData | LeaderData | LocationData;
export type CardKind = CardData["kind"];
export const cardKinds: readonly CardKind[] = ["base", "contact", "leader", "location"];

export interface CardFileData {
  readonly set: string;
  readonly vocabulary?: VocabularyData;
  readonly cards?: readonly CardData[];
}

/** Why a YAML file is not a card file, as `new` and `fmt` say it (validate reports the fields: S51-E102, S51-E103). */
export const notACardFile = "not a card file: it has no set:, cards: or vocabulary:";

/** Whether YAML data is a card file's: a mapping with one of its top-level keys. */
export function isCardFileData(data: unknown): boolean {
  return typeof data === "object" && data !== null && !Array.isArray(data) && ["set", "cards", "vocabulary"].some((k) => k in data);
}
