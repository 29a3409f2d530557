import time
import numpy as np
import argparse
import sys
from pathlib import Path
import os
from src.tokenizer import Tokenizer, load_tokenizer
from tqdm import tqdm
import multiprocessing as mp

def encode_file(tok: Tokenizer, src_path: str, dst_path: str, flush_every: int = 1_000_000) -> None:
    """Encode a text file into a flat binary token file, one process.

    Args:
        tok (Tokenizer): tokenizer used to encode.
        src_path (str): text file to read.
        dst_path (str): binary file to write.
        flush_every (int, optional): tokens collected before each write. Defaults to 1_000_000.
    """
    pending = []
    n_written = 0

    with open(src_path, "r", encoding="utf-8") as src, open(dst_path, "wb") as dst:
        for tid in tqdm(tok.encode_iterable(src), desc="Encoding", unit="tokens"):
            pending.append(tid)
            if len(pending) >= flush_every:
                chunk = np.array(pending, dtype=np.uint16)  # switch to uint32 for vocabularies over 65535
                chunk.tofile(dst)
                n_written += len(pending)
                pending = []

        # whatever is left over
        if pending:
            chunk = np.array(pending, dtype=np.uint16)
            chunk.tofile(dst)
            n_written += len(pending)
    
    print(f"Tokens written: {n_written}")
    

def encoder_worker(in_q: mp.Queue, out_q: mp.Queue, tok, wid: int):
    """
    Pull (line number, text) pairs, encode them and push (line number, ids) back
    """
    n_done = 0
    
    while True:
        try:
            job = in_q.get(timeout=1)
            if job is None:  # sentinel: stop
                break
            line_no, line = job
            
            # encode one line
            ids = tok.encode(line)
            
            # return it tagged with its line number
            out_q.put((line_no, ids))
            n_done += 1
            
        except Exception as e:
            print(f"Encoder {wid} failed: {e}")
            break
    
    print(f"Encoder {wid} handled {n_done} lines")

def ordered_writer(out_q: mp.Queue, dst_path: str, n_lines: int, 
                  flush_every: int = 1_000_000):
    """
    Write the encoded lines to disk in their original order
    """
    pending = []
    n_written = 0
    want = 0
    early: dict[int, list] = {}  # lines that arrived ahead of their turn
    
    with open(dst_path, "wb") as dst:
        with tqdm(total=n_lines, desc="Writing", position=2) as bar:
            while want < n_lines:
                try:
                    # next finished line
                    line_no, ids = out_q.get(block=True, timeout=1)
                    early[line_no] = ids
                    # print(f"got line {line_no}: {len(ids)} ids")
                    # drain every line that is now in order
                    while want in early:
                        ids = early.pop(want)
                        # print(f"writing line {want}: {len(ids)} ids")
                        pending.extend(ids)
                        
                        # flush once enough ids are pending
                        if len(pending) >= flush_every:
                            chunk = np.array(pending, dtype=np.uint16)
                            chunk.tofile(dst)
                            n_written += len(pending)
                            pending = []
                        
                        want += 1
                        bar.update(1)
                        
                        # push to disk now and then
                        if want % 1000 == 0:
                            dst.flush()
                
                except:
                    # nothing arrived in time, poll again
                    # print("writer idle, polling...")
                    continue
        
        # last partial chunk
        if pending:
            chunk = np.array(pending, dtype=np.uint16)
            chunk.tofile(dst)
            n_written += len(pending)
    
    print(f"Writer done. Tokens written: {n_written}")
    return n_written

