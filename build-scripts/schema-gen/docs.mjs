// docs/API.md's option and Returns tables from the schema: each function's option table stands between
// <!-- options:NAME --> and <!-- /options -->, its Returns table (from its `results`) between <!-- returns:NAME -->
// and <!-- /returns -->, and each is rewritten whole; the prose around them is the docs' own.
import { fmt } from '../../web/schema/types.js';
import { object, wordsOf } from '../../web/schema/results.js';

const cell = (text) => String(text).replace(/\|/g, '\\|');

/** An option's type and range, in words. */
export function rangeText(row) {
  const t = row.type;
  switch (t.kind) {
    case 'integer': return `integer ${t.range}`;
    case 'seed': return 'integer 0 … 4294967295';
    case 'number': return t.above ? `number above ${fmt(t.min)}, up to ${fmt(t.max)}` : `number ${fmt(t.min)} … ${fmt(t.max)}`;
    case 'boolean': return 'true or false';
    case 'choice': return t.choices.map((c) => `\`"${c}"\``).join(', ');
    case 'text': return `text of at most ${t.maxBytes} bytes`;
    case 'subset': return `array of 1 … ${t.choices.length} of ${t.choices.map((c) => `\`"${c}"\``).join(', ')}`;
    case 'list': {
      const what = t.elem === 'f32' ? 'float32 numbers' : t.elem === 'i32' ? 'integers' : 'numbers';
      const count = t.length ? `${t.lengthName}` : `${t.minLength} … ${t.maxLength}`;
      const entries = t.integers && t.increasing ? ` increasing integers ${fmt(t.min)} … ${fmt(t.max)}`
        : t.integers ? ` integers ${fmt(t.min)} … ${fmt(t.max)}`
          : t.style === 'doubles' ? ` ${what} in [${fmt(t.min)}, ${fmt(t.max)}]` : ` finite ${what}`;
      return `array of ${count}${entries}`;
    }
    default: throw new Error(`docs: no words for option kind ${t.kind}`);
  }
}

export function defaultText(row) {
  if (row.required) return 'required';
  if (row.defaultText !== undefined) return row.defaultText;
  const d = row.default;
  if (d === undefined) return 'none';
  if (typeof d === 'string') return `\`"${d}"\``;
  if (Array.isArray(d)) return `\`[${d.map((x) => (typeof x === 'string' ? `"${x}"` : x)).join(', ')}]\``;
  return `\`${d}\``;
}

export function tableText(fn) {
  const lines = ['| option | type and range | default | meaning |', '| --- | --- | --- | --- |'];
  for (const row of fn.options) {
    lines.push(`| \`${row.name}\` | ${cell(rangeText(row))} | ${cell(defaultText(row))} | ${cell(row.meaning)} |`);
  }
  return lines.join('\n');
}

const BLOCK = /<!-- options:(\w+) -->\n[\s\S]*?<!-- \/options -->/g;
const RETURNS = /<!-- returns:(\w+) -->\n[\s\S]*?<!-- \/returns -->/g;

/**
 * A function's Returns table: a row per field, nested fields by their path (`histogram.edges`, `nearest[].words`).
 * A named part met a second time in one table points to its first rows instead of listing them again.
 */
export function returnsTable(fn) {
  if (fn.answer) return ['| answer | meaning |', '| --- | --- |', `| ${cell(wordsOf(fn.answer.type))} | ${cell(fn.answer.meaning)} |`].join('\n');
  const lines = ['| field | type | meaning |', '| --- | --- | --- |'];
  const shown = new Map(); // named object → the path it was listed under
  const rows = (fields, prefix) => {
    for (const f of fields) {
      const path = `${prefix}${f.name}`;
      let t = f.type;
      let suffix = '';
      const unwrap = () => {
        for (;;) {
          if (t.kind === 'nullable') t = t.of;
          else if (t.kind === 'array' && t.of.kind === 'object') { t = t.of; suffix += '[]'; } else return;
        }
      };
      unwrap();
      const when = f.optional ? ` Present ${f.optional}.` : '';
      if (t.kind !== 'object') {
        lines.push(`| \`${path}\` | ${cell(wordsOf(f.type))} | ${cell(f.meaning + when)} |`);
        continue;
      }
      const kind = f.type.kind === 'nullable' ? 'object or null' : suffix ? 'array of objects' : 'object';
      const first = t.name && shown.get(t.name);
      lines.push(`| \`${path}\` | ${kind} | ${cell(f.meaning + when + (first ? ` Its fields are those of \`${first}\`.` : ''))} |`);
      if (first) continue;
      if (t.name) shown.set(t.name, path);
      rows(t.fields, `${path}${suffix}.`);
    }
  };
  rows(object(fn.results, fn.returns).fields, '');
  return lines.join('\n');
}

/**
 * A function whose options are those of a function tabled earlier (describeTrainer takes createTrainer's) gets a
 * sentence pointing there instead of the same table twice; it is still generated, so it follows the schema.
 */
export function docsText(old, schema) {
  const seen = new Set();
  const tabled = new Map(); // table text → the first function shown with it
  const text = old.replace(BLOCK, (_, name) => {
    if (!schema[name]) throw new Error(`docs/API.md has an options block for ${name}, which the schema does not know`);
    seen.add(name);
    const table = tableText(schema[name]);
    const first = tabled.get(table);
    if (!first) tabled.set(table, name);
    const body = first ? `The options of \`${first}\` above: the same names, types, ranges, defaults and meanings.` : table;
    return `<!-- options:${name} -->\n${body}\n<!-- /options -->`;
  });
  const missing = Object.keys(schema).filter((name) => !seen.has(name));
  if (missing.length) throw new Error(`docs/API.md lacks an options block for ${missing.join(', ')}`);
  const returned = new Set();
  const withReturns = text.replace(RETURNS, (_, name) => {
    if (!schema[name]?.results && !schema[name]?.answer) throw new Error(`docs/API.md has a returns block for ${name}, which has no results in the schema`);
    returned.add(name);
    return `<!-- returns:${name} -->\n${returnsTable(schema[name])}\n<!-- /returns -->`;
  });
  const untabled = Object.keys(schema).filter((name) => (schema[name].results || schema[name].answer) && !returned.has(name));
  if (untabled.length) throw new Error(`docs/API.md lacks a returns block for ${untabled.join(', ')}`);
  return withReturns;
}
