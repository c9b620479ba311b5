import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded database is one process's files: a second process opening them would corrupt
 * them. A lock file holding the owner's pid keeps a second server out; a lock left by a
 * process that no longer runs (SIGKILL, power loss) is taken over.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  const file = path.join(dir, 'turnout.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return {
        release: () => {
          try {
            if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
          } catch {}
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(`The data directory ${dir} is in use by process ${owner}. Stop it first, or set DATA_DIR to another folder.`);
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
