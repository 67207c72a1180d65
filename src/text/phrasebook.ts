/**
 * What each language must be able to say about a card: one function per
 * construct of the checked model. The walker (render.ts) is shared; en.ts and
 * fr.ts are the two phrasebooks.
 */
import type { Asset, ContactCard, Cost, Effect, Pattern } from "../check/model.js";
import type { Vocabulary } from "../check/vocabulary.js";
import type { Lang } from "./words.js";

/** What a construct's text (src/constructs) builds its sentence from, in its language. */
export interface Sayings {
  readonly lang: Lang;
  readonly vocabulary: Vocabulary;
  /** A token word in number with its count: "1 Worker", "12 cartes". */
  token(id: string, n: number): string;
  /** "3 Scrap", "3 jetons de Ferraille". */
  asset(a: Asset): string;
  /** Resource tokens of any kind: "1 resource", "1 jeton de Ressource". */
  anyResource(n: number): string;
  /** "3 Scrap and 1 VP". */
  assets(list: readonly Asset[]): string;
  /** A list of what is paid: "pay 1 Fuel and discard 1 card" (imperative: « payez … »). */
  costs(list: readonly Cost[]): string;
  /** The same after "you may" / « vous pouvez »: "pay 1 Fuel", « payer 1 jeton d'Essence ». */
  costsInfinitive(list: readonly Cost[]): string;
  /** Effects as verb phrases: "steal 1 resource from an opponent and gain 1 VP". */
  effects(list: readonly Effect[]): string;
  /** Gains as verb phrases, cards drawn (rulebook "Draw", « Piochez »): "gain 2 Fuel and draw 1 card". */
  gain(list: readonly Asset[]): string;
  /** A production's gains as verb phrases: "produce 2 Fuel and draw 1 card". */
  produce(list: readonly Asset[]): string;
  /** The one template for paying to do something: "spend 1 Weapon → gain 1 VP token worth 2", lower case (it follows a colon). */
  exchange(cost: readonly Cost[], effects: readonly Effect[]): string;
}

export interface Phrasebook extends Sayings {
  baseSlots(n: number): string;
  contact(c: ContactCard): string;
  leaderResources(assets: readonly Asset[]): string;
  pattern(p: Pattern): string;
  kind(k: "base" | "contact" | "leader" | "location"): string;
}
