/**
 * The rules a card must obey, kind by kind: which statements each field may
 * hold, how a Location's ability must fit its pattern, the limits of the
 * rulebook (slots and depots hold at most 3, a Leader's one ability, contact
 * ranges). Each function turns a parsed card into its model form or reports
 * why it cannot.
 */
import type * as A from "../../grammar/ast.js";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { fieldReporter } from "../diagnostics/field-report.js";
import type { ParsedCard } from "../parse/parse-cards.js";
import type { BaseData, ContactData, LeaderData, LocationData } from "../schema/card-file.js";
import type * as M from "./model.js";
import { isTraitKind, traitConstructs, traitKinds, traitPieces } from "../constructs/traits/index.js";
import { isStatementConstructKind, statementConstructs, statementPieces, type StatementNode } from "../constructs/statements/index.js";
import type { BaseParts, DealParts, LeaderParts, LocationParts } from "../constructs/statement.js";
import { production } from "../constructs/statements/produce.js";
import { asPrinted, checkRange, resolveAll, resolveCost, resolveTerm, type Resolver, resolveAssets } from "./resolve.js";
import type { Vocabulary } from "./vocabulary.js";

export interface CardContext {
  readonly card: ParsedCard;
  readonly vocabulary: Vocabulary;
  readonly out: Diagnostic[];
}

/** A resolver reporting into one field (or one item of a list field) of the card. */
function resolver(ctx: CardContext, field: string, index?: number): Resolver {
  const path = index === undefined ? [...ctx.card.path, field] : [...ctx.card.path, field, index];
  return { vocabulary: ctx.vocabulary, report: fieldReporter(ctx.card.file, path, ctx.out) };
}

/** A trait in a field that cannot hold it. */
function misplaced(r: Resolver, s: A.Statement, where: string): void {
  r.report("S51-E302", s.span, { statement: s.kind, where });
}

/** The traits that make no sense twice in one field (a statement's module names its own group). */
const singleGroup: Partial<Record<A.StatementKind, string>> = {
  slots: "slots",
  depot: "depot",
};

function groupOf(s: A.Statement): string | undefined {
  return isStatementNode(s) ? statementPieces.single(s) : singleGroup[s.kind];
}

/** Reports repeated statements; true when there are none. */
function noRepeats(r: Resolver, statements: readonly A.Statement[]): boolean {
  const seen = new Set<string>();
  let ok = true;
  for (const s of statements) {
    const group = groupOf(s);
    if (!group) continue;
    if (seen.has(group)) {
      const what = group === "action" ? "a worker action (action or combo)" : group === "produce:" ? '"produce: pay …"' : `"${s.kind}"`;
      r.report("S51-E311", s.span, { what }, group === "action" ? "a card has one worker action" : "merge them into one statement");
      ok = false;
    }
    seen.add(group);
  }
  return ok;
}

/** "an action card", "a trait card". */
function aCard(pattern: string): string {
  return `${/^[aeiou]/.test(pattern) ? "an" : "a"} ${pattern} card`;
}

// ---- shared statement resolvers -------------------------------------------

function assets(r: Resolver, list: readonly A.Asset[]): M.Asset[] | undefined {
  return resolveAssets(r, list);
}

function costs(r: Resolver, list: readonly A.Asset[]): M.Cost[] | undefined {
  return resolveAll(list, (a) => resolveCost(r, a));
}

function isTraitStatement(s: A.Statement): s is A.TraitStatement {
  return isTraitKind(s.kind);
}

function isStatementNode(s: A.Statement): s is StatementNode {
  return isStatementConstructKind(s.kind);
}

/** A statement of src/constructs/statements refused where it stands: the hint its module gives for that kind of card. */
function refused(r: Resolver, s: StatementNode, where: "location" | "base" | "leader"): void {
  const place = statementConstructs[s.kind].place[where];
  const field = { location: "a Location's ability", base: "a Base's ability", leader: "a Leader's ability" }[where];
  // The module's hint, or none: never another table's.
  r.report("S51-E302", s.span, { statement: s.kind, where: field }, "refused" in place ? place.hint : undefined);
}

/** The part of a card a statement fills where it stands, if that card takes it. */
function partIn(s: A.Statement, where: "location" | "leader" | "base"): string | undefined {
  const place = isStatementNode(s) ? statementConstructs[s.kind].place[where] : undefined;
  return place !== undefined && "part" in place ? place.part : undefined;
}

