#!/usr/bin/python3
"""The variance sweep in numpy, for the benchmark's "Variance sweep" table (bench/kernels/sweep.mjs runs it).

Two styles, both on the engine's own vectors (read from --entries, float32 widened to float64, so every result can be
checked against the engine's), for d = 1 … max_dim:

  loop        the source's style (shared/seeds/000: the blog post's calculate()): a Python double loop calling
              np.dot for every pair i < j, the products collected in a list, then np.var. 4950 np.dot calls per d
              for 100 vectors. (The source also draws np.random.rand(100, d) afresh at every d; --draw-cost 1
              times that drawing alone, so it can be told apart.)
  vectorised  the fair numpy peer: G = X[:, :d] @ X[:, :d].T per d, its upper triangle (i < j), mean and var.

Before the full sweep it times a subset of the dims (--subset of them, evenly spaced; three passes, each d's median,
when the answer may be close to --max-s), fits t(d) = a + b·d by least squares and predicts the whole sweep,
Σ_{d=1}^{D} t(d). If the prediction exceeds --max-s seconds the full sweep
is NOT run: the answer is that prediction, marked "extrapolated": true. Otherwise it runs the full sweep --repeats
times (each a sample) and reports the prediction beside the measurement, as a check of the model.

Prints one JSON object on standard output. Run it with Debian's /usr/bin/python3 (python3-numpy).

  /usr/bin/python3 bench/kernels/sweep_numpy.py --entries FILE --vectors 100 --max-dim 512 --style loop \
      [--repeats 1] [--max-s 60] [--subset 32] [--output 1] [--draw-cost 1]
"""
import argparse
import json
import os
import platform
import sys
import time

import numpy as np


def loop_sweep(x, dims):
    """The source's calculate(), on the first d columns of x, for each d in dims: the variance per d."""
    num_arrays = x.shape[0]
    out = []
    for d in dims:
        arrays = x[:, :d]
        dot_products = []
        for i in range(num_arrays):
            for j in range(i + 1, num_arrays):
                dot_product = np.dot(arrays[i], arrays[j])
                dot_products.append(dot_product)
        dot_products = np.array(dot_products)
        variance = np.var(dot_products)
        out.append(variance)
    return None, out


def vectorised_sweep(x, dims):
    """One Gram matrix per d, its strict upper triangle, mean and var."""
    upper = np.triu_indices(x.shape[0], 1)
    means, variances = [], []
    for d in dims:
        a = x[:, :d]
        pairs = (a @ a.T)[upper]
        means.append(pairs.mean())
        variances.append(pairs.var())
    return means, variances


STYLES = {'loop': loop_sweep, 'vectorised': vectorised_sweep}


def blas_in_use():
    """The BLAS shared objects this process has mapped (after a product has run)."""
    found = set()
    try:
        with open('/proc/self/maps', encoding='utf8') as maps:
            for line in maps:
                path = line.split()[-1]
                if path.startswith('/') and 'blas' in os.path.basename(path).lower():
                    found.add(os.path.realpath(path))
    except OSError:
        pass
    return sorted(found)


def estimate(sweep, x, max_dim, count, max_ms):
    """Times each of `count` evenly spaced dims; fits t(d) = a + b·d; predicts the full sweep in ms.

    One pass over the subset; when the prediction is within a factor 2 of max_ms (the answer may be the
    extrapolation itself), two more passes, and each d's median time is used.
    """
    dims = sorted({int(round(v)) for v in np.linspace(1, max_dim, min(count, max_dim))})

    def one_pass():
        ms = []
        for d in dims:
            start = time.perf_counter()
            sweep(x, [d])
            ms.append((time.perf_counter() - start) * 1e3)
        return ms

    def fit(ms):
        b, a = np.polyfit(np.array(dims, dtype=float), np.array(ms), 1)
        return a, b, max_dim * a + b * max_dim * (max_dim + 1) / 2

    passes = [one_pass()]
    a, b, predicted = fit(passes[0])
    if predicted > 0.5 * max_ms:
        passes += [one_pass(), one_pass()]
        a, b, predicted = fit(list(np.median(np.array(passes), axis=0)))
    ms = list(np.median(np.array(passes), axis=0))
    return {'subsetDims': dims, 'subsetMs': [round(float(t), 4) for t in ms], 'passes': len(passes),
            'a': float(a), 'b': float(b), 'predictedMs': float(predicted)}


def main():
    p = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    p.add_argument('--entries', required=True, help='float32 file, row-major (vectors, stored dims)')
    p.add_argument('--vectors', type=int, default=100)
    p.add_argument('--max-dim', type=int, default=512)
    p.add_argument('--style', choices=sorted(STYLES), required=True)
    p.add_argument('--repeats', type=int, default=1)
    p.add_argument('--max-s', type=float, default=60.0)
    p.add_argument('--subset', type=int, default=32)
    p.add_argument('--output', type=int, default=0, help='1: also print the variances (and means) over d')
    p.add_argument('--draw-cost', type=int, default=0, help='1: also time np.random.rand(vectors, d) for every d')
    args = p.parse_args()

    raw = np.fromfile(args.entries, dtype='<f4')
    if raw.size % args.vectors or raw.size // args.vectors < args.max_dim:
        sys.exit(f'{args.entries}: {raw.size} floats do not hold {args.vectors} vectors of {args.max_dim} entries')
    x = np.ascontiguousarray(raw.reshape(args.vectors, -1)[:, :args.max_dim], dtype=np.float64)
    sweep = STYLES[args.style]
    (x[:, :8] @ x[:, :8].T).sum()  # load BLAS before looking for it

    est = estimate(sweep, x, args.max_dim, args.subset, args.max_s * 1e3)
    result = {
        'style': args.style,
        'maxDim': args.max_dim,
        'vectors': args.vectors,
        'python': platform.python_version(),
        'executable': sys.executable,
        'numpy': np.__version__,
        'blas': blas_in_use(),
        'threadsEnv': {k: os.environ.get(k) for k in ('OPENBLAS_NUM_THREADS', 'OMP_NUM_THREADS')},
        'maxS': args.max_s,
        'estimate': est,
    }
    dims = range(1, args.max_dim + 1)
    if est['predictedMs'] > args.max_s * 1e3:
        result['extrapolated'] = True
        result['samples'] = [est['predictedMs']]
    else:
        result['extrapolated'] = False
        samples = []
        for _ in range(max(1, args.repeats)):
            start = time.perf_counter()
            means, variances = sweep(x, dims)
            samples.append((time.perf_counter() - start) * 1e3)
        result['samples'] = samples
        if args.output:
            result['variance'] = [float(v) for v in variances]
            if means is not None:
                result['mean'] = [float(m) for m in means]
    if args.draw_cost:
        start = time.perf_counter()
        for d in dims:
            np.random.rand(args.vectors, d)
        result['drawMs'] = (time.perf_counter() - start) * 1e3
    json.dump(result, sys.stdout)
    sys.stdout.write('\n')


if __name__ == '__main__':
    main()
