import {
  createActual,
  createCost,
  createNode,
  explainPlanText,
  parsePlanNodes,
  type PlanNode,
} from '../../src/shared/explain';
import { constants, performance, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { median, type Bench } from './bench';
import { jsonV1Plan, jsonV2Plan, mariaDbPlan, sized } from './explain-plans';

/**
 * Scavenges (collections of the young generation) as the runtime reports them while this bench
 * runs: observed only here, so that other benches of the same process do not pay for it.
 */
class ScavengeLog {
  private readonly seen: Array<{ start: number; duration: number }> = [];
  private readonly observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR)
        this.seen.push({ start: e.startTime, duration: e.duration });
    }
  });

  constructor() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  /** Milliseconds of scavenging per run in `spans` (entries arrive a task later). */
  async perRun(spans: Array<[number, number]>): Promise<number> {
    await new Promise((resolve) => setTimeout(resolve, 10));
    let total = 0;
    for (const { start, duration } of this.seen)
      if (spans.some(([t0, t1]) => start >= t0 && start < t1)) total += duration;
    return total / spans.length;
  }

  stop(): void {
    this.observer.disconnect();
  }
}

/**
 * The runtime's own collector, asked for a scavenge: exposing it is a V8 flag, set from here
 * (this bench process only) rather than asked of whoever runs the bench.
 */
function scavenger(): () => void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'minor' }) => void;
  return () => gc({ type: 'minor' });
}

/**
 * `work` timed `runs` times (ms), with when each ran so scavenges can be told apart; each after
 * `before` (untimed) when given: a scavenge, or garbage.
 */
function timeRuns(
  runs: number,
  work: () => void,
  before?: () => void,
): { times: number[]; spans: Array<[number, number]> } {
  const times: number[] = [];
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < runs; i++) {
    before?.();
    const t0 = performance.now();
    work();
    const t1 = performance.now();
    times.push(t1 - t0);
    spans.push([t0, t1]);
  }
  return { times, spans };
}

// Where garbage goes: kept reachable until the next is made, so no allocation is optimized away.
const sink: { last?: unknown } = {};

/**
 * Garbage of a seeded random size between none and the young generation's capacity, made of
 * 8 KB lists (small objects are allocated young; large ones would go elsewhere). Made before
 * each run, it puts the run at a random point of the young generation's filling: a scavenge
 * then lands in a run as often, and at whatever point, as for a parse among an app's other
 * work, rather than at the same point of every run as when runs follow each other alone.
 */
function randomGarbage(seed: number): () => void {
  let state = seed >>> 0;
  const youngBytes =
    v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size / 2;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const fraction = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    for (let bytes = fraction * youngBytes; bytes > 0; bytes -= 8 * 1024 + 48)
      sink.last = new Array<undefined>(1024);
  };
}

