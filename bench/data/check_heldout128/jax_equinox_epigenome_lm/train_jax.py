import jax_dataloader as jdl
import epigenome_data
from typing import cast
import numpy as np
import jax
import jax.numpy as jnp
import equinox as eqx
import jax.experimental.mesh_utils as mesh_utils
import jax.random as jr
import jax.sharding as jshard
import optax
from functools import partial
from jax.scipy.special import logsumexp
from utils import RateTracker
import pandas as pd
from pathlib import Path
import time
import eqx_modules
import eqx_transformer
import charformer_jax
import equinox.nn as nn
import mamba_jax
import mamba_tpu
import wiki_data
import argparse

jax.config.update("jax_debug_nans", True)

cli = argparse.ArgumentParser()

cli.add_argument('model', type=str, help='Conv, Charformer, Transformer, Convformer or Mamba')

cli.add_argument('-g', '--genome_set', type=str, default = "all", help="all, small, wiki or one genome name")

cli.add_argument('-m', '--mlm', action='store_true', help='masked LM instead of next-token LM')

# e.g. cli.parse_args(['Mamba','-m','-g','wiki'])
args = cli.parse_args()

print(args)

# (gradient wrapper applied in train_step)
def seq_loss(model, batch):
    if args.mlm: 
        target_T, x, keep = batch
    else: 
        x = batch
    # the model already handles the batch axis (vmapped or Mamba)
    logits = model(x)
    logp = logits - logsumexp(logits, axis=1, keepdims=True)
    # (alternative: mask[:, None, 1:] as float)
    if args.mlm: 
        weight = keep[:, None, :].astype(jnp.float32) 
        value = - (weight * target_T * logp).sum() / (weight.sum() + 1e-8)
    else: 
        value = - (x[:, :, 1:] * logp[:, :, :-1]).sum() / (x[:, :, 1:].sum() + 1e-8) # all-zero columns count as missing
    return value

@eqx.filter_jit(donate="all-except-first")
def eval_batch(model, batch, rep_sharding):
    model = eqx.filter_shard(model, rep_sharding)
    batch = eqx.filter_shard(batch, rep_sharding)
    return seq_loss(model, batch)

@eqx.filter_jit(donate="all")
def fit_batch(model, opt_state, batch, rep_sharding = None):
    if rep_sharding is not None: 
        model, opt_state = eqx.filter_shard((model, opt_state), rep_sharding)

    # sharding the inputs here would only assert their placement
    # (target_T, masked_T, keep) = eqx.filter_shard(..., replicated)

    value, grads = eqx.filter_value_and_grad(seq_loss)(model, batch)
    updates, opt_state = optim.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)

    if rep_sharding is not None: 
        model, opt_state = eqx.filter_shard((model, opt_state), rep_sharding)

    return value, model, opt_state

def run_epoch(loader, model, rep_sharding = None, opt_state = None, print_every = 10): 

    t0 = time.time()
    
    values = []
    meter = RateTracker()
    
    for step, item in enumerate(loader):
        if args.mlm: 
            species, tissue, assay, onehot, onehot_masked, keep = item
            masked_T = np.swapaxes(onehot_masked, 1, 2)
            target_T = np.swapaxes(onehot, 1, 2)
            batch = (target_T, masked_T, keep)
        else: 
            species, tissue, assay, onehot = item
            batch = np.swapaxes(onehot, 1, 2)

        if rep_sharding is not None: 
            batch = eqx.filter_shard(batch, rep_sharding)

        if opt_state is None: 
            value = eval_batch(model, batch, rep_sharding)
        else: 
            value, model, opt_state = fit_batch(model, opt_state, batch, rep_sharding)
        
        value = value.item()
        
        values.append(value)

        meter.add(batch_size)

        waited = time.time() - t0
        if waited > print_every: 
            t0 = time.time()
            print(f"epoch {epoch} step {step}: loss {value} rate {meter.rate()}")
    
    mean_value = np.mean(values)
    return model, opt_state, mean_value

seq_len = 1024

n_workers = 50

n_dev = len(jax.devices())
devices = mesh_utils.create_device_mesh((n_dev,1))
sharding = jshard.PositionalSharding(devices)
rep_sharding = sharding.replicate()

n_channels = 42 if args.genome_set == "wiki" else 4

if args.model == "Conv": 
    batch_size = 1024 
    # purely convolutional: bounded receptive field
    model = eqx_modules.FullyConvSeq2Seq(
        in_channels = n_channels, 
        hidden_channels = 128, 
        out_channels = n_channels, 
        num_layers = 5, 
        kernel_size = 7, 
        gated = True,
        causal = not args.mlm,
        key = jr.PRNGKey(0)
    )
    model = jax.vmap(model)
elif args.model == "Transformer": 
    batch_size = 128
    # conv in/out with a RoPE transformer at single-base resolution in between (no tokenisation, so costly)
    model = eqx_modules.Transformer(
        in_channels = n_channels,
        out_channels = n_channels,
        kernel_size = 7, 
        num_layers = 6, 
        n_heads = 4, 
        d_model = 128, 
        d_ff = 64, 
        causal = not args.mlm,
        key = jr.PRNGKey(0)
    )
    model = jax.vmap(model)
elif args.model == "Charformer": 
    batch_size = 1024 
    # only a bidirectional version exists
    assert(args.mlm)
    model = charformer_jax.Charformer(
        input_dim = n_channels,
        d_model = 128, 
        output_dim = n_channels,
        blocks = ((1,0),(3,0),(5,0)),
        downsample_factor = 5, 
        num_layers = 6, 
        n_heads = 4, 
        d_ff = 64, 
        key = jr.PRNGKey(0)
    )
    model = jax.vmap(model)
