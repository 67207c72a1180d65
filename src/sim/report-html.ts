/**
 * `state51 simulate --format html`: the report (src/sim/report.ts) as one
 * self-contained HTML file in the printed sheets' style (src/print/): inline
 * CSS and SVG, system fonts, no script, nothing loaded (its
 * Content-Security-Policy forbids it). A summary, three plots drawn here as
 * SVG (win rate by faction, each card's win-rate difference against its play
 * rate, the game-length histogram), each with its axes and a caption, then
 * the tables. Every designer string is escaped; the same report gives the
 * same bytes.
 */
import { escapeHtml, htmlPage, num } from "../print/html.js";
import { factionColour } from "../print/icons.js";
import { baselineSeeds, ordinal, roundsCompared } from "./compare.js";
import { atLimit, counted, finalVpText, htmlTitleStart, tooFewToTell, mainComplete, minGames, thousands, optPct, pct, roundLimitText, roundsText, signedPoints, type CardReport, type Rate, type SimulationReport } from "./report.js";

/** Colours and fonts of the printed sheets (src/print/sheet.ts, card-html.ts). */
const ink = "#1c1c1c";
const head = "#3a3129";
const grey = "#5f5f5f";
const red = "#b3261e";
const blue = "#1d5ba8";
const paper = "#fbf8f1";
const band = "#efe9dc";
const rule = "#d8d2c4";
const fonts = `"Liberation Sans", Arial, Helvetica, "DejaVu Sans", sans-serif`;

const pts = signedPoints;
const games = (k: number): string => counted(k, "game");
const e = escapeHtml;

/**
 * A generous estimate of a text's width in px at `size` px in the sheets'
 * sans-serif (no font metrics without a browser): wide letters, capitals,
 * narrow ones, the rest.
 */
export function textWidth(text: string, size: number): number {
  let em = 0;
  for (const c of text) em += /[WMmw@%]/.test(c) ? 0.95 : /[A-Z]/.test(c) ? 0.74 : /[iljtf.,:;'|!() ]/.test(c) ? 0.34 : 0.6;
  return em * size;
}

/** The text, cut with an ellipsis to fit `width` px at `size` px (the whole name goes in a <title>). */
export function clip(text: string, width: number, size: number): string {
  if (textWidth(text, size) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(chars.join("") + "…", size) > width) chars.pop();
  return chars.join("") + "…";
}

/**
 * Round tick values covering [lo, hi]: steps of 1, 2 or 5 × 10^k, about
 * `count` of them; the range is widened to the outer ticks.
 */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (!(hi > lo)) hi = lo + 1;
  const raw = (hi - lo) / Math.max(1, count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw - 1e-12)!;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Math.round(i * step * 1e9) / 1e9 + 0); // + 0: never -0
  return ticks;
}

/** A linear map from [d0, d1] to [r0, r1]. */
export function scale(d0: number, d1: number, r0: number, r1: number): (x: number) => number {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (x) => r0 + (x - d0) * k;
}

