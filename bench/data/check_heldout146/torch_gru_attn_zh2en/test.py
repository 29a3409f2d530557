import matplotlib.pyplot as plt
from torch.utils.data import DataLoader
from torch.nn import CrossEntropyLoss

from model import build_model
from config import Configurations
from data import EN2CNDataset, infinite_iter
from utils import tokens2sentence, computebleu, schedule_sampling

"""see module notes

"""


def test(net, loader, ce):
    net.eval()
    cfg = Configurations()
    nll_acc, bleu_acc = 0.0, 0.0
    seen = 0
    rows = []
    for src, tgt, smask, tmask in loader:
        src, tgt = src.to(cfg.device), tgt.to(cfg.device)
        smask, tmask = smask.to(cfg.device), tmask.to(cfg.device)
        bsz = src.size(0)
        logits, hyp = net.inference(src, tgt, smask, tmask)
        #
        #
        logits = logits[:, 1:].reshape(-1, logits.size(2))
        tgt = tgt[:, 1:].reshape(-1)
        src = src[:, 1:].reshape(-1)

        nll = ce(logits, tgt)
        nll_acc += nll.item()

        #
        tgt = tgt.view(src.size(0), -1)
        hyp = tokens2sentence(hyp, loader.dataset.int2word_tar)
        src = tokens2sentence(src, loader.dataset.int2word_src)
        tgt = tokens2sentence(tgt, loader.dataset.int2word_tar)
        for s, h, t in zip(src, hyp, tgt):
            rows.append((s, h, t))
        #
        bleu_acc += computebleu(hyp, tgt)

        seen += bsz
        print("\r", f"test_epoch[{seen}]", end=" ")
    return nll_acc / len(loader), bleu_acc / seen, rows


def test_beam_search(cfg, net, loader, ce):
    net.eval()
    nll_acc, bleu_acc = 0.0, 0.0
    seen = 0
    rows = []
    for src, tgt, smask, tmask in loader:
        src, tgt = src.to(cfg.device), tgt.to(cfg.device)
        smask, tmask = smask.to(cfg.device), tmask.to(cfg.device)
        bsz = src.size(0)
        hyp = net.beam_search(src, smask)

        hyp = tokens2sentence(hyp[0][0], loader.dataset.int2word_tar, batch=False)
        src = tokens2sentence(src, loader.dataset.int2word_src)[1:]
        tgt = tokens2sentence(tgt, loader.dataset.int2word_tar)[1:]
        for s, h, t in zip(src, hyp, tgt):
            rows.append((s, h, t))
        #
        bleu_acc += computebleu(hyp, tgt)

        seen += bsz
        print("\r", f"test_epoch[{seen}]", end=" ")
    return nll_acc / len(loader), bleu_acc / seen, rows


if __name__ == '__main__':
    run_tag = 'gru_1_1024'
    cfg = Configurations()
    cfg.load_model = True
    cfg.load_model_path = f'../{run_tag}_checkpoints/model_best.ckpt'
    print('config:\n', vars(cfg))

    #
    tst_set = EN2CNDataset(cfg, train=False)
    tst_loader = DataLoader(tst_set, bsz=1)
    cfg.SOS = tst_set.SOS
    cfg.EOS = tst_set.EOS
    cfg.PAD = tst_set.PAD
    cfg.UNK = tst_set.UNK

    #
    net, opt = build_model(cfg, tst_set.src_vocab_size, tst_set.tar_vocab_size)
    print("model ready")
    ce = CrossEntropyLoss(ignore_index=0)
    net.eval()
    #
    final_loss, bleu_acc, rows = test_beam_search(cfg, net, tst_loader, ce)
    for row in rows:
        txt = '[src] ' + " ".join(row[0]) + '\n[hyp] ' + " ".join(
            row[1]) + '\n[ref] ' + " ".join(row[2]) + '\n'
        print(txt)
    #
    #
    #
    #

    print(f'test loss: {final_loss}, bleu_score: {bleu_acc}')

"""see module notes


"""
