import type { Bench } from './bench';
import { connectAndDescribe } from './connect-and-describe.bench';

/** Every benchmark; each feature adds its module and one line here. */
export const BENCHES: Bench[] = [connectAndDescribe];
