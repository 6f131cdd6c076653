import type { Bench } from './bench';
import { digestDiff } from './digest-diff.bench';
import { connectAndDescribe } from './connect-and-describe.bench';
import { explainBench } from './explain.bench';
import { planRender } from './plan-render.bench';
import { processlistBench } from './processlist.bench';
import { gridScroll } from './grid-scroll.bench';
import { schemaTree } from './schema-tree.bench';
import { streamMillionRows } from './stream-million-rows.bench';
import { gtidAlgebra } from './gtid.bench';
import { lintBench } from './lint.bench';
import { planDiffBench } from './plan-diff.bench';
import { slowlogBench } from './slowlog.bench';
import { driftBench } from './drift.bench';

/** Every benchmark; each feature adds its module and one line here. */
export const BENCHES: Bench[] = [
  connectAndDescribe,
  streamMillionRows,
  gridScroll,
  gtidAlgebra,
  explainBench,
  planRender,
  digestDiff,
  processlistBench,
  lintBench,
  planDiffBench,
  slowlogBench,
  driftBench,
  schemaTree,
];
