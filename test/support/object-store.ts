import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** An S3-compatible server of the test's own, on a free port of loopback, with one bucket. */
export interface TestObjectStore {
  endpoint: string;
  bucket: string;
  /**
   * The variables a process reads to reach it, as the AWS SDK reads them: its endpoint, a region
   * and the keys it accepts. `AISLE_BLOB_URL` is left to each process (a prefix of its own).
   */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver over a temporary folder with `bucket` made; close stops it and removes the folder. */
export async function startObjectStore(bucket = 'aisle-test'): Promise<TestObjectStore> {
  const directory = await mkdtemp(join(tmpdir(), 'aisle-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      AWS_ENDPOINT_URL: endpoint,
      AWS_REGION: 'us-east-1',
      // The keys s3rver accepts.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
