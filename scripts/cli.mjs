// `npm run cli -- …`: the operator CLI of the built API (apps/api/src/cli.ts). On a fresh clone nothing is
// built yet, and the README's `npm run cli -- create-user …` failed with "Cannot find module": so the
// shared package and the API are built first when the CLI is missing (not on every call: that costs
// seconds and rewrites files a running server was started from).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../apps/api/dist/cli.js', import.meta.url));
const run = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status ?? 1;
if (!existsSync(cli)) {
  for (const workspace of ['packages/shared', 'apps/api']) {
    const status = run('npm', ['run', 'build', '-w', workspace, '--silent']);
    if (status !== 0) process.exit(status);
  }
}
process.exit(run(process.execPath, [cli, ...process.argv.slice(2)]));
