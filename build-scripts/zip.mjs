// Zips a folder with Python's zipfile (present wherever Debian's python3 is; no other tool needed), in sorted order
// so two runs over the same files give the same listing.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** Writes `out` holding every file under `dir`, each inside the folder `top` ('' puts them at the zip's root). */
export function zipFolder(dir, out, top = '') {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.rmSync(out, { force: true });
  execFileSync('python3', ['-c', `
import os, sys, zipfile
folder, out, top = sys.argv[1], sys.argv[2], sys.argv[3]
with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:
    for base, dirs, names in os.walk(folder):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(base, name)
            z.write(full, os.path.join(top, os.path.relpath(full, folder)))
`, dir, out, top]);
}