def encode_file_parallel(tok, src_path: str, dst_path: str,
                                 n_workers: int = None, flush_every: int = 1_000_000,
                                 q_cap: int = 1000) -> None:
    """
    Parallel encoding through bounded queues, written back in order
    
    Args:
        tok (Tokenizer): tokenizer used to encode.
        src_path (str): text file to read.
        dst_path (str): binary file to write.
        n_workers (int, optional): encoder processes. Defaults to CPU count - 1.
        flush_every (int, optional): tokens collected before each write. Defaults to 1_000_000.
        q_cap (int, optional): capacity of the job and result queues. Defaults to 1000.
    """
    
    if n_workers is None:
        n_workers = max(1, mp.cpu_count() - 1)  # one core stays for the writer
    
    print(f"Launching {n_workers} encoders and one writer")
    
    # line count for the progress bars
    print("Counting lines...")
    with open(src_path, 'r', encoding='utf-8') as fh:
        n_lines = sum(1 for _ in fh)
    print(f"Lines: {n_lines}")
    
    # bounded queues
    in_q = mp.Queue(maxsize=q_cap)
    out_q = mp.Queue(maxsize=2 * q_cap)
    
    # writer
    writer = mp.Process(
        target=ordered_writer,
        args=(out_q, dst_path, n_lines, flush_every)
    )
    writer.start()
    
    # encoders
    procs = []
    for k in range(n_workers):
        p = mp.Process(
            target=encoder_worker,
            args=(in_q, out_q, tok, k)
        )
        p.start()
        procs.append(p)
    
    # stream the lines into the job queue
    print("Queuing lines...")
    try:
        with open(src_path, 'r', encoding='utf-8') as fh:
            for line_no, line in enumerate(tqdm(fh, total=n_lines, desc="Queued", position=0)):
                in_q.put((line_no, line))
        
        # one sentinel per encoder
        for _ in range(n_workers):
            in_q.put(None)
        
        # wait for the encoders
        for p in procs:
            p.join()
        
        # wait for the writer
        writer.join()
        
    except KeyboardInterrupt:
        print("Stopped by user, shutting processes down...")
        # stop everything
        for p in procs:
            p.terminate()
        writer.terminate()
        raise
    
    print("Encoding finished.")
    
def read_cli() -> argparse.Namespace:
    """Command-line options."""
    cli = argparse.ArgumentParser(
        description="Encode a text corpus into a flat token file",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter
    )
    
    cli.add_argument(
        "--dataset-path",
        type=str,
        required=True,
        help="Text corpus to encode"
    )
    
    cli.add_argument(
        "--output-path",
        type=str,
        required=True,
        help="Where the token file goes"
    )
    
    cli.add_argument(
        "--tokenizer-dir",
        type=str,
        required=True,
        help="Folder with vocab.json and merges.txt"
    )
    
    cli.add_argument(
        "--special-tokens",
        nargs="*",
        default=["<|endoftext|>"],
        help="Special tokens of the vocabulary"
    )
    
    cli.add_argument(
        "--num-processes",
        type=int,
        default=None,
        help="Encoder processes"
    )
    
    cli.add_argument(
        "--queue-size",
        type=int,
        default=2000,
        help="Capacity of the queues"
    )
    
    cli.add_argument(
        "--chunk-size",
        type=int,
        default=1_000_000,
        help="Tokens per write"
    )

    return cli.parse_args()

def check_cli(opts: argparse.Namespace) -> None:
    src = Path(opts.dataset_path)
    if not src.exists():
        print(f"Error: '{opts.dataset_path}' not found", file=sys.stderr)
        sys.exit(1)
        
    if not src.is_file():
        print(f"Error: '{opts.dataset_path}' is not a regular file", file=sys.stderr)
        sys.exit(1)
        
    if opts.chunk_size <= 0:
        print("Error: --chunk-size must be positive", file=sys.stderr)
        sys.exit(1)
        
    if not opts.tokenizer_dir:
        print("Error: --tokenizer-dir is required", file=sys.stderr)
        sys.exit(1)
        
    # make sure the output folder exists
    out_dir = Path(os.path.dirname(opts.output_path))
    out_dir.mkdir(parents=True, exist_ok=True)


def main() -> None:
    opts = read_cli()
    check_cli(opts)
    
    print("="*50)
    print("Corpus encoding")
    print("="*50)
    print(f"Input: {opts.dataset_path}")
    print(f"Output: {opts.output_path}")
    print(f"Tokenizer: {opts.tokenizer_dir}")
    print(f"Specials: {opts.special_tokens}")
    print(f"Processes: {opts.num_processes}")
    print(f"Chunk: {opts.chunk_size}")
    print("="*50)
    
    tok: Tokenizer = load_tokenizer(opts.tokenizer_dir, opts.special_tokens)

    src_path = opts.dataset_path
    dst_path = opts.output_path

    try:
        t0 = time.time()
        if opts.num_processes == 1:
            encode_file(tok, src_path, dst_path, opts.chunk_size)
        else:
            encode_file_parallel(tok, src_path, dst_path, opts.num_processes, opts.chunk_size, opts.queue_size)
        t1 = time.time()
        check = np.memmap(dst_path, dtype=np.uint16)
        print(f"Token file: {dst_path}")
        print(f"Tokens in file: {len(check)}")
        print(f"Head: {check[:10]}")
        print(f"Tail: {check[-10:]}")
        print(f"Took {t1 - t0:.2f} s")
    except Exception as e:
        print(f"Encoding failed: {e}", file=sys.stderr)
        sys.exit(1)

    
if __name__ == "__main__":
    main()
