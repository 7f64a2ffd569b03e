// The first step of `npm start` and `npm test`: installs the dependencies and builds, each only when
// what it makes is older than what it is made from, so a start with nothing changed reaches neither
// the network nor tsc. Plain Node.js with no dependency, since it runs before they are installed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(root, path);

/**
 * Written after a successful install and build: their times are what the inputs are compared with.
 * npm writes node_modules/.package-lock.json on every install, `npm ci` included.
 */
const INSTALLED = [at('node_modules/.aisle-installed'), at('node_modules/.package-lock.json')];
const BUILT = [at('dist/.aisle-built')];

const npm = (...args) => execFileSync('npm', args, { cwd: root, stdio: 'inherit' });

let done = false;
if (isOlder(INSTALLED, ['package.json', 'package-lock.json'])) {
  console.log('Installing the dependencies (none yet, or package.json or the lock file is newer) ...');
  npm('install', '--no-audit', '--no-fund');
  stamp(INSTALLED[0]);
  done = true;
}

if (
  isOlder(BUILT, [
    'src',
    'panel',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.build.json',
  ])
) {
  console.log('Building (no build yet, or the sources are newer) ...');
  npm('run', 'build');
  stamp(BUILT[0]);
  done = true;
}
if (!done) console.log('The dependencies and the build are up to date.');

/** Whether no stamp is there, or any input file is newer than the newest stamp. */
function isOlder(stamps, inputs) {
  const made = Math.max(
    0,
    ...stamps.filter((path) => existsSync(path)).map((path) => statSync(path).mtimeMs),
  );
  return made === 0 || inputs.some((input) => newest(at(input)) > made);
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
