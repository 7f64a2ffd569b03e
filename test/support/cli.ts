import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../../src/lib/package-root.js';

export const CLI = join(PACKAGE_ROOT, 'dist', 'src', 'cli', 'main.js');

export interface RunningCli {
  child: ChildProcess;
  output(): string;
  errors(): string;
  exited: Promise<number | null>;
  /** Resolves with the output once a line matching `pattern` was printed. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<string>;
  stop(): Promise<number | null>;
}

/** Runs the built `aisle` command (or another build's, `cli`) as a child process, as a user would. */
export function runCli(args: string[], env: Record<string, string>, cli = CLI): RunningCli {
  const child = spawn(process.execPath, [cli, ...args], {
    env: { ...process.env, AISLE_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  const waiters = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const waiter of waiters) waiter();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => stdout,
    errors: () => stderr,
    exited,
    waitForOutput(pattern, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (pattern.test(stdout)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(stdout);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No output matched ${pattern} in time.\nstdout:\n${stdout}\nstderr:\n${stderr}`));
        }, timeoutMs);
        void exited.then((code) => {
          if (waiters.has(check)) {
            waiters.delete(check);
            clearTimeout(timer);
            reject(
              new Error(
                `aisle exited with ${code} before ${pattern}.\nstdout:\n${stdout}\nstderr:\n${stderr}`,
              ),
            );
          }
        });
        waiters.add(check);
        check();
      });
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Reads the three base URLs and the key from the banner `aisle start` prints. */
export function parseBanner(output: string) {
  const url = (label: string) => new RegExp(`${label}:\\s+(http://\\S+)`).exec(output)?.[1];
  return {
    public: url('Query API'),
    internal: url('Internal API'),
    management: url('Management API'),
    reference: url('API reference'),
    /** Printed only with --demo, when the build made the example storefront. */
    storefront: url('Demo storefront'),
    /** Printed only when it was generated. */
    key: /Management key:\s+(\S+) \(generated/.exec(output)?.[1],
  };
}
