import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** One received message as the tests read it: the envelope recipients and the raw RFC 5322 text. */
export interface StoredMail {
  to: string[];
  receivedAt: number;
  raw: string;
}

export interface RunningMailServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real SMTP server on a free local port for the Turnout server to send to. Each message is
 * written as one JSON file into `folder` (written whole, then renamed into place), so tests in
 * any worker process can read what was sent.
 */
export async function startMailServer(folder: string): Promise<RunningMailServer> {
  await mkdir(folder, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        count += 1;
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          receivedAt: Date.now(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        const name = `${mail.receivedAt}-${String(count).padStart(4, '0')}.json`;
        const partial = path.join(folder, `.${name}.tmp`);
        writeFile(partial, JSON.stringify(mail))
          .then(() => rename(partial, path.join(folder, name)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