/** What each part of a card holds: the models of the statements that fill it, in order (a single group's part holds one). */
type Parts<P> = { -readonly [K in keyof P]?: P[K][] };

/** Puts a checked statement in the part of its card its module names (the module's types say its model fits there). */
function fill<P>(parts: Parts<P>, part: keyof P, model: unknown): void {
  ((parts as Record<keyof P, unknown[]>)[part] ??= []).push(model);
}

/** A trait statement's meaning, by its construct (src/constructs/traits). */
function trait(r: Resolver, s: A.TraitStatement): M.Trait | undefined {
  return traitPieces.check(s, r);
}

// ---- Locations -------------------------------------------------------------

function spoilsOrAgreement(ctx: CardContext, field: "spoils" | "agreement"): M.Gift[] | undefined {
  const r = resolver(ctx, field);
  const statements = ctx.card.statements[field] ?? [];
  const parts: Parts<DealParts> = {};
  let ok = true;
  for (const s of statements) {
    const place = isStatementNode(s) ? statementConstructs[s.kind].place.deals : undefined;
    if (!isStatementNode(s) || !place) {
      r.report("S51-E302", s.span, { statement: s.kind, where: `the ${field} part (it only gains: "gain …")` });
      ok = false;
      continue;
    }
    const model = statementPieces.check(s, r, "deals");
    if (model === undefined) ok = false;
    else fill(parts, place.part, model);
  }
  // A field's statements are given in order, as one list.
  return ok ? (parts.gifts ?? []).flat() : undefined;
}

const patternAdvice = {
  action: "an action card has one worker action (\"action: …\" or \"combo …\")",
  production: "a production card produces (\"produce …\") and has no worker action or trait",
  trait: `a trait card has traits (${traitKinds.join(", ")}) and no worker action`,
};

/** What a card of this pattern has instead, for a hint. */
function adviceFor(pattern: LocationData["pattern"]): string {
  return patternAdvice[pattern === "open-production" || pattern === "closed-production" ? "production" : pattern];
}

function locationAbility(ctx: CardContext, data: LocationData): { ability: M.LocationAbility; once: readonly M.Effect[]; keep?: M.Keep } | undefined {
  const r = resolver(ctx, "ability");
  const statements = ctx.card.statements.ability ?? [];
  let ok = noRepeats(r, statements);
  let misfits = 0;
  const misfit = (s: A.Statement, what: string, hint: string): void => {
    r.report("S51-E303", s.span, { card: aCard(data.pattern), what, statement: s.kind }, hint);
    ok = false;
    misfits++;
  };
  const needs = (card: string, what: string, hint: string): void => {
    r.report("S51-E348", undefined, { card, what }, hint);
    ok = false;
  };
  const parts: Parts<LocationParts> = {};
  const traits: M.Trait[] = [];
  const isProduction = data.pattern === "open-production" || data.pattern === "closed-production";
  for (const s of statements) {
    if (isTraitStatement(s)) {
      if (data.pattern !== "trait") {
        misfit(s, "trait", `make the pattern trait, or ${isProduction ? patternAdvice.production : patternAdvice.action}`);
        continue;
      }
      const t = trait(r, s);
      if (t) traits.push(t);
      else ok = false;
      continue;
    }
    const place = statementConstructs[s.kind].place.location;
    if ("refused" in place) {
      refused(r, s, "location");
      ok = false;
      misfits++;
      continue;
    }
    if (place.only && !place.only.patterns.includes(data.pattern)) {
      misfit(s, place.only.what, `make the pattern ${place.only.patterns.join(" or ")}, or ${adviceFor(data.pattern)}`);
      if (place.only.checked) statementPieces.check(s, r, "location");
      continue;
    }
    const model = statementPieces.check(s, r, "location");
    if (model === undefined) ok = false;
    else fill(parts, place.part, model);
  }
  // A statement that fits another pattern was reported above; saying the card
  // also lacks what its pattern needs would be the same mistake twice.
  if (misfits > 0) return undefined;
  const fills = (part: keyof LocationParts) => (s: A.Statement): boolean => partIn(s, "location") === part;
  if (isProduction && !statements.some(fills("produce"))) {
    r.report("S51-E304", undefined, { card: aCard(data.pattern) }, 'add "produce …", or change the pattern');
    ok = false;
  }
  if (data.pattern === "action" && !statements.some(fills("work"))) {
    needs("an action card", "a worker action", 'add "action: …" or "combo …", or change the pattern');
  }
  if (data.pattern === "trait" && !statements.some(isTraitStatement)) {
    needs("a trait card", "a trait", `add ${traitKinds.join(", ")}, or change the pattern`);
  }
  if (!ok) return undefined;
  const ability: M.LocationAbility =
    data.pattern === "action"
      ? { pattern: "action", work: parts.work![0]! }
      : data.pattern === "trait"
        ? { pattern: "trait", traits }
        : { pattern: data.pattern, ...production(parts.produce ?? []) };
  return { ability, once: parts.once?.[0] ?? [], ...(parts.keep ? { keep: parts.keep[0]! } : {}) };
}

