import type { Connection } from 'mysql2/promise';
import { isAccessDenied, queryRows } from './query-rows';
import { MDL_INSTRUMENT, STAGES_CONSUMER } from './processlist-sql';

/** What the account and the server's settings let a poll read, found once per connection. */
export interface AccessProbe {
  /** @@performance_schema is ON. */
  performanceSchema: boolean;
  /** The metadata-lock instrument: on, off, or not readable by this account. */
  mdlInstrument: 'on' | 'off' | 'denied' | 'absent';
  /** The events_stages_current consumer is on and readable (MySQL stage progress needs it). */
  stagesConsumer: boolean;
  /** The same as read: 'unknown' when performance_schema is off or the account may not read it. */
  stagesConsumerSetting: 'on' | 'off' | 'unknown';
}

/** Reads @@performance_schema and whether metadata locks are instrumented. */
export async function probeAccess(conn: Connection): Promise<AccessProbe> {
  const [on] = await queryRows(conn, 'SELECT @@performance_schema AS PS');
  const performanceSchema = Number(on?.PS) === 1;
  if (!performanceSchema) {
    return {
      performanceSchema,
      mdlInstrument: 'absent',
      stagesConsumer: false,
      stagesConsumerSetting: 'unknown',
    };
  }
  try {
    const [instrument, consumer] = await Promise.all([
      queryRows(conn, MDL_INSTRUMENT),
      queryRows(conn, STAGES_CONSUMER),
    ]);
    const enabled = instrument[0]?.ENABLED;
    const consumerEnabled = consumer[0]?.ENABLED;
    return {
      performanceSchema,
      mdlInstrument: enabled === undefined ? 'absent' : enabled === 'YES' ? 'on' : 'off',
      stagesConsumer: consumerEnabled === 'YES',
      stagesConsumerSetting:
        consumerEnabled === undefined ? 'unknown' : consumerEnabled === 'YES' ? 'on' : 'off',
    };
  } catch (e) {
    if (isAccessDenied(e)) {
      return {
        performanceSchema,
        mdlInstrument: 'denied',
        stagesConsumer: false,
        stagesConsumerSetting: 'unknown',
      };
    }
    throw e;
  }
}
