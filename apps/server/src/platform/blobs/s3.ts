import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { assertBlobKey, type BlobRange, type BlobStore, type BlobWritten } from './store.ts';

/** Parts of a multipart upload (S3 wants at least 5 MiB for every part but the last). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

export interface S3Setting {
  bucket: string;
  prefix: string;
  /** An S3-compatible server's origin (path-style requests), or null for AWS itself. */
  endpoint: string | null;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs as objects of an S3-compatible bucket: `<prefix>/<key>`. Credentials and region come
 * from the usual AWS environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION, …),
 * never from FILE_STORE. A write is one PutObject when the stream is under one part, else a
 * multipart upload streamed part by part (8 MiB held at most) and aborted if the stream fails,
 * so a failed write leaves no object; S3 writes are atomic per object, so readers see the whole
 * object or none. md5 is computed while streaming (multipart ETags are not MD5s).
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(
    readonly setting: S3Setting,
    config: S3ClientConfig = {},
  ) {
    this.client = new S3Client({
      region: process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1',
      ...(setting.endpoint ? { endpoint: setting.endpoint, forcePathStyle: true } : {}),
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...config,
    });
  }

  objectKey(key: string): string {
    assertBlobKey(key);
    return this.setting.prefix ? `${this.setting.prefix}/${key}` : key;
  }

  async put(key: string, body: Readable): Promise<BlobWritten> {
    const Key = this.objectKey(key);
    const Bucket = this.setting.bucket;
    const md5 = createHash('md5');
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (await this.client.send(new CreateMultipartUploadCommand({ Bucket, Key }))).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await this.client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: Buffer.concat(pending), ContentLength: pendingBytes }),
      );
      parts.push({ ETag: answer.ETag, PartNumber });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const chunk of body) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        md5.update(bytes);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes >= S3_PART_BYTES) await sendPart();
      }
      if (uploadId === undefined) {
        await this.client.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.concat(pending), ContentLength: pendingBytes }));
      } else {
        if (pendingBytes > 0) await sendPart();
        await this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      }
    } catch (error) {
      if (uploadId !== undefined) {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      }
      if (!body.destroyed) body.destroy();
      throw error;
    }
    return { size, md5: md5.digest('hex') };
  }

  async get(key: string, range?: BlobRange): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.setting.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.setting.bucket, Key: this.objectKey(key) })).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.setting.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }
}
