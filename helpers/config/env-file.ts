// The configuration as written, before values are typed: the names .env and the environment set, and what dotenv made of each
// line. dotenv says nothing of what it cannot read, so a misspelt name, a value cut at `#`, kept quotes, a quote swallowing
// lines or an environment variable hiding a line is a line here, naming the variable (config.ts, configurationMistakes).
import { parse as parseDotenv } from 'dotenv';
import fs from 'node:fs';
import path from 'node:path';
import { ENV_SCHEMA, type Env, type Problem } from './env-schema.js';

/** A mistake of the configuration as written: fatal ones stop the command (exit 2), notes are said and the run goes on. */
interface WrittenMistake extends Problem {
  fatal: boolean;
}

/** Variables the suite reads besides the schema's (plumbing, the browser, CI): never taken for a misspelt setting. */
const OTHER_NAMES = new Set(['DOTENV_PATH', 'CHROMIUM_PATH', 'CI', 'STATIC_TIMING', 'MUTATION_LANE_DIR', 'MUTANT_COVERAGE_DIR']);
const OTHER_PREFIXES = /^(SUITE_|PLAYWRIGHT_|PW_|NODE_|npm_|TEST_)/;

/** Edit distance (Levenshtein), for naming the known name a typo meant. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

const KNOWN = ENV_SCHEMA.map((e) => e.name);
const folded = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The setting a name not of the schema resembles (its letters and digits one or two edits away), or undefined; found once per
 * name (the environment's names are judged again at each reading of the configuration, each against every setting).
 */
const resembling = new Map<string, string | undefined>();
function resemblingName(name: string): string | undefined {
  if (resembling.has(name)) return resembling.get(name);
  const mine = folded(name);
  const near = KNOWN.map((k) => ({ k, d: editDistance(mine, folded(k)) })).sort((a, b) => a.d - b.d)[0];
  const found = near && near.d <= (mine.length >= 10 ? 2 : 1) ? near.k : undefined;
  resembling.set(name, found);
  return found;
}

/** The file dotenv reads for this environment (helpers/config/config.ts). */
const envFilePath = (env: Env, cwd = process.cwd()) => path.resolve(cwd, env.DOTENV_PATH ?? '.env');

interface Line {
  key: string;
  /** 1-based. */
  number: number;
  /** What follows the `=`, as written. */
  rest: string;
}

const QUOTES = ['"', "'", '`'];
const isBlock = (name: string) => Boolean(ENV_SCHEMA.find((e) => e.name === name)?.type.block);
/** A secret's value, or an unknown variable's (it may be one), is never shown. */
const isSecret = (name: string) => ENV_SCHEMA.find((e) => e.name === name)?.secret ?? !KNOWN.includes(name);

