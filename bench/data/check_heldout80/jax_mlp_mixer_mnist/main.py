# imports
from train import run_config
import matplotlib.pyplot as plt
from model import MlpMixer
import os
import numpy as np
import argparse
import pickle

# ask JAX for the GPU first
os.environ["JAX_PLATFORM_NAME"] = "gpu"

import jax
import jax.numpy as jnp

if any(dev.platform == "gpu" for dev in jax.devices()):
    print("running on the GPU")
else:
    print("no GPU found, falling back to the CPU")
    os.environ["JAX_PLATFORM_NAME"] = "cpu"
    # only takes effect after a restart
    
def dump_tensor_mem(values: np.ndarray, path: str) -> None:
    """Write one weight tensor as a .mem text file of floats."""
    flat = np.array(values).flatten()
    with open(path, "w") as fh:
        for v in flat:
            fh.write(f"{v:.32f}\n")  # 32 decimals, change if needed

def dump_all_weights(tree, folder="orig_kernel", prefix=""):
    os.makedirs(folder, exist_ok=True)
    for name, leaf in tree.items():
        if isinstance(leaf, dict):
            dump_all_weights(leaf, folder, prefix + name + "_")
        else:
            flat = np.array(leaf)
            path = f"{folder}/{prefix}{name}.mem"
            dump_tensor_mem(flat, path)
            # report what was written
            print(f"wrote {path}: shape={flat.shape}, min={flat.min():.4f}, max={flat.max():.4f}, mean={flat.mean():.4f}")
            if flat.ndim == 2:
                print(f"  fan_in={flat.shape[0]}, fan_out={flat.shape[1]}")

# class names
dataset_name = "mnist"  # train straight on the digits
class_names = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']

def main():
    optimizer = "adamw"
    earlystop = "n"
    num_epochs = 30
    batch_size = 128

    base_cfg = {
        "num_blocks": 2,
        "patch_size": 4,
        "hidden_dim": 16,
        "tokens_mlp_dim": 32,
        "channels_mlp_dim": 32,
        "dropout_rate": 0.1,
        "learning_rate": 0.003,
        "use_bn": True
    }
    # train, then get the test curves back
    test_accs, test_losses, learned = run_config(
        base_cfg,
        num_epochs=num_epochs,
        batch_size=batch_size,
        earlystop=earlystop,
        dataset_name=dataset_name,
        optimizer=optimizer
    )
    # dump the learned weights into orig_kernel
    dump_all_weights(learned, folder="orig_kernel")
    
    # print the layer table
    net = MlpMixer(
        num_blocks=base_cfg["num_blocks"],
        patch_size=base_cfg["patch_size"],
        hidden_dim=base_cfg["hidden_dim"],
        tokens_mlp_dim=base_cfg["tokens_mlp_dim"],
        channels_mlp_dim=base_cfg["channels_mlp_dim"],
        dropout_rate=base_cfg["dropout_rate"],   # needed here too
        num_classes=len(class_names)
    )
    probe = jnp.ones((1, 32, 32, 1), dtype=jnp.float32)  # one grey image
    print(net.tabulate(
        jax.random.PRNGKey(0),
        probe,
        False,  # inference mode
        depth=6,
        console_kwargs={"width": 200}
    ))

if __name__ == "__main__":
    main()
