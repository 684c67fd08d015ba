import { Transform, type TransformCallback } from "node:stream";

/**
 * The stream React's `renderToPipeableStream` writes a page into: what React writes in one go
 * leaves as one chunk.
 *
 * React writes its HTML in 2 KB pieces and calls the destination's `flush()` when it has written
 * all it has for now (the shell, then each Suspense boundary that resolves). A 40-60 KB page went
 * out as 20-30 chunks, and each passed through the web stream of the Response, the Express
 * adapter and gzip on its own: gzip alone cost twice the CPU of compressing the page in one piece
 * (docs/decisions/024). The pieces are kept until React's `flush()` and then passed on together,
 * so streaming is unchanged: a deferred part still leaves as soon as React has it.
 */
export class FlushBatches extends Transform {
  private pending: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    // Nothing is pushed here, so Node's Transform never holds a write back: every piece React writes
    // is in `pending` before React's flush. A page (40-60 KB) is kept whole in memory, as before.
    this.pending.push(chunk);
    done();
  }

  /** Called by React after each batch of writes (its Node renderer looks for `flush` on the destination). */
  flush() {
    if (this.pending.length === 0 || this.destroyed) return;
    const batch = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending);
    this.pending = [];
    this.push(batch);
  }

  override _flush(done: TransformCallback) {
    this.flush();
    done();
  }
}
