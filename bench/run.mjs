// `npm run bench`: validate throughput per stage, the whole
// `state51 validate` process against a bare `node -e 0` in the same run, and
// the whole `state51 build` (into a temp folder, so generated/ is untouched).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { measureStages } = await import(join(root, "dist/bench.mjs"));

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function processTime(args, runs = 15) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const r = spawnSync(process.execPath, args, { cwd: root, stdio: "ignore" });
    times.push(performance.now() - start);
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
  }
  return median(times);
}

const { cards, stages } = measureStages();
console.log(`validate throughput on the base set (${cards} cards), one core:`);
for (const s of stages) {
  console.log(`  ${s.stage.padEnd(20)} ${String(s.cardsPerSecond).padStart(9)} cards/s   ${s.msPerSet.toFixed(2).padStart(7)} ms per set`);
}

const baseline = processTime(["-e", "0"]);
const validate = processTime([join(root, "dist/state51.mjs"), "validate"]);
console.log(`\nwhole process, median of 15 runs:`);
console.log(`  node -e 0 (baseline)      ${baseline.toFixed(0).padStart(5)} ms`);
console.log(`  state51 validate          ${validate.toFixed(0).padStart(5)} ms   (${(validate / baseline).toFixed(2)}x baseline, ${(validate - baseline).toFixed(0)} ms over it)`);
console.log(`  budget                      500 ms   ${validate < 500 ? "ok" : "OVER BUDGET"}`);

// state51 build: validate + load ts-morph + compile + write, into a temp --out.
const buildDir = mkdtempSync(join(tmpdir(), "state51-bench-"));
try {
  const build = processTime([join(root, "dist/state51.mjs"), "build", "--out", join(buildDir, "generated")], 5);
  console.log(`  state51 build             ${build.toFixed(0).padStart(5)} ms   (median of 5, into a temp folder; loads ts-morph)`);
} finally {
  rmSync(buildDir, { recursive: true, force: true });
}

// The engine: complete 4-player games between random bots, on this one core.
const { measureGames } = await import(join(root, "dist/bench-games.mjs"));
const g = measureGames(5000);
console.log(`\nengine, 4-player random-bot games on one core (5 s):`);
console.log(`  ${g.games} games, ${g.gamesPerSecond.toFixed(0)} games/s, ${g.meanRounds.toFixed(1)} rounds a game on average   (target 200 games/s: ${g.gamesPerSecond >= 200 ? "ok" : "BELOW TARGET"})`);
