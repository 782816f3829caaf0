// The command-line flags of every benchmark, read one way: a table of flags, each naming the key it sets and how its
// value is read, with the benchmark's defaults. An unknown flag or a bad value is an Error that names the flag.
import path from 'node:path';

/** How a flag's value is read (`flag` only names it in an error). */
const READ = {
  string: (v) => v,
  path: (v) => path.resolve(v),
  list: (v) => v.split(','),
  /** A number ≥ 0. */
  number(v, flag) {
    const x = Number(v);
    if (!Number.isFinite(x) || x < 0) throw new Error(`${flag} needs a number`);
    return x;
  },
  /** An integer ≥ 1. */
  count(v, flag) {
    const x = Number(v);
    if (!Number.isInteger(x) || x < 1) throw new Error(`${flag} needs a positive integer`);
    return x;
  },
  /** Comma-separated numbers. */
  numbers(v, flag) {
    const xs = v.split(',').map(Number);
    if (!xs.every(Number.isFinite)) throw new Error(`${flag} needs comma-separated numbers`);
    return xs;
  },
};

/**
 * Reads `argv` against `flags`: { '--rounds': { key: 'rounds', type: 'count' }, '--no-torch': { set: { torch: false } },
 * '--hash': { key: 'hashes', type: 'string', repeat: true }, '--only': { key: 'only', check: (v) => problem | null } }.
 * A flag with `set` takes no value and assigns those keys; `repeat` appends to the key's list. Answers the defaults
 * with the given flags applied; `usage` names the file whose top has the usage line.
 */
export function parseArgs(argv, defaults, flags, usage) {
  const args = { ...defaults };
  for (let i = 0; i < argv.length; i += 1) {
    const flag = argv[i];
    const spec = Object.hasOwn(flags, flag) ? flags[flag] : null;
    if (!spec) throw new Error(`unknown option ${flag}: see the usage line at the top of ${usage}`);
    if (spec.set) {
      Object.assign(args, spec.set);
      continue;
    }
    if (i + 1 >= argv.length) throw new Error(`${flag} needs a value`);
    const value = READ[spec.type ?? 'string'](String(argv[++i]), flag);
    const problem = spec.check?.(value);
    if (problem) throw new Error(`${flag} ${problem}`);
    args[spec.key] = spec.repeat ? [...(args[spec.key] ?? []), value] : value;
  }
  return args;
}
