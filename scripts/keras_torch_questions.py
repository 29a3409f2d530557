"""Two questions about Keras's torch backend only a GPU can answer (run by scripts/gpu-check.sh).

1. Does Keras's LSTM run cuDNN (``torch._VF.lstm``) on CUDA, or fall back to its step-by-step
   loop (Keras swallows the cuDNN path's exceptions)? oomdoctor's CPU trace can only take the loop.
2. Is the MLP's extra input-sized block the previous step's input batch, left in a reference cycle
   by keras.tree (torch.utils._pytree's recursive tree_flatten)? On the H200 ground truth mlp_mnist
   at batch 4096 held one 12.25 MiB block more after step 2 than after step 1; the trace now keeps
   the previous batch through the step. If so, gc.collect() frees it, and the caching allocator's
   snapshot names the frames that allocated it (the input's conversion to a tensor).

    KERAS_BACKEND=torch python scripts/keras_torch_questions.py

Answered on a lent H200 (2026-11-30, torch 2.11.0+cu130, keras 3.15.1): 1. cuDNN ran (one call, no
fallback). 2. The block is the input converted by Layer.__call__'s convert_input, and gc.collect() did
not free it (70.22 MiB in use before and after): something holds it, not only a reference cycle.
"""

from __future__ import annotations

import gc
import os
import sys
import traceback

os.environ.setdefault("KERAS_BACKEND", "torch")


def lstm_kernel() -> None:
    import numpy as np

    import keras
    import importlib

    rnn = importlib.import_module("keras.src.backend.torch.rnn")  # the package re-exports a function named rnn

    calls = {"cudnn": 0, "raised": None}
    original = rnn._cudnn_lstm

    def counted(*args, **kwargs):
        calls["cudnn"] += 1
        try:
            return original(*args, **kwargs)
        except Exception as exc:
            calls["raised"] = f"{type(exc).__name__}: {str(exc)[:160]}"
            raise

    rnn._cudnn_lstm = counted
    model = keras.Sequential([keras.Input((50,), dtype="int32"), keras.layers.Embedding(1000, 32),
                              keras.layers.LSTM(64), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer="adam", loss="binary_crossentropy")
    x = np.random.randint(0, 1000, size=(32, 50)).astype("int32")
    y = np.random.randint(0, 2, size=(32, 1)).astype("float32")
    model.train_on_batch(x, y)
    used = calls["cudnn"] > 0 and calls["raised"] is None
    print(f"LSTM on CUDA: cuDNN path called {calls['cudnn']} time(s); "
          f"{'cuDNN ran' if used else 'fell back to the loop'}" + (f" ({calls['raised']})" if calls["raised"] else ""))


def mlp_extra_block() -> None:
    import numpy as np
    import torch

    import keras

    model = keras.Sequential([keras.Input((28, 28)), keras.layers.Flatten(), keras.layers.Dense(512, activation="relu"),
                              keras.layers.Dropout(0.2), keras.layers.Dense(10, activation="softmax")])
    model.compile(optimizer="adam", loss="sparse_categorical_crossentropy")
    rng = np.random.default_rng(0)
    x = rng.standard_normal((4096, 28, 28)).astype("float32")
    y = rng.integers(0, 10, size=(4096,)).astype("int32")
    model.train_on_batch(x, y)
    torch.cuda.memory._record_memory_history(max_entries=100000)
    model.train_on_batch(x, y)
    snapshot = torch.cuda.memory._snapshot()
    torch.cuda.memory._record_memory_history(enabled=None)
    size = x.nbytes
    in_use = torch.cuda.memory_allocated()
    gc.collect()
    print(f"MLP b4096: max_memory_allocated {torch.cuda.max_memory_allocated() / 2**20:.2f} MiB, "
          f"in use after step 2 {in_use / 2**20:.2f} MiB, after gc.collect() "
          f"{torch.cuda.memory_allocated() / 2**20:.2f} MiB; blocks of the input's size ({size} bytes) "
          f"alive after step 2:")
    for segment in snapshot["segments"]:
        for block in segment["blocks"]:
            if block["state"] == "active_allocated" and abs(block["size"] - size) < 2 * 2**20:
                frames = [f"{f['filename'].split('site-packages/')[-1]}:{f['line']} {f['name']}"
                          for f in block.get("frames", []) if "python" in f["filename"] or ".py" in f["filename"]]
                print(f"  {block['size']} bytes, allocated at:")
                for frame in frames[:14]:
                    print(f"    {frame}")


def main() -> int:
    import torch

    if not torch.cuda.is_available():
        print("no CUDA device: nothing to ask")
        return 0
    for question in (lstm_kernel, mlp_extra_block):
        try:
            question()
        except Exception:
            traceback.print_exc(limit=3)
    return 0


if __name__ == "__main__":
    sys.exit(main())
