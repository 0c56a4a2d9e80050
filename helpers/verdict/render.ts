// The reports' render primitives: blocks (heading, paragraph, list, table, preformatted, fold) built once and rendered to
// markdown and HTML; a report's own marks by b(), code(), em(), BR and link() (**, `, *, <br>, [..](#..), or the page's tags,
// a bold verdict its badge). The data they mark is never read as markup (an asterisk in it stays one).
/** `1 check`, `2 checks`; `many` for a plural that is not the word and an s: every report's count of things. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export type Block =
  | { h: number; text: string; id?: string }
  | { p: string; cls?: string }
  | { list: string[] }
  | { table: string[]; rows: string[][]; rowCls?: (string | undefined)[]; fold?: string }
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

// Private-use characters no report's data holds.
export const b = (text: string) => `\uE001${text}\uE001`;
export const code = (text: string) => `\uE002${text}\uE002`;
export const em = (text: string) => `\uE005${text}\uE005`;
export const link = (text: string, id: string) => `\uE003${text}\uE004${id}\uE003`;
export const BR = '\uE006';
const MARKS: [RegExp, string, (t: string, id: string) => string][] = [
  [/\uE001([^\uE001]*)\uE001/g, '**$1**', (t) => (COLOR[t] ? badge(t) : `<b>${t}</b>`)],
  [/\uE002([^\uE002]*)\uE002/g, '`$1`', (t) => `<code>${t}</code>`],
  [/\uE005([^\uE005]*)\uE005/g, '*$1*', (t) => `<i>${t}</i>`],
  [/\uE003([^\uE004]*)\uE004([^\uE003]*)\uE003/g, '[$1](#$2)', (t, id) => `<a href="#${id}">${t}</a>`],
  [/\uE006/g, '<br>', () => '<br>'],
];
/** A text's marks as markdown. */
const md = (text: string) => MARKS.reduce((t, [mark, written]) => t.replace(mark, written), text);

const fence = (text: string) => `\`\`\`\n${text.replace(/```/g, "'''").slice(0, 4000)}\n\`\`\``;
const row = (cells: string[]) => `| ${cells.map(md).join(' | ')} |`;

function mdBlock(b: Block): string[] {
  if ('h' in b) return [`${'#'.repeat(b.h)} ${md(b.text)}`];
  if ('p' in b) return [md(b.p)];
  if ('list' in b) return b.list.map((i) => `- ${md(i)}`);
  if ('table' in b) return [row(b.table), row(b.table.map(() => '---')).replace(/ /g, ''), ...b.rows.map(row)];
  if ('pre' in b) return [fence(b.pre)];
  if ('page' in b) return [];
  const body = markdown(b.body);
  return b.level ? [`${'#'.repeat(b.level)} ${md(b.fold)}`, ...(body.length ? ['', ...body] : [])] : body;
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

/** A text as HTML: escaped, its marks as their tags. */
export const inline = (text: string): string =>
  MARKS.reduce((t, [mark, , tag]) => t.replace(mark, (_, a: string, id: string) => tag(a, id)), esc(text));

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
      `<table><tr>${b.table.map((c) => `<th>${inline(c)}</th>`).join('')}</tr>` +
      b.rows
        .map((r, i) => `<tr${attrs({ class: b.rowCls?.[i], 'data-search': '' })}>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
        .join('') +
      '</table>';
    return b.fold ? `<details><summary>${inline(b.fold)}</summary>${table}</details>` : table;
  }
  return `<details${attrs({ open: b.open ? '' : undefined, id: b.id, class: b.cls, 'data-search': '' })}><summary>${inline(b.fold)}</summary>${html(b.body)}</details>`;
}

export const html = (blocks: Block[]) => blocks.map(htmlBlock).join('');
