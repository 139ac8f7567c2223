// Finds flaky unit tests before CI does (issue 16): runs the Vitest projects several rounds, each in a
// different shuffled order (a new seed per round, printed), while other processes keep CPU cores busy, and
// at the end lists every test that failed in any round with that round's seed. Exit status 1 when one did.
// Not part of `npm test`: it takes several minutes per round.
//
// With --e2e it does the same for the browser tests (issue 34 item 15, decision 0435): builds once, then
// runs `playwright test` each round beside the busy processes, so what fails on a machine half as fast (a
// timeout, a race with a test on the same server) fails here before CI. It also lists every test that took
// more than a third of its timeout, the headroom each browser test must keep.
//
// Usage: npm run test:stress -- [--rounds 5] [--projects web,api,shared] [--busy 1] [--pglite]
//        npm run test:stress -- --e2e [--rounds 1] [--busy 1] [--no-build] [e2e/tests/x.spec.ts …]
//   --rounds    how many rounds (default 5; 1 with --e2e, whose round is the whole browser suite)
//   --projects  which Vitest projects (default web,api,shared)
//   --busy      how many spinning processes keep cores busy meanwhile (default 1)
//   --pglite    run the API tests on PGlite only, even when TEST_DATABASE_URL is set
//   --e2e       the Playwright tests instead (the files named after the options, or all)
//   --no-build  with --e2e: use the build that is there (`npm run build` otherwise comes first)
// A failure is replayed with `npx vitest run --project <p> --sequence.shuffle --sequence.seed <seed>`, or for
// a browser test with `npx playwright test -c e2e/playwright.config.ts <file>` beside `node -e "for(;;){}"`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string' },
    projects: { type: 'string', default: 'web,api,shared' },
    busy: { type: 'string', default: '1' },
    pglite: { type: 'boolean', default: false },
    e2e: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
});
const e2e = values.e2e;
if (positionals.length > 0 && !e2e) throw new Error('spec files are for --e2e only');
const rounds = Number(values.rounds ?? (e2e ? '1' : '5'));
const busy = Number(values.busy);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number ≥ 1`);
if (!Number.isInteger(busy) || busy < 0) throw new Error(`--busy must be a whole number ≥ 0`);
const projects = values.projects.split(',').filter(Boolean);

const env = { ...process.env };
if (values.pglite) delete env.TEST_DATABASE_URL;
console.log(
  e2e
    ? `test:stress: ${rounds} round(s) of the browser tests (${positionals.join(', ') || 'all'}) with ${busy} ` +
        'busy process(es)'
    : `test:stress: ${rounds} round(s) of ${projects.join(', ')} with ${busy} busy process(es); API tests on ` +
        (env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only'),
);
// The build is not under test: it comes before the spinners, once.
if (e2e && !values['no-build'] && (await run('npm', ['run', 'build'])) !== 0) {
  console.log('test:stress: the build failed');
  process.exit(1);
}

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

/** Browser tests that took more than a third of their timeout: id → the rounds and seconds. */
const slow = new Map();

for (let round = 1; round <= rounds && e2e; round++) {
  const report = join(outDir, `round-${round}.json`);
  console.log(`\n== round ${round}/${rounds}`);
  const started = Date.now();
  const code = await run(
    'npx',
    ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json', ...positionals],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  let result;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    note('(the run itself: no JSON report)', round, '-', `playwright exited with ${code}`);
    continue;
  }
  let failed = 0;
  for (const { file, spec, test } of playwrightTests(result.suites ?? [])) {
    const id = `${file}:${spec.line} > ${spec.title}`;
    const results = test.results ?? [];
    const last = results.at(-1);
    if (test.status === 'unexpected' || test.status === 'flaky') {
      note(id, round, '-', last?.error?.message ?? last?.status);
      failed++;
    }
    // test.slow() triples the timeout; the report keeps the configured one and a 'slow' annotation.
    const tripled = (test.annotations ?? []).some((a) => a.type === 'slow');
    const timeout = (test.timeout || result.config?.projects?.[0]?.timeout || 0) * (tripled ? 3 : 1);
    const took = Math.max(0, ...results.map((r) => r.duration ?? 0));
    if (timeout > 0 && took > timeout / 3) {
      if (!slow.has(id)) slow.set(id, []);
      slow.get(id).push(`round ${round}: ${Math.round(took / 1000)} s of ${timeout / 1000} s`);
    }
  }
  for (const error of result.errors ?? []) {
    note('(the run itself: global set-up or a file that did not load)', round, '-', error.message);
    failed++;
  }
  if (code !== 0 && failed === 0)
    note('(the run itself: see the output above)', round, '-', `playwright exited with ${code}`);
  const stats = result.stats ?? {};
  console.log(
    `round ${round}: ${stats.expected ?? '?'} passed, ${failed} failed, ${stats.skipped ?? 0} skipped, ` +
      `${seconds} s`,
  );
}

for (let round = 1; round <= rounds && !e2e; round++) {
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
for (const [id, seen] of slow)
  console.log(`SLOW (over a third of its timeout): ${id}\n  ${seen.join('\n  ')}`);
if (failures.size === 0) {
  console.log(`no test failed in ${rounds} round(s)`);
  process.exit(0);
}
for (const [id, seen] of failures) {
  console.log(`FAILED ${seen.length}/${rounds}: ${id}`);
  for (const { round, seed, message } of seen)
    console.log(`  round ${round}${seed === '-' ? '' : `, seed ${seed}`}: ${message}`);
}
process.exit(1);

/** Every test of a Playwright JSON report, with its spec and file (suites nest: files, then describes). */
function* playwrightTests(suites, file) {
  for (const suite of suites) {
    const at = file ?? suite.file;
    for (const spec of suite.specs ?? []) for (const test of spec.tests ?? []) yield { file: at, spec, test };
    yield* playwrightTests(suite.suites ?? [], at);
  }
}

function run(command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...env, ...extraEnv } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
