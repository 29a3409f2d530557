import math
import hashlib


def bucket_of(text: str, n_buckets: int) -> int:
    return int(hashlib.md5(text.encode("utf-8")).hexdigest(), 16) % n_buckets


def parse_line(raw: str, n_buckets: int = 1_000_000):
    parts = raw.rstrip("\r\n").split("\t")

    if len(parts) != 40:
        raise ValueError(f"need 40 tab-separated fields, found {len(parts)}; empty trailing fields may be missing.")

    # click label
    label = int(parts[0])

    # integer fields I1 .. I13
    nums = []
    for j, val in enumerate(parts[1:14], start=1):
        if val == "":
            v = 0.0
        else:
            v = float(val)

        # negatives would break log1p
        if v < 0:
            v = 0.0

        v = math.log1p(v)
        nums.append(v)

    # categorical fields C1 .. C26, hashed
    cats = []
    for i, val in enumerate(parts[14:], start=14):
        if val == "":
            val = "missing"
        cats.append(bucket_of(f"C{i}_{val}", n_buckets))

    return label, nums, cats
