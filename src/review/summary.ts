/**
 * `state51 summary`: a card set at a glance, from the checked model: counts
 * by kind, card type, distance, pattern and contact colour, the distance ×
 * type table, what the red, blue and grey parts are worth per distance (the
 * scale of src/check/power-curve.ts), and the cost curve. Pure: cards in,
 * a report out, as aligned text or as JSON with sorted keys.
 */
import type { Card, ContactCard, LocationCard } from "../check/model.js";
import { costValue, giftsValue, productionValue } from "../check/power-curve.js";
import type { Vocabulary } from "../check/vocabulary.js";
import { canonical } from "../engine/card-digest.js";
import { cardKinds, type Pattern } from "../schema/card-file.js";
import { jsonText } from "../text/escape.js";

/** Patterns in the order the schema and docs/card-set.md list them. */
export const patterns: readonly Pattern[] = ["open-production", "closed-production", "action", "trait"];

/** The distances a Location may have, and the ranges a Contact may have. */
const steps = [1, 2, 3] as const;

/** A count per key, keys in a meaningful order (vocabulary, schema, number). */
export type Counts = readonly (readonly [string, number])[];

/** What one part is worth over the cards of one distance that have it; no value (null in JSON, "-" in text) when none has it, which a 0 would hide. */
export type ValueSpread =
  | { readonly cards: 0; readonly mean: null; readonly min: null; readonly max: null }
  | { readonly cards: number; readonly mean: number; readonly min: number; readonly max: number };

export interface DistanceValues {
  readonly distance: number;
  readonly spoils: ValueSpread;
  readonly agreement: ValueSpread;
  /** Over the production Locations of the distance only. */
  readonly production: ValueSpread;
}

/** One step of the cost curve: the Locations that cost that much contact range, the Contacts of exactly that range and their mean price. */
export interface CostStep {
  readonly step: number;
  readonly locations: number;
  readonly contacts: number;
  /** null when no Contact has that range. */
  readonly meanContactPrice: number | null;
}

export interface SetSummary {
  readonly cards: number;
  readonly byKind: Counts;
  readonly bySet: Counts;
  readonly locations: {
    readonly byDistance: Counts;
    readonly byPattern: Counts;
    /** Type icons: a card with two types counts under each. */
    readonly byType: Counts;
    readonly withTwoTypes: number;
    /** Per type (vocabulary order), its cards at each distance. */
    readonly distanceByType: readonly { readonly type: string; readonly byDistance: Counts }[];
    readonly distanceByPattern: readonly { readonly pattern: string; readonly byDistance: Counts }[];
  };
  readonly contacts: {
    readonly byColour: Counts;
    readonly byUse: Counts;
    readonly byRange: Counts;
  };
  readonly values: readonly DistanceValues[];
  readonly costCurve: readonly CostStep[];
}

function count<T>(items: readonly T[], keys: readonly string[], keyOf: (item: T) => readonly string[]): Counts {
  const tally = new Map<string, number>(keys.map((k) => [k, 0]));
  for (const item of items) for (const k of keyOf(item)) tally.set(k, (tally.get(k) ?? 0) + 1);
  return [...tally];
}

/** Two decimals: values are sums of halves and quarters, and the report must not show float noise. */
const round = (x: number): number => Math.round(x * 100) / 100;

function spread(values: readonly number[]): ValueSpread {
  if (values.length === 0) return { cards: 0, mean: null, min: null, max: null };
  return { cards: values.length, mean: round(values.reduce((s, v) => s + v, 0) / values.length), min: round(Math.min(...values)), max: round(Math.max(...values)) };
}

/** Keys named by the vocabulary first, in its order, then any the cards use that it does not know (sorted). */
function orderedKeys(known: Iterable<string>, used: readonly string[]): string[] {
  const keys = [...known];
  return [...keys, ...[...new Set(used)].filter((k) => !keys.includes(k)).sort()];
}

export function summarise(cards: readonly Card[], vocabulary: Pick<Vocabulary, "cardTypes" | "contactColours">): SetSummary {
  const locations = cards.filter((c): c is LocationCard => c.kind === "location");
  const contacts = cards.filter((c): c is ContactCard => c.kind === "contact");
  const distanceKeys = steps.map(String);
  const types = orderedKeys(vocabulary.cardTypes.keys(), locations.flatMap((l) => l.types));
  const colours = orderedKeys(vocabulary.contactColours.keys(), contacts.map((c) => c.colour));
  const atDistance = (d: number): LocationCard[] => locations.filter((l) => l.distance === d);
  return {
    cards: cards.length,
    byKind: count(cards, cardKinds, (c) => [c.kind]),
    bySet: count(cards, [...new Set(cards.map((c) => c.set))].sort(), (c) => [c.set]),
    locations: {
      byDistance: count(locations, distanceKeys, (l) => [String(l.distance)]),
      byPattern: count(locations, patterns, (l) => [l.ability.pattern]),
      byType: count(locations, types, (l) => l.types),
      withTwoTypes: locations.filter((l) => l.types.length > 1).length,
      distanceByType: types.map((type) => ({ type, byDistance: count(locations.filter((l) => l.types.includes(type)), distanceKeys, (l) => [String(l.distance)]) })),
      distanceByPattern: patterns.map((pattern) => ({ pattern, byDistance: count(locations.filter((l) => l.ability.pattern === pattern), distanceKeys, (l) => [String(l.distance)]) })),
    },
    contacts: {
      byColour: count(contacts, colours, (c) => [c.colour]),
      byUse: count(contacts, ["permanent", "one-time"], (c) => [c.use]),
      byRange: count(contacts, distanceKeys, (c) => [String(c.range)]),
    },
    values: steps.map((distance) => {
      const here = atDistance(distance);
      return {
        distance,
        spoils: spread(here.map((l) => giftsValue(l.spoils))),
        agreement: spread(here.map((l) => giftsValue(l.agreement))),
        production: spread(here.flatMap((l) => productionValue(l) ?? [])),
      };
    }),
    costCurve: steps.map((step) => {
      const ofRange = contacts.filter((c) => c.range === step);
      return { step, locations: atDistance(step).length, contacts: ofRange.length, meanContactPrice: spread(ofRange.map((c) => costValue(c.price))).mean };
    }),
  };
}

