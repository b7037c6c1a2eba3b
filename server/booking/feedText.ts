import { gunzipSync } from 'node:zlib';
import { FeedError } from './feedError';

// A feed's bytes as the text ical.js reads, however a provider or tool wrote them: a UTF-8 (or
// UTF-16) byte-order mark, the character set the answer declares (ISO-8859-1 from older
// exporters), a file that is itself gzipped (a .ics.gz; an answer with Content-Encoding: gzip is
// unpacked by fetch already), line ends of LF or CR alone. Folded lines and LF-only lines ical.js
// reads as they are. Only the times matter, and they are ASCII in every one of these; the rest is
// decoded properly all the same.

/** Reads the feed's bytes as text. `charset`: what the answer's Content-Type declares, if anything. */
export function feedText(bytes: Uint8Array, charset: string | null, maxBytes: number): string {
  let data = bytes;
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = gunzipSync(data, { maxOutputLength: maxBytes });
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
        throw new FeedError(`the feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB unpacked`);
      throw new FeedError('not an iCalendar feed (a gzip file that cannot be unpacked)');
    }
  }
  const text = decoder(data, charset).decode(data);
  // CR alone (old Mac tools) ends a line too; ical.js splits on LF.
  return text.includes('\n') ? text : text.replace(/\r/g, '\r\n');
}

function decoder(data: Uint8Array, charset: string | null): TextDecoder {
  // A byte-order mark says more than a header (and TextDecoder drops it).
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
