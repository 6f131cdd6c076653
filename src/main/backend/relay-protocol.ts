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
]);
export type BackendToSupervisor = z.infer<typeof BackendToSupervisorSchema>;
