// How much of a slow log is read and turned into one latin1 string at a time.

/**
 * Node makes a string of `EXTERN_APEX` (0xFBEE9) bytes or more from a Buffer an external string
 * (its characters outside V8's heap); below that, a sequential one in the heap. The reader reads
 * a sequential chunk about 10 % faster (Node 24 and 20: each charCodeAt, search and slice of an
 * external string goes through its resource), so chunks stay below that size.
 */
export const NODE_EXTERNAL_STRING_BYTES = 0xfbee9;

/** Bytes read (and decoded) per chunk: as large as a sequential string allows. */
export const CHUNK_BYTES = 960 * 1024;
