from argparse import ArgumentDefaultsHelpFormatter, ArgumentParser

from pytorch_lightning import Trainer, seed_everything
from pytorch_lightning.loggers import TensorBoardLogger

from data_module import (MarketData, feat_tensor, id_tensor,
                         read_by_day)
from litmodule import UMPLitModule, UMPLitModuleMem


def run_name(args):
    return '-'.join(filter(None, [
        'x'.join(str(sz) for sz in args.szs),
        'x'.join(str(mha) for mha in args.mhas),
        f'n_mem{args.n_mem}',
        f'epch{args.max_epochs}',
        f'btch{args.batch_size}x{args.accumulate_grad_batches}',
        f'{args.optimizer}',
        f'drop{args.dropout}',
        f'schd{args.lr_scheduler}',
        f'loss{args.loss}',
        f'lr{args.lr}',
        f'wd{args.weight_decay}',
        f'swa{args.swa}',
        f'emb{args.emb_dim}',
    ])).replace(' ', '')


def module_class(args):
    if args.n_mem > 0:
        return UMPLitModuleMem
    return UMPLitModule


def build_module(args):
    cls = module_class(args)
    return cls(args)


def make_submission(args, ckpt_paths):

    modules = [
        module_class(args).load_from_checkpoint(cp, args=args).eval()
        for cp in ckpt_paths
    ]

    import ubiquant
    api = ubiquant.make_env()

    for batch_df, out_df in api.iter_test():
        ids_in = id_tensor(batch_df).unsqueeze(0)
        feats_in = feat_tensor(batch_df).unsqueeze(0)

        with torch.no_grad():
            out_df['target'] = torch.cat([
                lm.predict(ids_in, feats_in)
                for lm in modules
            ]).mean(dim=0)

        api.predict(out_df)


def test(args):
    seed_everything(args.seed)

    lm = module_class(args).load_from_checkpoint(args.checkpoint,
                                                            args=args)
    datamod = MarketData(args)

    Trainer.from_argparse_args(args).test(lm, datamodule=datamod)


def fit_one_seed(args, sd):
    seed_everything(sd)

    lm = build_module(args)
    datamod = MarketData(args)

    run_tag = run_name(args)
    tb = TensorBoardLogger(save_dir='logs', name=run_tag)

    tr = Trainer.from_argparse_args(args,
                                         logger=tb,
                                         deterministic=True,
                                         precision=16)
    tr.fit(lm, datamod)

    best_path = tr.checkpoint_callback.best_model_path
    test_out = tr.test(ckpt_path=best_path,
                               datamodule=datamod)

    return {
        'ckpt_path': best_path,
        'test_pearson': test_out[0]['test_pearson']
    }


def fit_all(args):
    return [
        fit_one_seed(args, sd)
        for sd in range(args.seed, args.seed + args.n_fold)
    ]


def cli(on_kaggle=False):
    p = ArgumentParser(formatter_class=ArgumentDefaultsHelpFormatter)
    p = Trainer.add_argparse_args(p)

    p.add_argument('--workers', type=int, default=2,
                        help='dataloader worker processes')
    p.add_argument(
        '--input', default='../input/ubiquant-parquet/train_low_mem.parquet',
        help='parquet with the training rows')


    p.add_argument('--batch_size', type=int, default=8,
                        help='days per batch')
    p.add_argument('--lr', type=float, default=0.001,
                        help='step size')
    p.add_argument('--weight_decay', type=float, default=1e-4,
                        help='L2 penalty')
    p.add_argument('--seed', type=int, default=42,
                        help='seed of the first run')
    p.add_argument('--optimizer', default='adam',
                        choices=['adam', 'adamw'],
                        help='optimizer')
    p.add_argument('--lr_scheduler', default=None,
                        choices=['plateau'],
                        help='step size scheduler')
    p.add_argument('--loss', default='pcc', choices=['mse', 'pcc'],
                        help='objective')
    p.add_argument('--emb_dim', type=int, default=32,
                        help='size of the asset id embedding')
    p.add_argument('--n_fold', type=int, default=1,
                        help='how many seeds to train')
    p.add_argument('--split_ratios', type=float, nargs='+',
                        default=[0.7, 0.15, 0.15],
                        help='fractions for fit/val/(test)')
    p.add_argument('--early_stop', action='store_true',
                        help='stop when val stalls')
    p.add_argument('--swa', action='store_true',
                        help='use SWA')


    p.add_argument('--szs', type=int, nargs='+',
                        default=[512, 256, 128, 64],
                        help='widths of the MLP layers')
    p.add_argument(
        '--mhas', type=int, nargs='+', default=[],
        help=('layer indices that get an attention block; '
              'each must be a valid index into szs'))
    p.add_argument('--dropout', type=float, default=0.0,
                        help='dropout probability (0 = off)')
    p.add_argument('--n_mem', type=int, default=0,
                        help='memory tokens for the attention block (0 = off)')


    p.add_argument('--test', action='store_true',
                        help='only evaluate a checkpoint')


    p.add_argument('--checkpoint', help='checkpoint for --test')


    args, extra = p.parse_known_args()

    if not on_kaggle:
        assert not extra, f'unrecognised options: {extra}'

    assert all(0 <= i < len(args.szs) for i in args.mhas)

    args.with_memory = args.n_mem > 0
    if args.with_memory:
        assert len(args.mhas) == 1, 'memory needs exactly one attention block'
    return args


def local_entry():
    args = cli()

    if args.test:
        test(args)
        return

    results = fit_all(args)
    scores = [stacked['test_pearson'] for stacked in results]
    print(f'mean={sum(scores)/len(scores)}, {scores}')
    print(results)


def kaggle_entry():
    args = cli(True)





    args.max_epochs = 20
    args.gpus = 1

    want_submit = False
    fit_on_kaggle = False

    if fit_on_kaggle:
        assert args.n_fold == 1, (
            'more than one seed ran out of RAM '
            'on the kaggle box.'
        )
        results = fit_all(args)
        best_paths = [cp for cp, _ in results]

        scores = [stacked['test_pearson'] for stacked in results]
        print(f'mean={sum(scores)/len(scores)}, {scores}')
    else:

        best_paths = []

    assert best_paths

    if want_submit:
        make_submission(args, best_paths)


if __name__ == '__main__':
    on_kaggle = False
    if on_kaggle:
        kaggle_entry()
    else:
        local_entry()