elif args.model == "Convformer": 
    batch_size = 1024 
    model = charformer_jax.Convformer(
        input_dim = n_channels,
        output_dim = n_channels,
        d_model = 128, 
        downsample_factor = 5, 
        n_heads = 4, 
        d_ff = 64, 
        kernel_size = 7, 
        causal = not args.mlm,
        gated = False,
        num_layers = 6, 
        final_kernel_size = 7,
        key = jr.PRNGKey(0)
    )
    model = jax.vmap(model)
elif args.model == "Mamba": 
    batch_size = 128 # pallas kernel; the native scan needs a smaller batch
    from jax.sharding import Mesh, PartitionSpec as P
    mesh = Mesh(devices, axis_names=('i', 'j')) # second axis has size 1
    smap_kwargs = {
        "mesh" : mesh,
        "in_specs" : (P("i",None,None),P("i",None,None)), 
        "out_specs" : (P("i",None,None),P("i",None)),
        "check_rep" : False
    }
    if args.mlm: 
        print("note: a one-directional Mamba is unusual for masked LM")
    model = mamba_tpu.Mamba(
        in_channels = n_channels,
        out_channels = n_channels, 
        kernel_size = 7, 
        num_layers = 6, 
        d_model = 32, # the SSM state grows as 2*d_model^2
        shard_map_kwargs = smap_kwargs,
        key = jr.PRNGKey(0)
    )
else: 
    raise ValueError(f"unknown model {args.model}")

if args.genome_set == "wiki": 
    corpus = wiki_data.load_dataset("wikipedia", "20220301.en", split='train', trust_remote_code=True)

    split = corpus.train_test_split(test_size=0.2)

    train_dataset = wiki_data.WikiDataset(split['train'], mask = args.mlm)
    test_dataset = wiki_data.WikiDataset(split['test'], mask = args.mlm)
else: 
    if args.genome_set == "all": 
        genome_set = None
    elif args.genome_set == "small":
        genome_set = ["galGal5", "Xenopus_tropicalis_v9.1", "ARS1", "GRCm38", "GRCg6a"]
    else: 
        genome_set = [args.genome_set] # a single assembly name
    peaks, genomes = epigenome_data.load_data(genome_set, width = seq_len) # e.g. ["GRCg6a"]
    
    on_chr1 = peaks["chrom"] == "1"
    
    train_peaks = peaks[ ~on_chr1 ]
    test_peaks = peaks[ on_chr1 ]
    
    train_dataset = epigenome_data.BedDataset(train_peaks, genomes, width = seq_len, mask = args.mlm) 
    test_dataset = epigenome_data.BedDataset(test_peaks, genomes, width = seq_len, mask = args.mlm) 

train_loader = jdl.DataLoader(
    train_dataset, # any map-style dataset
    backend='pytorch', 
    batch_size=batch_size, # samples per step 
    shuffle=True, # reshuffle every epoch
    drop_last=True, # skip the ragged tail
    num_workers = n_workers
) # type: ignore

test_loader = jdl.DataLoader(
    test_dataset, # any map-style dataset
    backend='pytorch', 
    batch_size=batch_size, # samples per step 
    shuffle=False, # fixed order
    drop_last=True, # skip the ragged tail
    num_workers = n_workers
) # type: ignore


model = eqx.filter_shard(model, rep_sharding)

sched = optax.warmup_cosine_decay_schedule(
    init_value = 1e-6, 
    peak_value = 1e-3, 
    warmup_steps = 10000, 
    decay_steps = 20000 * 50, 
    end_value = 1e-4
)
optim = optax.adam(learning_rate = 3e-3)
opt_state = optim.init(eqx.filter(model, eqx.is_inexact_array))

kind = "MLM" if args.mlm else "LM"
out_dir = Path(f"jax_results/{args.model}_{kind}_{args.genome_set}")
out_dir.mkdir(exist_ok = True, parents = True)

train_curve = []
test_curve = []
for epoch in range(20): 
    # train
    t_epoch = time.time()
    np.random.seed( time.time_ns() % (2**32) )
    model, opt_state, train_value = run_epoch(train_loader, model, rep_sharding, opt_state = opt_state)
    train_curve.append(train_value)

    # validate
    np.random.seed( 0 )
    _, _, test_value = run_epoch(test_loader, model, rep_sharding, opt_state = None)
    test_curve.append(test_value)

    took = time.time() - t_epoch
    print(f"epoch {epoch}: train {train_value:.5} test {test_value:.5} in {took:.2}s")

    eqx.tree_serialise_leaves(out_dir / "checkpoint.pkl", model)
    pd.DataFrame({"train_loss": train_curve, "test_loss" : test_curve}).to_csv(out_dir / "metrics.tsv", sep = "\t", index = False)

import matplotlib.pyplot as plt
import pandas as pd
from pathlib import Path

# open questions about the MLM wiki runs
# LM wiki: Mamba ahead; Charformer cannot do LM
# LM small: mamba > conv > convformer > transformer
# MLM small: transformer > conv > convformer/charformer

# still to run:
# Transformer, Charformer on MLM wiki
# Mamba on MLM small
styles = [':', '--', '-.', ':', '--']
root = Path("jax_results")
for k,run_dir in enumerate(root.glob("*_MLM_wiki")): 
    f = run_dir / "metrics.tsv"
    if not f.exists(): 
        continue
    m = pd.read_csv(f, sep="\t")
    name = run_dir.name
    # could also plot m["train_loss"]
    plt.plot(m["test_loss"], linestyle=styles[k], label = f"{name}_test")
    plt.xlabel("Epoch")
    plt.ylabel("Loss")
plt.legend()
