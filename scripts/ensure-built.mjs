// The first step of `npm start` and `npm test`: installs the dependencies and builds, each only when
// what it makes is older than what it is made from, so a start with nothing changed reaches neither
// the network nor tsc. Plain Node.js with no dependency, since it runs before they are installed.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path) => join(root, path);

const supported = JSON.parse(readFileSync(at('package.json'), 'utf8')).engines.node;
if (!satisfies(process.versions.node, supported)) {
  console.error(
    `aisle runs on Node.js ${readable(supported)}; this is Node.js ${process.versions.node}, so nothing was installed or started.`,
  );
  process.exit(1);
}

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

if (isOlder(BUILT, ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'])) {
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

/**
 * Whether a version satisfies `engines.node`, written as caret ranges joined by `||` (`^22.15.0 ||
 * ^24.0.0`): the same major, and at least that minor and patch. No semver package is installed yet
 * when this runs.
 */
function satisfies(version, range) {
  const [major, minor, patch] = version.split('.').map(Number);
  return range.split('||').some((part) => {
    const [wantMajor, wantMinor, wantPatch] = part.trim().replace(/^\^/, '').split('.').map(Number);
    if (major !== wantMajor) return false;
    return minor > wantMinor || (minor === wantMinor && patch >= wantPatch);
  });
}

/** `^22.15.0 || ^24.0.0 || ^26.0.0` as `22 (22.15 or later), 24 or 26`. */
function readable(range) {
  const lines = range.split('||').map((part) => {
    const [major, minor] = part.trim().replace(/^\^/, '').split('.');
    return minor === '0' ? major : `${major} (${major}.${minor} or later)`;
  });
  return lines.length === 1 ? lines[0] : `${lines.slice(0, -1).join(', ')} or ${lines.at(-1)}`;
}
