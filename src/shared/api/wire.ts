import { z } from 'zod';
import { ApiErrorShapeSchema } from './errors';

/** Messages from a screen to the backend. */
export const ClientMessageSchema = z.discriminatedUnion('t', [
  z.object({
    t: z.literal('call'),
    id: z.number().int().nonnegative(),
    method: z.string().max(100),
    params: z.unknown(),
  }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/**
 * Messages from the backend (or, for `backend`, from whoever supervises it) to a screen.
 * `backend` says the backend process died (`down`) or is serving again (`up`).
 */
export const ServerMessageSchema = z.union([
  z.object({
    t: z.literal('result'),
    id: z.number().int(),
    ok: z.literal(true),
    value: z.unknown(),
  }),
  z.object({
    t: z.literal('result'),
    id: z.number().int(),
    ok: z.literal(false),
    error: ApiErrorShapeSchema,
  }),
  z.object({ t: z.literal('event'), name: z.string(), payload: z.unknown() }),
  z.object({
    t: z.literal('backend'),
    state: z.enum(['up', 'down']),
    reason: z.string().optional(),
  }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;
