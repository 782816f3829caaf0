// docs/API.md's option tables from the option schema: each function's table stands between
// <!-- options:NAME --> and <!-- /options --> and is rewritten whole; the prose around it is the docs' own.
import { fmt } from '../../web/schema/types.js';

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
  return text;
}
