// A report replaced whole or not at all: written beside its place, then renamed over it (a rename
// within a folder is atomic), so that a run killed while writing leaves the previous report, never
// half of a new one.
import fs from 'node:fs';
import path from 'node:path';

export function writeFileAtomic(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}