export interface Frame {
  readonly width: number;
  readonly height: number;
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

const text = (x: number, y: number, body: string, attrs = ""): string => `<text x="${num(x)}" y="${num(y)}"${attrs ? " " + attrs : ""}>${body}</text>`;
const line = (x1: number, y1: number, x2: number, y2: number, attrs: string): string =>
  `<line x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" ${attrs}/>`;

/** A horizontal axis at the bottom of the frame: ticks, their labels and the axis title. */
function xAxis(f: Frame, ticks: readonly number[], x: (v: number) => number, label: (v: number) => string, title: string, grid = true): string {
  const y0 = f.height - f.bottom;
  return (
    `<g class="axis x">` +
    ticks
      .map(
        (t) =>
          (grid ? line(x(t), f.top, x(t), y0, `class="grid"`) : "") +
          line(x(t), y0, x(t), y0 + 4, `class="tick"`) +
          text(x(t), y0 + 17, e(label(t)), `text-anchor="middle"`),
      )
      .join("") +
    line(f.left, y0, f.width - f.right, y0, `class="domain"`) +
    text((f.left + f.width - f.right) / 2, f.height - 8, e(title), `text-anchor="middle" class="title"`) +
    `</g>`
  );
}

/** A vertical axis at the left of the frame: ticks, their labels, gridlines and the axis title (turned). */
function yAxis(f: Frame, ticks: readonly number[], y: (v: number) => number, label: (v: number) => string, title: string): string {
  const x0 = f.left;
  const midY = (f.top + f.height - f.bottom) / 2;
  return (
    `<g class="axis y">` +
    ticks
      .map((t) => line(x0, y(t), f.width - f.right, y(t), `class="grid"`) + line(x0 - 4, y(t), x0, y(t), `class="tick"`) + text(x0 - 7, y(t) + 4, e(label(t)), `text-anchor="end"`))
      .join("") +
    line(x0, f.top, x0, f.height - f.bottom, `class="domain"`) +
    text(14, midY, e(title), `text-anchor="middle" class="title" transform="rotate(-90 14 ${num(midY)})"`) +
    `</g>`
  );
}

/** A note beside a marker line at x: to its right, or to its left when near the right edge. */
function note(f: Frame, x: number, y: number, body: string): string {
  const toLeft = x > f.left + (f.width - f.right - f.left) * 0.6;
  return text(toLeft ? x - 4 : x + 4, y, e(body), `class="note" text-anchor="${toLeft ? "end" : "start"}"`);
}

function svg(id: string, f: Frame, label: string, body: string): string {
  return `<svg class="plot" id="${id}" viewBox="0 0 ${f.width} ${f.height}" width="${f.width}" height="${f.height}" role="img" aria-label="${e(label)}">${body}</svg>`;
}

function figure(id: string, title: string, plot: string, caption: string): string {
  return `<figure class="figure" id="${id}-figure"><h3>${e(title)}</h3>${plot}<figcaption>${caption}</figcaption></figure>`;
}

/** Plot 1: each faction's win rate, a dot with its 95% interval as a bar, and the fair share 1/players as a dashed line. */
export function factionPlot(r: SimulationReport): string {
  const rows = r.factions;
  const names = rows.map((f) => clip(f.name, 220, 12));
  const left = 24 + Math.max(60, ...names.map((n) => textWidth(n, 12)));
  const f: Frame = { width: 640, height: 76 + 30 * Math.max(1, rows.length), left, right: 24, top: 26, bottom: 46 };
  const fair = 1 / r.run.players;
  // A faction with no games has the interval 0 to 1 (nothing known), which would stretch the axis to 100%.
  const hi = Math.max(fair, ...rows.filter((x) => x.winRate !== null).map((x) => x.high));
  const ticks = niceTicks(0, Math.min(1, hi * 1.05), 5).filter((t) => t <= 1);
  const x = scale(0, ticks[ticks.length - 1]!, f.left, f.width - f.right);
  const rowY = (i: number): number => f.top + 15 + 30 * i;
  const marks = rows
    .map((row, i) => {
      const colour = factionColour(row.faction);
      const y = rowY(i);
      // A faction no one played (a short or interrupted run): its name, and no interval spanning everything.
      const rate = row.winRate;
      if (rate === null) return `<g class="faction"><title>${e(`${row.name}: no games`)}</title>${text(f.left - 8, y + 4, e(names[i]!), `text-anchor="end" class="label"`)}${text(f.left + 6, y + 4, "no games", `class="label"`)}</g>`;
      const tip = `${row.name}: ${pct(rate)} won, 95% interval ${pct(row.low)} to ${pct(row.high)}, ${thousands(row.wins)} of ${thousands(row.games)} player-games`;
      return (
        `<g class="faction"><title>${e(tip)}</title>` +
        text(f.left - 8, y + 4, e(names[i]!), `text-anchor="end" class="label"`) +
        line(x(row.low), y, x(row.high), y, `stroke="${colour}" stroke-width="3" stroke-linecap="round"`) +
        line(x(row.low), y - 6, x(row.low), y + 6, `stroke="${colour}" stroke-width="2"`) +
        line(x(row.high), y - 6, x(row.high), y + 6, `stroke="${colour}" stroke-width="2"`) +
        `<circle cx="${num(x(rate))}" cy="${num(y)}" r="5" fill="${colour}" stroke="#fff" stroke-width="1.5"/>` +
        `</g>`
      );
    })
    .join("");
  const fairLine =
    line(x(fair), f.top - 4, x(fair), f.height - f.bottom, `class="fair"`) + note(f, x(fair), f.top - 9, `fair share ${pct(fair)}`);
  const body = xAxis(f, ticks, x, (t) => `${num(100 * t)}%`, "win rate (games won alone / player-games)") + fairLine + marks;
  return figure(
    "factions",
    "Win rate by faction",
    svg("factions-plot", f, "win rate by faction with 95% intervals", body),
    `Each dot is a faction's win rate; its bar is the 95% Wilson interval. The dashed line is the fair share with ${r.run.players} players, 1/${r.run.players} = ${pct(fair)}: a faction whose bar lies wholly to one side of it wins more (right) or less (left) often than its share, beyond what chance explains.`,
  );
}

/**
 * Where to write the flagged cards' names: beside the dot (to its left near
 * the right edge), moved apart vertically so no two names overlap, and kept
 * inside the frame (a plot with more flagged cards than lines of names has
 * names on top of one another; the table lists them all).
 */
export function labelPositions(points: readonly { x: number; y: number; name: string }[], f: Frame, gap = 13): { x: number; y: number; name: string; anchor: "start" | "end" }[] {
  const placed = points.map((p) => {
    const toLeft = p.x > f.left + (f.width - f.right - f.left) * 0.62;
    return { x: toLeft ? p.x - 8 : p.x + 8, y: p.y + 4, name: p.name, anchor: toLeft ? ("end" as const) : ("start" as const) };
  });
  const top = f.top + 10;
  const bottom = f.height - f.bottom - 4;
  // One column of names: a name on the left of its dot may run into one on the right of another.
  const order = [...placed].sort((a, b) => a.y - b.y || a.x - b.x || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (let i = 0; i < order.length; i++) order[i]!.y = Math.max(order[i]!.y, i === 0 ? top : order[i - 1]!.y + gap);
  // Pushed past the bottom: pull the last ones back up, keeping the gaps.
  for (let i = order.length - 1; i >= 0; i--) order[i]!.y = Math.min(order[i]!.y, i === order.length - 1 ? bottom : order[i + 1]!.y - gap);
  return placed;
}

/** Plot 2: each card's win-rate difference (with its interval) against its play rate; the usual range shaded, flagged cards labelled. */
export function cardPlot(r: SimulationReport): string {
  const f: Frame = { width: 640, height: 400, left: 64, right: 24, top: 16, bottom: 46 };
  const cards = r.cards.filter((c): c is CardReport & { difference: NonNullable<CardReport["difference"]>; playRate: number } => c.difference !== null && c.playRate !== null);
  const lows = cards.map((c) => c.difference.low);
  const highs = cards.map((c) => c.difference.high);
  const u = r.usualRange;
  const yTicks = niceTicks(Math.min(0, ...lows, ...(u ? [u.low] : [])), Math.max(0, ...highs, ...(u ? [u.high] : [])), 6);
  const y = scale(yTicks[0]!, yTicks[yTicks.length - 1]!, f.height - f.bottom, f.top);
  const xTicks = [0, 0.2, 0.4, 0.6, 0.8, 1];
  const x = scale(0, 1, f.left, f.width - f.right);
  const range = u === null ? "" : `<rect class="usual" x="${num(f.left)}" y="${num(y(u.high))}" width="${num(f.width - f.right - f.left)}" height="${num(y(u.low) - y(u.high))}"><title>${e(`the set's usual range, ${pts(u.low)} to ${pts(u.high)} pts`)}</title></rect>`;
  const zero = line(f.left, y(0), f.width - f.right, y(0), `class="zero"`);
  const plain = cards.filter((c) => c.flags.length === 0);
  const flagged = cards.filter((c) => c.flags.length > 0);
  const mark = (c: (typeof cards)[number], flagged: boolean): string => {
    const colour = flagged ? red : blue;
    const cx = x(c.playRate);
    const tip = `${c.name}: played in ${pct(c.playRate)} of the player-games it was seen in; difference ${pts(c.difference.value)} pts, 95% interval ${pts(c.difference.low)} to ${pts(c.difference.high)}${flagged ? ` (${c.flags.map((fl) => fl.flag).join(", ")})` : ""}`;
    return (
      `<g class="card${flagged ? " flagged" : ""}"><title>${e(tip)}</title>` +
      line(cx, y(c.difference.low), cx, y(c.difference.high), `stroke="${colour}" stroke-opacity="${flagged ? 0.8 : 0.35}" stroke-width="1.5"`) +
      `<circle cx="${num(cx)}" cy="${num(y(c.difference.value))}" r="${flagged ? 4.5 : 3.5}" fill="${colour}" fill-opacity="${flagged ? 1 : 0.75}"/>` +
      `</g>`
    );
  };
  const labels = labelPositions(
    flagged.map((c) => ({ x: x(c.playRate), y: y(c.difference.value), name: clip(c.name, 165, 11) })),
    f,
  )
    .map((l) => text(l.x, l.y, e(l.name), `class="label flagged" text-anchor="${l.anchor}"`))
    .join("");
  const points = plain.map((c) => mark(c, false)).join("") + flagged.map((c) => mark(c, true)).join("") + labels;
  const body =
    range +
    yAxis(f, yTicks, y, (t) => `${t > 0 ? "+" : t < 0 ? "−" : ""}${num(Math.abs(100 * t))}`, "win-rate difference (pts)") +
    xAxis(f, xTicks, x, (t) => `${num(100 * t)}%`, "play rate (played / seen in hand)") +
    zero +
    points;
  const missing = r.cards.length - cards.length;
  return figure(
    "cards",
    "Cards: win-rate difference against play rate",
    svg("cards-plot", f, "each card's win-rate difference against its play rate", body),
    `Each dot is a card: across, how often it was played when in a player's hand; up, how much more often the players who played it won than those who held it and did not (points), with its 95% interval as a vertical line.` +
      (u === null ? " Too few cards had enough games to tell the set's usual range." : ` The shaded band is the set's usual range (${e(pts(u.low))} to ${e(pts(u.high))} pts); compare a card with it rather than with zero, since players who are ahead play more cards.`) +
      ` Flagged cards are red and named. A card played in fewer than ${minGames} player-games, or held and not played in fewer than ${minGames}, is neither counted towards the band nor flagged, wherever its dot lies: its interval is too wide to tell.` +
      (missing > 0 ? ` ${missing} card${missing === 1 ? " is" : "s are"} not drawn, having no difference to show: never played, or played every time ${missing === 1 ? "it was" : "they were"} held (or never held at all).` : ""),
  );
}

/** Plot 3: how many games lasted each number of rounds. */
export function lengthPlot(r: SimulationReport): string {
  const f: Frame = { width: 640, height: 310, left: 64, right: 24, top: 26, bottom: 46 };
  const g = r.games.rounds;
  const lo = g.mean === null ? 0 : g.min;
  const hi = g.mean === null ? 1 : g.max;
  const most = Math.max(1, ...g.histogram.map((h) => h.games));
  // Games come whole: no more ticks than games, so never a tick at 0.2 of a game.
  const yTicks = niceTicks(0, most, Math.min(5, most));
  const y = scale(0, yTicks[yTicks.length - 1]!, f.height - f.bottom, f.top);
  const x = scale(lo - 0.5, hi + 0.5, f.left, f.width - f.right);
  const span = hi - lo + 1;
  const every = span <= 12 ? 1 : span <= 30 ? 2 : Math.ceil(span / 12);
  const xTicks = Array.from({ length: span }, (_, i) => lo + i).filter((t) => (t - lo) % every === 0);
  const barWidth = Math.max(1, (x(1) - x(0)) * 0.85);
  const bars = g.histogram
    .map(
      (h) =>
        `<rect class="bar" x="${num(x(h.rounds) - barWidth / 2)}" y="${num(y(h.games))}" width="${num(barWidth)}" height="${num(y(0) - y(h.games))}"><title>${e(`${h.rounds} rounds: ${games(h.games)}`)}</title></rect>`,
    )
    .join("");
  const mean = g.mean === null ? "" : line(x(g.mean), f.top - 4, x(g.mean), y(0), `class="mean"`) + note(f, x(g.mean), f.top - 9, `mean ${g.mean.toFixed(2)}`);
  const body = yAxis(f, yTicks, y, (t) => thousands(t), "games") + xAxis(f, xTicks, x, (t) => String(t), "rounds in the game", false) + bars + mean;
  return figure(
    "length",
    "Game length",
    svg("length-plot", f, "histogram of game lengths in rounds", body),
    (g.mean === null
      ? "Each bar would count the games that lasted that many rounds: no game was played."
      : `Each bar counts the games that lasted that many rounds; the dashed line is the mean (${e(g.mean.toFixed(2))} rounds; median ${e(String(g.median))}, standard deviation ${e(g.sd.toFixed(2))}).`) +
      (atLimit(r) > 0 ? ` ${e(roundLimitText(r))}.` : ""),
  );
}

function rateRows(label: string, rows: readonly (Rate & { readonly label: string; readonly colour?: string })[], fair: number): string {
  const body = rows
    .map((row) => {
      const off = row.high < fair ? " below" : row.low > fair ? " above" : "";
      const swatch = row.colour === undefined ? "" : `<span class="swatch" style="background:${row.colour}"></span>`;
      return (
        `<tr><th scope="row">${swatch}${e(row.label)}</th><td>${thousands(row.wins)}</td><td>${thousands(row.games)}</td><td>${thousands(row.draws)}</td>` +
        (row.winRate === null ? `<td class="rate">–</td><td>–</td></tr>` : `<td class="rate${off}">${pct(row.winRate)}</td><td>${pct(row.low)} – ${pct(row.high)}</td></tr>`)
      );
    })
    .join("\n");
  return (
    `<table class="rates"><thead><tr><th scope="col">${e(label)}</th><th scope="col">won</th><th scope="col">player-games</th><th scope="col">drawn</th><th scope="col">win rate</th><th scope="col">95% interval</th></tr></thead>\n` +
    `<tbody>\n${body}\n</tbody></table>`
  );
}

function ways(c: CardReport): string {
  const p = c.plays;
  if (c.kind === "leader") return `Leader ${thousands(p.leader)}`;
  if (c.kind === "contact") return `Contact ${thousands(p.contact)}`;
  return `Spoils ${thousands(p.spoils)} · Agreement ${thousands(p.agreement)} · Location ${thousands(p.location)} (${thousands(p.redevelopment)} redev.)`;
}

function cardTable(r: SimulationReport): string {
  const cards = [...r.cards.filter((c) => c.flags.length > 0), ...r.cards.filter((c) => c.flags.length === 0)];
  const rows = cards
    .map((c) => {
      const d = c.difference === null ? "–" : `${pts(c.difference.value)} <span class="ci">[${pts(c.difference.low)}, ${pts(c.difference.high)}]</span>`;
      const flags = c.flags.map((f) => `<span class="flag flag-${f.flag}">${e(f.flag)}</span>`).join(" ");
      return (
        `<tr${c.flags.length > 0 ? ` class="flagged"` : ""}><th scope="row">${e(c.name)}</th><td class="kind">${e(c.kind)}</td><td>${thousands(c.seen)}</td><td>${thousands(c.played)}</td>` +
        `<td>${optPct(c.playRate)}</td><td class="ways">${ways(c)}</td><td>${optPct(c.winRatePlayed)}</td><td>${optPct(c.winRateNotPlayed)}</td>` +
        `<td class="diff">${d}</td><td>${c.vpPerGamePlayed === null ? "–" : c.vpPerGamePlayed.toFixed(2)}</td><td class="flags">${flags}</td></tr>`
      );
    })
    .join("\n");
  return (
    `<table class="cards"><thead><tr><th scope="col">card</th><th scope="col">kind</th><th scope="col">seen</th><th scope="col">played</th><th scope="col">play rate</th>` +
    `<th scope="col">ways</th><th scope="col">win played</th><th scope="col">win not</th><th scope="col">difference (pts) [95%]</th><th scope="col">VP/game</th><th scope="col">flags</th></tr></thead>\n` +
    `<tbody>\n${rows}\n</tbody></table>`
  );
}

function flagList(r: SimulationReport): string {
  const flagged = r.cards.filter((c) => c.flags.length > 0);
  if (flagged.length === 0) return `<p>No card is flagged.</p>`;
  const items = flagged.flatMap((c) => c.flags.map((f) => `<li><strong>${e(c.name)}</strong> <span class="flag flag-${f.flag}">${e(f.flag)}</span>: ${e(f.reason)}</li>`));
  return `<ul class="reasons">\n${items.join("\n")}\n</ul>`;
}

function summary(r: SimulationReport): string {
  const g = r.games;
  const run = r.run;
  const last = run.seeds.first + run.seeds.count - 1;
  const u = r.usualRange;
  const items: [string, string][] = [
    ["games", `${thousands(g.played)} played, ${thousands(g.draws)} drawn (a shared first place)`],
    ["rounds", roundsText(g.rounds, "standard deviation")],
    ["final VP", finalVpText(g.finalVp)],
    ["players", String(run.players)],
    ["bots by seat", run.bots.join(", ")],
    ["seeds", `${run.seeds.first} to ${last} (${games(run.seeds.count)})${run.shard ? `; shard ${run.shard.index} of ${run.shard.of}` : ""}`],
    ["usual range", u === null ? "too few cards with enough games to tell" : `${pts(u.low)} to ${pts(u.high)} pts (Tukey's fences over ${u.cards} cards)`],
    ["card set", run.cardSet],
    ["engine", run.engine],
  ];
  return (
    (mainComplete(r) ? "" : `<p class="warning">Interrupted: ${games(g.played)} played; the figures are for those games only.</p>\n`) +
    `<dl class="summary">\n${items.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join("\n")}\n</dl>`
  );
}

const diffCell = (d: { readonly value: number; readonly low: number; readonly high: number } | null): string =>
  d === null ? "–" : `${pts(d.value)} <span class="ci">[${pts(d.low)}, ${pts(d.high)}]</span>`;
/** A rank, with the caveat `tooFewToTell` gives for a card of few games (`few`). */
const rankCell = (rank: number | null, of: number, few = false): string => (rank === null ? "–" : `${ordinal(rank)} of ${of}${few ? ` <span class="ci">too few games to tell</span>` : ""}`);

/** `--baseline`: what changed from the baseline run, as tables (none without a baseline). */
function baselineSection(r: SimulationReport): string[] {
  const c = r.comparison;
  const b = r.baseline;
  if (c === undefined || b === undefined) return [];
  const rounds = roundsCompared(c);
  const head = (cols: readonly string[]): string => `<thead><tr>${cols.map((col) => `<th scope="col">${e(col)}</th>`).join("")}</tr></thead>`;
  const table = (cls: string, cols: readonly string[], rows: readonly string[]): string => `<table class="${cls}">${head(cols)}\n<tbody>\n${rows.join("\n")}\n</tbody></table>`;
  const factions = c.factions.map(
    (f) =>
      `<tr><th scope="row"><span class="swatch" style="background:${factionColour(f.faction)}"></span>${e(f.name)}</th><td>${optPct(f.winRate)}</td><td>${optPct(f.baselineWinRate)}</td><td class="diff">${diffCell(f.difference)}</td></tr>`,
  );
  const cardRow = (k: { readonly name: string; readonly kind: string; readonly rank: number | null; readonly of: number; readonly difference: Parameters<typeof diffCell>[0]; readonly played: number; readonly seen: number }, extra = ""): string =>
    `<tr><th scope="row">${e(k.name)}</th><td class="kind">${e(k.kind)}</td><td class="rank">${rankCell(k.rank, k.of, tooFewToTell(k))}</td><td class="diff">${diffCell(k.difference)}</td><td>${thousands(k.played)}</td><td>${thousands(k.seen)}</td>${extra}</tr>`;
  const cardCols = ["card", "kind", "rank", "difference (pts) [95%]", "played", "seen"];
  const items: [string, string][] = [
    ["baseline card set", b.run.cardSet],
    ["games", `${baselineSeeds(b)}, players and bots${c.sameFactions ? ", seated alike" : "; the factions differ, so the games were seated differently"}`],
    ["rounds", `mean ${rounds.mean} here, ${rounds.baselineMean} in the baseline (${rounds.difference}); median ${rounds.median} here, ${rounds.baselineMedian} in the baseline`],
    ["draws", `${thousands(r.games.draws)} here, ${thousands(b.games.draws)} in the baseline`],
  ];
  return [
    `<h2 id="baseline">Against the baseline</h2>`,
    (b.complete ? "" : `<p class="warning">The baseline was interrupted: ${games(b.games.played)} played; the comparison is over different games.</p>\n`) +
      `<dl class="summary">\n${items.map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`).join("\n")}\n</dl>`,
    `<p>Each faction's win rate here and in the baseline, and the change with its 95% interval (Newcombe). A new card's rank places its win-rate difference among the old cards' (those in both sets) in this run: 1st is the highest.</p>`,
    `<div class="tables">`,
    table("rates compare-factions", ["faction", "win rate", "baseline", "change (pts) [95%]"], factions),
    `</div>`,
    `<h3 class="compare">New cards (${c.cards.new.length})</h3>`,
    c.cards.new.length === 0 ? `<p>None: every card is in the baseline's set.</p>` : `<div class="cards-wrap">${table("cards compare-new", cardCols, c.cards.new.map((k) => cardRow(k)))}</div>`,
    ...(c.cards.changed.length === 0
      ? []
      : [
          `<h3 class="compare">Changed cards (${c.cards.changed.length})</h3>`,
          `<div class="cards-wrap">${table("cards compare-changed", [...cardCols, "baseline rank", "baseline difference"], c.cards.changed.map((k) => cardRow(k, `<td class="rank">${rankCell(k.baselineRank, k.baselineOf)}</td><td class="diff">${diffCell(k.baselineDifference)}</td>`)))}</div>`,
        ]),
    ...(c.cards.removed.length === 0
      ? []
      : [
          `<h3 class="compare">Removed cards (${c.cards.removed.length})</h3>`,
          `<div class="cards-wrap">${table("cards compare-removed", ["card", "kind", "baseline difference (pts) [95%]"], c.cards.removed.map((k) => `<tr><th scope="row">${e(k.name)}</th><td class="kind">${e(k.kind)}</td><td class="diff">${diffCell(k.baselineDifference)}</td></tr>`))}</div>`,
        ]),
  ];
}