const asObject = (counts: Counts): Record<string, number> => Object.fromEntries(counts);

/**
 * The summary as JSON: counts are objects (their keys sorted: a key's place
 * means nothing), what goes by distance is an array in distance order.
 */
export function summaryJson(s: SetSummary): string {
  const value = {
    cards: s.cards,
    byKind: asObject(s.byKind),
    bySet: asObject(s.bySet),
    locations: {
      byDistance: asObject(s.locations.byDistance),
      byPattern: asObject(s.locations.byPattern),
      byType: asObject(s.locations.byType),
      withTwoTypes: s.locations.withTwoTypes,
      distanceByType: Object.fromEntries(s.locations.distanceByType.map((t) => [t.type, asObject(t.byDistance)])),
      distanceByPattern: Object.fromEntries(s.locations.distanceByPattern.map((p) => [p.pattern, asObject(p.byDistance)])),
    },
    contacts: { byColour: asObject(s.contacts.byColour), byUse: asObject(s.contacts.byUse), byRange: asObject(s.contacts.byRange) },
    values: s.values,
    costCurve: s.costCurve,
  };
  return jsonText(canonical(value), 2);
}

/** Rows as aligned columns: the first left-aligned, the others right-aligned. */
export function table(rows: readonly (readonly (string | number)[])[], indent = "  "): string[] {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  return cells.map((r) => indent + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ").trimEnd());
}

const total = (counts: Counts): number => counts.reduce((s, [, n]) => s + n, 0);

function countLine(title: string, counts: Counts, label: (key: string) => string = (k) => k): string {
  return `${title}: ${counts.map(([k, n]) => `${label(k)} ${n}`).join(", ")}`;
}

const number = (x: number): string => x.toFixed(2).replace(/\.?0+$/, "");

function valueCell(v: ValueSpread): string {
  return v.mean === null ? "-" : v.min === v.max ? number(v.mean) : `${number(v.mean)} (${number(v.min)}-${number(v.max)})`;
}

/** The most `#` a bar of the cost curve has: the largest step's. */
const barWidth = 24;

export function summaryText(s: SetSummary): string {
  const l = s.locations;
  const biggest = Math.max(1, ...s.costCurve.map((c) => c.locations));
  const lines = [
    `${s.cards} cards (${s.byKind.map(([k, n]) => `${n} ${k}`).join(", ")})${s.bySet.length > 1 ? `; sets: ${s.bySet.map(([k, n]) => `${k} ${n}`).join(", ")}` : ""}`,
    "",
    `Locations: ${total(l.byDistance)}`,
    `  ${countLine("by distance", l.byDistance, (d) => `d${d}`)}`,
    `  ${countLine("by pattern", l.byPattern)}`,
    `  ${countLine("type icons", l.byType)} (${l.withTwoTypes} cards with two types)`,
    "",
    "Distance x type (type icons):",
    ...table([["type", ...steps.map((d) => `d${d}`), "total"], ...l.distanceByType.map((t) => [t.type, ...t.byDistance.map(([, n]) => n), total(t.byDistance)])]),
    "",
    "Distance x pattern:",
    ...table([["pattern", ...steps.map((d) => `d${d}`), "total"], ...l.distanceByPattern.map((p) => [p.pattern, ...p.byDistance.map(([, n]) => n), total(p.byDistance)])]),
    "",
    `Contacts: ${total(s.contacts.byUse)}`,
    `  ${countLine("by colour", s.contacts.byColour)}`,
    `  ${countLine("by use", s.contacts.byUse)}`,
    `  ${countLine("by range", s.contacts.byRange, (r) => `range ${r}`)}`,
    "",
    "Value per distance (mean, and range; 1 resource = 1 card = 1, worker 1/2, VP 2 a point, contact token its range):",
    ...table([["distance", "spoils", "agreement", "production"], ...s.values.map((v) => [String(v.distance), valueCell(v.spoils), valueCell(v.agreement), valueCell(v.production)])]),
    "",
    "Cost curve (a Location costs its distance in contact range; a Contact reaches its range for its price):",
    ...table([["step", "locations", "", "contacts", "mean price"], ...s.costCurve.map((c) => [String(c.step), c.locations, "#".repeat(Math.round((c.locations / biggest) * barWidth)).padEnd(barWidth), c.contacts, c.meanContactPrice === null ? "-" : number(c.meanContactPrice)])]),
  ];
  return lines.join("\n") + "\n";
}
