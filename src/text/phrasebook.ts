/**
 * What each language must be able to say about a card: one function per
 * construct of the checked model. The walker (render.ts) is shared; en.ts and
 * fr.ts are the two phrasebooks.
 */
import type { Asset, Combo, ContactCard, Cost, Effect, Keep, Pattern, Trait, Trigger, WorkerAction } from "../check/model.js";

export interface Phrasebook {
  /** "3 Scrap", "3 jetons de Ferraille". */
  asset(a: Asset): string;
  /** A list of what is paid: "pay 1 Fuel and discard 1 card". */
  costs(list: readonly Cost[]): string;
  effect(e: Effect): string;
  /** The red and blue parts: "Gain 3 Scrap." */
  gain(assets: readonly Asset[]): string;
  produce(assets: readonly Asset[]): string;
  once(assets: readonly Asset[]): string;
  keep(keep: Keep): string;
  action(a: WorkerAction): string;
  combo(c: Combo): string;
  trait(t: Trait): string;
  after(trigger: Trigger, gains: readonly Asset[]): string;
  baseSlots(n: number): string;
  contact(c: ContactCard): string;
  leaderResources(assets: readonly Asset[]): string;
  pattern(p: Pattern): string;
  kind(k: "base" | "contact" | "leader" | "location"): string;
}