/** How to write a value so that dotenv keeps it whole: in double quotes (the value itself only where it may be shown). */
const quoteFix = (key: string, value: string): string =>
  isSecret(key) || /["\n]/.test(value)
    ? `write it inside double quotes: ${key}="..."`
    : `write it inside double quotes: ${key}=${JSON.stringify(value)}`;

/** The mistakes of a .env text as dotenv reads it and of the environment (never overridden): one each, naming variable and line. */
function writtenMistakes(text: string | undefined, env: Env, file = '.env'): WrittenMistake[] {
  const out: WrittenMistake[] = [];
  const add = (variable: string, fatal: boolean, expected: string, found: string, fix?: string) =>
    out.push({ variable, fatal, expected, found, ...(fix ? { fix } : {}) });
  const lines: Line[] = [];
  const source = (text ?? '').replace(/\r\n?/g, '\n').split('\n');
  const parsed = text === undefined ? {} : parseDotenv(text);
  // The lines of a key or JSON written over several lines inside its quotes are its value, not lines of their own.
  let insideUntil = -1;
  source.forEach((raw, i) => {
    if (i <= insideUntil) return;
    const m = /^\s*(?:export\s+)?([\w.-]+)\s*=(.*)$/.exec(raw);
    const opened = m?.[2].trimStart();
    if (m && opened && QUOTES.includes(opened[0]) && !opened.includes(opened[0], 1) && isBlock(m[1]) && parsed[m[1]]?.includes('\n'))
      insideUntil = source.findIndex((later, j) => j > i && later.includes(opened[0]));
    if (m) lines.push({ key: m[1], number: i + 1, rest: m[2] });
    else if (/^\s*(?:export\s+)?[A-Za-z_][\w.-]*\s*$/.test(raw))
      add(
        raw.trim().replace(/^export\s+/, ''),
        true,
        'NAME=value',
        `a name alone on line ${i + 1} of ${file}, which is not read`,
        'add = and its value, or delete the line',
      );
  });
  const at = (l: Line) => `${file} line ${l.number}`;
  const seen = new Map<string, Line[]>();
  for (const l of lines) seen.set(l.key, [...(seen.get(l.key) ?? []), l]);

  for (const [key, defined] of seen) {
    const l = defined[defined.length - 1];
    // A name the suite does not read: said with the setting it resembles.
    if (!KNOWN.includes(key) && !OTHER_NAMES.has(key) && !OTHER_PREFIXES.test(key)) {
      const near = resemblingName(key);
      if (near) add(key, true, 'a setting of the suite (.env.example lists them)', `an unknown name (${at(l)})`, `did you mean ${near}?`);
      else add(key, false, 'a setting of the suite (.env.example lists them)', `an unknown name (${at(l)}), which nothing reads`);
      continue;
    }
    if (defined.length > 1)
      add(
        key,
        false,
        'one line per variable',
        `lines ${defined.map((d) => d.number).join(', ')} of ${file}`,
        `line ${l.number} is used: delete the others`,
      );
    if (!(key in parsed)) continue;
    const value = parsed[key];
    const v = l.rest.trimStart();
    if (v && QUOTES.includes(v[0])) {
      // The closing quote as dotenv finds it: a quote after a backslash is inside the value (its backslash kept there).
      let close = v.indexOf(v[0], 1);
      while (close > 0 && v[close - 1] === '\\') close = v.indexOf(v[0], close + 1);
      const after = close > 0 ? v.slice(close + 1).trim() : '';
      const escaped = close > 0 && v.slice(1, close).includes(`\\${v[0]}`);
      if (escaped && !(after && !after.startsWith('#')))
        add(
          key,
          true,
          'a value the .env parser reads as written',
          `an escaped quote \\${v[0]} inside the quotes (${at(l)}): the .env parser keeps the backslash in the value`,
          `drop the backslash and put the value in ${v[0] === "'" ? 'double' : 'single'} quotes instead`,
        );
      else if (close < 0 && value.includes('\n') && !isBlock(key))
        add(
          key,
          true,
          'a value on one line',
          `a quote opened on ${at(l)} and not closed there: the .env parser took the lines below into the value`,
          `close the quote on line ${l.number}`,
        );
      else if (close < 0 && !value.includes('\n'))
        add(
          key,
          true,
          'a value inside one pair of quotes',
          `a quote opened on ${at(l)} and never closed: the .env parser kept it in the value`,
          `close the quote on line ${l.number}`,
        );
      else if (after && !after.startsWith('#'))
        add(
          key,
          true,
          'a value inside one pair of quotes',
          `text after the closing quote (${at(l)}): the .env parser kept the quotes in the value`,
          'put the whole value inside the quotes',
        );
      else if (close > 0 && !isBlock(key) && value !== value.trim())
        add(
          key,
          true,
          'a value without spaces around it',
          `spaces inside the quotes (${at(l)})${invisibleAround(value)}, which the .env parser keeps`,
          'remove them inside the quotes',
        );
    } else {
      const hash = v.indexOf('#');
      // dotenv ends an unquoted value at its first #: a comment after a space, a cut value otherwise.
      if (hash >= 0 && (hash > 0 ? !/\s/.test(v[hash - 1]) : l.rest === v)) {
        const written = v.replace(/\s+$/, '');
        add(
          key,
          true,
          'the value as written',
          `a value the .env parser cut at its # (${at(l)}: an unquoted # starts a comment; ${value.length} of ${written.length} characters read)`,
          quoteFix(key, written),
        );
      } else if (hash < 0 && /\s$/.test(v) && value !== '')
        add(
          key,
          false,
          'the value as written',
          `spaces after the value (${at(l)}), which the .env parser drops`,
          `if they belong to it, ${quoteFix(key, v)}`,
        );
    }
    if (env[key] !== undefined && env[key] !== value)
      add(
        key,
        false,
        `the value of ${at(l)}`,
        "the environment's value, which dotenv never overrides",
        `unset ${key} in the environment, or change it there`,
      );
  }
  // Lines the parser never read: swallowed by a quote left open above them.
  for (const l of lines)
    if (!(l.key in parsed) && !out.some((o) => o.variable === l.key)) {
      const opener = [...lines].reverse().find((o) => o.number < l.number && o.key in parsed && parsed[o.key].includes('\n'));
      add(
        l.key,
        true,
        'its own line read',
        `${at(l)} read as part of ${opener?.key ?? 'the value above it'} (a quote left open)`,
        opener ? `close the quote on line ${opener.number}` : undefined,
      );
    }
  // The environment: a name that resembles a setting is one misspelt where the shell or CI sets it.
  for (const key of Object.keys(env))
    if (!seen.has(key) && !KNOWN.includes(key) && !OTHER_NAMES.has(key) && !OTHER_PREFIXES.test(key)) {
      const near = resemblingName(key);
      if (near)
        add(
          key,
          true,
          'a setting of the suite (.env.example lists them)',
          'an unknown name set in the environment',
          `did you mean ${near}?`,
        );
    }
  return out;
}

/** The characters other than U+0020 around a value, escaped (` (\u00a0 at its end)`): a space a terminal does not show. */
function invisibleAround(value: string): string {
  const start = value.slice(0, value.length - value.trimStart().length);
  const end = value.slice(value.trimEnd().length);
  const named = (part: string, where: string) =>
    /[^ ]/.test(part)
      ? [`${[...part].map((c) => (c === ' ' ? ' ' : `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`)).join('')} at its ${where}`]
      : [];
  const all = [...named(start, 'start'), ...named(end, 'end')];
  return all.length ? ` (${all.join(', ')})` : '';
}

/**
 * The one reading of a configuration file, for the loader and every check of it: its text (UTF-8, its BOM dropped; UTF-16 as a
 * Windows editor's "Unicode" saves it, with or without a BOM, read as such), or why it is not read (a folder, unreadable), and a
 * note when it was read from another encoding than dotenv's. No file: nothing, and nothing to say here (config.ts dotenvProblem).
 */
export function readEnvFile(file: string): { text?: string; unread?: string; note?: string } {
  let bytes: Buffer;
  try {
    if (fs.statSync(file).isDirectory())
      return {
        unread: `${file} is a folder, not a file: no configuration was read; name the file inside it (DOTENV_PATH=${path.join(file, '.env')}) or remove the folder`,
      };
    bytes = fs.readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? {}
      : { unread: `${file} cannot be read (${code}): no configuration was read; make it readable (chmod u+r ${file})` };
  }
  const utf16 = (le: boolean, from: number) => {
    const body = Buffer.from(bytes.subarray(from, from + ((bytes.length - from) & ~1)));
    if (!le) body.swap16();
    return body.toString('utf16le');
  };
  const saved = `${file} is saved as UTF-16 (a Windows editor's "Unicode"): read as such; save it as UTF-8 to silence this line`;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: utf16(true, 2), note: saved };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: utf16(false, 2), note: saved };
  // No BOM: ASCII names leave every other byte 0 (little-endian: the odd ones).
  const half = (odd: number) => bytes.length >= 2 && bytes.filter((b, i) => i % 2 === odd && b === 0).length >= bytes.length / 4;
  if (half(1)) return { text: utf16(true, 0), note: saved };
  if (half(0)) return { text: utf16(false, 0), note: saved };
  const text = bytes.toString('utf8');
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

/** The mistakes of the configuration as written for the environment `env` (its .env file read again, as dotenv read it). */
export function configuredMistakes(env: Env, cwd = process.cwd()): WrittenMistake[] {
  const file = envFilePath(env, cwd);
  const text = readEnvFile(file).text;
  const relative = path.relative(cwd, file);
  return writtenMistakes(text, env, relative && !relative.startsWith('..') ? relative : file);
}
