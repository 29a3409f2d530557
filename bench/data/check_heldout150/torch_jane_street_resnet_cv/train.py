import argparse
import warnings

from tqdm import tqdm

from data_utils import JaneTools

def to_bool(val):
    if val.lower() in ('yes', 'true', 't', 'y', '1'):
        return True
    elif val.lower() in ('no', 'false', 'f', 'n', '0'):
        return False
    else:
        raise argparse.ArgumentTypeError('expected a yes/no value')

def run_cli():
    warnings.filterwarnings("ignore")

    cli = argparse.ArgumentParser(description="fit a market model")
    cli.add_argument('--model_type', type=str, default=None, help='architecture: Resnet1dcnn | ResnetLinear | EmbedNN')
    cli.add_argument('--cv_type', type=str, help='split scheme: SGCV | GTCV | random (Resnet1dcnn only)')
    cli.add_argument('--selection', type=int, help='tuned parameter set 1 or 2 (ResnetLinear/EmbedNN)')

    opts = cli.parse_args()
    arch = opts.arch
    split_kind = opts.split_kind
    param_set = opts.param_set

    if arch == "Resnet1dcnn":
        param_set = None

    data_utils = JaneTools(global_seed=1029)
    X,y, folds = data_utils.build_arrays(split_kind)

    model = data_utils.train(arch, X, y, split_kind, folds, param_set, epochs=100, batch_size=4096, early_stopping=7)

if __name__ == '__main__':
    run_cli()