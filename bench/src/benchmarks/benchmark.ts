import type { BenchContext } from '../lib/context';
import type { BenchmarkResult } from '../lib/report';

export interface Benchmark {
  /** The name `--only` selects it by. */
  name: string;
  run(context: BenchContext): Promise<BenchmarkResult>;
}
