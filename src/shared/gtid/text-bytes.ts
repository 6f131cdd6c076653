/**
 * Strings to bytes and back through the WHATWG TextEncoder and TextDecoder. Reading a large GTID
 * text byte by byte from a Uint8Array is about twice as fast as `charCodeAt` (V8 checks the
 * string's representation on every call), and the encoder copies an ASCII string in a fraction
 * of a millisecond per megabyte; the decoder likewise builds a string from bytes many times
 * faster than `String.fromCharCode` over chunks.
 */

// Both classes are globals in every runtime Sightline runs in (Node, Electron's renderer,
// browsers), but they are declared by the DOM and Node type libraries, which src/shared does
// not load: these are the few members used here, as the WHATWG Encoding standard defines them.
declare const TextEncoder: new () => {
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number };
};
declare const TextDecoder: new () => { decode(input: Uint8Array): string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Bytes of the text being read. Reused, since reading never nests; grown to the largest text
 * read, and let go after a text larger than KEEP_BYTES so one huge set does not hold megabytes
 * for the life of the process.
 */
let bytes = new Uint8Array(4096);
const KEEP_BYTES = 1 << 22;

/**
 * `text` as bytes, one per character, followed by a 0 byte (so a reader can stop on it rather
 * than test the length on every step); null if the text is not all ASCII. The array is reused
 * by the next call, and only its first `text.length + 1` bytes are meaningful.
 */
export function asciiBytes(text: string): Uint8Array | null {
  const length = text.length;
  if (bytes.length <= length) bytes = new Uint8Array(Math.max(length + 1, bytes.length * 2));
  const out = bytes;
  // A non-ASCII character takes more than one byte: the whole text read into exactly as many
  // bytes as it has characters is ASCII (checking the bytes alone is not enough, as the
  // encoder may stop early at a character that no longer fits).
  const { read, written } = encoder.encodeInto(text, out);
  if (read !== length || written !== length) return null;
  out[length] = 0;
  if (out.length > KEEP_BYTES) bytes = new Uint8Array(4096);
  return out;
}

/** The string whose UTF-8 encoding is the first `length` bytes of `source`. */
export function utf8Text(source: Uint8Array, length: number): string {
  return decoder.decode(source.subarray(0, length));
}
