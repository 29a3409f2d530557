#!/usr/bin/env python
from model import ARAE as ARAE
from ZINC.char import char_list, char_dict
import os
import sys
import numpy as np
import math

import torch
from torch.nn.parameter import Parameter

import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader

import time


def token_accuracy(guess, truth, lens):

    hits = 0
    n_tok = 0
    whole_hits = 0
    for b in range(0, lens.shape[0]):
        try:
            same = (guess[b, 0:lens[b]].cpu().data.numpy()
                  == truth[b, 0:lens[b]].cpu().data.numpy())
            hits += same.sum()
            n_tok += lens[b].sum()
            whole_hits += same.all()
        except:
            print(guess[b, 0:lens[b]].cpu().data.numpy(),
                  truth[b, 0:lens[b]].cpu().data.numpy())
            return 0, 0

    tok_acc = hits/float(n_tok)
    seq_acc = whole_hits/lens.shape[0]
#    print(hits,n_tok,tok_acc,whole_hits)
    return tok_acc, seq_acc


def ids_to_text(ids):
    out = ""
    for t in ids:
        out += char_list[t]
    return out


def precision_recall(prob, target, cut):

    tiny = 0.0000000001
    prob_np = prob.cpu().data.numpy()
    target_np = target.cpu().data.numpy()
    picked = prob_np > cut
    both = picked*target_np
    tp = both.sum()
    n_true = target_np.sum()
    n_pick = picked.sum()
    prec = (tp+tiny)/(n_pick+tiny)
    rec = (tp+tiny)/n_true

    return prec, rec


class TokenArrays(Dataset):
    def __init__(self, folder, split):

        x_path = folder+"/X"+split+".npy"
        self.tokens = torch.tensor(np.load(x_path), dtype=torch.long)
        len_path = folder+"/L"+split+".npy"
        self.lengths = torch.tensor(np.load(len_path), dtype=torch.long)
#        prop_path=folder+"/P"+split+".npy"
#        props_raw=np.load(prop_path)

#        self.props=torch.tensor(np.concatenate(
#            [props_raw[:,0:1],props_raw[:,3:4],props_raw[:,2:3]],
#            axis=1),dtype=torch.float32)
        self.n = self.tokens.shape[0]

    def __getitem__(self, k):
        return (self.tokens[k], self.lengths[k])
#            self.props[k])

    def __len__(self):
        return self.n


def run():

    folder = "data"
    n_tokens = len(char_list)
    fit_set = TokenArrays(folder, "train")
#    fit_set = TokenArrays(folder,"test")
    eval_set = TokenArrays(folder, "test")

    n_fit = len(fit_set)
    n_eval = len(eval_set)

    seq_len = 110
    hid = 300
    seed_size = hid
    n_lstm = 1
    bs = 100

    cut = 0.5

    has_gpu = torch.cuda.is_available()
    if has_gpu:
        gpu_id = torch.cuda.current_device()
        print(gpu_id)
        dev = torch.device("cuda:%d" % gpu_id)
        torch.set_num_threads(2)
    else:
        dev = torch.device("cpu")
        torch.set_num_threads(24)
#    dev =  torch.device("cpu")
    print(dev)

    cfg = {'Nseq': seq_len, 'Nfea': n_tokens, 'hidden_dim': hid,
            'seed_dim': seed_size, 'NLSTM_layer': n_lstm, 'device': dev}

    net = ARAE.Net(cfg)

    ckpt_dir = "save_ARAE"
    if not os.path.exists(ckpt_dir):
        os.makedirs(ckpt_dir)

    first_epoch = 0
    ckpt = ckpt_dir+"/save_%d.pth" % first_epoch
#    net=torch.load(ckpt)
#    net.load_state_dict(torch.load(ckpt))

    net.to(dev)

    t_start = time.time()

    ce = nn.CrossEntropyLoss()

    ae_params = list(net.Enc.parameters())+list(net.Dec.parameters())
    opt_ae = optim.Adam(ae_params, lr=0.001)
#    opt_ae = optim.SGD(ae_params, lr=1.0)

    opt_gen = optim.Adam(net.Gen.parameters(), lr=0.00001)
    opt_cri = optim.Adam(net.Cri.parameters(), lr=0.000002)

    n_steps = int(n_fit/bs)
    print(n_steps, n_fit)

    noise_std0 = 0.2
    noise_floor = 0.02
    seed_std = 0.25
    decay = 0.99
    zero_hidden = torch.zeros(bs, hid)
    zero_seed = torch.zeros(bs, seed_size)

    n_gan = 4
    n_cri = 5
    for ep in range(first_epoch, 90):

        sum_ae = 0.0
        sum_gen = 0.0
        sum_cri = 0.0