const css = `
* { box-sizing: border-box }
html { background: #fff }
body { margin: 0 auto; max-width: 1180px; padding: 24px; font-family: ${fonts}; font-size: 14px; line-height: 1.4; color: ${ink} }
header.top { background: ${head}; color: #fff; border-radius: 8px; padding: 14px 18px; margin-bottom: 18px }
header.top h1 { margin: 0; font-size: 22px }
header.top p { margin: 4px 0 0; color: #e8e1d2 }
h2 { margin: 26px 0 10px; padding: 4px 10px; background: ${grey}; color: #fff; border-radius: 4px; font-size: 13px; letter-spacing: 0.04em; text-transform: uppercase }
h3 { margin: 0 0 6px; font-size: 15px }
.summary { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; padding: 12px 16px; background: ${paper}; border: 1px solid #2a2a2a; border-radius: 8px }
.summary dt { font-weight: bold; color: #4a4a4a }
.summary dd { margin: 0; overflow-wrap: anywhere }
.warning { padding: 8px 12px; border: 2px solid ${red}; background: #fbeae7; border-radius: 6px; font-weight: bold }
.plots { display: flex; flex-wrap: wrap; gap: 16px }
.figure { flex: 1 1 560px; max-width: 100%; margin: 0; padding: 12px; background: ${paper}; border: 1px solid #2a2a2a; border-radius: 8px }
.figure svg { display: block; width: 100%; max-width: 640px; height: auto }
figcaption { margin-top: 6px; font-size: 12.5px; color: #4a4a4a }
svg text { font-family: ${fonts}; font-size: 11px; fill: ${ink} }
svg .title { font-size: 12px; font-weight: bold; fill: #4a4a4a }
svg .label { font-size: 12px }
svg .label.flagged { fill: ${red}; font-weight: bold; font-size: 11px }
svg .note { font-size: 11px; fill: #4a4a4a }
svg .grid { stroke: ${rule}; stroke-width: 1 }
svg .tick, svg .domain { stroke: #2a2a2a; stroke-width: 1 }
svg .fair, svg .mean { stroke: ${red}; stroke-width: 1.5; stroke-dasharray: 5 4 }
svg .zero { stroke: #2a2a2a; stroke-width: 1; stroke-dasharray: 2 3 }
svg .usual { fill: ${band} }
svg .bar { fill: ${blue} }
.tables { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start }
table { border-collapse: collapse; background: ${paper}; border: 1px solid #2a2a2a; font-size: 13px }
th, td { padding: 3px 8px; border-bottom: 1px solid ${rule}; text-align: right; white-space: nowrap }
thead th { background: ${head}; color: #fff; font-size: 11.5px; text-align: right }
thead th:first-child, tbody th { text-align: left }
tbody th { font-weight: normal; white-space: normal; overflow-wrap: anywhere; min-width: 6em }
.cards-wrap { overflow-x: auto; max-width: 100% }
table.cards tbody th { min-width: 10em }
td.ways { font-size: 11.5px; color: #4a4a4a }
.ci { color: #6a6a6a; font-size: 11.5px }
td.rate.above { color: ${blue}; font-weight: bold }
td.rate.below { color: ${red}; font-weight: bold }
h3.compare { margin-top: 14px }
tr.flagged th { font-weight: bold }
.flag { display: inline-block; padding: 0 5px; border-radius: 3px; background: ${red}; color: #fff; font-size: 11px }
.flag-rarely-played, .flag-never-seen { background: ${grey} }
.flag-low { background: ${blue} }
.swatch { display: inline-block; width: 10px; height: 10px; margin-right: 6px; border-radius: 50% }
.reasons { padding-left: 20px }
.reasons li { margin: 4px 0 }
.methods dt { font-weight: bold; margin-top: 6px }
.methods dd { margin: 0 0 0 16px; color: #4a4a4a }
`;

