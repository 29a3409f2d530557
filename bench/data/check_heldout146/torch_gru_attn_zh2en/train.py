import os
import numpy as np
import torch
from torch.nn import CrossEntropyLoss
from torch.utils.data import DataLoader

from config import Configurations
from data import EN2CNDataset, infinite_iter
from utils import tokens2sentence, computebleu, schedule_sampling
from model import build_model, save_model
from test import test


if __name__ == '__main__':
    run_tag = 'gru_1x512'
    cfg = Configurations()
    cfg.store_model_path = f"../{run_tag}_checkpoints/"
    os.makedirs(cfg.store_model_path, exist_ok=True)

    """see module notes

"""
    #
    trn_set = EN2CNDataset(cfg, train=True)
    trn_loader = DataLoader(trn_set, batch_size=cfg.batch_size, shuffle=True)
    trn_stream = infinite_iter(trn_loader)
    #
    dev_set = EN2CNDataset(cfg, train=False)
    dev_loader = DataLoader(dev_set, batch_size=1)
    #
    net, opt = build_model(cfg, trn_set.src_vocab_size, trn_set.tar_vocab_size)
    ce = CrossEntropyLoss(ignore_index=0)

    print(net)
    with open(f'{cfg.store_model_path}/log.txt', 'w') as fp:
        fp.write(str(net) + '\n')

    trn_hist, dev_hist, bleu_hist = [], [], []
    done_steps = 0
    while (done_steps < cfg.num_steps):
        #
        net.train()
        net.zero_grad()
        window = []
        run_loss = 0.0
        for k in range(cfg.summary_steps):
            src, tgt, smask, tmask = next(trn_stream)

            src_lens = smask.sum(-1).detach().numpy()
            perm = list(np.argsort(src_lens))[::-1]
            src = src[perm]
            tgt = tgt[perm]
            smask = smask[perm]
            tmask = tmask[perm]

            src, tgt = src.to(cfg.device), tgt.to(cfg.device)
            smask, tmask = smask.to(cfg.device), tmask.to(cfg.device)
            logits, hyp, nll, nll_w = net(src, tgt, smask, tmask, schedule_sampling())
            #
            #
            #
            logits = logits[:, 1:].reshape(-1, logits.size(2))
            tgt = tgt[:, 1:].reshape(-1)
            #

            opt.zero_grad()
            nll.mean().backward()
            gnorm = torch.nn.utils.clip_grad_norm_(net.parameters(), 1)
            opt.step()

            run_loss += nll.item()
            if (k + 1) % 10 == 0:
                run_loss = run_loss / 10
                print("step {} train nll {:.3f} ppl {:.3f}".format(done_steps + k + 1,
                                                                          run_loss,
                                                                          np.exp(run_loss)))
                with open(f'{cfg.store_model_path}/log.txt', 'a') as fp:
                    fp.write("step {} train nll {:.3f} ppl {:.3f}\n".format(done_steps + k + 1, run_loss,
                                                                                  np.exp(run_loss)))

                window.append(run_loss)
                run_loss = 0.0
        trn_hist += window

        #
        dev_loss, bleu, samples = test(net, dev_loader, ce)
        dev_hist.append(dev_loss)
        bleu_hist.append(bleu)
        done_steps += cfg.summary_steps
        print("step {} dev nll {:.3f} ppl {:.3f} bleu {:.3f}".format(done_steps, dev_loss,
                                                                                    np.exp(dev_loss), bleu))
        with open(f'{cfg.store_model_path}/log.txt', 'a') as fp:
            fp.write("step {} dev nll {:.3f} ppl {:.3f} bleu {:.3f}\n".format(done_steps, dev_loss,
                                                                                            np.exp(dev_loss),
                                                                                            bleu))

        #
        save_model(net, opt, cfg.store_model_path, 'new')
        with open(f'{cfg.store_model_path}/test_{done_steps}.txt', 'w') as fp:
            for row in samples:
                txt = '[src] ' + " ".join(row[0]) + '\n[hyp] ' + " ".join(
                    row[1]) + '\n[ref] ' + " ".join(row[2]) + '\n'
                print(txt, file=fp)

    import matplotlib.pyplot as plt

    plt.figure()
    plt.plot(trn_hist)
    plt.xlabel('round')
    plt.ylabel('loss')
    plt.title('training nll')
    plt.imsave(f'{cfg.store_model_path}/train loss.png', trn_hist)

    """see module notes"""
    plt.figure()
    plt.plot(dev_hist)
    plt.xlabel('round')
    plt.ylabel('loss')
    plt.title('dev nll')
    plt.imsave(f'{cfg.store_model_path}/validation loss.png', dev_hist)

    """see module notes"""
    plt.figure()
    plt.plot(bleu_hist)
    plt.xlabel('round')
    plt.ylabel('BLEU score')
    plt.title('BLEU score')
    plt.imsave(f'{cfg.store_model_path}/BLEU score.png', bleu_hist)
