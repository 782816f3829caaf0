#!/usr/bin/python3
"""PyTorch reference for the training lab (run with Debian's python3-torch).

Reads dumps written by `attention-lab dump` (the initial weights, the batches of the first steps and the engine's
losses), builds the same model in PyTorch, trains it from those weights on those batches with torch.optim.Adam,
torch.nn.utils.clip_grad_norm_ and a LambdaLR schedule, and prints one JSON object per dump: its losses, β, learning
rates and gradient norms, next to the engine's, and how far the final weights are from the engine's. The backward
pass here is autograd's, so this checks the engine's hand-written backward, optimizer and schedule independently.

usage: /usr/bin/python3 tests/torch/reference.py DUMP.json [DUMP.json ...] [--double]
  --double  run the reference in float64 (the engine runs float32; the default here is float32 too)
"""
import json
import math
import sys

import torch
import torch.nn.functional as F


def positional_encoding(L, d, dtype):
    # pe[pos, 2i] = sin(pos / 10000^(2i/d)), pe[pos, 2i + 1] = cos(...), computed in float64 then rounded.
    pe = torch.zeros(L, d, dtype=torch.float64)
    pos = torch.arange(L, dtype=torch.float64).unsqueeze(1)
    for c in range(d):
        i2 = c - c % 2
        angle = pos[:, 0] * math.exp(-math.log(10000.0) * i2 / d)
        pe[:, c] = torch.sin(angle) if c % 2 == 0 else torch.cos(angle)
    return pe.to(torch.float32).to(dtype)


