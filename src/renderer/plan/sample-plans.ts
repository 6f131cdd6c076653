/** The sample plans bundled from resources/sample-plans (real server output), loaded on demand. */
export interface SamplePlan {
  file: string;
  title: string;
  dialect: string;
  about: string;
}

const texts = import.meta.glob('../../../resources/sample-plans/*.{json,txt}', {
  query: '?raw',
  import: 'default',
}) as Record<string, () => Promise<string>>;

const index = import.meta.glob('../../../resources/sample-plans/index.json', {
  import: 'samples',
  eager: true,
}) as Record<string, SamplePlan[]>;

/** The samples, as listed in the folder's index. */
export function samplePlans(): SamplePlan[] {
  return Object.values(index)[0] ?? [];
}

/** One sample's text. */
export async function loadSamplePlan(file: string): Promise<string> {
  const key = Object.keys(texts).find((k) => k.endsWith(`/${file}`));
  if (!key) throw new Error(`No sample plan ${file}`);
  return texts[key]!();
}