#        if ep<2:
#            n_gan=2
#        elif ep<4:
#            n_gan=3
#        elif ep<6:
#            n_gan=4

        t_ep = time.time()

        noise_std = noise_std0*np.power(decay, ep) + noise_floor
        print("noise std:", noise_std)

        fit_loader = DataLoader(dataset=fit_set, batch_size=bs,
                                  shuffle=True, drop_last=True, num_workers=2)
        n_fit_batches = len(fit_loader)
        net.train()
        for step, batch in enumerate(fit_loader):

            tok, lens = batch
            tok = tok.to(dev)
            lens = lens.to(dev)

            tok_next = tok[:, 1:]

            opt_ae.zero_grad()
            eps = torch.normal(mean=zero_hidden, std=noise_std).to(dev)
            dec_out = net.AE(tok, lens, eps)
            dec_shift = dec_out[:, :-1]
            loss_ae = ce(
                dec_shift.reshape(-1, n_tokens), tok_next.reshape(-1))
            loss_ae.backward(retain_graph=True)
            opt_ae.step()
            sum_ae += loss_ae.data
#            dec_soft=torch.softmax(dec_out,dim=2)

            z_true = net.Enc(tok, lens)

            for g in range(0, n_gan):
                for c in range(0, n_cri):

                    seed = torch.normal(
                        mean=zero_seed, std=seed_std).to(dev)
                    z_fake = net.Gen(seed)
                    d_fake = net.Cri(z_fake)
                    d_true = net.Cri(z_true)

                    opt_cri.zero_grad()
                    loss_cri = - d_true.mean() + d_fake.mean()
                    loss_cri.backward(retain_graph=True)
                    opt_cri.step()
                    sum_cri += loss_cri.data/(n_cri*n_gan)
                    net.Cri.clip(0.01)

                seed = torch.normal(mean=zero_seed, std=seed_std).to(dev)
                z_fake = net.Gen(seed)
                d_fake = net.Cri(z_fake)

                opt_gen.zero_grad()
                loss_gen = - d_fake.mean()
                loss_gen.backward(retain_graph=True)
                opt_gen.step()
                sum_gen += loss_gen.data/n_gan

            if step % 50 != 49:
                continue
            _, ae_ids = torch.max(dec_out, 2)
            a1, a2 = token_accuracy(ae_ids, tok_next, lens)
            print("recon accuracy:", a1, a2)

            gen_ids = net.Dec.decoding(z_fake)

            for k in range(0, 2):
                txt = ids_to_text(tok_next[k])
                print("input: ", txt)
                txt = ids_to_text(ae_ids[k])
                print("recon: ", txt)
            for k in range(0, 10):
                txt = ids_to_text(gen_ids[k])
                print("sampled: ", txt)

        msg = "%d fit loss: AE %6.3f cri %6.3f gen %6.3f" % (
                ep, sum_ae/n_fit_batches,
                sum_cri/n_fit_batches, sum_gen/n_fit_batches)
        print(msg)

        hist = []
        ae_eval_sum = 0
        gen_eval_sum = 0
        true_eval_sum = 0
        cri_eval_sum = 0

        t_ep = time.time()

        eval_loader = DataLoader(dataset=eval_set, batch_size=bs,
                                 shuffle=False, drop_last=False, num_workers=2)
        net.eval()
        for step, batch in enumerate(eval_loader):

            tok, lens = batch
            tok = tok.to(dev)
            lens = lens.to(dev)

            tok_next = tok[:, 1:]
            nb = tok.shape[0]

            eps = zero_hidden.to(dev)
            dec_out = net.AE(tok, lens, eps)
            dec_shift = dec_out[:, :-1]
            _, ae_ids = torch.max(dec_out, 2)
            ae_eval = ce(
                dec_shift.reshape(-1, n_tokens), tok_next.reshape(-1)).data
            ae_eval_sum += ae_eval*nb
#            dec_soft=torch.softmax(dec_out,dim=2)

            z_true = net.Enc(tok, lens)

            seed = torch.normal(mean=zero_seed, std=seed_std).to(dev)
            z_fake = net.Gen(seed)
            d_fake = net.Cri(z_fake)
            d_true = net.Cri(z_true)

            gen_eval = -d_fake.mean().data
            true_eval = d_true.mean().data
            cri_eval = (-d_true.mean() + d_fake.mean()).data

            gen_eval_sum += gen_eval*nb
            true_eval_sum += true_eval*nb
            cri_eval_sum += cri_eval*nb

            gen_ids = net.Dec.decoding(z_fake)

        ae_eval = ae_eval_sum/n_eval
        gen_eval = gen_eval_sum/n_eval
        true_eval = true_eval_sum/n_eval
        cri_eval = cri_eval_sum/n_eval

        a1, a2 = token_accuracy(ae_ids, tok_next, lens)

        msg = "%d eval: AE %6.3f gen %6.3f cri %6.3f real %6.3f " % (
            ep, ae_eval, gen_eval, cri_eval, true_eval)
        print(msg)

        t_end = time.time()
        print("elapsed: %10.2f" % (t_end-t_ep))
        if ep % 10 == 9:
            ckpt = ckpt_dir+"/save_%d.pth" % (ep)
            torch.save(net, ckpt)

    print('training done')
    t_total = time.time()
    print("total: %10.2f" % (t_total-t_start))


if __name__ == "__main__":
    run()
