/**
 * A compiled card carries what each of its functions calls as data beside
 * it (`{ calls, run }`, src/engine/definitions.ts `Compiled`): the engine
 * reads the data only, and the data says what the function does.
 */
import { describe, expect, it } from "vitest";
import { registry } from "../generated/index.js";
import { makeBot } from "../src/bots/index.js";
import { randomBot } from "../src/bots/random.js";
import type { CardDef, CardRegistry } from "../src/engine/definitions.js";
import { cardSetDigest } from "../src/engine/card-digest.js";
import { cardFacts, demandOf, stepsOf } from "../src/engine/facts.js";
import { answer, newGame, pending } from "../src/engine/machine.js";
import { view } from "../src/engine/view.js";
import { botSeed } from "../src/sim/game-log.js";
import { exampleExpansion } from "./example-expansion.js";

type Data = unknown;
interface Pair {
  readonly calls: readonly Data[];
  readonly run: (api: unknown) => void;
}

const isPair = (v: object): v is Pair => "calls" in v && "run" in v && typeof (v as Pair).run === "function";

/** Every `{ calls, run }` of a card, with the name of the field that holds it (`cost`, `gains`…). */
function pairsOf(value: unknown, field = ""): { readonly field: string; readonly pair: Pair }[] {
  if (typeof value !== "object" || value === null) return [];
  if (Array.isArray(value)) return value.flatMap((v) => pairsOf(v, field));
  if (isPair(value)) return [{ field, pair: value }];
  return Object.entries(value).flatMap(([k, v]) => pairsOf(v, k));
}

/** The card with every function in it replaced by one that throws when called. */
function throwing<T>(value: T, where: string, count: { functions: number }): T {
  if (typeof value === "function") {
    count.functions++;
    return (() => {
      throw new Error(`the engine ran ${where}`);
    }) as T;
  }
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((v, i) => throwing(v, `${where}[${i}]`, count)) as T;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, throwing(v, `${where}.${k}`, count)])) as T;
}

function throwingRegistry(cards: CardRegistry): { registry: CardRegistry; functions: number } {
  const count = { functions: 0 };
  const defs = cards.cards.map((def) => throwing(def, def.id, count));
  return { registry: { ...cards, cards: defs, byId: new Map<string, CardDef>(defs.map((d) => [d.id, d])) }, functions: count.functions };
}

/** Seeded games (2–4 players, a greedy bot in some), each game's decisions and final state as text. */
function play(cards: CardRegistry, seeds: readonly number[]): string[] {
  return seeds.map((seed) => {
    const n = 2 + (seed % 3);
    const game = newGame(cards, { seed, players: n });
    const agents = Array.from({ length: n }, (_, s) => (seed % 2 === 0 && s === 0 ? makeBot({ kind: "greedy" }, cards, botSeed(seed, s)) : randomBot(botSeed(seed, s))));
    const log: string[] = [];
    for (let d = pending(game); d; d = pending(game)) {
      const choice = agents[d.seat]!.choose(view(game, d.seat), d);
      log.push(`${d.kind} ${d.seat} ${choice}`);
      answer(game, choice);
    }
    return JSON.stringify([log, game.state]);
  });
}

/** What a function calls, recorded as the compiler writes calls as data: the method's name, then its arguments, a function among them as its calls. */
function recorded(run: (api: unknown) => void): Data[] {
  const calls: Data[] = [];
  const api = new Proxy({}, { get: (_, method) => (args: object) => void calls.push({ call: method, ...argData(args) as object }) });
  run(api);
  return calls;
}

function argData(value: unknown): unknown {
  if (typeof value === "function") return recorded(value as (api: unknown) => void);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(argData);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, argData(v)]));
}

/** The field names whose pair is a cost (a Demand); every other pair gives or acts (steps). */
const costFields = new Set(["cost", "price"]);

const seeds = Array.from({ length: 12 }, (_, i) => i + 1);

describe("the engine reads a card's calls as data, never its functions", async () => {
  const example = (await exampleExpansion()).cards;
  for (const [name, cards] of [["the base set", registry], ["the base set with the example expansion", example]] as const) {
    it(`builds the facts of ${name} and plays it alike with every card function throwing`, () => {
      const t = throwingRegistry(cards);
      expect(t.functions).toBeGreaterThan(cards.cards.length);
      const facts = cardFacts(t.registry);
      expect(facts.locations.size + facts.leaders.size + facts.contacts.size).toBeGreaterThan(0);
      expect(play(t.registry, seeds)).toEqual(play(cards, seeds));
      // The digest a game log carries reads the data too.
      expect(cardSetDigest(t.registry)).toBe(cardSetDigest(cards));
    });
  }
});

describe("a card's calls as data agree with its function", async () => {
  const example = (await exampleExpansion()).cards;
  for (const [name, cards] of [["the base set", registry], ["the base set with the example expansion", example]] as const) {
    it(`for every function of every card of ${name}: the same calls, so the same steps or demand`, () => {
      let checked = 0;
      for (const def of cards.cards) {
        for (const { field, pair } of pairsOf(def)) {
          const calls = recorded(pair.run);
          expect(calls, `${def.id}.${field}`).toEqual(pair.calls);
          // A fresh pair of the recorded calls: nothing cached for it.
          const again = { calls, run: pair.run } as never;
          if (costFields.has(field)) expect(demandOf(again), `${def.id}.${field}`).toEqual(demandOf(pair as never));
          else expect(stepsOf(again), `${def.id}.${field}`).toEqual(stepsOf(pair as never));
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(cards.cards.length);
    });
  }

  it("covers calls holding calls: a condition's gains and a choice's options", async () => {
    const all = example.cards.flatMap((def) => pairsOf(def).flatMap(({ pair }) => pair.calls as { call: string }[]));
    expect(all.some((c) => c.call === "onlyIf")).toBe(true);
    expect(all.some((c) => c.call === "choice")).toBe(true);
  });
});
