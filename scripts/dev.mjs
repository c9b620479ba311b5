// Development: the API with reload on PORT (3000) and the Vite dev server (5173) proxying /api.
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@turnout/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@turnout/web'], { stdio: 'inherit' }),
];
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    if (!code) return;
    stop('SIGTERM');
    process.exit(code);
  });
}
