import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { defaultConnectionSettings } from '../../src/shared/api/connection';
import type { ProcesslistSnapshot } from '../../src/shared/processlist/snapshot';
import { diffSnapshots } from '../../src/shared/processlist/snapshot-diff';
import {
  snapshotFromWire,
  type ProcesslistSnapshotWire,
} from '../../src/shared/processlist/snapshot-wire';
import { createBackend } from '../../src/main/backend/backend';
import type { Peer } from '../../src/main/backend/peer';
import { keySecretBox } from '../../src/main/store/key-secret-box';
import { startServer, type RunningServer } from '../servers/instance';
import { callApi } from '../e2e/harness/api-socket';
import { startWebApp } from '../e2e/harness/web-app';
import { openBarePage } from './bare-chromium';
import { SNAPSHOT_MARK, SNAPSHOT_SHOWN_MARK } from '../../src/renderer/processlist/snapshot-mark';
import { median, percentile, type Bench } from './bench';

const CLIENTS = { sleeping: 1000, idleInTransaction: 300, blocked: 50, running: 650 };
const ROUNDS = 5;
const POLLS_PER_ROUND = 8;
/** Updates timed in Chromium (one per 0.5 s poll). */
const UPDATES = 40;

/** Opens `n` connections, a few at a time (the server accepts them one by one). */
async function openMany(server: RunningServer, n: number): Promise<mysql.Connection[]> {
  const out: mysql.Connection[] = [];
  while (out.length < n) {
    const batch = Math.min(50, n - out.length);
    out.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () =>
          mysql.createConnection({ host: server.host, port: server.port, user: server.user }),
        ),
      )),
    );
  }
  for (const c of out) c.on('error', () => undefined);
  return out;
}

/** Server-side time a thread spent in statements so far, ms (performance_schema). */
async function threadStatementMs(admin: mysql.Connection, processlistId: number): Promise<number> {
  const [rows] = await admin.query<mysql.RowDataPacket[]>(
    `SELECT COALESCE(SUM(s.SUM_TIMER_WAIT), 0) AS ps, COALESCE(SUM(s.COUNT_STAR), 0) AS n
       FROM performance_schema.events_statements_summary_by_thread_by_event_name s
       JOIN performance_schema.threads t ON t.THREAD_ID = s.THREAD_ID
      WHERE t.PROCESSLIST_ID = ?`,
    [processlistId],
  );
  return Number(rows[0]!.ps) / 1e9;
}

/** One update of the table in the page, ms from its snapshot's WebSocket message. */
interface UpdateTimes {
  /** Until its frame was painted. */
  total: number;
  /** Time the page worked on it: the message's task and the frame that painted it. */
  work: number;
  /** Until the screen got the snapshot (JSON decoding, the contract's validation). */
  decode: number;
  /** Until React committed it to the table's DOM. */
  commit: number;
  /** The frame that painted it: rAF, style, layout, paint. */
  frame: number;
}

/**
 * In the page: times `count` updates of the processlist, each from its snapshot's WebSocket
 * message to the first frame painted after React committed it (see renderUpdates).
 */
async function timeUpdates([mark, shownMark, count]: [string, string, number]): Promise<
  UpdateTimes[]
