import { z } from 'zod';
import { formatBytes } from '../format/bytes';
import { formatExactCount } from '../format/count';
import { ApiError } from './errors';

/**
 * The largest statement Sightline sends, in bytes of UTF-8 (what the server receives). A server
 * may take less: the backend also checks each statement against the session's
 * `max_allowed_packet` before sending it.
 */
export const MAX_STATEMENT_BYTES = 64 * 1024 * 1024;

/**
 * The largest message a screen may send to the browser-mode server over its WebSocket, in bytes
 * of UTF-8. Any statement within MAX_STATEMENT_BYTES fits, even when JSON escapes each of its
 * bytes into six (`\u0001`), with room for the rest of the call. A bigger frame would make the
 * WebSocket close, and every session of the page with it, so the page refuses to send one.
 */
export const MAX_MESSAGE_BYTES = 6 * MAX_STATEMENT_BYTES + 64 * 1024;

/**
 * The largest message a window may post to the desktop backend over its MessagePort, as bounded
 * by `structuredSizeBound`: any statement within MAX_STATEMENT_BYTES fits (at most two bytes per
 * UTF-16 unit), and it stays well below the 256 MiB that Chromium's IPC takes in one message.
 */
export const MAX_PORT_MESSAGE_BYTES = 2 * MAX_STATEMENT_BYTES + 64 * 1024;

/**
 * The bytes `text` takes in UTF-8, as a WebSocket frame or the server's connection carries it.
 * A lone surrogate counts three bytes: encoders replace it with U+FFFD.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) continue;
    if (unit < 0x800) {
      bytes += 1;
    } else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      // A pair: two units, four bytes.
      bytes += 2;
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * An upper bound of the bytes a plain JSON-like value takes once structured-cloned (V8's
 * serializer, which a MessagePort uses): two bytes per UTF-16 unit of every string, and a
 * generous allowance for tags, lengths and numbers.
 */
export function structuredSizeBound(value: unknown): number {
  const PER_VALUE = 16;
  if (typeof value === 'string') return PER_VALUE + 2 * value.length;
  if (Array.isArray(value)) {
    let size = PER_VALUE;
    for (const item of value) size += structuredSizeBound(item);
    return size;
  }
  if (typeof value === 'object' && value !== null) {
    let size = PER_VALUE;
    for (const [key, item] of Object.entries(value)) {
      size += structuredSizeBound(key) + structuredSizeBound(item);
    }
    return size;
  }
  return PER_VALUE;
}

/** `40.0 MiB (41,943,040 bytes)`: a size in words, exact in bytes. */
function sizeInWords(bytes: number): string {
  return `${formatBytes(bytes)} (${formatExactCount(bytes)} bytes)`;
}

/**
 * Why a statement of `bytes` bytes was not sent: the server's `max_allowed_packet` leaves room for
 * `largest` bytes of statement after the packet's header.
 */
export function overPacketLimitMessage(
  bytes: number,
  largest: number,
  maxAllowedPacket: number,
): string {
  return (
    `The statement is ${sizeInWords(bytes)}; this server takes at most ${sizeInWords(largest)} ` +
    `in one statement (max_allowed_packet = ${maxAllowedPacket}), so it was not sent: the ` +
    'server would have dropped the connection. Raise max_allowed_packet (SET GLOBAL applies to ' +
    'new connections, so reconnect after) or split the statement.'
  );
}

/**
 * The error a transport throws instead of sending a message of `bytes` bytes (as it would
 * travel) over its `limit`: the transport stays open for every other call.
 */
export function messageTooLargeError(bytes: number, limit: number): ApiError {
  return new ApiError({
    code: 'INVALID_REQUEST',
    message:
      `This request is ${sizeInWords(bytes)} as sent, more than the ${sizeInWords(limit)} one ` +
      `message to the backend may take, so it was not sent. A statement may be at most ` +
      `${formatBytes(MAX_STATEMENT_BYTES)} of UTF-8.`,
  });
}

/**
 * The text of one statement in a request: not empty and at most MAX_STATEMENT_BYTES bytes of
 * UTF-8; the error names both sizes.
 */
export const StatementTextSchema = z
  .string()
  .min(1)
  .superRefine((sql, ctx) => {
    // Three bytes per unit at most: short statements need no count.
    if (sql.length * 3 <= MAX_STATEMENT_BYTES) return;
    const bytes = utf8Length(sql);
    if (bytes <= MAX_STATEMENT_BYTES) return;
    ctx.addIssue({
      code: 'custom',
      message:
        `The statement is ${sizeInWords(bytes)} of UTF-8, more than the ` +
        `${sizeInWords(MAX_STATEMENT_BYTES)} Sightline sends in one statement; it was not sent.`,
    });
  });
