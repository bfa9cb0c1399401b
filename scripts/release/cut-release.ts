// `pnpm release:cut [commit]`: records the commit just deployed (HEAD by default) as the next release: an
// annotated tag `release-N` and a new last entry in releases.json. Commit releases.json and push the tag:
// from then on the skew tests and every remote's pipeline test against this release.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { type Release, releases, releasesFile, repoRoot } from './releases';

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

const commit = git('rev-parse', '--verify', `${process.argv[2] ?? 'HEAD'}^{commit}`);
const known = releases();
const already = known.find((release) => release.commit === commit);
if (already) {
  console.log(`${commit.slice(0, 7)} is already ${already.name}`);
  process.exit(0);
}

const next: Release = {
  name: `release-${known.length + 1}`,
  commit,
  date: new Date().toISOString().slice(0, 10),
};
git('tag', '-a', next.name, commit, '-m', `${next.name}: deployed ${next.date}`);
writeFileSync(releasesFile, `${JSON.stringify({ releases: [...known, next] }, null, 2)}\n`);
console.log(`${next.name} = ${commit.slice(0, 7)}: tagged and added to releases.json.`);
console.log(`Commit releases.json and push the tag (git push origin ${next.name}).`);
