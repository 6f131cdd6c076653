import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * A page of Debian's chromium driven over a bare DevTools pipe, for timings in the page.
 *
 * Playwright enables DevTools' Network domain on every page, and that copies each WebSocket
 * message into DevTools and on to Playwright: for the processlist's large snapshots that costs the
 * page and the browser more than the app's own work after the message. Here the Network domain
 * stays off: only Target, Emulation, Page (navigation, scripts for new documents, screenshots)
 * and Runtime.evaluate are used, plus Tracing or the Profiler when asked for.
 */
export interface BarePage {
  /** Runs `expression` in the page (awaiting a promise) and returns its JSON value. */
  evaluate<T>(expression: string): Promise<T>;
  /** Navigates and waits until the document has loaded. */
  goto(url: string): Promise<void>;
  /** Runs `source` before any script of every document loaded from now on. */
  addInitScript(source: string): Promise<void>;
  /** Records a DevTools trace (timeline and V8 categories) of `during`, for a closer look. */
  trace<T>(during: () => Promise<T>): Promise<{ result: T; events: unknown[] }>;
  /** Records a CPU profile of the page's JavaScript during `during` (sampled every 100 µs). */
  profile<T>(during: () => Promise<T>): Promise<{ result: T; profile: unknown }>;
  /** A PNG of the page as it is now. */
  screenshot(): Promise<Buffer>;
  /** Waits until `selector` matches an element (or fails after `timeoutMs`). */
  waitFor(selector: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

interface CdpReply {
  id?: number;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { message: string };
}

export async function openBarePage(viewport: { width: number; height: number }): Promise<BarePage> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-chromium-'));
  const child: ChildProcess = spawn(
    process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--remote-debugging-pipe',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, (reply: CdpReply) => void>();
  const traceEvents: unknown[] = [];
  let traceDone = () => {};
  const onEvent = (method: string, params: unknown) => {
    if (method === 'Tracing.dataCollected')
      traceEvents.push(...(params as { value: unknown[] }).value);
    else if (method === 'Tracing.tracingComplete') traceDone();
  };
  let buffered = '';
  // Decoded as a stream: a character split across two chunks stays whole.
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (d: string) => {
    buffered += d;
    let end: number;
    while ((end = buffered.indexOf('\0')) >= 0) {
      const reply = JSON.parse(buffered.slice(0, end)) as CdpReply;
      buffered = buffered.slice(end + 1);
      if (reply.id !== undefined) waiting.get(reply.id)?.(reply);
      else if (reply.method) onEvent(reply.method, reply.params);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let nextId = 1;
  const send = async <T>(method: string, params: object = {}, sessionId?: string): Promise<T> => {
    const id = nextId++;
    const reply = await Promise.race([
      new Promise<CdpReply>((resolve) => {
        waiting.set(id, resolve);
        toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      }),
      exited.then(() => ({ error: { message: `chromium exited:\n${stderr}` } }) as CdpReply),
    ]);
    waiting.delete(id);
    if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
    return reply.result as T;
  };

  const { targetId } = await send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
  });
  const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  });
  await send(
    'Emulation.setDeviceMetricsOverride',
    { ...viewport, deviceScaleFactor: 1, mobile: false },
    sessionId,
  );

  const evaluate = async <T>(expression: string): Promise<T> => {
    const out = await send<{
      result: { value?: unknown };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId);
    if (out.exceptionDetails) {
      const d = out.exceptionDetails;
      throw new Error(`in the page: ${d.exception?.description ?? d.text}`);
    }
    return out.result.value as T;
  };
  const waitFor = async (selector: string, timeoutMs = 30_000) => {
    const found = await evaluate<boolean>(`new Promise((resolve) => {
      const until = performance.now() + ${timeoutMs};
      const look = () => {
        if (document.querySelector(${JSON.stringify(selector)})) resolve(true);
        else if (performance.now() > until) resolve(false);
        else setTimeout(look, 20);
      };
      look();
    })`);
    if (!found) throw new Error(`${selector} did not appear within ${timeoutMs} ms`);
  };

  return {
    evaluate,
    waitFor,
    async goto(url) {
      await send('Page.navigate', { url }, sessionId);
      // Page.navigate answers once the navigation is committed; the old document may linger.
      await new Promise((r) => setTimeout(r, 50));
      await evaluate(`new Promise((resolve) => {
        if (document.readyState === 'complete') resolve(true);
        else addEventListener('load', () => resolve(true), { once: true });
      })`);
    },
    async trace(during) {
      traceEvents.length = 0;
      await send('Tracing.start', {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'v8.execute',
          'blink.user_timing',
          'toplevel',
        ].join(','),
        transferMode: 'ReportEvents',
      });
      const result = await during();
      const complete = new Promise<void>((resolve) => (traceDone = resolve));
      await send('Tracing.end');
      await complete;
      return { result, events: [...traceEvents] };
    },
    async profile(during) {
      await send('Profiler.enable', {}, sessionId);
      await send('Profiler.setSamplingInterval', { interval: 100 }, sessionId);
      await send('Profiler.start', {}, sessionId);
      const result = await during();
      const { profile } = await send<{ profile: unknown }>('Profiler.stop', {}, sessionId);
      await send('Profiler.disable', {}, sessionId);
      return { result, profile };
    },
    async screenshot() {
      const { data } = await send<{ data: string }>('Page.captureScreenshot', {}, sessionId);
      return Buffer.from(data, 'base64');
    },
    async addInitScript(source) {
      // Scripts for new documents are kept by the Page domain, which must be on for them.
      await send('Page.enable', {}, sessionId);
      await send('Page.addScriptToEvaluateOnNewDocument', { source }, sessionId);
    },
    async close() {
      await send('Browser.close').catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(profile, { recursive: true, force: true });
    },
  };
}
