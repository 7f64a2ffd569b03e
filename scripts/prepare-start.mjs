// `npm start`'s first step: installs the dependencies and builds, each only when what it makes is
// older than what it is made from, so a start with nothing changed reaches the network and tsc not
// at all. Plain Node.js with no dependency, since it runs before they are installed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(root, path);

/** Written after a successful install and build: their times are what the inputs are compared with. */
const INSTALLED = at('node_modules/.aisle-installed');
const BUILT = at('dist/.aisle-built');

const npm = (...args) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' });

let done = false;
if (isOlder(INSTALLED, ['package.json', 'package-lock.json'])) {
  console.log(
    'Installing the dependencies (package.json or package-lock.json changed since the last install) ...',
  );
  npm('install', '--no-audit', '--no-fund');
  stamp(INSTALLED);
  done = true;
}

if (isOlder(BUILT, ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'])) {
  console.log('Building (the sources changed since the last build) ...');
  npm('run', 'build');
  stamp(BUILT);
  done = true;
}
if (!done) console.log('The dependencies and the build are up to date.');

/** Whether the stamp is missing or any input file is newer than it. */
function isOlder(stampPath, inputs) {
  if (!existsSync(stampPath)) return true;
  const made = statSync(stampPath).mtimeMs;
  return inputs.some((input) => newest(at(input)) > made);
}

/** The latest modification time of a file, or of any file under a folder. */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function stamp(path) {
  writeFileSync(path, `${new Date().toISOString()}\n`);
}