> {
  const w = window as unknown as {
    __wsArrivals: number[];
    __wsHandled: number[];
    __frames: Array<[number, number]>;
    __stopFrames: boolean;
  };
  const times: UpdateTimes[] = [];
  for (let i = 0; i < count; i++) {
    const seen = performance.getEntriesByName(mark).length;
    // Until the next snapshot arrived and React committed it to the table's DOM.
    await new Promise<void>((resolve) => {
      const observer = new PerformanceObserver(() => {
        const arrivedAt = performance.getEntriesByName(mark).at(-1)!.startTime;
        const shownAt = performance.getEntriesByName(shownMark).at(-1)?.startTime;
        if (
          performance.getEntriesByName(mark).length > seen &&
          shownAt !== undefined &&
          shownAt >= arrivedAt
        ) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe({ entryTypes: ['mark'] });
    });
    const marked = performance.getEntriesByName(mark).at(-1)!.startTime;
    const committed = performance.getEntriesByName(shownMark).at(-1)!.startTime;
    // The snapshot's message: the last one received before the screen got the snapshot
    // (decoding, validation and the mark run in that message's task).
    const arrived = w.__wsArrivals.filter((t) => t <= marked).at(-1) ?? marked;
    // The first frame whose rAF ran after the commit painted it: its end is when.
    let frame: [number, number] | undefined;
    while (frame === undefined) {
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      frame = w.__frames.find(([raf]) => raf > committed);
    }
    const [frameStart, painted] = frame;
    // When the message's task was done (the app's handler, React's render and commit).
    const handled = w.__wsHandled.find((t) => t >= committed) ?? committed;
    times.push({
      total: painted - arrived,
      // What the page worked on: the message's task, then that frame (rAF to painted); not the
      // time in between, when the page waits for the display's next frame.
      work: handled - arrived + (painted - frameStart),
      decode: marked - arrived,
      commit: committed - arrived,
      frame: painted - frameStart,
    });
  }
  w.__stopFrames = true;
  return times;
}

/** In the page: builds and paints `n` plain rows of 11 cells at once, ms. */
async function timePlainRows(n: number): Promise<number> {
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;inset:0;overflow:auto;z-index:99;background:#fff';
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const row = document.createElement('div');
    for (let c = 0; c < 11; c++) {
      const cell = document.createElement('span');
      cell.textContent = `r${i}c${c} `;
      row.appendChild(cell);
    }
    box.appendChild(row);
  }
  document.body.appendChild(box);
  // After the next painted frame: rAF runs before paint, the task after it.
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const ms = performance.now() - t0;
  box.remove();
  return ms;
}

/**
 * The processlist screen in Chromium (browser mode, built app) showing every session, polling
 * every 0.5 s: each update timed from its snapshot's arrival (its WebSocket message reaching the
 * page, before decoding and validation, which are part of the update), see UpdateTimes. Baseline: the same number of plain rows built
 * and painted at once. Chromium is driven over a bare DevTools pipe (see bare-chromium.ts):
 * Playwright would copy every snapshot's message into DevTools, a cost users' pages never pay.
 */
async function renderUpdates(server: RunningServer): Promise<{
  rows: number;
  updates: UpdateTimes[];
  plain: number;
}> {
  const app = await startWebApp();
  const page = await openBarePage({ width: 1280, height: 800 });
  try {
    // When each WebSocket message reached the page, before the app decodes and validates it: a
    // snapshot arrives then, so the update is timed from there (listener added before the app's).
    await page.addInitScript(`(() => {
      const Native = window.WebSocket;
      const arrivals = (window.__wsArrivals = []);
      const handled = (window.__wsHandled = []);
      window.WebSocket = class extends Native {
        constructor(url, protocols) {
          super(url, protocols);
          this.addEventListener('message', () => {
            arrivals.push(performance.now());
            if (arrivals.length > 100) arrivals.splice(0, 50);
          });
          // Added after the app's onmessage (set right after construction): it runs once the
          // app's handler and the microtasks it queued (the React render) are done.
          setTimeout(() =>
            this.addEventListener('message', () => {
              handled.push(performance.now());
              if (handled.length > 100) handled.splice(0, 50);
            }),
          );
        }
      };
    })()`);
    await page.goto(app.url);
    const saved = (await callApi(app, 'connections.save', {
      settings: {
        ...defaultConnectionSettings(),
        name: 'bench',
        endpoint: { kind: 'tcp', host: server.host, port: server.port },
        user: server.user,
        passwordMode: 'none',
        tls: { mode: 'off' },
      },
      secrets: {},
    })) as { id: string };
    await page.evaluate(
      `localStorage.setItem(${JSON.stringify(`sightline.processlist.filter.${saved.id}`)}, ${JSON.stringify(JSON.stringify({ hideSleeping: false, hideSystem: false }))})`,
    );
    await page.goto(app.url);
    for (const selector of ['[data-connection-name="bench"]', '[data-tool-button=processlist]']) {
      await page.waitFor(selector);
      await page.evaluate(`document.querySelector(${JSON.stringify(selector)}).click()`);
    }
    await page.waitFor('select[aria-label="Refresh interval"]');
    // As a user picking 0.5 s: React reads the select's value on its change event.
    const interval = await page.evaluate<string>(`new Promise((resolve) => {
      const select = document.querySelector('select[aria-label="Refresh interval"]');
      Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value').set.call(select, '500');
      select.dispatchEvent(new Event('change', { bubbles: true }));
      requestAnimationFrame(() => setTimeout(() => resolve(select.value), 0));
    })`);
    if (interval !== '500') throw new Error(`the refresh interval is ${interval}, not 500 ms`);
    await page.waitFor('.pl-rows [role=row]');
    const rows =
      Number(
        await page.evaluate<string>(
          `document.querySelector('.pl-table').getAttribute('aria-rowcount')`,
        ),
      ) - 1;
    // Every frame: when its rAF ran (before paint) and when the task after it ran (after paint).
    await page.evaluate(`(() => {
      const frames = (window.__frames = []);
      const tick = () =>
        requestAnimationFrame(() => {
          const raf = performance.now();
          setTimeout(() => {
            frames.push([raf, performance.now()]);
            if (frames.length > 1000) frames.splice(0, 500);
            if (!window.__stopFrames) tick();
          }, 0);
        });
      tick();
    })()`);
    const measure = () =>
      page.evaluate<UpdateTimes[]>(
        `(${timeUpdates.toString()})(${JSON.stringify([SNAPSHOT_MARK, SNAPSHOT_SHOWN_MARK, UPDATES])})`,
      );
    // SIGHTLINE_BENCH_TRACE=file.json: a DevTools trace of the updates, for chrome://tracing.
    const traceFile = process.env.SIGHTLINE_BENCH_TRACE;
    let updates: Awaited<ReturnType<typeof measure>>;
    if (traceFile) {
      const traced = await page.trace(measure);
      await writeFile(traceFile, JSON.stringify({ traceEvents: traced.events }));
      updates = traced.result;
    } else if (process.env.SIGHTLINE_BENCH_PROFILE) {
      // SIGHTLINE_BENCH_PROFILE=file.cpuprofile: the page's CPU profile during the updates.
      const profiled = await page.profile(measure);
      await writeFile(process.env.SIGHTLINE_BENCH_PROFILE, JSON.stringify(profiled.profile));
      updates = profiled.result;
    } else updates = await measure();
    if (process.env.SIGHTLINE_BENCH_SCREENSHOT)
      await writeFile(process.env.SIGHTLINE_BENCH_SCREENSHOT, await page.screenshot());
    const plain = await page.evaluate<number>(`(${timePlainRows.toString()})(${rows})`);
    return { rows, updates, plain };
  } finally {
    await page.close();
    await app.stop();
  }
}

/**
 * One poll of the live processlist (queries + model + diff, through the backend's router) with
 * 2,000 client connections (half sleeping, some idle in transactions, some blocked, the rest
 * running), against a bare SHOW PROCESSLIST from mysql2. Interleaved rounds. Also each one's own
 * statement time on the server, from performance_schema, per poll.
 */
export const processlistBench: Bench = {
  name: 'processlist',
  async run() {
    const server = await startServer('mysql', {
      name: 'bench-processlist',
      extraArgs: ['--max-connections=2300', '--innodb-lock-wait-timeout=600'],
    });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-'));
    const clients: mysql.Connection[] = [];
    try {
      const admin = await mysql.createConnection({
        host: server.host,
        port: server.port,
        user: server.user,
        multipleStatements: true,
      });
      await admin.query(
        `CREATE DATABASE b; CREATE TABLE b.t (id INT PRIMARY KEY, v INT) ENGINE=InnoDB;
         INSERT INTO b.t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1000) SELECT i, 0 FROM n;`,
      );
      const total = Object.values(CLIENTS).reduce((a, b) => a + b, 0);
      clients.push(...(await openMany(server, total)));
      let i = 0;
      const take = (n: number) => clients.slice(i, (i += n));
      take(CLIENTS.sleeping);
      const inTrx = take(CLIENTS.idleInTransaction);
      for (const [k, c] of inTrx.entries()) {
        await c.query('BEGIN');
        await c.query('UPDATE b.t SET v = v + 1 WHERE id = ?', [k + 1]);
      }
      for (const [k, c] of take(CLIENTS.blocked).entries()) {
        void c.query('UPDATE b.t SET v = v + 1 WHERE id = ?', [k + 1]).catch(() => undefined);
      }
      for (const c of take(CLIENTS.running))
        void c.query('SELECT SLEEP(600)').catch(() => undefined);
      await new Promise((r) => setTimeout(r, 1000));

      const backend = await createBackend({
        mode: 'web',
        dataDir,
        secretBox: keySecretBox(new Uint8Array(32), 'key-file'),
      });
      let receive: (m: unknown) => void = () => {};
      const waiting = new Map<
        number,
        (m: { ok: boolean; value?: unknown; error?: unknown }) => void
      >();
      const peer: Peer = {
        id: 'bench',
        send: (m) => {
          if (m.t === 'result') waiting.get(m.id)?.(m as never);
        },
        onMessage: (r) => (receive = r),
        onClose: () => {},
      };
      backend.attach(peer);
      let nextId = 1;
      const call = async (method: string, params: unknown): Promise<unknown> => {
        const reply = await new Promise<{ ok: boolean; value?: unknown; error?: unknown }>(
          (resolve) => {
            const id = nextId++;
            waiting.set(id, resolve);
            receive({ t: 'call', id, method, params });
          },
        );
        if (!reply.ok) throw new Error(`${method}: ${JSON.stringify(reply.error)}`);
        return reply.value;
      };
      const saved = (await call('connections.save', {
        settings: {
          ...defaultConnectionSettings(),
          name: 'bench',
          endpoint: { kind: 'tcp', host: server.host, port: server.port },
          user: server.user,
          passwordMode: 'none',
          tls: { mode: 'off' },
        },
        secrets: {},
      })) as { id: string };
      const { sessionId } = (await call('session.open', { connectionId: saved.id })) as {
        sessionId: string;
      };
      const baseline = await mysql.createConnection({
        host: server.host,
        port: server.port,
        user: server.user,
      });

      let previous: ProcesslistSnapshot | null = null;
      let lastSnapshot: ProcesslistSnapshot | null = null;
      const poll = async () => {
        const snap = snapshotFromWire(
          (await call('processlist.snapshot', { sessionId })) as ProcesslistSnapshotWire,
        );
        if (previous) diffSnapshots(previous.rows, snap.rows);
        previous = snap;
        lastSnapshot = snap;
      };
      const bare = async () => {
        await baseline.query('SHOW PROCESSLIST');
      };
      // Warm up both, and learn the poll's own connection id.
      for (let k = 0; k < 3; k++) {
        await poll();
        await bare();
      }
      const snap = lastSnapshot as ProcesslistSnapshot | null;
      const selfId = snap?.rows.find((r) => r.self)?.id;
      if (selfId === undefined) throw new Error('the poll did not find its own connection');
      const blocked = snap!.waits.length;
      const pollServer0 = await threadStatementMs(admin, selfId);
      const bareServer0 = await threadStatementMs(admin, baseline.threadId!);

      const polls: number[] = [];
      const backendPolls: number[] = [];
      const bares: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        for (let k = 0; k < POLLS_PER_ROUND; k++) {
          let t0 = performance.now();
          await poll();
          polls.push(performance.now() - t0);
          backendPolls.push((lastSnapshot as ProcesslistSnapshot | null)?.pollMs ?? NaN);
          t0 = performance.now();
          await bare();
          bares.push(performance.now() - t0);
        }
      }
      const n = ROUNDS * POLLS_PER_ROUND;
      const render = await renderUpdates(server);
      const pollServer = ((await threadStatementMs(admin, selfId)) - pollServer0) / n;
      const bareServer = ((await threadStatementMs(admin, baseline.threadId!)) - bareServer0) / n;
      await backend.close();
      await baseline.end();
      await admin.end();
      const p = median(polls);
      const b = median(bares);
      const part = (k: keyof UpdateTimes) => median(render.updates.map((u) => u[k]));
      const p90 = (k: keyof UpdateTimes) =>
        percentile(
          render.updates.map((u) => u[k]),
          0.9,
        );
      return [
        `processlist (MySQL 9.7, ${snap!.rows.length} sessions: ${CLIENTS.sleeping} sleeping, ${CLIENTS.idleInTransaction} idle in transactions, ${blocked} blocked, ${CLIENTS.running} running; ${n} polls)`,
        `  baseline SHOW PROCESSLIST (mysql2)   : ${b.toFixed(2)} ms median`,
        `  processlist.snapshot + diff (backend) : ${p.toFixed(2)} ms median (target < 50 ms)`,
        `  ratio poll/baseline                   : ${(p / b).toFixed(2)}`,
        `  of which queries + model in backend   : ${median(backendPolls).toFixed(2)} ms median (the rest: validation and transport)`,
        `  server statement time per poll        : ${pollServer.toFixed(2)} ms (performance_schema, the poll's thread)`,
        `  server time per SHOW PROCESSLIST      : ${bareServer.toFixed(2)} ms`,
        `  ratio server time poll/baseline       : ${(pollServer / bareServer).toFixed(2)}`,
        `  Chromium: update of ${render.rows} rows   : ${part('work').toFixed(2)} ms median of page work: the message handled, its frame laid out and painted (target < 16 ms, one 60 Hz frame; p90 ${p90('work').toFixed(2)} ms, ${render.updates.length} updates)`,
        `    message to React's commit            : ${part('commit').toFixed(2)} ms median (of which JSON decoding and the api contract's validation ${part('decode').toFixed(2)} ms)`,
        `    the frame that paints it             : ${part('frame').toFixed(2)} ms median (rAF, style, layout, paint)`,
        `  Chromium: message to painted frame    : ${part('total').toFixed(2)} ms median, p90 ${p90('total').toFixed(2)} ms (the work plus the wait for the display's next frame)`,
        `  Chromium: baseline, as many plain rows : ${render.plain.toFixed(2)} ms (built and painted)`,
        `  ratio update/baseline                 : ${(part('work') / render.plain).toFixed(2)}`,
      ].join('\n');
    } finally {
      for (const c of clients) c.destroy();
      await rm(dataDir, { recursive: true, force: true });
      await server.destroy();
    }
  },
};
