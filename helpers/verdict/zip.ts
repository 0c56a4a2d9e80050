// A zip's entries, read from its central directory and inflated: a blob report (report.jsonl and resources/) is searched by
// the leak scan (helpers/verdict/leak-scan.ts) like any other output.
import fs from 'node:fs';
import { inflateRawSync } from 'node:zlib';

/** Each entry of a zip file (stored or deflated, as Playwright's blob reporter writes them). */
export function unzip(file: string): { name: string; data: Buffer }[] {
  const zip = fs.readFileSync(file);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) return [];
  const entries: { name: string; data: Buffer }[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const [method, size, nameLength, extra, comment, local] = [
      zip.readUInt16LE(at + 10),
      zip.readUInt32LE(at + 20),
      zip.readUInt16LE(at + 28),
      zip.readUInt16LE(at + 30),
      zip.readUInt16LE(at + 32),
      zip.readUInt32LE(at + 42),
    ];
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : raw });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** A blob report's texts with where each is: every entry, and every attachment its events carry inline (`onAttach` base64 `body`). */
export function blobTexts(file: string): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  for (const { name, data } of unzip(file)) {
    const text = data.toString('utf8');
    texts.push({ where: name, text });
    if (!name.endsWith('.jsonl')) continue;
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object')
        for (const [k, x] of Object.entries(v)) {
          if (k === 'base64' && typeof x === 'string')
            texts.push({ where: `${name} (an inline attachment)`, text: Buffer.from(x, 'base64').toString('utf8') });
          else walk(x);
        }
    };
    for (const line of text.split('\n')) if (line.trim().startsWith('{')) walk(JSON.parse(line));
  }
  return texts;
}
