#from algos import race
#from algos import rz
import numpy as np
import copy
import argparse
import torch
import central
import fair

DATA_CHOICES = [
    "Gowalla_m1",
    "Gowalla_100_m1",
    "Goodreads_100_m1",
    "AmazonProducts_100_m1",
    "debug_m1",
]

NET_CHOICES= [
    "NCFU",
    "NCF",
    "MF"
]


def read_cli():
    dflt_K = 10  # clients per round
    dflt_T = 500  # rounds
    dflt_E = 1  # local passes
    dflt_bs = 512  # rows per step
    dflt_lr = 0.001  # step size
    dflt_seed = 0  # seed

    ap = argparse.ArgumentParser(formatter_class=argparse.RawTextHelpFormatter)
    must = ap.add_argument_group(title="mandatory")
    must.add_argument(
        "--algo",
        choices=["fair", "central"],
        required=True,
        help="which trainer: federated (fair) or centralised\n\n",
    )

    ap.add_argument("--early_stop_thold", action="store", type=str, default=None)
    ap.add_argument("--early_trend_window", action="store", type=int, default=100)
    ap.add_argument("--model", type=str, required=False, default="NCF", choices=NET_CHOICES)
    ap.add_argument(
        "--emb_dim",
        type=int,
        default=32,
        help="width of the user/item embeddings (default: {:d})".format(32),
    )
    # ncf settings
    ap.add_argument("--ncf_layers", type=int, required=False, default=1)
    ap.add_argument("--ncf_dropout", type=float, required=False, default=0)
    # --

    ap.add_argument("--dataset", type=str, required=True, choices=DATA_CHOICES)
    ap.add_argument("--fair_compressions", type=str, required=False, default=None)
    ap.add_argument("--fair_data_loss_compression", type=str, required=False, default=None)
    ap.add_argument("--central_compression", type=str, required=False, default=None)
    ap.add_argument("--fair_randomize_user", action="store_true", default=False)
    ap.add_argument("--fair_use_fedhm", action="store_true", default=False)
    ap.add_argument("--fair_uniform_compression_sample", action="store_true", default=False)
    ap.add_argument(
        "--reg_lambda",
        type=float,
        default=1e-4,
        help="weight of the embedding penalty (default: {:f}".format(1e-4),
    )
    ap.add_argument(
        "--K",
        type=int,
        default=dflt_K,
        help="clients picked per round (default: {:d})".format(dflt_K),
    )
    ap.add_argument(
        "--T",
        type=int,
        default=dflt_T,
        help="communication rounds (default: {:d})".format(dflt_T),
    )
    ap.add_argument(
        "--eval_every",
        type=int,
        default=20,
        help="rounds between two evaluations (default: {:d})".format(20),
    )
    ap.add_argument(
        "--E",
        type=int,
        default=dflt_E,
        help="local passes per client (default: {:d})".format(dflt_E),
    )
    ap.add_argument(
        "--batch_size",
        type=int,
        default=dflt_bs,
        help="rows per step on every client (default: {:d})".format(dflt_bs),
    )
    ap.add_argument(
        "--num_neg",
        type=int,
        default=1,
        help="negatives drawn per positive pair (default: {:d})".format(10),
    )
    ap.add_argument(
        "--learn_rate",
        type=float,
        default=dflt_lr,
        help="adam step size on every client (default: {:.4f})".format(
            dflt_lr
        ),
    )

    ap.add_argument(
        "--max_compression",
        type=float,
        default=0,
        help="upper bound on compression".format(0),
    )
    ap.add_argument('--compression', type=float, default=1.0, help="model compression factor")
    ap.add_argument('--seed', type=int, default=dflt_seed, help="seed for numpy and torch (default: {:d})".format(dflt_seed))
    ap.add_argument('--hetero_roast',action='store_true', help='heterogeneous ROAST memory per client')
    ap.add_argument('--no_consistent_hashing',action='store_true', help='turn off consistent hashing', default=False)
    
    return ap.parse_args()


if __name__ == "__main__":
    opts = read_cli()
    np.random.seed(opts.seed)
    torch.manual_seed(opts.seed)
    if opts.algo == "central":
        central.run_central(opts)
    elif opts.algo == "fair":
        fair.fair(opts)
    #elif opts.algo == 'rz':
    #    rz.run(opts)


# -
# -
# -
