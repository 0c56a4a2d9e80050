// The reports' render primitives: a report is a list of blocks (a heading, a paragraph, a list, a
// table, preformatted text, a fold), built once from the certification and rendered to markdown and
// to HTML. Inline text is written once in markdown's own marks (**bold**, `code`): the page turns them
// into <b> and <code>, and a bold verdict into its coloured badge.
export type Block =
  | { h: number; text: string; id?: string }
  | { p: string; cls?: string }
  | { list: string[] }
  | { table: string[]; rows: string[][]; rowCls?: (string | undefined)[]; label?: string; fold?: string }
  | { pre: string; cls?: string }
  /** Markdown: a heading of `level` (none: the body alone); the page: a fold, `open` at first. */
  | { fold: string; level?: number; open?: boolean; id?: string; cls?: string; body: Block[] }
  /** Only on the page (what a markdown file cannot hold: folds of every result, the charts' figures). */
  | { page: Block[] };

type Of<K extends string> = Extract<Block, Record<K, unknown>>;
export const h = (level: number, text: string, id?: string): Block => ({ h: level, text, id });
export const p = (text: string, cls?: string): Block => ({ p: text, cls });
export const list = (items: string[]): Block => ({ list: items });
export const pre = (text: string, cls?: string): Block => ({ pre: text, cls });
export const table = (head: string[], rows: string[][], more: Omit<Of<'table'>, 'table' | 'rows'> = {}): Block => ({
  table: head,
  rows,
  ...more,
});
export const fold = (summary: string, body: Block[], more: Omit<Of<'fold'>, 'fold' | 'body'> = {}): Block => ({
  fold: summary,
  body,
  ...more,
});
export const page = (...blocks: Block[]): Block => ({ page: blocks });

const fence = (text: string) => `\`\`\`\n${text.replace(/```/g, "'''").slice(0, 4000)}\n\`\`\``;
const row = (cells: string[]) => `| ${cells.join(' | ')} |`;

function mdBlock(b: Block): string[] {
  if ('h' in b) return [`${'#'.repeat(b.h)} ${b.text}`];
  if ('p' in b) return [b.p];
  if ('list' in b) return b.list.map((i) => `- ${i}`);
  if ('table' in b) return [row(b.table), row(b.table.map(() => '---')).replace(/ /g, ''), ...b.rows.map(row)];
  if ('pre' in b) return [fence(b.pre)];
  if ('page' in b) return [];
  const body = markdown(b.body);
  return b.level ? [`${'#'.repeat(b.level)} ${b.fold}`, ...(body.length ? ['', ...body] : [])] : body;
}

/** The blocks as markdown lines, a blank line between two blocks. */
export function markdown(blocks: Block[]): string[] {
  return blocks
    .map(mdBlock)
    .filter((lines) => lines.length)
    .flatMap((lines, i) => (i ? ['', ...lines] : lines));
}

export const esc = (s: unknown) =>
  String(s ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const COLOR: Record<string, string> = {
  PASS: '#1a7f37',
  FAIL: '#cf222e',
  CONDITIONAL: '#bf8700',
  PARTIAL: '#0969da',
  'NOT RUN': '#6e7781',
};
export const badge = (v: string, id = '') =>
  `<span class="verdict"${id ? ` id="${id}"` : ''} style="background:${COLOR[v] ?? '#6e7781'}">${esc(v)}</span>`;

/** Inline markdown as HTML: escaped, `code`, **bold** (a verdict: its badge), a table cell's <br>, a [link](#anchor) within the page. */
export function inline(text: string): string {
  return esc(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, (_, t: string) => (COLOR[t] ? badge(t) : `<b>${t}</b>`))
    .replace(/&lt;br&gt;/g, '<br>')
    .replace(/\[([^\]]+)\]\((#[\w-]+)\)/g, '<a href="$2">$1</a>');
}

const attrs = (a: Record<string, string | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}${v ? `="${esc(v)}"` : ''}`)
    .join('');

function htmlBlock(b: Block): string {
  if ('h' in b) return `<h${b.h}${attrs({ id: b.id })}>${inline(b.text)}</h${b.h}>`;
  if ('p' in b) return `<p${attrs({ class: b.cls })}>${inline(b.p)}</p>`;
  if ('list' in b) return `<ul>${b.list.map((i) => `<li data-search>${inline(i)}</li>`).join('')}</ul>`;
  if ('pre' in b) return `<pre${attrs({ class: b.cls })}>${esc(b.pre.slice(0, 4000))}</pre>`;
  if ('page' in b) return html(b.page);
  if ('table' in b) {
    const table =
      `<table${attrs({ 'aria-label': b.label })}><tr>${b.table.map((c) => `<th>${inline(c)}</th>`).join('')}</tr>` +
      b.rows
        .map((r, i) => `<tr${attrs({ class: b.rowCls?.[i], 'data-search': '' })}>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
        .join('') +
      '</table>';
    return b.fold ? `<details><summary>${inline(b.fold)}</summary>${table}</details>` : table;
  }
  return `<details${attrs({ open: b.open ? '' : undefined, id: b.id, class: b.cls, 'data-search': '' })}><summary>${inline(b.fold)}</summary>${html(b.body)}</details>`;
}

export const html = (blocks: Block[]) => blocks.map(htmlBlock).join('');
