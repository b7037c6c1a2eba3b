import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { FeedError, tooLarge } from './bounds';

// A feed's bytes as the text ical.js reads, however a provider or tool wrote them: a UTF-8 (or
// UTF-16) byte-order mark, the character set the answer declares (ISO-8859-1 from older
// exporters), a file that is itself gzipped (a .ics.gz; an answer with Content-Encoding: gzip is
// unpacked by source.ts already). Line ends and folding are lines.ts's. Only the times matter, and
// they are ASCII in every one of these; the rest is decoded properly all the same.

/** Whether bytes start as a gzip file does. */
export const isGzip = (data: Uint8Array) => data[0] === 0x1f && data[1] === 0x8b;

/** Unpacks a gzipped file as it comes (at most `maxBytes`). */
export async function* gunzipped(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncIterable<Uint8Array> {
  const gunzip = createGunzip();
  let sourceError: unknown = null;
  const source = Readable.from(chunks);
  source.on('error', (err) => {
    sourceError = err;
    gunzip.destroy(err);
  });
  source.pipe(gunzip);
  let size = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes, true);
      yield chunk;
    }
  } catch (err) {
    if (sourceError) throw sourceError;
    throw gzipError(err);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

function gzipError(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  return new FeedError('not an iCalendar feed (a gzip file that cannot be unpacked)');
}

/** The decoder for a feed that starts with these bytes (a byte-order mark says more than a header). */
export function decoderFor(data: Uint8Array, charset: string | null): TextDecoder {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8');
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le');
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be');
  try {
    return new TextDecoder(charset ?? 'utf-8');
  } catch {
    // A character set nobody knows: RFC 5545 says UTF-8, and the times read the same.
    return new TextDecoder('utf-8');
  }
}

/** The charset parameter of a Content-Type header, if any. */
export function declaredCharset(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([A-Za-z0-9._:-]{1,40})"?/i.exec(contentType ?? '');
  return match?.[1] ?? null;
}
