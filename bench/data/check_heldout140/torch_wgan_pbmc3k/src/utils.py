import torch
import scanpy as sc
import scipy.sparse as sp
import numpy as np
import anndata as ad
import matplotlib.pyplot as plt
from torch import nn
from typing import Literal, TypeAlias


Device: TypeAlias = Literal["cuda", "cpu"]


def calculate_grad_penalty(
    critic: nn.Module,
    real: torch.Tensor,
    fake: torch.Tensor,
    device: Device,
) -> torch.Tensor:
    mix_w = torch.rand(real.size(0), 1).to(device)

    blend = mix_w * real + (1 - mix_w) * fake
    blend.requires_grad_(True)

    blend_score = critic(blend)

    grads = torch.autograd.grad(
        inputs=blend,
        outputs=blend_score,
        create_graph=True,
        grad_outputs=torch.ones_like(blend_score),
        retain_graph=True,
    )[0]
    grads = grads.view(grads.size(0), -1)

    norms = torch.norm(grads, p=2, dim=1)
    penalty = torch.mean((norms - 1) ** 2)

    return penalty


def run_gen_eval(
    adata: ad.AnnData,
    gen: nn.Module,
    critic: nn.Module,
    n_cells: int,
    noise_dim: int,
    device: Device,
):
    if adata.X is None:
        raise ValueError("adata.X missing")

    gen.eval()
    critic.eval()

    with torch.no_grad():
        z = torch.randn(n_cells, noise_dim).to(device)
        synth = gen(z)

    synth = synth.detach().cpu().numpy()
    real = adata.X[:n_cells, :]

    if sp.issparse(real):
        real = real.toarray()  # type: ignore
    else:
        real = np.asarray(real)

    both = np.concatenate([real, synth], axis=0)
    both_ad = ad.AnnData(X=both)
    both_ad.var_names = adata.var_names.to_list()

    origin = ["real"] * n_cells + ["synthetic"] * n_cells
    both_ad.obs["cell_type"] = origin

    sc.pp.pca(both_ad, n_comps=min(30, both_ad.n_vars - 1))
    sc.pp.neighbors(both_ad, n_pcs=30)
    sc.tl.tsne(both_ad)

    _, ax = plt.subplots(figsize=(12, 8))

    sc.pl.tsne(
        both_ad,
        color="cell_type",
        palette={"real": "blue", "synthetic": "red"},
        size=50,
        ax=ax,
        show=False,
        title=f"t-SNE of real vs generated cells",
    )

    plt.tight_layout()
    plt.show()
