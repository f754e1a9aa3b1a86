/**
 * Uploaded profile pictures (the client SDK's teams.updateProfileImage): PNG, JPEG, WebP or GIF,
 * told by their first bytes (never by the name or the declared type), at most 1 MB, stored in the
 * database (storage/profile-images.ts: one per user, a new upload replaces the old) and served from
 * a public, unguessable address that becomes the user's `profilePictureUrl`.
 */

/** The image type these bytes start with, or null. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif' | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * The one file of a `multipart/form-data` body: its bytes, or null when there is not exactly one
 * part with a file name. Parts are delimited by `--boundary` lines (RFC 7578); headers end at the
 * first empty line.
 */
export function singleFilePart(body: Buffer, contentType: string): Buffer | null {
  const boundary = /boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const delimiter = Buffer.from(`--${marker}`);
  const files: Buffer[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // A part: CRLF after the delimiter, headers, an empty line, content, CRLF before the next delimiter.
    const part = body.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1');
      if (/content-disposition:[^\r\n]*\bfilename=/i.test(headers)) files.push(part.subarray(headerEnd + 4));
    }
    start = next;
  }
  return files.length === 1 ? files[0]! : null;
}
