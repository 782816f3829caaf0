"""An independent transcription of xoshiro256** seeded by splitmix64, used to pin the engine's first outputs.

Run: python3 tests/cpp/rng_reference.py 42 5  -> prints the first 5 outputs for seed 42.
"""
import sys

MASK = (1 << 64) - 1


def splitmix64(state):
    state = (state + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & MASK


def xoshiro256ss(seed, count):
    state, s = seed, []
    for _ in range(4):
        state, z = splitmix64(state)
        s.append(z)
    out = []
    for _ in range(count):
        out.append((rotl((s[1] * 5) & MASK, 7) * 9) & MASK)
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
    return out


if __name__ == "__main__":
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    print(", ".join(f"{x}ULL" for x in xoshiro256ss(seed, count)))
