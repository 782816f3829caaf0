// cpp/api/schema.h from the option schema: per function, an enum of its option indices (the slots the bindings
// read) and of each choice's values, and a table of its options (the CLI's flags, ranges, defaults and --help).

import { optionsOwner } from '../../web/schema/index.js';

const snake = (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const ident = (choice) => choice.replace(/[^A-Za-z0-9_]/g, '_');
const cstr = (s) => (s === null || s === undefined ? 'nullptr' : JSON.stringify(String(s)));
const KINDS = { integer: 'integer', seed: 'seed', number: 'number', boolean: 'boolean', choice: 'choice', text: 'text', list: 'list', subset: 'subset' };

function num(x) {
  if (x === Infinity) return 'kInfinity';
  if (x === -Infinity) return '-kInfinity';
  if (typeof x === 'function') return 'kDynamic';
  const text = String(x);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** The C++ default of a row: { has, value, from, text }. */
function defaultOf(fn, row) {
  const d = row.default;
  const text = row.defaultText ?? (d === undefined ? (row.required ? 'required' : 'none')
    : typeof d === 'object' && d !== null && !Array.isArray(d) ? d.from : Array.isArray(d) ? `[${d.join(', ')}]` : String(d));
  if (d === undefined || typeof d === 'function' || Array.isArray(d) && row.type.kind !== 'subset') return { has: false, value: 0, from: -1, text };
  if (typeof d === 'object' && d !== null && 'from' in d) return { has: false, value: 0, from: fn.index.get(d.from), text };
  if (row.type.kind === 'choice') return { has: true, value: row.type.choices.indexOf(d), from: -1, text };
  if (row.type.kind === 'subset') return { has: true, value: d.reduce((m, c) => m | (1 << row.type.choices.indexOf(c)), 0), from: -1, text };
  if (row.type.kind === 'text') return { has: false, value: 0, from: -1, text };
  return { has: true, value: typeof d === 'boolean' ? Number(d) : d, from: -1, text };
}

const GENERATED = `// Generated from web/schema/ by build-scripts/schema-gen.mjs: do not edit (tests/js/schema.test.mjs fails when it
// differs).`;

/** cpp/api/schema.h (the types, and every module's header) and cpp/api/schema/<module>.h, as [{ path, text }]. */
export function headerFiles(modules, schema) {
  const files = [{ path: 'cpp/api/schema.h', text: typesText(modules) }];
  for (const { module, functions } of modules) {
    files.push({ path: `cpp/api/schema/${module}.h`, text: moduleText(module, functions, schema) });
  }
  return files;
}

function typesText(modules) {
  const out = [];
  out.push(`${GENERATED} Per public function (one header per engine module, included below): the index of each option
// in the slot block the bindings read (three float64 per option: value, given, length; cpp/api/slots.h), an enum of
// each choice option's values in schema order, and a table of the options with their ranges, defaults and meanings
// for the CLI's flags and --help.
#pragma once

#include <limits>

namespace asl::schema {

enum class Kind { integer, seed, number, boolean, choice, text, list, subset };

struct Option {
  const char* name;
  Kind kind;
  double min, max;  // integer, seed, number: the allowed range (kDynamic: it depends on the call)
  bool above;       // number: min itself is not allowed
  const char* const* choices;  // choice and subset: the allowed names, in the order of their indices
  int choice_count;
  bool has_default;      // a constant default (choice: its index; boolean: 0 or 1)
  double default_value;
  int default_from;      // >= 0: the default is that option's value
  const char* default_text;  // the default as the docs and --help print it
  const char* meaning;
};

struct Function {
  const char* name;
  const Option* options;
  int count;
};

constexpr int kSlots = 3;  // value, given, length
constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kDynamic = -1.0;
`);
  out.push('}  // namespace asl::schema\n');
  for (const { module } of modules) out.push(`#include "schema/${module}.h"`);
  return `${out.join('\n')}\n`;
}

function moduleText(module, functions, schema) {
  const out = [`${GENERATED} The options of the functions of cpp/bindings/${module}.cpp.`, '#pragma once', '',
    '#include "../schema.h"', '', 'namespace asl::schema {', ''];
  for (const f of functions) {
    const fn = schema[f.name];
    const ns = snake(fn.name);
    // A function that takes another's options (the same list: describeTrainer, createTrainer's) takes its slots too.
    const owner = optionsOwner(f);
    if (owner !== f) {
      out.push(`namespace ${ns} {  // ${owner.name}'s options, in the same slots`);
      out.push(`using namespace ${snake(owner.name)};`);
      out.push(`inline constexpr Function function = {${cstr(fn.name)}, options, kCount};`);
      out.push(`}  // namespace ${ns}`, '');
      continue;
    }
    out.push(`namespace ${ns} {`);
    out.push(`enum : int { ${fn.options.map((r) => r.name).join(', ')}, kCount };`);
    for (const row of fn.options) {
      if (row.type.kind !== 'choice' && row.type.kind !== 'subset') continue;
      out.push(`namespace ${row.name}_choice {`);
      out.push(`enum : int { ${row.type.choices.map(ident).join(', ')} };`);
      out.push(`inline constexpr const char* names[] = {${row.type.choices.map(cstr).join(', ')}};`);
      out.push(`}  // namespace ${row.name}_choice`);
    }
    out.push('inline constexpr Option options[] = {');
    for (const row of fn.options) {
      const t = row.type;
      const d = defaultOf(fn, row);
      const ranged = t.kind === 'integer' || t.kind === 'seed' || t.kind === 'number';
      const choices = t.kind === 'choice' || t.kind === 'subset' ? `${row.name}_choice::names, ${t.choices.length}` : 'nullptr, 0';
      out.push(`    {${cstr(row.name)}, Kind::${KINDS[t.kind]}, ${ranged ? num(t.min) : '0.0'}, ${ranged ? num(t.max) : '0.0'}, ${t.above ? 'true' : 'false'}, ${choices}, ` +
        `${d.has}, ${num(d.value)}, ${d.from}, ${cstr(d.text)},\n     ${cstr(row.meaning)}},`);
    }
    out.push('};');
    out.push(`inline constexpr Function function = {${cstr(fn.name)}, options, kCount};`);
    out.push(`}  // namespace ${ns}`);
    out.push('');
  }
  out.push('}  // namespace asl::schema');
  return `${out.join('\n')}\n`;
}
