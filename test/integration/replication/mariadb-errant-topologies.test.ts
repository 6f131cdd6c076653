import { errantTopologySuite } from './errant-topologies';
import { failOnUnhandledErrors } from '../db/no-unhandled-errors';

// Seeded randomized errant-transaction detection on generated MariaDB 10.11 topologies (see
// errant-topologies.ts); the seed is printed, SIGHTLINE_TOPOLOGY_SEED=<seed> replays a run.

failOnUnhandledErrors();
errantTopologySuite('mariadb', 'MariaDB 10.11');
