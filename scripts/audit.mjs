#!/usr/bin/env node
// `npm audit --audit-level=high` for `npm test`: fails on any high or critical advisory in the
// installed dependencies. A registry or mirror without the advisory service (some answer 405)
// cannot say either way: that is reported loudly and does not fail the run, since it says nothing
// about our dependencies.
import { spawnSync } from 'node:child_process';

const audit = spawnSync('npm', ['audit', '--audit-level=high', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(audit.stdout);
} catch {
  console.error(`npm audit printed no report:\n${audit.stdout}${audit.stderr}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  console.warn(
    `npm audit: the advisory service did not answer (${report.message ?? 'no message'}); not audited.`,
  );
  process.exit(0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter(({ severity }) =>
  ['high', 'critical'].includes(severity),
);
if (serious.length > 0) {
  for (const { name, severity, range } of serious) console.error(`  ${severity}: ${name} ${range}`);
  console.error(`npm audit: ${serious.length} package(s) with high or critical advisories.`);
  process.exit(1);
}
console.log(`npm audit: no high or critical advisory (${counts.total} lower).`);
