// `npm run bench [name...]`: each figure is printed as a ratio against a baseline measured in
// the same run, so machines of different speed give comparable numbers.
import { BENCHES } from './benches';

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const chosen = wanted.length ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;
  if (chosen.length === 0) {
    console.error(
      `no benchmark named ${wanted.join(', ')}; have: ${BENCHES.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  // Figures depend on the runtime's compiler and collector: every run says which it was.
  console.log(`runtime: Node.js ${process.version}, V8 ${process.versions.v8}`);
  for (const bench of chosen) {
    console.log(`\n${await bench.run()}`);
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
