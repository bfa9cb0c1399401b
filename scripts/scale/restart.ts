// `pnpm scale:restart`: a rolling restart of the running `pnpm start:scale` (API process A, then B, then Soketi
// node A, then B), as a deploy would do it; asks the topology's control port (scripts/scale/rolling-restart.ts)
// and prints its progress. SCALE_LAYOUT names another topology (the scaled e2e run's).
import { layoutFromEnv } from './layout';

const { control } = layoutFromEnv();
let answer: Response;
try {
  answer = await fetch(`http://127.0.0.1:${control}/rolling-restart`, { method: 'POST' });
} catch {
  console.error(`No scaled topology answers on 127.0.0.1:${control}: is \`pnpm start:scale\` running?`);
  process.exit(1);
}
if (!answer.ok || !answer.body) {
  console.error(`${answer.status}: ${await answer.text()}`);
  process.exit(1);
}
let text = '';
for await (const chunk of answer.body.pipeThrough(new TextDecoderStream())) {
  process.stdout.write(chunk);
  text += chunk;
}
process.exit(text.trimEnd().endsWith('\ndone') || text.trim() === 'done' ? 0 : 1);
