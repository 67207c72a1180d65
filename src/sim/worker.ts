/**
 * A simulation worker thread (bundled as dist/sim-worker.mjs, run by piscina):
 * it imports the compiled card set from the `data:` URL it is given once
 * (src/pipeline/load-card-set.ts, `cardSetUrl`), then plays each batch of
 * game indices it is sent and answers with that batch's tally.
 */
import { workerData } from "node:worker_threads";
import type { CardRegistry } from "../engine/definitions.js";
import { playRange, type SimulationPlan } from "./simulated-game.js";
import { emptyTally, type Tally, type TallyShape } from "./tally.js";

export interface WorkerSetup {
  /** The compiled registry module (`cardSetUrl`). */
  readonly cards: string;
  readonly plan: SimulationPlan;
  readonly shape: TallyShape;
}

export interface Batch {
  readonly from: number;
  readonly to: number;
}

const setup = workerData as WorkerSetup;
let registry: Promise<CardRegistry> | undefined;

export default async function playBatch(batch: Batch): Promise<Tally> {
  registry ??= import(/* @vite-ignore */ setup.cards).then((m: { registry: CardRegistry }) => m.registry);
  return playRange(await registry, setup.plan, setup.shape, batch.from, batch.to, emptyTally(setup.shape));
}
