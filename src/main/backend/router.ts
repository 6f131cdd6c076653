import { messageShapeProblem } from '../../shared/api/message-shape';
import { z } from 'zod';
import {
  contract,
  events,
  isMethodName,
  type EventName,
  type EventPayload,
  type MethodName,
} from '../../shared/api/contract';
import { ApiError, type ApiErrorShape } from '../../shared/api/errors';
import { ClientMessageSchema, type ServerMessage } from '../../shared/api/wire';
import type { CallContext, Handlers } from './handlers';

/** Says where in a request zod found it wrong: `settings.endpoint.port: Port must be ...`. */
function invalidRequest(method: string, error: z.ZodError): ApiErrorShape {
  const first = error.issues[0];
  const field = first && first.path.length > 0 ? first.path.join('.') : undefined;
  const message = error.issues
    .slice(0, 5)
    .map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
  return {
    code: 'INVALID_REQUEST',
    message: `Invalid request to ${method}: ${message}`,
    ...(field !== undefined ? { field } : {}),
  };
}

/** Turns anything thrown by a handler into a wire error; unknown errors never leak a stack. */
export function toErrorShape(method: string, e: unknown): ApiErrorShape {
  if (e instanceof ApiError) return e.toShape();
  if (e instanceof z.ZodError) return invalidRequest(method, e);
  console.error(`[backend] ${method} failed unexpectedly:`, e);
  const detail = e instanceof Error ? e.message : String(e);
  return { code: 'INTERNAL', message: `Unexpected error in ${method}: ${detail}` };
}

/**
 * An event's payload as the contract has it, or null (said in the log) when the backend built a
 * wrong one: checked here, once, as results are, so screens never receive a shape they did not
 * expect.
 */
export function checkedEvent<E extends EventName>(
  event: E,
  payload: EventPayload<E>,
): EventPayload<E> | null {
  const checked = (events[event] as z.ZodType).safeParse(payload);
  if (checked.success) return checked.data as EventPayload<E>;
  console.error(`[backend] dropped an invalid ${event} event:`, checked.error.issues.slice(0, 5));
  return null;
}

/**
 * Dispatches one raw message from a peer: validates the envelope and the params against the
 * contract, calls the handler, and checks the result against the contract before sending it.
 */
export async function dispatch(
  handlers: Handlers,
  raw: unknown,
  ctx: CallContext,
): Promise<ServerMessage | null> {
  // Before anything walks it: schema checks and logging recurse over a message.
  const shape = messageShapeProblem(raw);
  if (shape !== null) {
    const id = (raw as { id?: unknown } | null)?.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
    return { t: 'result', id, ok: false, error: { code: 'INVALID_REQUEST', message: shape } };
  }
  const envelope = ClientMessageSchema.safeParse(raw);
  if (!envelope.success) {
    console.error('[backend] dropped a malformed message');
    const id = (raw as { id?: unknown } | null)?.id;
    // Only an id the caller could be waiting for gets an answer (fuzzing found 1e107 and -1).
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 0) return null;
    return {
      t: 'result',
      id,
      ok: false,
      error: { code: 'INVALID_REQUEST', message: 'Malformed message envelope' },
    };
  }
  const { id, method } = envelope.data;
  if (!isMethodName(method)) {
    return {
      t: 'result',
      id,
      ok: false,
      error: { code: 'UNKNOWN_METHOD', message: `No such method: ${method.slice(0, 100)}` },
    };
  }
  const params = contract[method].params.safeParse(envelope.data.params ?? {});
  if (!params.success) {
    return { t: 'result', id, ok: false, error: invalidRequest(method, params.error) };
  }
  try {
    const handler = handlers[method] as (p: unknown, c: CallContext) => Promise<unknown>;
    const value = await handler(params.data, ctx);
    // Checked here, once: the screens trust what their own backend sends (ARCHITECTURE.md).
    const checked = (contract[method as MethodName].result as z.ZodType).safeParse(value);
    if (!checked.success) {
      console.error(`[backend] ${method} produced an invalid result:`, checked.error.issues);
      return {
        t: 'result',
        id,
        ok: false,
        error: { code: 'INTERNAL', message: `The backend produced an invalid answer to ${method}` },
      };
    }
    return { t: 'result', id, ok: true, value: checked.data };
  } catch (e) {
    return { t: 'result', id, ok: false, error: toErrorShape(method, e) };
  }
}