function cardTypes(ctx: CardContext, data: LocationData): string[] | undefined {
  const out: string[] = [];
  let ok = true;
  data.types.forEach((type, i) => {
    const report = resolver(ctx, "types", i);
    const id = resolveTerm(report, fieldWord(type), "cardTypes");
    if (!id) ok = false;
    else if (out.includes(id)) {
      report.report("S51-E311", undefined, { what: `card type "${id}"` });
      ok = false;
    } else out.push(id);
  });
  return ok ? out : undefined;
}

export function checkLocation(ctx: CardContext, data: LocationData, common: CommonFields): M.LocationCard | undefined {
  const types = cardTypes(ctx, data);
  const spoils = spoilsOrAgreement(ctx, "spoils");
  const agreement = spoilsOrAgreement(ctx, "agreement");
  const grey = locationAbility(ctx, data);
  if (!types || !spoils || !agreement || !grey) return undefined;
  return { ...common, kind: "location", distance: data.distance as 1 | 2 | 3, types, spoils, agreement, ...grey };
}

// ---- Bases, Leaders, Contacts ---------------------------------------------

export type CommonFields = Pick<M.BaseCard, "id" | "name" | "set" | "origin">;

/** A YAML field holding one vocabulary word, resolved as if it were a word of an ability. */
function fieldWord(value: string): A.Word {
  return { text: value, span: { start: 0, end: value.length } };
}

function faction(ctx: CardContext, value: string): string | undefined {
  return resolveTerm(resolver(ctx, "faction"), fieldWord(value), "factions");
}

/**
 * A faction power is one worker action or traits, as a Location is one
 * pattern or another: the first statement of the power says which, and a
 * statement of the other kind is reported where it stands.
 */
function onePower(r: Resolver, power: readonly A.Statement[]): boolean {
  const isWork = (s: A.Statement | undefined): boolean => s !== undefined && partIn(s, "base") === "work";
  const first = power[0];
  const other = power.find((s) => isWork(s) !== isWork(first));
  if (!first || !other) return true;
  const [action, traits] = isWork(first) ? [first, other] : [other, first];
  r.report(
    "S51-E324",
    other.span,
    { action: action.kind, traits: traits.kind },
    "keep the action or the traits, as a Location is an action card or a trait card",
  );
  return false;
}

export function checkBase(ctx: CardContext, data: BaseData, common: CommonFields): M.BaseCard | undefined {
  const r = resolver(ctx, "ability");
  const statements = ctx.card.statements.ability ?? [];
  let slots = 3;
  const parts: Parts<BaseParts> = {};
  const traits: M.Trait[] = [];
  const power: A.Statement[] = [];
  let ok = noRepeats(r, statements);
  for (const s of statements) {
    if (s.kind === "slots") {
      // A Base's own slots: how many deals it holds, not a power.
      const t = trait(r, s);
      if (t?.kind === "slots" && t.holds === "deal") slots = t.amount;
      else if (t) r.report("S51-E344", s.holds.span, {}, 'write "slots 3 deals"');
      if (!t || t.kind !== "slots" || t.holds !== "deal") ok = false;
    } else if (isTraitStatement(s)) {
      power.push(s);
      const t = trait(r, s);
      if (t) traits.push(t);
      else ok = false;
    } else {
      const place = statementConstructs[s.kind].place.base;
      if ("refused" in place) {
        // A Base produces, holds deals and may carry a faction power: every other statement's module says why not.
        refused(r, s, "base");
        ok = false;
        continue;
      }
      if (place.part === "work") power.push(s);
      const model = statementPieces.check(s, r, "base");
      if (model === undefined) ok = false;
      else fill(parts, place.part, model);
    }
  }
  if (!onePower(r, power)) ok = false;
  if (!statements.some((s) => partIn(s, "base") === "produce")) {
    r.report("S51-E304", undefined, { card: "a Base" }, 'add "produce 3 workers, 1 <resource>"');
    ok = false;
  }
  const f = faction(ctx, data.faction);
  if (!ok || !f) return undefined;
  const base: M.BaseCard = { ...common, kind: "base", faction: f, produce: production(parts.produce ?? []).produce, slots };
  const work = parts.work?.[0];
  if (work) return { ...base, power: { pattern: "action", work } };
  return traits.length > 0 ? { ...base, power: { pattern: "trait", traits } } : base;
}

