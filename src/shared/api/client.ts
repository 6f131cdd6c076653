import {
  events,
  type EventName,
  type EventPayload,
  type MethodName,
  type MethodParams,
  type MethodResult,
} from './contract';
import { ApiError } from './errors';
import { ServerMessageSchema, type ClientMessage } from './wire';

/** What a transport must offer the client: send a message, deliver received ones. */
export interface ClientTransport {
  /**
   * Sends or queues `message`; throws an ApiError (sent to the caller as is) for a message it
   * cannot carry, anything else when the backend cannot be reached.
   */
  send(message: ClientMessage): void;
  /** Registers the one receiver of messages from the backend. */
  onMessage(receiver: (message: unknown) => void): void;
}

export type BackendState = 'up' | 'down';

/** The typed API as screens see it, identical over both transports. */
export interface ApiClient {
  call<M extends MethodName>(method: M, params: MethodParams<M>): Promise<MethodResult<M>>;
  on<E extends EventName>(event: E, handler: (payload: EventPayload<E>) => void): () => void;
  /** Tells `handler` when the backend goes down or comes back; at once when it is down now. */
  onBackendState(handler: (state: BackendState, reason?: string) => void): () => void;
}

/**
 * Builds the api client over a transport. Results and events were validated against the
 * contract by the backend that sent them (once, on that side of the wire), so a screen never
 * works on a shape it did not expect; pending calls fail with BACKEND_DIED when the backend
 * goes down.
 */
export function createApiClient(transport: ClientTransport): ApiClient {
  let nextId = 1;
  const pending = new Map<
    number,
    { method: MethodName; resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  const eventHandlers = new Map<string, Set<(payload: unknown) => void>>();
  const stateHandlers = new Set<(state: BackendState, reason?: string) => void>();
  // While the backend is down, why: a screen that starts listening then is told at once.
  let down: { reason?: string } | null = null;

  transport.onMessage((raw) => {
    const parsed = ServerMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const msg = parsed.data;
    if (msg.t === 'result') {
      const call = pending.get(msg.id);
      if (!call) return;
      pending.delete(msg.id);
      if (!msg.ok) {
        call.reject(new ApiError(msg.error));
        return;
      }
      // Checked by the backend before it was sent (router.ts): validated once, not on both sides.
      call.resolve(msg.value);
    } else if (msg.t === 'event') {
      // Only events the contract names; their payloads were checked by the backend (backend.ts).
      if (!Object.hasOwn(events, msg.name)) return;
      const handlers = eventHandlers.get(msg.name);
      if (!handlers) return;
      for (const h of handlers) h(msg.payload);
    } else {
      if (msg.state === 'down') {
        for (const [id, call] of pending) {
          pending.delete(id);
          call.reject(
            new ApiError({
              code: 'BACKEND_DIED',
              message: 'The backend process stopped while working on this; it is being restarted.',
            }),
          );
        }
      }
      down = msg.state === 'down' ? { reason: msg.reason } : null;
      for (const h of stateHandlers) h(msg.state, msg.reason);
    }
  });

  return {
    call(method, params) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject });
        try {
          transport.send({ t: 'call', id, method, params });
        } catch (e) {
          pending.delete(id);
          // A transport refuses a message it cannot carry with an ApiError of its own.
          reject(
            e instanceof ApiError
              ? e
              : new ApiError({
                  code: 'BACKEND_DIED',
                  message: `Could not reach the backend: ${e instanceof Error ? e.message : String(e)}`,
                }),
          );
        }
      });
    },
    on(event, handler) {
      let set = eventHandlers.get(event);
      if (!set) eventHandlers.set(event, (set = new Set()));
      const h = handler as (payload: unknown) => void;
      set.add(h);
      return () => set.delete(h);
    },
    onBackendState(handler) {
      stateHandlers.add(handler);
      if (down) handler('down', down.reason);
      return () => stateHandlers.delete(handler);
    },
  };
}
