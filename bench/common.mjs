// common.mjs — what the bench scripts share: the median of a list, the time
// of a call, a case's CLI arguments (and as JS API options), the CLI's JSON
// of a case, and Debian's Chromium launched as the e2e suite launches it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The ms that fn() takes. */
export function msOf(fn) {
  const t0 = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

/** The CLI binary's --json answer to a case (args: the case's arguments, --json or not), as text. */
export const nativeJson = (binary, game, args, file) =>
  execFileSync(binary, [game, ...args.filter((a) => a !== '--json'), '--json', file], { maxBuffer: 1 << 28 }).toString();

/** A bench case's CLI arguments: bench/cases/NAME.args, split at spaces ([] when there is none). */
export function caseArgs(name) {
  const file = new URL(`./cases/${name}.args`, import.meta.url);
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split(/\s+/) : [];
}

/** A bench case's CLI arguments as the JS API's options. */
export function optionsFrom(args) {
  const o = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--sweep') o.sweep = Number(args[++i]);
    else if (args[i] === '--rolls') o.rolls = Number(args[++i]);
    else if (args[i] === '--memory') o.memoryMb = Number(args[++i]);
    else if (args[i] === '--own-hints-only') o.ownHintsOnly = true;
    else if (args[i] === '--json') o.json = true;
  }
  return o;
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
  });
}