export function checkLeader(ctx: CardContext, data: LeaderData, common: CommonFields): M.LeaderCard | undefined {
  const r = resolver(ctx, "ability");
  const statements = ctx.card.statements.ability ?? [];
  let ok = noRepeats(r, statements);
  const parts: Parts<LeaderParts> = {};
  const triggers: M.LeaderCard["ability"][] = [];
  for (const s of statements) {
    if (isStatementNode(s)) {
      const place = statementConstructs[s.kind].place.leader;
      if ("refused" in place) {
        refused(r, s, "leader");
        ok = false;
        continue;
      }
      const model = statementPieces.check(s, r, "leader");
      if (model === undefined) ok = false;
      else fill(parts, place.part, model);
    } else if (s.kind === "after") {
      const a = traitConstructs.after.check(s, r);
      if (a) triggers.push(a);
      else ok = false;
    } else {
      misplaced(r, s, "a Leader's ability");
      ok = false;
    }
  }
  // Counted as written, not as resolved: a misspelled trigger is one mistake, not two.
  const written = statements.filter((s) => s.kind === "after" || partIn(s, "leader") === "ability").length;
  if (written !== 1) {
    r.report("S51-E349", undefined, { count: written });
    ok = false;
  }
  const rr = resolver(ctx, "resources");
  const printed = ctx.card.assets.resources ?? [];
  for (const a of printed) if (a.scale) asPrinted(rr, a.scale, "a Leader's resources", 'they are placed on it as printed; scale a gain in its ability: "once: 1 fuel per opponent"');
  const resources = printed.some((a) => a.scale) ? undefined : assets(rr, printed);
  const nonResource = resources?.find((a) => a.kind !== "resource");
  if (nonResource) {
    rr.report("S51-E345", undefined, {}, 'other gains go in the ability ("once: …")');
    ok = false;
  }
  const abilities = [...triggers, ...(parts.ability ?? [])];
  return ok && resources ? { ...common, kind: "leader", resources, once: parts.once?.[0] ?? [], ability: abilities[0]! } : undefined;
}

export function checkContact(ctx: CardContext, data: ContactData, common: CommonFields): M.ContactCard | undefined {
  let ok = true;
  const at = (field: string): Resolver => resolver(ctx, field);
  const colour = resolveTerm(at("colour"), fieldWord(data.colour), "contactColours");
  if (colour && !checkRange(at("range"), colour, data.range, undefined)) ok = false;
  let factionId: string | undefined;
  if (data.use === "permanent") {
    if (data.faction === undefined) {
      at("use").report("S51-E310", undefined, {}, 'add "faction: <faction>"');
      ok = false;
    } else {
      factionId = faction(ctx, data.faction);
      if (!factionId) ok = false;
    }
  } else if (data.faction !== undefined) {
    at("faction").report("S51-E350", undefined, {}, 'remove "faction", or make it "use: permanent"');
    ok = false;
  }
  const price = costs(at("price"), ctx.card.assets.price ?? []);
  // A contact's price is paid in resources and cards from hand (rulebook, "Contact cards").
  const odd = price?.find((c) => c.kind !== "resource" && c.kind !== "card");
  if (odd) {
    at("price").report("S51-E346", undefined, { what: odd.kind === "deal" ? odd.deal : "workers" });
    ok = false;
  }
  if (!ok || !colour || !price) return undefined;
  return { ...common, kind: "contact", use: data.use, ...(factionId ? { faction: factionId } : {}), colour, range: data.range, price };
}
