// Finds flaky unit tests before CI does (issue 16): runs the Vitest projects several rounds, each in a
// different shuffled order (a new seed per round, printed), while other processes keep CPU cores busy, and
// at the end lists every test that failed in any round with that round's seed. Exit status 1 when one did.
// Not part of `npm test`: it takes several minutes per round.
//
// Usage: npm run test:stress -- [--rounds 5] [--projects web,api,shared] [--busy 1] [--pglite]
//   --rounds    how many rounds (default 5)
//   --projects  which Vitest projects (default web,api,shared)
//   --busy      how many spinning processes keep cores busy meanwhile (default 1)
//   --pglite    run the API tests on PGlite only, even when TEST_DATABASE_URL is set
// A failure is replayed with `npx vitest run --project <p> --sequence.shuffle --sequence.seed <seed>`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    projects: { type: 'string', default: 'web,api,shared' },
    busy: { type: 'string', default: '1' },
    pglite: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
const busy = Number(values.busy);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number ≥ 1`);
if (!Number.isInteger(busy) || busy < 0) throw new Error(`--busy must be a whole number ≥ 0`);
const projects = values.projects.split(',').filter(Boolean);

const env = { ...process.env };
if (values.pglite) delete env.TEST_DATABASE_URL;
console.log(
  `test:stress: ${rounds} round(s) of ${projects.join(', ')} with ${busy} busy process(es); API tests on ` +
    (env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only'),
);

// Each spinner is a separate process so it takes a core of its own, not a slice of this one's.
const spinners = Array.from({ length: busy }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopSpinners = () => spinners.forEach((s) => s.kill());
process.on('exit', stopSpinners);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

const outDir = mkdtempSync(join(tmpdir(), 'test-stress-'));
/** test id → the rounds it failed in, each with its seed and first failure line. */
const failures = new Map();
const note = (id, round, seed, message) => {
  if (!failures.has(id)) failures.set(id, []);
  let first = (message ?? '').split('\n')[0].slice(0, 300);
  // Vitest's JSON report keeps only this placeholder for a test that timed out.
  if (first === 'Error: STACK_TRACE_ERROR') first = 'timed out (the round output above has the message)';
  failures.get(id).push({ round, seed, message: first });
};

for (let round = 1; round <= rounds; round++) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const report = join(outDir, `round-${round}.json`);
  console.log(`\n== round ${round}/${rounds}, seed ${seed}`);
  const started = Date.now();
  const code = await run('npx', [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--sequence.shuffle',
    `--sequence.seed=${seed}`,
    '--reporter=dot',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  const seconds = Math.round((Date.now() - started) / 1000);

  let result;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    note('(the run itself: no JSON report)', round, seed, `vitest exited with ${code}`);
    continue;
  }
  let failed = 0;
  for (const file of result.testResults) {
    const path = relative(process.cwd(), file.name);
    // A file that fails to load or whose hooks fail has no failed test of its own but a message.
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed')) {
      note(`${path} (the file: load or hook)`, round, seed, file.message);
      failed++;
    }
    for (const test of file.assertionResults.filter((t) => t.status === 'failed')) {
      note(`${path} > ${test.fullName}`, round, seed, test.failureMessages?.[0]);
      failed++;
    }
  }
  if (code !== 0 && failed === 0) {
    // e.g. an unhandled error or rejection between tests: Vitest fails the run without failing a test.
    note(
      '(the run itself: unhandled error, see the output above)',
      round,
      seed,
      `vitest exited with ${code}`,
    );
  }
  // `failed` counts a file whose set-up failed too (Vitest's numFailedTests does not: a round once said
  // "0 failed" above a file whose server did not start).
  console.log(
    `round ${round}: ${result.numPassedTests} passed, ${failed} failed, ` +
      `${result.numPendingTests + result.numTodoTests} skipped, ${seconds} s`,
  );
}
stopSpinners();
rmSync(outDir, { recursive: true, force: true });

console.log('\n== test:stress result');
if (failures.size === 0) {
  console.log(`no test failed in ${rounds} round(s)`);
  process.exit(0);
}
for (const [id, seen] of failures) {
  console.log(`FAILED ${seen.length}/${rounds}: ${id}`);
  for (const { round, seed, message } of seen) console.log(`  round ${round}, seed ${seed}: ${message}`);
}
process.exit(1);

function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
