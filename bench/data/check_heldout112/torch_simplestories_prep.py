import argparse
import json
import numpy as np
from pathlib import Path
from typing import Any, Dict, List
from datasets import Dataset, load_dataset
from tqdm.auto import tqdm
from transformers import AutoTokenizer
from transformers.utils import logging

logging.set_verbosity(40)

def write_flat_tokens(
    target: Path,
    rows: List,
    dtype: np.dtype = np.uint32,
) -> None:

    n_total = sum(len(r) for r in rows)
    out_map = np.memmap(target, dtype=dtype, mode="w+", shape=(n_total,))
    pos = 0
    for r in tqdm(rows, desc="copying", total=len(rows)):
        out_map[pos : pos + len(r)] = r
        pos += len(r)
    out_map.flush()


def load_and_encode(
    workers: int,
    tok: AutoTokenizer,
    limit_len: int,
) -> Dict[str, Dataset]:

    hub_name = "SimpleStories/SimpleStories"
    train_split = load_dataset(hub_name, split="train")
    test_split = load_dataset(hub_name, split="test")
    
    print("Columns found:", train_split.column_names)

    # --------------------------------------------------------- #
    # step one: encode every story, no truncation               #
    # --------------------------------------------------------- #

    def encode_row(row: Dict[str, Any]) -> Dict[str, Any]:
        toks = tok.encode(row["story"], add_special_tokens=False)
        toks.append(tok.eos_token_id)
        return {"ids": toks, "len": len(toks)}

    train_split = train_split.map(encode_row, num_proc=workers)
    test_split = test_split.map(encode_row, num_proc=workers)

    # --------------------------------------------------------- #
    # step two: drop stories that are too long                  #
    # --------------------------------------------------------- #

    train_split = train_split.filter(lambda row: row["len"] <= limit_len, num_proc=workers)
    test_split = test_split.filter(lambda row: row["len"] <= limit_len, num_proc=workers)

    # --------------------------------------------------------- #
    # step three: hand both splits back                         #
    # --------------------------------------------------------- #

    splits = {
        "train": train_split,
        "test": test_split,
    }

    return splits


def dump_splits_and_stats(
    splits: Dict[str, Dataset],
    dest: Path,
    tok: AutoTokenizer,
) -> None:
    """Write each split as a flat token file and record statistics."""

    n_train_tokens = 0
    n_test_tokens = 0
    stats = {}

    for name, ds in splits.items():

        stats[name] = {}

        part = ds
        bin_path = dest / f"{name}.bin"

        # flat token file
        write_flat_tokens(
            bin_path,
            part["ids"],
            np.uint32,
        )

        # ---------- statistics for this split ----------
        n_tokens = int(np.sum(part["len"]))
        sample_text = tok.decode(part[-1]["ids"], skip_special_tokens=False)

        stats[name] = {
            "total_tokens": n_tokens,
            "example": sample_text,
        }

        if name == "train":
            n_train_tokens += n_tokens
        else:
            n_test_tokens += n_tokens

    # ---------- totals ----------
    stats["all"] = {
        "total_tokens_train": n_train_tokens,
        "total_tokens_test": n_test_tokens,
        "vocab_size": len(tok),
    }

    # ---------------------------------------------------- #
    # write the statistics file                            #
    # ---------------------------------------------------- #
    with open(dest / "metadata.json", "w") as fh:
        json.dump(stats, fh, indent=2, ensure_ascii=False)

# --------------------------------------------------------------------------- #
# whole pipeline                                                              #
# --------------------------------------------------------------------------- #

def main(dest: Path, workers: int, limit_len: int) -> None:

    dest.mkdir(parents=True, exist_ok=True)

    tok = AutoTokenizer.from_pretrained("unsloth/Llama-3.2-1B")

    splits = load_and_encode(
        workers=workers,
        tok=tok,
        limit_len=limit_len,
    )

    # flat files and statistics
    dump_splits_and_stats(
        splits,
        dest,
        tok,
    )

    print("Finished: token files and metadata.json are in", dest)


# --------------------------------------------------------------------------- #
# command line                                                                #
# --------------------------------------------------------------------------- #

if __name__ == "__main__":

    here = Path(__file__).parent
    cli = argparse.ArgumentParser("Tokenise SimpleStories")
    cli.add_argument("--out_dir", default=here / "data", help="where the .bin files go")
    cli.add_argument("--num_proc", type=int, default=19)
    cli.add_argument("--max_length", type=int, default=256)
    opts = cli.parse_args()

    main(
        dest=Path(opts.out_dir),
        workers=opts.num_proc,
        limit_len=opts.max_length,
    )
