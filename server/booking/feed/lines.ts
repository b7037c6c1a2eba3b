import { decoderFor } from './text';

// A feed's bytes as they come, into its content lines: decoded (a byte-order mark, the declared
// character set), split at CRLF, LF or CR alone, and folded lines (a space or tab first) joined
// as RFC 5545 says, as ical.js joins them. The lines it is told are not kept are not even joined
// (an attachment carried inline may be megabytes), and no line grows past the bound (lineChars):
// one longer is dropped as it comes, and the reader told (sieve.ts leaves its event out).

/** Who reads the lines: each one, whether a line starting so is dropped, and a kept one too long. */
export interface LineReader {
  line(line: string): void;
  dropped(start: string): boolean;
  tooLong(): void;
}

export class FeedLines {
  private decoder: TextDecoder | null = null;
  private head: Uint8Array[] = [];
  private headBytes = 0;
  private pending = '';
  /** Line ends of CR alone (old Mac tools): told by the first line end. */
  private crOnly: boolean | null = null;
  private line: string | null = null;
  /**
   * The line being read is one that is not kept: its continuations are not joined. null: not told
   * yet, which its first continuation does (most lines have none).
   */
  private skipping: boolean | null = null;
  /** Inside a physical line longer than maxLine: what comes until its end is dropped. */
  private discarding = false;
  /** The next physical line is the (empty) rest of one dropped so. */
  private tail = false;

  constructor(
    private readonly charset: string | null,
    private readonly reader: LineReader,
    /** The longest line (characters). */
    private readonly maxLine: number,
  ) {}

  push(bytes: Uint8Array): void {
    if (!this.decoder) {
      // The first bytes tell the encoding (a byte-order mark).
      this.head.push(bytes);
      this.headBytes += bytes.byteLength;
      if (this.headBytes < 4) return;
      this.startDecoding();
      return;
    }
    this.text(this.decoder.decode(bytes, { stream: true }));
  }

  /** The rest: the last line handed on. */
  end(): void {
    if (!this.decoder) this.startDecoding();
    this.text((this.decoder as TextDecoder).decode());
    if (this.pending) this.split(`${this.pending}\n`, true);
    this.pending = '';
    if (this.line) this.reader.line(this.line.trim());
    this.line = null;
  }

  private startDecoding() {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.decoder = decoderFor(head, this.charset);
    this.text(this.decoder.decode(head, { stream: true }));
  }

  private text(piece: string) {
    if (!piece) return;
    let text = this.pending + piece;
    if (this.discarding) {
      const end = text.search(/[\r\n]/);
      this.pending = '';
      if (end < 0) return;
      this.discarding = false;
      // What follows begins with the line's end: the empty rest of the line dropped.
      this.tail = true;
      text = text.slice(end);
    }
    // A CR at the very end may be the first half of a CRLF: wait for what follows.
    const cut = text.endsWith('\r') ? text.length - 1 : text.length;
    this.pending = text.slice(cut);
    this.split(text.slice(0, cut), false);
    if (this.pending.length > this.maxLine) {
      this.overlong(this.pending);
      this.pending = '';
      this.discarding = true;
    }
  }

  /** Hands every complete physical line of `text` on; keeps the unfinished last one. */
  private split(text: string, last: boolean) {
    if (this.crOnly === null) {
      const lf = text.indexOf('\n');
      const cr = text.indexOf('\r');
      if (cr >= 0 && (lf < 0 || cr < lf) && text[cr + 1] !== '\n') this.crOnly = lf < 0;
      else if (lf >= 0) this.crOnly = false;
    }
    const end = this.crOnly ? '\r' : '\n';
    let pos = 0;
    for (;;) {
      const next = text.indexOf(end, pos);
      if (next < 0) break;
      let physical = text.slice(pos, next);
      if (!this.crOnly && physical.endsWith('\r')) physical = physical.slice(0, -1);
      this.physical(physical);
      pos = next + 1;
    }
    const rest = text.slice(pos);
    if (last) {
      if (rest) this.physical(rest);
    } else this.pending = rest + this.pending;
  }

  /** A physical line: a continuation of the one before, or the start of the next (ical.js's reading). */
  private physical(physical: string) {
    if (this.tail) {
      this.tail = false;
      return;
    }
    if (this.line === null) {
      // Leading blanks before the first line are skipped.
      const start = physical.search(/[^ \t]/);
      if (start < 0) return;
      this.line = physical.slice(start);
      return;
    }
    const first = physical[0];
    if (first === ' ' || first === '\t') {
      if (this.skippingLine()) return;
      this.line += physical.slice(1);
      if (this.line.length > this.maxLine) this.overlong(physical);
      return;
    }
    if (this.line) this.reader.line(this.line);
    this.line = physical;
    this.skipping = null;
  }

  private skippingLine(): boolean {
    this.skipping ??= this.reader.dropped(this.line ?? '');
    return this.skipping;
  }

  /** A line (starting so) longer than maxLine: dropped with its continuations; the reader told if it keeps it. */
  private overlong(start: string) {
    const continuation = start[0] === ' ' || start[0] === '\t';
    const kept = continuation ? !this.skippingLine() : !this.reader.dropped(start);
    if (!continuation && this.line) this.reader.line(this.line);
    this.line = '';
    this.skipping = true;
    if (kept) this.reader.tooLong();
  }
}