/** Mean: with scavenges in some runs only, a median would leave them out or count them all. */
function mean(values: number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/**
 * The plan's nodes made again with nothing read into them: a node per node, its measurements and
 * cost objects where it has them, children lists of the same length. What the model's objects
 * cost before a single field is read.
 */
function emptyModel(node: PlanNode): PlanNode {
  const copy = createNode(node.kind, node.label);
  if (node.actual) copy.actual = createActual(node.actual.executed);
  if (node.cost) copy.cost = createCost(undefined, undefined);
  const children = node.children;
  if (children.length) {
    const list = new Array<PlanNode>(children.length);
    for (let i = 0; i < children.length; i++) list[i] = emptyModel(children[i]!);
    copy.children = list;
  }
  return copy;
}

/**
 * Parse + diagnose against a bare JSON.parse of the same text, interleaved; medians. The parse
 * alone (parsePlanNodes: reading the JSON, building the model, deriving figures) is timed in the
 * same rounds, so the rest of the ratio is the diagnosis; and the floor of this model: JSON.parse
 * and the plan's empty nodes made while the document is still reachable (see emptyModel).
 */
async function compare(
  label: string,
  text: string,
  log: ScavengeLog,
  scavenge: () => void,
): Promise<string[]> {
  const check = explainPlanText(text);
  if (!check.ok) throw new Error(`${label}: ${JSON.stringify(check.error)}`);
  const baseline = () => {
    JSON.parse(text);
  };
  const ours = () => {
    explainPlanText(text);
  };
  const parseOnly = () => {
    parsePlanNodes(text);
  };
  const root = check.report.root;
  const floor = () => {
    const document: unknown = JSON.parse(text);
    const model = emptyModel(root);
    // Read after the model is made, so the document stays reachable while it is, as in a parse.
    if (model === document) throw new Error('unreachable');
  };
  const runs = text.length > 1_000_000 ? 5 : 40;
  const variants = [baseline, ours, parseOnly, floor];
  // Warmed past the compiler's tiers (Node 24: a large input's parse settles after about ten
  // runs), not a round's worth only: JSON.parse is native and needs none, so code still tiering
  // up in the first round counted against the parse (the first input's above all).
  for (const work of variants) timeRuns(Math.max(runs, 20), work);
  const times: number[][] = variants.map(() => []);
  const spans: Array<Array<[number, number]>> = variants.map(() => []);
  // Each run after a scavenge: the young generation empty, as for a plan parsed once.
  const fresh: number[][] = [[], []];
  const freshSpans: Array<Array<[number, number]>> = [[], []];
  // Each run after garbage of a random size (see randomGarbage), the same sizes for both.
  const random: number[][] = [[], []];
  const randomSpans: Array<Array<[number, number]>> = [[], []];
  const garbage = [randomGarbage(17), randomGarbage(17)];
  for (let round = 0; round < 5; round++) {
    variants.forEach((work, i) => {
      const timed = timeRuns(runs, work);
      times[i]!.push(...timed.times);
      spans[i]!.push(...timed.spans);
    });
    [baseline, ours].forEach((work, i) => {
      const timed = timeRuns(runs, work, scavenge);
      fresh[i]!.push(...timed.times);
      freshSpans[i]!.push(...timed.spans);
    });
    [baseline, ours].forEach((work, i) => {
      const timed = timeRuns(20, work, garbage[i]);
      random[i]!.push(...timed.times);
      randomSpans[i]!.push(...timed.spans);
    });
    // Lets the observer's entries in between rounds.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const [b, s, p, e] = times.map(median) as [number, number, number, number];
  const [gb, gs, gp, ge] = await Promise.all(spans.map((s) => log.perRun(s)));
  const [fb, fs] = fresh.map(median) as [number, number];
  // Scavenges inside those runs (the one asked for comes before each run starts).
  const [fgb, fgs] = await Promise.all(freshSpans.map((s) => log.perRun(s)));
  const [rb, rs] = random.map(mean) as [number, number];
  const [rgb, rgs] = await Promise.all(randomSpans.map((s) => log.perRun(s)));
  const n = times[0]!.length;
  const scav = (ms: number | undefined) => `, scavenging ${ms!.toFixed(2)} ms a run`;
  return [
    `${label}: ${check.report.stats.nodes} nodes, ${(text.length / 1024 / 1024).toFixed(2)} MB`,
    `  JSON.parse            : ${b.toFixed(2)} ms median of ${n}${scav(gb)}`,
    `  empty model alone     : ${e.toFixed(2)} ms median of ${n} (${(e / b).toFixed(2)}x)${scav(ge)}`,
    `  parse only            : ${p.toFixed(2)} ms median of ${n} (${(p / b).toFixed(2)}x)${scav(gp)}`,
    `  parse + diagnose      : ${s.toFixed(2)} ms median of ${n}${scav(gs)}`,
    `  ratio (target ≤ 1.5)  : ${(s / b).toFixed(2)}`,
    `  from an empty young generation: JSON.parse ${fb.toFixed(2)} ms${scav(fgb)}`,
    `    parse + diagnose ${fs.toFixed(2)} ms${scav(fgs)}, ratio ${(fs / fb).toFixed(2)}`,
    `  at a random point of the young generation (means of ${random[0]!.length}):`,
    `    JSON.parse ${rb.toFixed(2)} ms${scav(rgb)}`,
    `    parse + diagnose ${rs.toFixed(2)} ms${scav(rgs)}, ratio ${(rs / rb).toFixed(2)}`,
  ];
}

/**
 * EXPLAIN parse + diagnose (src/shared/explain) against a bare JSON.parse of the same document:
 * a 5 MB MySQL JSON v1 plan, EXPLAIN ANALYZE FORMAT=JSON plans of 1,000 and 10,000 nodes, and a
 * 10,000-node MariaDB ANALYZE plan. The target is 1.5x. What stands in the way (Node 20,
 * measured): JSON.parse allocates the document young (4.4 MB of new space for the 10,000-node
 * JSON v2 plan) and a parse keeps it reachable while the model is built, so scavenges in that
 * phase copy it with the model (about 500 bytes per node of our own: a 216-byte node, 96-byte
 * measurements, 40-byte costs, children and leftover-key objects, derived figures), where the
 * bare JSON.parse leaves only garbage. "empty model alone" times exactly that floor: it is
 * about 1.1x on three inputs, but about 1.5x on the 10,000-node JSON v2 plan, where the young
 * generation (16 MB semi-spaces) holds document and model together and scavenges come more
 * often and copy more. The rest of the parse is reading: the keys most nodes carry go through
 * a switch per node type, the others through a map of readers; kinds, labels and derived
 * figures are each a few percent of a profile. Scavenges are the larger part of what is left
 * (session 13, `node --trace-gc-nvp`, new_space_survived + promoted per parse in a warm loop):
 * JSON.parse alone copies 0.9 MB (10,000-node JSON v2) and 0.5 MB (MariaDB), a parse + diagnose
 * 4.3 MB and 5.7 MB, about one scavenge per parse landing while document and model are both
 * live; the model is ~600 bytes a node in either (216-byte node, 96-byte measurements, 40-byte
 * costs, children lists, leftover keys), as much as the document itself.
 * Session 14 (Node 20, machine load 3-8 on 2 cores, so only large effects show): a warm loop of
 * parse + diagnose allocates 8.5 / 12.6 / 11.2 MB per parse (5 MB v1 / 10,000-node v2 /
 * MariaDB) where JSON.parse allocates 2.4 / 4.4 / 3.5 MB, and every scavenge then copies about
 * 6 MB (MariaDB), the same at every one: where they land in the parse repeats from one parse to
 * the next. Tried and not kept, none measurable here: deriving figures inside a single
 * children-first diagnosis pass (output identical on 13,797 inputs; removing the derive and
 * misestimate passes outright gains only 0.03-0.1 of CPU-time ratio); leaves sharing one frozen
 * empty children list (0.4 MB less per parse); setting each list item of the document to null
 * once parsed (document and model live at the end of a MariaDB build: 8.2 -> 6.0 MB, but the
 * bytes scavenges copy in the loop did not change). What is left is the model's size.
 * Session 15 (Node 20): why allocating less did not show. Scavenging in this loop is a
 * resonance of runs repeated back to back, not a cost of one parse. The young generation holds
 * C = 15.8 MB; a run allocating A MB settles where a scavenge lands at the same point of every
 * k-th run and copies S = C - kA MB (`--trace-gc-nvp`): the 10,000-node JSON v2 plan (A = 11.2)
 * one scavenge a run copying 4.3-4.5 MB, MariaDB (A = 9.7) one a run copying 5.7 MB, JSON.parse
 * alone (A = 4.2) one in three runs copying 2.9 MB. So a parse allocating less makes every
 * scavenge copy more, until A falls under C / 2 and S to near nothing: taking 2 MB off a JSON
 * v2 parse (nodes sharing one measurements and one cost object, no leftover keys: a wrong
 * model, only to measure) made each scavenge copy 6.7 MB instead of 4.5; the same on MariaDB
 * (A 9.7 -> 7.4 MB) left one scavenge in two runs, copying 0.1 MB (scavenging 5.6 -> 0.25 ms a
 * run). Under C / 2 needs 3.3 MB less for the JSON v2 plan (330 of its ~700 bytes a node) and
 * 1.8 MB for MariaDB. The model's small savings, estimated from heap sampling, come to about
 * 1.6-1.7 MB on MariaDB (pooled nested_loop holders and their one-child lists 0.7, leaves
 * sharing an empty list 0.24, derived figures reusing an operand where the other is 0 0.24,
 * unboxed costs 0.16, finish's lists sized once 0.15, a first self time kept as read 0.12,
 * Object.keys 0.07), short of it, and less on JSON v2, where each one alone makes scavenges copy
 * more; folding measurements and costs into the node saves 80 bytes a node more. Each line now
 * gives the scavenging per run (perf_hooks `gc` entries); the last times every run after a
 * scavenge, without the loop's resonance (a plan parsed once meets at most one scavenge,
 * wherever the young generation is): that ratio, the parse's own work, was 1.39-1.55 at load
 * 1-4 and, like every figure here, moves with the machine's load. Also tried, by CPU time with
 * no scavenges (1 GB semi-spaces): NodeRecord without the five fields JSON v2 never sets, and the regular
 * expressions of classifyMysqlOperation tried only on lines starting with their words: nothing
 * measurable. JSON v2 index accesses naming table and index made table reads by their keys,
 * without classifying the wording: parse 1.57 -> 1.41 in separate processes (build 7.1 -> 6.1 ms,
 * alternated three times), but only 1.337 -> 1.318 (JSON.parse and build over JSON.parse) with
 * both interleaved in one process, where the module copies share their callees: how much of the
 * first is the change and how much the compiler's inlining is open. Two runs of the same code
 * differ by 0.1x here: compare variants alternated several times, or interleaved in one process
 * (copies of the module under test/bench). Not kept: on mutations of the corpus it differs from
 * the frozen reference (a `pushed_index_condition` of the wrong type while the wording says
 * "with index condition" no longer gives the flag), which makes it a decision, not a speed-up.
 * Session 16 (Node 20, load 1-7 on 2 cores shared with other sessions: timings moved by 0.1-0.3x
 * run to run; bytes are exact). Kept: JSON v2 index accesses worded as usual (`Index lookup on
 * o using k (...)`) classified without the patterns, declining anything unusual (a quoted name,
 * re-planned, a pushed condition) rather than keys instead of wording (output identical:
 * differential tests against the frozen reference). Measured on a branch and NOT merged, since
 * the target line got worse (the lead's A/B, main against that branch alternated three times at
 * load 4.4: v1 1.51-1.54 -> 1.81-2.54, MariaDB 1.62-1.79 -> 1.78-2.27): leaves sharing a frozen
 * empty children list; nested_loop members that are only a table read without a holder;
 * finish's list of nodes sized from createNode's count; derived figures keeping the number read
 * where the inputs add nothing; derivation in the numbering walk on the way back up (built on
 * the sizing). With those: Allocation per parse + diagnose (heap sampling): MariaDB 10.23 -> 8.52 MB, JSON v2
 * 11.75 -> 11.00, v1 7.82 -> 6.54 (decimal MB). CPU from an empty young generation, interleaved
 * with a copy of the session's starting code (process CPU time, `--single-threaded`, min of 60,
 * three alternations at load 3-4): v1 1.47-1.49 -> 1.46-1.47, JSON v2 1.54-1.60 -> 1.51-1.53,
 * MariaDB 1.45-1.53 -> 1.38-1.41. Bytes scavenges copy (new_space_survived + promoted of
 * `--trace-gc-nvp`, per run, 200 runs of one code each; deterministic where times are not):
 * with random garbage before each run v1 1.50 -> 0.98 MB, JSON v2 3.74 -> 3.33, MariaDB 2.86 ->
 * 2.29 (JSON.parse alone 0.12, 0.56, 0.44); back to back v1 0.93 -> 1.57, JSON v2 4.29 -> 4.97,
 * MariaDB 5.71 -> 12.48 (of which 5.69 promoted). The back-to-back ratio got worse, as the
 * resonance says and not only at C / 2: it repeats at every C / k. MariaDB (A = 8.1 MiB, just
 * over C / 2) has about one scavenge a run, and what survives one is now copied again and
 * promoted; v1 (A = 6.2 MiB) went from one in two runs copying C - 2A = 0.9 MiB to 3.3 MiB
 * (one in two runs). That line says where run lengths fall against the young
 * generation, not what a parse costs. The last line of each input breaks the resonance: garbage
 * of a seeded random size (up to the young generation's capacity, the same for both sides)
 * before each run puts the run at a random point of the young generation's filling, as among an
 * app's other work; a scavenge then lands in a run about A / C of the time and copies what is
 * live there, the document and the model so far. Its ratio (means, so noisier than medians)
 * was 1.4-1.9 on the large inputs at load 3-7: the scavenging is a real cost of a parse, about
 * A x (document + model) / 2 / C, not only an artifact of the loop. Meeting 1.5 with it needs
 * less of both: a model of about half the size (NodeRecord's 24 fields are 216 bytes a node,
 * measurements 96, costs 40, each double read from the document a 16-byte number, 4 a JSON v2
 * node), or the document released as it is read. Tried and not kept: JSON v2 plans numbered,
 * counted and derived as they are built (createNode numbering in creation order, which is
 * pre-order once a subquery's wrapper is made before its node; each node finished at the end of
 * its parse): removing finish's walk outright saved 1.1-1.4 ms of a 10,000-node parse, but
 * doing its work in the build was no faster (min ratio 1.47-1.51 -> 1.52-1.57, alternated three
 * times). Not tried: diagnosis in the same walk (its two passes are about 7% of a JSON.parse on
 * JSON v2, and it would reorder findings and the sum behind the hottest share).
 * Session 17: the app parses in Electron 41, so Node 24.14 (V8 13.6, Maglev) first; load 1.5-5
 * on 2 cores shared with other sessions. Start (idle, the lead): 1.49 / 1.44 / 1.54 / 1.51.
 * Node 24 is not Node 20 here: its young generation grows to 30-60 MB, a scavenge comes every
 * few parses and scavenging is 0.5-0.7 ms a run, so the resonance above hardly shows; what is
 * left is work. Phases of a 10,000-node JSON v2 parse (min of 60, each after a scavenge): JSON
 * v2 build 4.0-4.4 ms (0.31-0.34x of JSON.parse; its hottest lines are the first reads of the
 * document's objects, the for-in's `o[key]` and the children's isJsonObject), finish's walk
 * with derivation 1.4-2.0 ms, diagnosis 0.8-0.9 ms. The walk is work, not waiting on memory:
 * 60-70 ns a node on a warm 1,000-node tree as on the 10,000-node one. Kept (interleaved A/B in
 * one process, each module its own bundled copy, process CPU time, `--single-threaded`, a
 * scavenge before each run; B/A of parse + diagnose): derivation and diagnosis in the numbering
 * walk, flag findings on the way down and misestimates and the hottest's figures on the way up
 * (JSON v2 and MariaDB 0.98-0.99, v1 1.00-1.02); no megamorphic lookups for the keys most nodes
 * have (`node --prof`: KeyedStoreIC_Megamorphic and LoadIC_Megamorphic were 1.2-1.5% of the
 * ticks): JSON v2 0.98-0.99, then the keys every table leaves in raw stored by name: MariaDB
 * 0.97-0.98, v1 0.95-0.96. Tried, not kept (no change beyond 1%): reading ahead in the walk,
 * from the nodes listed in the order made (JSON v2 makes all 10,003 in the walk's order), either
 * a few nodes ahead or each node taken from that list while it is the one expected; the walk's
 * and the diagnosis's lists sized from a count of nodes made. Session 16's unmerged allocation
 * cuts on Node 24 (its branch and main in separate processes alternated three times, min
 * ratios of wall time after a scavenge, load 3.6): within noise on all three (JSON v2 1.43-1.60
 * against 1.46-1.50), so not merged. The target line, main against this session alternated three times (load 2.2-2.8):
 * Node 24 v1 1.47-1.59 -> 1.39-1.59 (25 runs: noisy), 1,000 nodes 1.44-1.45 -> 1.44-1.46,
 * 10,000 nodes 1.52-1.63 -> 1.53-1.55, MariaDB 1.46-1.49 -> 1.41; Node 20 (load 2.3-3.2) v1
 * 1.56-1.60 -> 1.51-1.53, 1,000 1.49 -> 1.47-1.49, 10,000 1.77-1.78 -> 1.77-1.84, MariaDB
 * 1.66-1.75 -> 1.65-1.73. The 10,000-node JSON v2 plan is still at the line on Node 24: its
 * build is half of what is left, and most of that is reading the document JSON.parse made.
 * Session 18 (Node 24.14.1 throughout; load 3-6 on 2 cores shared with other sessions and the
 * lead's runs, so only effects of several percent show). Start, this bench: v1 1.79 / 1.44,
 * 1,000 nodes 1.51 / 1.49, 10,000 nodes 1.43 / 1.55, MariaDB 1.43 / 1.50 (two runs, load 0.6-2.6).
 * Where the 10,000-node JSON v2 parse goes (process CPU time, `--single-threaded`, a scavenge
 * before each run, medians of 120; ratios to JSON.parse, 13.1-13.3 ms): a for-in over every
 * object of the document reading every value, 1.15-1.18x; the same also making an empty node,
 * measurements, costs and children list per object, 1.18x (making the model costs next to no CPU
 * here: its bytes show as scavenging in the back-to-back lines, 0.6-1.4 ms a run against
 * JSON.parse's 0.0-0.4); the JSON v2 build 1.32-1.33x; with finish's walk and derivation
 * 1.44-1.46x (derivation alone 0.37 ms); with the diagnosis 1.48-1.52x. Reading the document,
 * as any parser must, costs 0.15-0.18 before anything is kept; with the build at 1.32 and the
 * diagnosis at 0.04, 1.40 leaves the walk with derivation (0.12 now) and the extra scavenging
 * (0.05-0.08 a run back to back) under 0.04 together. Allocation per parse + diagnose (heap
 * sampling): 11.6 MB, of which JSON.parse 4.5; nodes 2.2, measurements 0.96, costs 0.56, raw
 * 0.51, finish's lists 0.47. Kept (interleaved A/B in one process, CPU time, after a scavenge):
 * findings' figures (formatRows, formatFactor) worded once per value in a diagnosis and
 * severities ranked by comparison: diagnosis alone 10,000-node JSON v2 0.71 -> 0.58 ms, MariaDB
 * 0.46 -> 0.38, v1 0.71 -> 0.62; unit letters of plan numbers compared by code with their powers
 * from a table (every v1 table's `data_read_per_join: "1M"`): v1 parse 0.988-0.991 of before,
 * three times. Both together, parse + diagnose: v1 0.977, 1,000 nodes 0.984, 10,000 nodes 0.992,
 * MariaDB 1.002. Also this bench's warm-up: at least 20 runs of each variant (it was one round's
 * worth, 5 for the large inputs). With 5, the first round of the first input (v1) ran on code still
 * tiering up: ratios of its first round 1.82-2.41 against 1.24-1.42 after 30 warm-up runs (three
 * processes each); a measurement fix, not a speed-up. Tried, not kept (A/B within noise, or
 * worse): keys mapped to integers through a Map for an integer switch (v2 parse 1.012-1.026);
 * NodeRecord with the fields the walk reads first (1.010-1.032, and the model's JSON key order
 * would change); join labels shared from constants so derivation reads a hot string (1.002-1.010);
 * plainIndexAccessFlags as one charCodeAt pass instead of indexOf and includes (1.004); raw made
 * by a constructor (0.22 MB less, time 0.987-1.011); JSON v2 nodes given no empty children list
 * when inputs replace it (0.2 MB less, 0.994); derivation's two loops over the children as one
 * (0.992-0.997); the diagnosis as a pass after the parse instead of in its walk (1.009-1.021);
 * misestimates' statistics advice cached by table and schema (diagnosis 1.02-1.04);
 * possibleKeys joined by concatenation rather than join (diagnosis 1.04). Seen on the way:
 * finish is first compiled on stack replacement in its first call, before the code after its
 * loop has type feedback, and that code deoptimizes ("insufficient type feedback") at the loop's
 * end on each call until finish is optimized whole, about 20 calls later (a loop of
 * explainPlanText on the 10,000-node JSON v2 plan): one more reason for the longer warm-up, and
 * tens of microseconds a call once past the walk. finish's parts on the 10,000-node JSON v2
 * model just built (CPU time, medians of 14; again on the same model): a bare recursive read of
 * each node and its children 0.42 ms (0.31), the numbering walk 0.67 (0.52), with derivation
 * 1.22 (0.93): derivation is about half, and even the bare read is 30-40 ns a node where the
 * model (about 4 MB) no longer fits the 2 MB cache a core has. Yet deriving each JSON v2 node at
 * the end of its own parse (ids in creation order, finish not deriving them; a measurement, right
 * only on plans without subquery wrappers or unknown nodes, as the bench's) was slower, not
 * faster: parse 1.018 and 1.029 of before (A/B, load 1.4-1.6), as session 16 found on Node 20.
 * The target line at the end (same code, two runs each): load 1.3-2.3 v1 1.42 / 1.43, 1,000
 * nodes 1.47 / 1.41, 10,000 nodes 1.46 / 1.45, MariaDB 1.45 / 1.43; load 3.3-4.3 1.43 / 1.34,
 * 1.45 / 1.49, 1.58 / 1.49, 1.44 / 1.45. Under 1.5, not the 1.40 asked for, and trimming the
 * readers further will not get there: the walk with derivation (0.12) is the largest part
 * left, then the scavenging the model's bytes bring.
 * Session 18, second round (Node 24.14.1, load 0.4-0.9, idle but for this session). This bench
 * with the code unchanged, three runs: 10,000-node JSON v2 1.53 / 1.40 / 1.43, MariaDB 1.45 /
 * 1.47 / 1.61, v1 1.52 / 1.46 / 1.47, 1,000 nodes 1.44 / 1.46 / 1.40: from one process to the
 * next the target line moves by more than the 3% asked for. Measured instead with A/B in one
 * process: the session's starting code and the variant, each bundled on its own (esbuild), both
 * first run ten times on each of this bench's four inputs (what ran before changes a ratio:
 * after the other inputs the 10,000-node JSON v2 plan is 1.51-1.54 where a process parsing only
 * it gives 1.47-1.50, and a copy of the module warmed on that plan alone, in the same process,
 * is as slow: B/A 0.999 and 1.007, so it is the heap's state, not type feedback; new space is
 * 128 MB either way), then alternated, process CPU time, `--single-threaded`, a scavenge before
 * each run, medians of 100; A against A: 1.000-1.002. Profile (`--cpu-prof`, 400 parses of the
 * 10,000-node plan): JSON.parse 59% of samples, the build (listInto, parseV2Object inlined in
 * it) 11.4, scavenges 9.0, finish 5.5, readOperationKey 3.0, classify 2.2, asStringList 1.6;
 * the hottest lines are first reads: of each document object and list (`o[key]`, isJsonObject,
 * Array.isArray), and in finish of each node (`node.actual`) and of a join's label (derivation's
 * `startsWith('Nested loop')`: the label's characters not read since the build). Tried, not
 * kept: (1) fewer bytes per node, measured before moving fields to a side object: JSON v2 nodes
 * made by a record without the four fields that format never sets (selectId, possibleKeys,
 * filtered, dataReadBytes: 32 bytes a node; the others in the same order, so the same JSON):
 * B/A 1.005 and 0.997 on 10,000 nodes, 1.005 on 1,000, MariaDB 1.001, v1 1.009. Leaving five
 * fields out of every node (a wrong model, only to measure) gave 0.975-0.984 with only that plan
 * warmed but 1.012-1.014 with all four: the first was the warm-up, not the bytes. A side object
 * would save at most 70-100 bytes on two nodes in three of this plan: not worth changing the
 * model's public shape for. (2) finish's walk recursive, a call per node instead of the two
 * stacks: 1.003 / 1.003 (MariaDB 0.998). (3) JSON v2's own copy of listInto, so its call of
 * parseV2Object is not made polymorphic by the other dialects' builders: 1.012 / 1.025. Lead 3,
 * finish's lists sized rather than grown, was measured in sessions 16 and 17 and not repeated.
 * Why deriving in the build was slower: the diagnosis's leave reads the derived figures
 * (selfTimeMs, cost.self) and misestimate reads node.rows and the measurements, so the walk
 * still touches every node's cost and measurements; deriving earlier adds work to the build and
 * removes no read from the walk. What does gain is all of finish's work in the build: a
 * measuring variant (numbering at creation, parents, counts, derivation and the visitor's enter
 * and leave at the end of each node's parse; no walk; right only for plans without subquery
 * wrappers or unknown nodes, and it enters nodes in post-order) gave the same report on the
 * four inputs and B/A 0.968-0.983 on 10,000 nodes (five runs, one 1.007 at a moment of load) but
 * 1.033-1.061 on 1,000, where the model is in the cache and the walk is cheap: parseV2Object,
 * larger, was no longer inlined into listInto, and deriveTime no longer into derive (profiles
 * of 4,000 parses). In this bench (alternated twice, load 0.5-1.1) the 10,000-node line went
 * 1.55 / 1.52 -> 1.37 / 1.48 with it, while lines it does not touch moved as far both ways (v1
 * 1.42 / 1.46 -> 1.46 / 0.94, MariaDB 1.45 / 1.51 -> 1.42 / 1.57). Doing it for real needs the wrapper made before its node is numbered (or
 * the ids shifted), unknown nodes numbered by the same hook, the flag findings put back in
 * pre-order, and the build kept small enough to be inlined; that is the lead for a next round,
 * not done here. Nothing of this round was kept.
 */
export const explainBench: Bench = {
  name: 'explain',
  async run() {
    const log = new ScavengeLog();
    const scavenge = scavenger();
    // Made one at a time, as they are measured.
    const inputs: Array<[string, () => string]> = [
      ['MySQL JSON v1, 5 MB', () => sized(jsonV1Plan, 5 * 1024 * 1024)],
      ['MySQL EXPLAIN ANALYZE JSON, 1,000 nodes', () => jsonV2Plan(1000)],
      ['MySQL EXPLAIN ANALYZE JSON, 10,000 nodes', () => jsonV2Plan(10_000)],
      ['MariaDB ANALYZE JSON, 10,000 nodes', () => mariaDbPlan(10_000)],
    ];
    const lines = ['explain (parse + diagnose vs JSON.parse)'];
    try {
      for (const [label, make] of inputs)
        lines.push(...(await compare(label, make(), log, scavenge)));
    } finally {
      log.stop();
    }
    return lines.join('\n');
  },
};
