import { z } from 'zod';

/** What Electron's main process tells the backend utility process over its parent port. */
export const MainToBackendSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('init'),
    dataDir: z.string().min(1),
    /** The data key (base64), kept sealed by safeStorage on disk; null: use the key file. */
    dataKey: z.string().nullable(),
  }),
  /** Carries a MessagePort (in `ports`) for one window. */
  z.object({ type: z.literal('port'), windowId: z.number().int() }),
]);
export type MainToBackend = z.infer<typeof MainToBackendSchema>;
