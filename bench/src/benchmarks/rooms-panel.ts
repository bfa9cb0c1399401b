import { featureCost } from '../lib/feature-cost';
import { setUpScenes } from '../lib/scenes';

/** Rooms the signed-in user is in, so 'Your rooms' lists a realistic handful, on both builds alike. */
const ROOMS = 10;

/** What 'Your rooms' (the second remote on the room list and in a room) costs a phone. */
export const roomsPanel = featureCost({
  name: 'rooms-panel',
  lever: 'rooms-panel',
  feature: 'rooms panel',
  // Clear of phone-levers' variants (10–60), should both run in one invocation.
  portOffset: 90,
  runs: (smoke) => Number(process.env.BENCH_PANEL_RUNS) || (smoke ? 1 : 3),
  async prepare(context) {
    const client = await context.client();
    const { session, scenes } = await setUpScenes(client);
    for (let i = 2; i <= ROOMS; i++) await client.createRoom(session, `Panel room ${i}`);
    return {
      scenes: scenes
        .filter((scene) => scene.signedIn && (!context.smoke || scene.path === '/'))
        .map((scene) => ({
          name: scene.path === '/' ? 'room list' : scene.name,
          path: scene.path,
          token: session.token,
        })),
    };
  },
});
