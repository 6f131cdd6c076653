import { z } from 'zod';

/**
 * Messages between the browser-mode supervisor and its forked backend, over Node's IPC channel.
 * Each WebSocket is one client `c`; the backend serves each as its own peer.
 */
export const SupervisorToBackendSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('open'), c: z.string().min(1).max(64) }),
  z.object({ k: z.literal('msg'), c: z.string().min(1).max(64), m: z.unknown() }),
  z.object({ k: z.literal('close'), c: z.string().min(1).max(64) }),
]);
export type SupervisorToBackend = z.infer<typeof SupervisorToBackendSchema>;

export const BackendToSupervisorSchema = z.discriminatedUnion('k', [
  z.object({ k: z.literal('ready') }),
  z.object({ k: z.literal('fatal'), message: z.string() }),
  z.object({ k: z.literal('msg'), c: z.string().min(1).max(64), m: z.unknown() }),
  /** A finished export handed to the web server as a one-time download for client `c`. */
  z.object({
    k: z.literal('download'),
    c: z.string().min(1).max(64),
    token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
    /** A bare name inside the download folder: the web server never takes a path from here. */
    file: z.string().regex(/^[a-f0-9]{32}\.(csv|jsonl)$/),
    fileName: z.string().min(1).max(255),
    contentType: z.string().min(1).max(100),
    expiresAt: z.number().int().nonnegative(),
  }),
]);
export type BackendToSupervisor = z.infer<typeof BackendToSupervisorSchema>;
