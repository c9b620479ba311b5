import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
// s3rver ships no types; the test uses its constructor, run() and close() only.
// @ts-expect-error no declaration file
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_PART_BYTES, S3BlobStore } from './s3.ts';

async function bytes(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The S3 store against s3rver, an S3-compatible server started in this process on a free port. */
describe('[BLOBS] the S3 blob store against an S3-compatible server', () => {
  let directory: string;
  let server: { run(): Promise<AddressInfo>; close(): Promise<void> };
  let store: S3BlobStore;

  beforeAll(async () => {
    directory = mkdtempSync(path.join(tmpdir(), 'turnout-s3-'));
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'turnout-files' }] });
    const { port } = await server.run();
    store = new S3BlobStore(
      { bucket: 'turnout-files', prefix: 'test', endpoint: `http://127.0.0.1:${port}` },
      { credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, region: 'us-east-1' },
    );
  });
  afterAll(async () => {
    store?.client.destroy();
    await server?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('writes a stream under its key (with the prefix) and reads it back whole or by range', async () => {
    const body = 'hello, station 42';
    const written = await store.put('tenant-a/2026/11/one', Readable.from([Buffer.from('hello, '), Buffer.from('station 42')]));
    expect(written).toEqual({ size: body.length, md5: createHash('md5').update(body).digest('hex') });
    expect((await bytes(await store.get('tenant-a/2026/11/one'))).toString()).toBe(body);
    expect((await bytes(await store.get('tenant-a/2026/11/one', { start: 7, end: 13 }))).toString()).toBe('station');
    expect(await store.exists('tenant-a/2026/11/one')).toBe(true);
    expect(store.objectKey('tenant-a/2026/11/one')).toBe('test/tenant-a/2026/11/one');
  });

  it('uploads a stream larger than a part as a multipart upload', async () => {
    const big = Buffer.alloc(S3_PART_BYTES + 1234, 7);
    big.write('start', 0);
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    const written = await store.put('tenant-a/2026/11/big', Readable.from(chunks));
    expect(written).toEqual({ size: big.length, md5: createHash('md5').update(big).digest('hex') });
    expect((await bytes(await store.get('tenant-a/2026/11/big'))).equals(big)).toBe(true);
  });

  it('answers null and false for a missing key, and deletes without complaint', async () => {
    expect(await store.get('tenant-a/2026/11/none')).toBeNull();
    expect(await store.exists('tenant-a/2026/11/none')).toBe(false);
    await store.delete('tenant-a/2026/11/none');
    await store.put('tenant-a/2026/11/two', Readable.from(['x']));
    await store.delete('tenant-a/2026/11/two');
    expect(await store.exists('tenant-a/2026/11/two')).toBe(false);
  });

  it('leaves no object when the stream fails, small or past a part', async () => {
    for (const [key, size] of [
      ['tenant-a/2026/11/broken', 1000],
      ['tenant-a/2026/11/broken-big', S3_PART_BYTES + 10],
    ] as const) {
      let sent = 0;
      const failing = new Readable({
        read() {
          if (sent >= size) {
            this.destroy(new Error('connection lost'));
            return;
          }
          sent += 65_536;
          this.push(Buffer.alloc(65_536, 1));
        },
      });
      await expect(store.put(key, failing)).rejects.toThrow('connection lost');
      expect(await store.exists(key)).toBe(false);
    }
  });

  it('refuses keys that could name another place', async () => {
    await expect(store.put('../etc/passwd', Readable.from(['x']))).rejects.toThrow(/Invalid blob key/);
    await expect(store.get('a/../../b')).rejects.toThrow(/Invalid blob key/);
  });
});
