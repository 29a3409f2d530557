
import argparse

import torch

from data import AudioDataLoader, AudioDataset
from decoder import Decoder
from encoder import Encoder
from transformer import Transformer
from solver import Trainer
from utils import process_dict
from optimizer import TransformerOptimizer

cli = argparse.ArgumentParser(
    "attention encoder-decoder ASR "
    "trainer.")


cli.add_argument('--train-json', type=str, default=None,
                    help='train json setting')
cli.add_argument('--valid-json', type=str, default=None,
                    help='valid json setting')
cli.add_argument('--dict', type=str, required=True,
                    help='dict setting')

cli.add_argument('--LFR_m', default=4, type=int,
                    help='LFR m setting')
cli.add_argument('--LFR_n', default=3, type=int,
                    help='LFR n setting')



cli.add_argument('--d_input', default=80, type=int,
                    help='d input setting')
cli.add_argument('--n_layers_enc', default=6, type=int,
                    help='n layers enc setting')
cli.add_argument('--n_head', default=8, type=int,
                    help='n head setting')
cli.add_argument('--d_k', default=64, type=int,
                    help='d k setting')
cli.add_argument('--d_v', default=64, type=int,
                    help='d v setting')
cli.add_argument('--d_model', default=512, type=int,
                    help='d model setting')
cli.add_argument('--d_inner', default=2048, type=int,
                    help='d inner setting')
cli.add_argument('--dropout', default=0.1, type=float,
                    help='dropout setting')
cli.add_argument('--pe_maxlen', default=5000, type=int,
                    help='pe maxlen setting')

cli.add_argument('--d_word_vec', default=512, type=int,
                    help='d word vec setting')
cli.add_argument('--n_layers_dec', default=6, type=int,
                    help='n layers dec setting')
cli.add_argument('--tgt_emb_prj_weight_sharing', default=1, type=int,
                    help='tgt emb prj weight sharing setting')

cli.add_argument('--label_smoothing', default=0.1, type=float,
                    help='label smoothing setting')


cli.add_argument('--epochs', default=30, type=int,
                    help='epochs setting')

cli.add_argument('--shuffle', default=0, type=int,
                    help='shuffle setting')
cli.add_argument('--batch-size', default=32, type=int,
                    help='batch size setting')
cli.add_argument('--batch_frames', default=0, type=int,
                    help='batch frames setting')
cli.add_argument('--maxlen-in', default=800, type=int, metavar='ML',
                    help='maxlen in setting')
cli.add_argument('--maxlen-out', default=150, type=int, metavar='ML',
                    help='maxlen out setting')
cli.add_argument('--num-workers', default=4, type=int,
                    help='num workers setting')

cli.add_argument('--k', default=1.0, type=float,
                    help='k setting')
cli.add_argument('--warmup_steps', default=4000, type=int,
                    help='warmup steps setting')

cli.add_argument('--save-folder', default='exp/temp',
                    help='save folder setting')
cli.add_argument('--checkpoint', dest='checkpoint', default=0, type=int,
                    help='checkpoint setting')
cli.add_argument('--continue-from', default='',
                    help='continue from setting')
cli.add_argument('--model-path', default='final.pth.tar',
                    help='model path setting')

cli.add_argument('--print-freq', default=10, type=int,
                    help='print freq setting')
cli.add_argument('--visdom', dest='visdom', type=int, default=0,
                    help='visdom setting')
cli.add_argument('--visdom_lr', dest='visdom_lr', type=int, default=0,
                    help='visdom lr setting')
cli.add_argument('--visdom_epoch', dest='visdom_epoch', type=int, default=0,
                    help='visdom epoch setting')
cli.add_argument('--visdom-id', default='asr run',
                    help='visdom id setting')


def launch(cfg):


    train_groups = AudioDataset(cfg.train_json, cfg.batch_size,
                              cfg.maxlen_in, cfg.maxlen_out,
                              batch_frames=cfg.batch_frames)
    valid_groups = AudioDataset(cfg.valid_json, cfg.batch_size,
                              cfg.maxlen_in, cfg.maxlen_out,
                              batch_frames=cfg.batch_frames)
    train_dl = AudioDataLoader(train_groups, batch_size=1,
                                num_workers=cfg.num_workers,
                                shuffle=cfg.shuffle,
                                LFR_m=cfg.LFR_m, LFR_n=cfg.LFR_n)
    valid_dl = AudioDataLoader(valid_groups, batch_size=1,
                                num_workers=cfg.num_workers,
                                LFR_m=cfg.LFR_m, LFR_n=cfg.LFR_n)

    symbols, bos, eos = process_dict(cfg.dict)
    n_symbols = len(symbols)
    loaders = {'tr_loader': train_dl, 'cv_loader': valid_dl}

    enc = Encoder(cfg.d_input * cfg.LFR_m, cfg.n_layers_enc, cfg.n_head,
                      cfg.d_k, cfg.d_v, cfg.d_model, cfg.d_inner,
                      dropout=cfg.dropout, pe_maxlen=cfg.pe_maxlen)
    dec = Decoder(bos, eos, n_symbols,
                      cfg.d_word_vec, cfg.n_layers_dec, cfg.n_head,
                      cfg.d_k, cfg.d_v, cfg.d_model, cfg.d_inner,
                      dropout=cfg.dropout,
                      tgt_emb_prj_weight_sharing=cfg.tgt_emb_prj_weight_sharing,
                      pe_maxlen=cfg.pe_maxlen)
    net = Transformer(enc, dec)
    print(net)
    net.cuda()

    sched_opt = TransformerOptimizer(
        torch.optim.Adam(net.parameters(), betas=(0.9, 0.98), eps=1e-09),
        cfg.k,
        cfg.d_model,
        cfg.warmup_steps)


    trainer = Trainer(loaders, net, sched_opt, cfg)
    trainer.train()


if __name__ == '__main__':
    cfg = cli.parse_args()
    print(cfg)
    launch(cfg)
