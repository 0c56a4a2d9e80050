// A report replaced whole or not at all: written beside, renamed over (atomic in a folder), so a killed run leaves the old one.
import fs from 'node:fs';
import path from 'node:path';

export function writeFileAtomic(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}
