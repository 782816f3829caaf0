#!/usr/bin/python3
"""Training speed of the PyTorch reference model (bench/training/run.mjs runs this with Debian's python3-torch).

Builds the model of tests/torch/reference.py (the engine's "encoder" or "attention" model, autograd backward) from a
dump written by `attention-lab dump` (its initial weights and layout), and times full optimizer steps: forward,
cross-entropy, backward, gradient clipping at the dump's clipNorm, torch.optim.Adam and the LambdaLR schedule, on
batches of the dump's batch size drawn once in advance. Prints one JSON object: per round, steps, wall seconds and
process CPU seconds, for each thread count asked for. Nothing is checked here; the losses of the same model are
compared with the engine's in tests/js/torch.test.mjs.

usage: /usr/bin/python3 bench/training/training_torch.py DUMP.json [--steps 200] [--rounds 5] [--threads 1,2] [--warmup 20]
"""
import json
import os
import sys
import time

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "torch"))
from reference import Model, lr_factor  # noqa: E402  (the same model as the agreement test)


def options(argv):
    out = {"steps": 200, "rounds": 5, "threads": [1, 2], "warmup": 20, "dump": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--steps", "--rounds", "--warmup"):
            out[a[2:]] = int(argv[i + 1])
            i += 2
        elif a == "--threads":
            out["threads"] = [int(t) for t in argv[i + 1].split(",")]
            i += 2
        elif not a.startswith("--") and out["dump"] is None:
            out["dump"] = a
            i += 1
        else:
            raise SystemExit(__doc__)
    if out["dump"] is None:
        raise SystemExit(__doc__)
    return out


def time_steps(dump, steps, warmup, generator):
    cfg = dump["config"]
    model = Model(dump, torch.float32)
    params = model.parameters()
    opt = torch.optim.Adam(params, lr=cfg["lr"], betas=(0.9, 0.999), eps=1e-8)
    total = warmup + steps
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: lr_factor(s, total, cfg["warmupSteps"]))
    L, R, B = cfg["L"], cfg["R"], cfg["batchSize"]
    batches = torch.randint(0, R, (total, B, L), generator=generator)
    beta = dump["initialBeta"]

    def step(tokens):
        targets = torch.flip(tokens, dims=[1])
        opt.zero_grad()
        logits = model.forward(tokens, beta)
        loss = F.cross_entropy(logits.reshape(-1, R), targets.reshape(-1))
        loss.backward()
        if cfg["clipNorm"] > 0:
            torch.nn.utils.clip_grad_norm_(params, cfg["clipNorm"])
        opt.step()
        sched.step()
        return loss

    for s in range(warmup):
        step(batches[s])
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for s in range(warmup, total):
        loss = step(batches[s])
    loss.item()
    return time.perf_counter() - wall0, time.process_time() - cpu0


def main(argv):
    o = options(argv)
    with open(o["dump"]) as f:
        dump = json.load(f)
    if dump["config"]["betaStrategy"] not in ("inverse-sqrt-dk", "fixed"):
        raise SystemExit("bench/training/training_torch.py times a fixed β only")
    generator = torch.Generator().manual_seed(1)
    result = {"torch": torch.__version__, "model": dump["config"]["model"], "batchSize": dump["config"]["batchSize"],
              "L": dump["config"]["L"], "R": dump["config"]["R"], "steps": o["steps"], "rounds": []}
    for r in range(o["rounds"]):
        for threads in o["threads"]:
            torch.set_num_threads(threads)
            wall, cpu = time_steps(dump, o["steps"], o["warmup"], generator)
            result["rounds"].append({"round": r, "threads": threads, "wallSeconds": wall, "cpuSeconds": cpu})
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
