import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Bytes of an AES-256 key. */
export const SECRET_KEY_BYTES = 32;

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Authenticated encryption of small secrets kept at rest (AES-256-GCM). The text is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; `purpose` is bound as associated data, so a sealed
 * value moved to another use does not open.
 */
export function seal(key: Buffer, purpose: string, plaintext: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(purpose));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), ciphertext].map(encode).join('.');
}

/** Opens what `seal` made with the same key and purpose; throws when it was made otherwise or changed. */
export function open(key: Buffer, purpose: string, sealed: string): string {
  assertKey(key);
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new Error('The sealed value is not one this version of aisle made.');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}

function encode(part: string | Buffer): string {
  return typeof part === 'string' ? part : part.toString('base64url');
}

function assertKey(key: Buffer): void {
  if (key.length !== SECRET_KEY_BYTES) throw new RangeError(`A secret key is ${SECRET_KEY_BYTES} bytes.`);
}
