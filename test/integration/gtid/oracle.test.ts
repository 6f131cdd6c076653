import type mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTo } from '../../servers/connect';
import { testServers } from '../../servers/provided';
import { askOracle, createOracle, dropOracle, type OracleAnswers } from './mysql-oracle';
import { randomGtidTextPair, seededRandom } from './random-gtid-text';
import { sightlineAnswers } from './sightline-answers';

// Thousands of random pairs of GTID set texts (tags, overlaps, odd whitespace and case, huge
// numbers, and malformed ones) answered by Sightline and by MySQL 9.7 itself: normalized text,
// GTID_SUBTRACT, GTID_SUBSET, union and intersection, and for malformed input the exact text of
// error 1772. Replay a failure with SIGHTLINE_GTID_SEED=<the printed seed>.
const SEED = Number(process.env.SIGHTLINE_GTID_SEED ?? Math.floor(Math.random() * 2 ** 31));
const PAIRS = Number(process.env.SIGHTLINE_GTID_PAIRS ?? 10000);
const BATCH = 500;

describe('GTID algebra against MySQL 9.7 as the oracle', () => {
  let connection: mysql.Connection;
  beforeAll(async () => {
    connection = await connectTo(testServers().mysql);
    await createOracle(connection);
  });
  afterAll(async () => {
    await dropOracle(connection).catch(() => undefined);
    await connection.end();
  });

  it(`agrees on ${PAIRS} random pairs`, async () => {
    console.log(
      `GTID oracle: seed ${SEED} (replay with SIGHTLINE_GTID_SEED=${SEED}), ${PAIRS} pairs`,
    );
    const random = seededRandom(SEED);
    const mismatches: string[] = [];
    const seen = { malformed: 0, tagged: 0, subsets: 0, nonEmptyDifferences: 0 };
    for (let done = 0; done < PAIRS; done += BATCH) {
      const pairs = Array.from({ length: Math.min(BATCH, PAIRS - done) }, () =>
        randomGtidTextPair(random),
      );
      const answers = await askOracle(connection, pairs);
      pairs.forEach(([a, b], index) => {
        const server = answers[index]!;
        const ours = sightlineAnswers(a, b);
        for (const question of Object.keys(server) as (keyof OracleAnswers)[]) {
          if (ours[question] === '(not compared)') continue;
          if (ours[question] !== server[question]) {
            mismatches.push(
              `${question} of ${JSON.stringify([a, b])}:\n  MySQL:     ${JSON.stringify(server[question])}\n  Sightline: ${JSON.stringify(ours[question])}`,
            );
          }
        }
        if (server.normalizedA.startsWith('E')) seen.malformed++;
        if (/:[a-z_]/.test(server.normalizedA)) seen.tagged++;
        if (server.subset === 'R1') seen.subsets++;
        if (server.subtract.length > 1 && server.subtract.startsWith('R'))
          seen.nonEmptyDifferences++;
      });
    }
    console.log(`GTID oracle: ${JSON.stringify(seen)}, ${mismatches.length} mismatches`);
    expect(mismatches.slice(0, 10).join('\n')).toBe('');
    // The generator must keep producing every kind of case, or the comparison proves little.
    expect(seen.malformed).toBeGreaterThan(PAIRS * 0.15);
    expect(seen.tagged).toBeGreaterThan(PAIRS * 0.15);
    expect(seen.subsets).toBeGreaterThan(PAIRS * 0.15);
    expect(seen.nonEmptyDifferences).toBeGreaterThan(PAIRS * 0.1);
  });
});
