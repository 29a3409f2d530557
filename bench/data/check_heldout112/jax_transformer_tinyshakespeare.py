"""
Transformer written from scratch in plain JAX, trained on a character corpus
"""

from transformer import *

import time
import re
import sys
import os
import logging

import jax
import jax.numpy as jnp
import numpy as np

from functools import partial
from itertools import islice


import wandb

from awfutils import Arg
from jaxutils.datasets import TinyShakespeare
from jaxutils.Adam import Adam
from jaxutils.show_jaxpr import show_jaxpr_and_xla, show_xla, show_jaxpr

jnp.set_printoptions(threshold=20, edgeitems=3, linewidth=2048, precision=3)
np.set_printoptions(threshold=20, edgeitems=3, linewidth=2048, precision=3)

# refuse implicit rank promotion so shape bugs surface
jax.config.update("jax_numpy_rank_promotion", "raise")

jax.config.update(
    "jax_log_compiles", Arg("log-compiles", False, "Print each JAX recompilation").peek()
)
jax.config.update("jax_compilation_cache_dir", "/tmp/jax_cache")

LEVEL = os.environ.get("LOGLEVEL", "INFO").upper()
log = logging.getLogger("plain-jax-transformer")
log.setLevel(level=LEVEL)
timer = timer.get_timer(logging.WARNING)
dbg = log.debug


def scaled_add(a, x, y):
    return jax.tree.map(lambda x, y: a * x + y, x, y)


def main():

    lr = Arg(flag="lr", doc="Step size", default=0.001)
    beta1 = Arg(flag="beta1", doc="First Adam moment decay", default=0.9)
    beta2 = Arg(flag="beta2", doc="Second Adam moment decay", default=0.99)
    seq_len = Arg(flag="seq-len", doc="Context length", default=32)
    batch_size = Arg(flag="batch-size", doc="Sequences per batch", default=128)
    epochs = Arg("epochs", 32)
    batches = Arg("batches", sys.maxsize, "Batch cap per epoch")

    # model sizes
    heads = Arg("heads", 8, "Attention heads")
    d_model = Arg("dmodel", 512, "Model width")
    d_k = Arg("dk", 64, "Per-head width")
    d_ff = Arg("dff", 512, "MLP width")
    n_layers = Arg("layers", 3, "Blocks")

    save = Arg("save", "", "Full run: log to wandb, longer epochs and more batches")

    if save():
        wandb.init(
            project="plain-jax-lm",
            entity="lm-runs",
            name=save() if len(save()) else None,
            config=Arg.config(),
        )
    else:
        print("Quick run: wandb off, small odd sizes")
        wandb.init(mode="disabled")
        epochs.default = 5
        batches.default = 10
        # odd prime sizes make shape mix-ups fail loudly
        d_model.default = 13 * 7
        d_k.default = 13
        heads.default = 7
        d_ff.default = 111

    t_start = time.time()

    # random key
    key = jax.random.PRNGKey(42)

    # data
    corpus = TinyShakespeare(key, seq_len=seq_len(), batch_size=batch_size())
    ids_to_text = lambda x: "".join([corpus.itos[i] for i in x]).replace("\n", "\\n")

    key, cfg, params = transformer_init(
        key,
        corpus.n_tokens,
        d_model=d_model(),
        n_layers=n_layers(),
        n_heads=heads(),
        d_k=d_k(),
        d_ff=d_ff(),
    )

    pnames = [k for (k, _) in params.items()]
    print(pnames)
    assert len(pnames) == len(jax.tree.flatten(params)[0])

    # gnorm_tab = wandb.Table(columns=pnames)
    # wandb.log({"gnorm_tab": gnorm_tab})

    counts = jax.tree.map(lambda v: np.prod(v.shape), params)
    counts.print("sizes:")
    print("Parameters in total:", np.sum(jax.tree.flatten(counts)[0]))
    # count_tab = wandb.Table(columns=['param','size'])

    @partial(jax.jit, static_argnums=0)
    def batch_loss(cfg, params, seq):
        per_seq = vmap(transformer_loss, in_axes=(None, None, 0), out_axes=0)
        return jnp.mean(per_seq(cfg, params, seq))

    # show_jaxpr(batch_loss, (params, *islice(corpus,1)))
    grad_fn_raw = jax.grad(batch_loss, argnums=1)
    grad_fn = jax.jit(grad_fn_raw, static_argnums=0)

    loss_and_grad_raw = jax.value_and_grad(batch_loss, argnums=1)
    loss_and_grad = jax.jit(
        loss_and_grad_raw, static_argnums=0
    )

    found = re.search("--xla_dump_to=([^ ]+)", os.environ.get("XLA_FLAGS") or "")
    if found:
        out_name = found[1] + "/grad_loss_batch.jaxpr.py"
        with open(out_name, "w") as fh:
            # xla = jax.xla_computation(batch_loss, static_argnums=0)(cfg, params, *islice(corpus,1))
            # print("XLA=", xla.as_hlo_text())
            show_jaxpr(
                grad_fn,
                (cfg, params, *islice(corpus, 1)),
                file=fh,
                static_argnums=0,
            )
        print("jaxpr written to", out_name)

    plain_sgd = Arg("sgd", False, "Plain SGD instead of Adam")

    held_out = jnp.hstack([*islice(corpus, 4)])
    # grad_fn = jax.pjit(grad_fn_raw, static_argnums=0)

    adam = Adam(params, lr=lr(), betas=(beta1(), beta2()))

    gnorm_hist = np.zeros((len(pnames), 0))
    for ep in range(epochs()):

        if ep == 0:
            # first epoch only samples
            pass
        else:
            # batches of this epoch
            for i, batch in enumerate(islice(corpus, batches())):
                # loss and gradients
                loss, grads = loss_and_grad(cfg, params, batch)

                # print(f"{wandb.run.name} loss {loss.item()} batch {ids_to_text(batch[0])}")
                elapsed = time.time() - t_start

                wandb.log({"time": elapsed, "batch": i, "loss": loss})

                # parameter update
                if plain_sgd():
                    params = scaled_add(-lr(), grads, params)
                else:
                    params = adam.step(params, grads)

        # held-out loss and a sample each epoch
        held_loss = batch_loss(cfg, params, held_out)

        print(f"E{ep} test={held_loss:.3f}")
        if ep % 25 == 0:
          with timer("sample"):
            prompt = [corpus.stoi[c] for c in "Au"]
            drawn = transformer_sample(
                cfg, params, jnp.array(prompt), length=20 + ep
            ) 
            print(f"Sample [{ids_to_text(prompt)}|{ids_to_text(drawn[len(prompt):])}]")

    # wall time
    t_end = time.time()
    elapsed = t_end - t_start
    print("TIME: " + str(elapsed))


if __name__ == "__main__":
    main()
