/** Where an object blob store keeps its blobs: a bucket, and a prefix of the objects' names. */
export interface ObjectPlace {
  bucket: string;
  /** Empty, or ending with a slash: an object's name is the prefix and the blob's key. */
  prefix: string;
}

/** Bucket names as S3 allows them: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads `s3://bucket/prefix` (the prefix optional). Throws a RangeError saying what is wrong with
 * any other text.
 */
export function parseObjectStoreUrl(text: string): ObjectPlace {
  const match = /^s3:\/\/([^/?#]*)\/?([^?#]*)$/.exec(text);
  if (!match) {
    throw new RangeError(`"${text}" is not an object storage URL: write s3://bucket or s3://bucket/prefix.`);
  }
  const [, bucket = '', path = ''] = match;
  if (!BUCKET.test(bucket)) {
    throw new RangeError(
      `"${bucket}" is not a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens.`,
    );
  }
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  return { bucket, prefix: trimmed === '' ? '' : `${trimmed}/` };
}
