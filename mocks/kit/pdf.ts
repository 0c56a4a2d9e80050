// A one-page PDF of text lines (statements, reports, pay statements): valid-looking, readable as text so a check can pin a value.

/** The PDF document (one char per byte: write it as latin1) showing `lines`, one under the other. */
export function onePagePdf(lines: readonly string[]): string {
  const stream = lines.map((l, i) => `BT /F1 11 Tf 72 ${720 - 16 * i} Td (${l}) Tj ET`).join('\n');
  return [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
    `4 0 obj << /Length ${stream.length} >> stream`,
    stream,
    'endstream endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n');
}
