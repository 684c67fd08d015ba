import { describe, expect, it } from "vitest";
import { FlushBatches } from "./html-stream";

function chunksOf(stream: FlushBatches): string[] {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
}

describe("FlushBatches", () => {
  it("passes on what was written between two flushes as one chunk", async () => {
    const stream = new FlushBatches();
    const chunks = chunksOf(stream);
    stream.write("<html>");
    stream.write("<body>");
    stream.flush();
    stream.write("<p>later</p>");
    stream.flush();
    stream.flush();
    stream.end("</body></html>");
    await new Promise((resolve) => stream.on("end", resolve));
    expect(chunks).toEqual(["<html><body>", "<p>later</p>", "</body></html>"]);
  });

  it("keeps bytes as they are (a character split across two writes)", async () => {
    const stream = new FlushBatches();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const bytes = Buffer.from("Mañana");
    stream.write(bytes.subarray(0, 3));
    stream.write(bytes.subarray(3));
    stream.end();
    await new Promise((resolve) => stream.on("end", resolve));
    expect(Buffer.concat(chunks).toString()).toBe("Mañana");
    expect(chunks).toHaveLength(1);
  });
});
