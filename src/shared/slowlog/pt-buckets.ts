// pt-query-digest's EventAggregator statistics: values go into 1000 logarithmic buckets (each
// 5% wider than the last, from 1 µs), and the 95th percentile, median and standard deviation are
// read from the buckets, not from the values. Reproduced so the numbers match its reports. The
// one possible difference: a value exactly on a bucket boundary may land one bucket off if V8's
// Math.log and the C library's log (Perl) round differently in the last bit (not seen in tests).

const BUCKET_SIZE = 1.05;
const BASE_LOG = Math.log(BUCKET_SIZE);
const MIN_BUCKET = 0.000001;
const BASE_OFFSET = Math.abs(1 - Math.log(MIN_BUCKET) / BASE_LOG);
/** How many buckets pt-query-digest keeps per attribute. */
export const BUCKET_COUNT = 1000;

/** Buckets of the integers 0..SMALL_INTEGERS-1 (row counts mostly), worked out once. */
const SMALL_INTEGERS = 65536;
let smallIntegerBuckets: Uint16Array | undefined;

/** The bucket a value falls in (`EventAggregator::bucket_idx`). */
export function bucketIndex(value: number): number {
  if ((value | 0) === value && value >= 0 && value < SMALL_INTEGERS)
    return (smallIntegerBuckets ??= integerBuckets())[value]!;
  return computeBucketIndex(value);
}

function integerBuckets(): Uint16Array {
  const table = new Uint16Array(SMALL_INTEGERS);
  for (let i = 0; i < SMALL_INTEGERS; i += 1) table[i] = computeBucketIndex(i);
  return table;
}

function computeBucketIndex(value: number): number {
  if (value < MIN_BUCKET) return 0;
  const index = Math.trunc(BASE_OFFSET + Math.log(value) / BASE_LOG);
  return index > BUCKET_COUNT - 1 ? BUCKET_COUNT - 1 : index;
}

/** The value a bucket stands for (`EventAggregator::bucket_value`). */
export function bucketValue(bucket: number): number {
  return bucket === 0 ? 0 : BUCKET_SIZE ** (bucket - 1) * MIN_BUCKET;
}

const BUCKET_VALUES = Array.from({ length: BUCKET_COUNT }, (_, i) => bucketValue(i));

/** What pt-query-digest derives from the buckets. */
export interface BucketStatistics {
  pct95: number;
  median: number;
  stddev: number;
}

/** `EventAggregator::_calc_metrics`, over bucket counts (`buckets[i]` = values in bucket i). */
export function bucketStatistics(
  buckets: ReadonlyMap<number, number>,
  count: number,
  min: number,
  max: number,
): BucketStatistics {
  if (count === 0 || buckets.size === 0) return { pct95: 0, median: 0, stddev: 0 };
  if (count === 1 || max === min) return { pct95: max || 0, median: max || 0, stddev: 0 };
  if (count === 2) {
    const mean = ((min || 0) + (max || 0)) / 2;
    return { pct95: max || 0, median: mean, stddev: Math.sqrt((max - mean) ** 2 * 2) };
  }
  const cutoff = count >= 10 ? Math.trunc(count * 0.95) : count;
  let totalLeft = count;
  const topValues = count - cutoff;
  let sumExcluded = 0;
  let sum = 0;
  let sumSquares = 0;
  const middle = Math.trunc(count / 2);
  let median = 0;
  let previous = BUCKET_COUNT - 1;
  let bucket95 = 0;
  const used = [...buckets.keys()].sort((a, b) => b - a);
  for (const bucket of used) {
    const n = buckets.get(bucket)!;
    if (!n) continue;
    totalLeft -= n;
    sumExcluded += n;
    if (!bucket95 && sumExcluded > topValues) bucket95 = bucket;
    if (!median && totalLeft <= middle) {
      median =
        cutoff % 2 || n > 1
          ? BUCKET_VALUES[bucket]!
          : (BUCKET_VALUES[bucket]! + BUCKET_VALUES[previous]!) / 2;
    }
    sum += n * BUCKET_VALUES[bucket]!;
    sumSquares += n * BUCKET_VALUES[bucket]! ** 2;
    previous = bucket;
  }
  const variance = sumSquares / count - (sum / count) ** 2;
  let stddev = variance > 0 ? Math.sqrt(variance) : 0;
  const maxStddev = ((max || 0) - (min || 0)) / 2;
  if (stddev > maxStddev) stddev = maxStddev;
  return { pct95: BUCKET_VALUES[bucket95]!, median, stddev };
}

/**
 * pt-query-digest's Query_time histogram: counts in 8 decades (1 µs, 10 µs, ... 1 s, 10 s+),
 * from the 1000 buckets (`buckets_of`).
 */
export function decadeHistogram(buckets: ReadonlyMap<number, number>): number[] {
  const histogram = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const [bucket, n] of buckets) histogram[DECADE_OF_BUCKET[bucket]!]! += n;
  return histogram;
}

const DECADE_OF_BUCKET: number[] = (() => {
  const decades: number[] = [];
  let start = 0;
  const starts = [0, ...Array.from({ length: 7 }, (_, i) => 10 ** (i + 1) * MIN_BUCKET)];
  for (let decade = 0; decade < starts.length - 1; decade += 1) {
    const next = bucketIndex(starts[decade + 1]!);
    for (let b = start; b < next; b += 1) decades[b] = decade;
    start = next;
  }
  for (let b = start; b < BUCKET_COUNT; b += 1) decades[b] = 7;
  return decades;
})();
