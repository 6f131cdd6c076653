import { z } from 'zod';

/** What a Cancel (KILL QUERY of a session's running work) did. */
export const CancelOutcomeSchema = z.object({
  cancelled: z.boolean(),
  /**
   * Why no KILL was sent although the statement ran: its connection could not be verified as
   * the one it runs on (KILL by id alone could stop someone else's statement), or it was found
   * gone. Absent when the statement had simply ended or was already being stopped.
   */
  reason: z.string().optional(),
  /**
   * The server did not answer at all (frozen, cut off): no KILL can reach it, and only giving
   * the connection up (`query.giveUp`) ends the wait before it answers again.
   */
  serverSilent: z.boolean().optional(),
});
export type CancelOutcome = z.infer<typeof CancelOutcomeSchema>;
