import argparse
import json
import numpy as np
import random
import tqdm.auto as tqdm

import datasets
import transformers


def iter_json_lines(src):
    # open by hand: iterating the file object keeps line endings consistent
    with open(src, "r") as handle:
        for raw in handle:
            yield json.loads(raw)


def iter_lmd_records(src):
    import lm_dataformat
    rdr = lm_dataformat.Reader(src)
    yield from rdr.stream_data()


def run():
    ap = argparse.ArgumentParser()
    ap.add_argument("--tokenizer_path", type=str)
    ap.add_argument("--data_path", type=str)
    ap.add_argument("--data_format", type=str, default="jsonl")
    ap.add_argument("--save_path", type=str)
    ap.add_argument("--max_seq_length", type=int, default=2048)
    opts = ap.parse_args()

    tok = transformers.LlamaTokenizer.from_pretrained(opts.tokenizer_path)

    encoded_docs = []
    if opts.data_format == "jsonl":
        stream = iter_json_lines(opts.data_path)
    elif opts.data_format == "lm_dataformat":
        stream = iter_lmd_records(opts.data_path)
    else:
        raise KeyError(opts.data_format)

    for rec in tqdm.tqdm(stream):
        body = rec["text"] if opts.data_format == "jsonl" else rec
        encoded_docs.append(tok.encode(body))
    random.shuffle(encoded_docs)

    flat_ids = [tok.bos_token_id] + [
        t
        for doc in encoded_docs
        for t in doc + [tok.eos_token_id, tok.bos_token_id]
    ]

    cut_ids = flat_ids[:(len(flat_ids) // opts.max_seq_length) * opts.max_seq_length]
    blocks = np.array(cut_ids).reshape(-1, opts.max_seq_length)
    hf_ds = datasets.Dataset.from_dict({"input_ids": blocks})
    hf_ds.save_to_disk(opts.save_path)
    print(f"Wrote {blocks.shape[0]} blocks.")


if __name__ == "__main__":
    run()
