// A tiny static file server for the repository root, bound to loopback only. Used by build-scripts/serve and by
// the browser tests. It serves files and nothing else: no directory listings, no writes, no paths outside the root.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.wasm': 'application/wasm', '.woff2': 'font/woff2',
  '.woff': 'font/woff', '.ttf': 'font/ttf', '.csv': 'text/csv; charset=utf-8', '.md': 'text/markdown; charset=utf-8',
};

/**
 * Starts the server; resolves to { server, url }. port 0 picks a free port; `headers` go on every file served.
 * `transform(path, body)` may return another body for a path (the WebKit tests add an error-collecting script to
 * index.html, because WebKit's driver gives no access to the console); it is null outside tests.
 */
export function startStaticServer({ port = 0, host = '127.0.0.1', root = ROOT, headers = {}, transform = null } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      let file = normalize(join(root, path));
      if (file !== root && !file.startsWith(root + sep)) throw Object.assign(new Error('outside'), { code: 'ENOENT' });
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const read = await readFile(file);
      const body = transform ? transform(path, read) ?? read : read;
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store', ...headers });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(error.code === 'ENOENT' || error.code === 'EISDIR' ? 404 : 500, { 'content-type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const url = `http://${host === '127.0.0.1' ? 'localhost' : host}:${server.address().port}/`;
      resolvePromise({ server, url });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--port');
  const port = at > 0 ? Number(process.argv[at + 1]) : 8000;
  const { url } = await startStaticServer({ port, host: '127.0.0.1' });
  console.log(`Attention Scale Lab is served at ${url}  (Ctrl-C to stop)`);
}
