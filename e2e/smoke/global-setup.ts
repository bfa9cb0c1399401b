import { readDeployment, smokeUrl } from '../../scripts/smoke/deployment';

/** Finds the deployment's API before any browser starts; the workers inherit API_URL (support/api.ts). */
export default async function globalSetup(): Promise<void> {
  const { shellUrl, apiUrl } = await readDeployment(smokeUrl());
  process.env.API_URL = apiUrl;
  console.log(`smoke: the shell at ${shellUrl}, its API at ${apiUrl}`);
}