export interface ReportHtmlOptions {
  /** An inline script to run in the page (a test's measurement); none in a report to keep. */
  readonly script?: string;
}

/** The report as one self-contained HTML page. */
export function reportHtml(r: SimulationReport, options: ReportHtmlOptions = {}): string {
  const run = r.run;
  const fair = 1 / run.players;
  const title = `${htmlTitleStart} ${games(r.games.played)}, ${run.players} players`;
  const body = [
    `<header class="top"><h1>${e(title)}</h1><p>${e(`bots ${run.bots.join(", ")}; seeds ${run.seeds.first} to ${run.seeds.first + run.seeds.count - 1}`)}</p></header>`,
    `<h2>Summary</h2>`,
    summary(r),
    `<h2>Plots</h2>`,
    `<div class="plots">`,
    factionPlot(r),
    cardPlot(r),
    lengthPlot(r),
    `</div>`,
    `<h2>Win rates</h2>`,
    `<p>Games won alone out of player-games (a shared first place is a draw), with the 95% Wilson score interval; a rate in colour has its interval wholly above (blue) or below (red) the fair share, ${pct(fair)}.</p>`,
    `<div class="tables">`,
    rateRows("seat", r.seats.map((s) => ({ ...s, label: `seat ${s.seat}` })), fair),
    rateRows("faction", r.factions.map((f) => ({ ...f, label: f.name, colour: factionColour(f.faction) })), fair),
    rateRows("bot", r.bots.map((b) => ({ ...b, label: b.bot })), fair),
    `</div>`,
    ...baselineSection(r),
    `<h2>Flagged cards</h2>`,
    flagList(r),
    `<h2>Cards</h2>`,
    `<p>Seen: player-games with the card in hand; played: of those, the ones it was played in; the win rates of the players who played it and of those who held it and did not, and the difference with its 95% interval (Newcombe); VP/game: VP on the card at the end, per player-game played. Flagged cards first.</p>`,
    `<div class="cards-wrap">${cardTable(r)}</div>`,
    `<h2>Methods</h2>`,
    `<dl class="methods">\n${Object.entries(r.methods)
      .map(([k, v]) => `<dt>${e(k)}</dt><dd>${e(v)}</dd>`)
      .join("\n")}\n</dl>`,
  ];
  return htmlPage({
    lang: "en",
    title,
    css,
    body,
    head: [`<meta name="viewport" content="width=device-width, initial-scale=1">`],
    ...(options.script === undefined ? {} : { script: options.script }),
  });
}
