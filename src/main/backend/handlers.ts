import type { z } from 'zod';
import type {
  Contract,
  EventName,
  EventPayload,
  MethodName,
  MethodResult,
} from '../../shared/api/contract';

/** What a handler knows about its caller: enough to push events back to that screen. */
export interface CallContext {
  readonly peerId: string;
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  /** Registers cleanup for when this caller's transport closes (its window went away). */
  onPeerClose(listener: () => void): void;
}

export type Handler<M extends MethodName> = (
  params: z.output<Contract[M]['params']>,
  ctx: CallContext,
) => Promise<MethodResult<M>>;

/** A service implements some methods of the contract; the backend joins them into all of them. */
export type Handlers<M extends MethodName = MethodName> = { [K in M]: Handler<K> };