def lr_factor(s, total, warmup):
    w = min(warmup, total // 2)
    if s < w:
        return (s + 1) / w
    return 0.5 * (1.0 + math.cos(math.pi * (s - w + 1) / (total - w + 1)))


class Model:
    """The engine's "encoder" or "attention" model on tensors named as the engine's parameter layout."""

    def __init__(self, dump, dtype):
        cfg = dump["config"]
        self.kind, self.L, self.R = cfg["model"], cfg["L"], cfg["R"]
        self.strategy = cfg["betaStrategy"]
        self.d, self.heads = cfg["dModel"], cfg["heads"]
        self.dk = self.d // self.heads
        flat = torch.tensor(dump["initialParams"], dtype=torch.float32).to(dtype)
        self.p = {}
        for t in dump["layout"]:
            n = t["rows"] * t["cols"]
            x = flat[t["offset"]:t["offset"] + n]
            one_d = t["name"].endswith(".bias") or t["name"].endswith(".gain")
            self.p[t["name"]] = torch.nn.Parameter(x.clone() if one_d else x.clone().view(t["rows"], t["cols"]))
        self.log_beta = None
        if dump["learnedBeta"]:
            self.log_beta = torch.nn.Parameter(flat[-1:].clone())
        self.pe = positional_encoding(self.L, self.d, dtype) if self.kind == "encoder" else None
        self.dtype = dtype

    def parameters(self):
        return list(self.p.values())

    def scores(self, x):
        """Raw scores q·kᵀ, (B, heads, L, L), and v, (B, heads, L, d_k). Under QK-norm q and k are first
        L2-normalised per head (F.normalize), under qk-layernorm layer-normalised over d_k with their gains and no
        bias (F.layer_norm)."""
        B, L = x.shape[0], x.shape[1]
        qkv = x @ self.p["attn.qkv.weight"] + self.p["attn.qkv.bias"]
        q, k, v = qkv.split(self.d, dim=-1)
        split = lambda t: t.reshape(B, L, self.heads, self.dk).transpose(1, 2)
        q, k, v = split(q), split(k), split(v)
        if self.strategy == "qk-norm":
            q, k = F.normalize(q, p=2.0, dim=-1), F.normalize(k, p=2.0, dim=-1)
        elif self.strategy == "qk-layernorm":
            q = F.layer_norm(q, (self.dk,), self.p["attn.q_norm.gain"], None, eps=1e-5)
            k = F.layer_norm(k, (self.dk,), self.p["attn.k_norm.gain"], None, eps=1e-5)
        return q @ k.transpose(-1, -2), v

    def logit_scale(self, beta):
        """What multiplies the scores: QK-norm's g per head, shaped to broadcast over (B, heads, L, L), else β."""
        if self.strategy == "qk-norm":
            return self.p["attn.qk_scale"].view(1, self.heads, 1, 1)
        return beta

    def embed(self, tokens):
        p = self.p
        if self.kind == "encoder":
            onehot = F.one_hot(tokens, self.R).to(self.dtype)
            return onehot @ p["embed.weight"] + p["embed.bias"] + self.pe
        return p["embed.weight"][tokens] + p["pos"]

    def forward(self, tokens, beta):
        p = self.p
        B, L, d = tokens.shape[0], self.L, self.d
        x = self.embed(tokens)
        s, v = self.scores(x)
        logits = self.logit_scale(beta) * s
        weights = torch.softmax(logits, dim=-1)
        with torch.no_grad():  # the attention rows' mean entropy (nats) and largest |logit|, as the engine reports
            w = weights.double()
            self.last_entropy = -(w * torch.log(w.clamp_min(1e-300))).sum(-1).mean().item()
            self.last_max_logit = logits.detach().abs().max().item()
        att = (weights @ v).transpose(1, 2).reshape(B, L, d)
        a = att @ p["attn.out.weight"] + p["attn.out.bias"]
        if self.kind == "encoder":
            y1 = F.layer_norm(x + a, (d,), p["norm1.gain"], p["norm1.bias"], eps=1e-5)
            f = torch.relu(y1 @ p["ff1.weight"] + p["ff1.bias"])
            y2 = F.layer_norm(y1 + f @ p["ff2.weight"] + p["ff2.bias"], (d,), p["norm2.gain"], p["norm2.bias"],
                              eps=1e-5)
            h = y2 @ p["head1.weight"] + p["head1.bias"]
            u = torch.relu(F.layer_norm(h, (d,), p["norm3.gain"], p["norm3.bias"], eps=1e-5))
            return u @ p["head2.weight"] + p["head2.bias"]
        return a @ p["head.weight"] + p["head.bias"]

    def dynamic_beta(self, tokens):
        with torch.no_grad():
            s, _ = self.scores(self.embed(tokens))
            var = s.double().var(unbiased=False).item()
        return min(max(1.0 / math.sqrt(var), 1e-4), 1e4)


def run(dump, dtype):
    cfg = dump["config"]
    model = Model(dump, dtype)
    strategy = cfg["betaStrategy"]
    groups = [{"params": model.parameters()}]
    if model.log_beta is not None:
        groups.append({"params": [model.log_beta], "lr": cfg["betaLr"] or cfg["lr"]})
    all_params = model.parameters() + ([model.log_beta] if model.log_beta is not None else [])
    opt = torch.optim.Adam(groups, lr=cfg["lr"], betas=(0.9, 0.999), eps=1e-8)
    total, warmup = dump["runSteps"], cfg["warmupSteps"]
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: lr_factor(s, total, warmup))
    L = cfg["L"]
    beta = dump["initialBeta"]
    out = {"losses": [], "betas": [], "lrs": [], "gradNorms": [], "entropies": [], "maxLogits": []}
    for i, step in enumerate(dump["steps"]):
        tokens = torch.tensor(step["inputs"], dtype=torch.long).view(-1, L)
        targets = torch.flip(tokens, dims=[1])
        if strategy == "dynamic" and i == 0:
            beta = model.dynamic_beta(tokens)
        b = torch.exp(model.log_beta)[0] if model.log_beta is not None else beta
        if strategy == "qk-norm":  # the engine reports the mean of the heads' g as β
            b = model.p["attn.qk_scale"].detach().double().mean().item()
        lr = opt.param_groups[0]["lr"]
        opt.zero_grad()
        logits = model.forward(tokens, b)
        loss = F.cross_entropy(logits.reshape(-1, model.R), targets.reshape(-1))
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(all_params, cfg["clipNorm"]) if cfg["clipNorm"] > 0 else None
        if norm is None:
            norm = torch.sqrt(sum((q.grad.double() ** 2).sum() for q in all_params))
        opt.step()
        sched.step()
        out["losses"].append(loss.item())
        out["betas"].append(float(b))
        out["lrs"].append(lr)
        out["gradNorms"].append(float(norm))
        out["entropies"].append(model.last_entropy)
        out["maxLogits"].append(model.last_max_logit)
        if strategy == "dynamic":
            beta = model.dynamic_beta(tokens)
    final = torch.cat([q.detach().reshape(-1) for q in all_params]).double()
    engine_final = torch.tensor(dump["finalParams"], dtype=torch.float64)
    out["finalParamsMaxAbsDiff"] = (final - engine_final).abs().max().item()
    out["finalParamsMaxAbs"] = engine_final.abs().max().item()
    out["engineLosses"] = [s["loss"] for s in dump["steps"]]
    out["engineBetas"] = [s["beta"] for s in dump["steps"]]
    out["engineGradNorms"] = [s["gradNorm"] for s in dump["steps"]]
    out["engineEntropies"] = [s["entropy"] for s in dump["steps"]]
    out["engineMaxLogits"] = [s["maxLogit"] for s in dump["steps"]]
    rel = [abs(a - e) / abs(a) for a, e in zip(out["losses"], out["engineLosses"])]
    out["maxRelativeLossDiff"] = max(rel)
    out["dtype"] = str(dtype).replace("torch.", "")
    out["torch"] = torch.__version__
    out["command"] = dump["command"]
    return out


def main(argv):
    paths = [a for a in argv if not a.startswith("--")]
    if not paths or any(a not in ("--double",) for a in argv if a.startswith("--")):
        print(__doc__, file=sys.stderr)
        return 2
    dtype = torch.float64 if "--double" in argv else torch.float32
    torch.manual_seed(0)  # nothing here is random; set anyway
    torch.set_num_threads(1)
    for path in paths:
        with open(path) as f:
            dump = json.load(f)
        print(json.dumps(run(dump, dtype)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
