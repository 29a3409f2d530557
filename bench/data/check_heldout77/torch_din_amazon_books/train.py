import time
import random
import sys, os
import numpy as np
import argparse
import torch
sys.path.append(os.getcwd())
from data_iterator import DataIterator
from din.model import DeepInterestNetwork
from din.utils import *


EMB_DIM = 12
MLP_DIMS = [108,200,80,2]
ATT_SIZE = EMB_DIM * 2
top_auc = 0.0
dev = "cuda" if torch.cuda.is_available() else "cpu"


def to_dev(arr):
    return torch.from_numpy(arr).to(dev)


def pad_batch(rows, labels, maxlen=None, return_neg=False):
    # rows: one list per sample
    lens = [len(r[4]) for r in rows]
    hist_items = [r[3] for r in rows]
    hist_cats = [r[4] for r in rows]
    neg_items = [r[5] for r in rows]
    neg_cats = [r[6] for r in rows]

    if maxlen is not None:
        cut_items = []
        cut_cats = []
        cut_neg_items = []
        cut_neg_cats = []
        cut_lens = []
        for n, r in zip(lens, rows):
            if n > maxlen:
                cut_items.append(r[3][n - maxlen:])
                cut_cats.append(r[4][n - maxlen:])
                cut_neg_items.append(r[5][n - maxlen:])
                cut_neg_cats.append(r[6][n - maxlen:])
                cut_lens.append(maxlen)
            else:
                cut_items.append(r[3])
                cut_cats.append(r[4])
                cut_neg_items.append(r[5])
                cut_neg_cats.append(r[6])
                cut_lens.append(n)
        lens = cut_lens
        hist_items = cut_items
        hist_cats = cut_cats
        neg_items = cut_neg_items
        neg_cats = cut_neg_cats

        if len(lens) < 1:
            return None, None, None, None

    n_rows = len(hist_items)
    longest = np.max(lens)
    n_neg = len(neg_items[0][0])

    item_hist = np.zeros((n_rows, longest)).astype('int64')
    cate_hist = np.zeros((n_rows, longest)).astype('int64')
    neg_item_hist = np.zeros((n_rows, longest, n_neg)).astype('int64')
    neg_cate_hist = np.zeros((n_rows, longest, n_neg)).astype('int64')
    hist_mask = np.zeros((n_rows, longest)).astype('float32')
    for k, [a, b, na, nb] in enumerate(zip(hist_items, hist_cats, neg_items, neg_cats)):
        hist_mask[k, :lens[k]] = 1.
        item_hist[k, :lens[k]] = a
        cate_hist[k, :lens[k]] = b
        neg_item_hist[k, :lens[k], :] = na
        neg_cate_hist[k, :lens[k], :] = nb

    users = np.array([r[0] for r in rows])
    items = np.array([r[1] for r in rows])
    cates = np.array([r[2] for r in rows])

    if return_neg:
        return users, items, cates, item_hist, cate_hist, hist_mask, np.array(labels), np.array(lens), neg_item_hist, neg_cate_hist

    else:
        return users, items, cates, item_hist, cate_hist, hist_mask, np.array(labels), np.array(lens)


def eval(test_it, net, ckpt_path):
    test_it.reset()

    loss_sum = 0.
    acc_sum = 0.
    n = 0
    pairs = []
    for _ in range(100):
        rows, labels = test_it.next()
        # for rows, labels in test_it:
        n += 1
        users, items, cates, item_hist, cate_hist, hist_mask, y, lens, neg_items, neg_cates = pad_batch(rows, labels, return_neg=True)
        users = to_dev(users)
        items = to_dev(items)
        cates = to_dev(cates)
        item_hist = to_dev(item_hist)
        cate_hist = to_dev(cate_hist)
        hist_mask = to_dev(hist_mask)
        neg_items = to_dev(neg_items)
        neg_cates = to_dev(neg_cates)
        y = to_dev(y)

        prob = net(users, items, cates, item_hist, cate_hist, hist_mask, neg_items, neg_cates)
        
        loss = - torch.mean(torch.log(prob) * y)
        # acc = torch.mean(torch.round(prob) == y)
        acc = torch.sum(torch.round(prob) * y) / y.shape[0]
        loss_sum += loss
        # aux_sum = aux_loss
        acc_sum += acc
        p_click = prob[:, 0].tolist()
        y_click = y[:, 0].tolist()
        for p ,t in zip(p_click, y_click):
            pairs.append([p, t])
    
    auc = calc_auc(pairs)
    acc_sum = acc_sum / n
    loss_sum = loss_sum / n

    global top_auc
    if top_auc < auc:
        top_auc = auc
        torch.save({'model_state_dict': net.state_dict()}, ckpt_path)
    return auc, loss_sum, acc_sum


def one_epoch(ep, net, train_it, test_it, opt,
              maxlen, test_every, save_every, best_path, ckpt_path):
    train_it.reset()
    step = 0
    loss_sum = 0.0
    acc_sum = 0.
    for _ in range(8000):
        opt.zero_grad()
        
        rows, labels = train_it.next()
        # (B,), (B), (B), (B, 100), (B, 100), (B, 100), (B, 2), (B), (128, 100, 5), (128, 100, 5)
        users, items, cates, item_hist, cate_hist, hist_mask, y, lens, neg_items, neg_cates = pad_batch(rows, labels, maxlen, return_neg=True)
        users = to_dev(users)
        items = to_dev(items)
        cates = to_dev(cates)
        item_hist = to_dev(item_hist)
        cate_hist = to_dev(cate_hist)
        hist_mask = to_dev(hist_mask)
        neg_items = to_dev(neg_items)
        neg_cates = to_dev(neg_cates)
        y = to_dev(y)

        y_hat = net(users, items, cates, item_hist, cate_hist, hist_mask, neg_items, neg_cates)
        y_hat = y_hat + 1e-8

        loss = - torch.mean(torch.log(y_hat) * y)
        # acc = torch.mean(torch.round(y_hat) == y)
        acc = torch.sum(torch.round(y_hat) * y) / y.shape[0]

        loss_sum += loss
        acc_sum += acc

        loss.backward()
        opt.step()
        step += 1

        if (step % test_every) == 0:
            print('[epoch: %d/step: %d] ----> train_loss: %.4f ---- train_accuracy: %.4f' % \
                                    (ep, step, loss_sum / test_every, acc_sum / test_every))
            auc, te_loss, te_acc = eval(test_it, net, best_path)
            print('test_auc: %.4f ----test_loss: %.4f ---- test_accuracy: %.4f' % (auc, te_loss.data, te_acc.data))
            loss_sum = 0.0
            acc_sum = 0.0

        if (step % save_every) == 0:
            # print('checkpoint at step: %d' %(step))
            torch.save({
                'EPOCH': ep,
                'iter': step,
                'model_state_dict': net.state_dict(),
                'optimizer_state_dict': opt.state_dict(),
                'loss': loss,
            }, f"{ckpt_path}_ep{ep}_{step}")

    return net, opt


def train(
        train_file = "data/local_train_splitByUser",
        test_file = "data/local_test_splitByUser",
        uid_voc = "data/uid_voc.pkl",
        mid_voc = "data/mid_voc.pkl",
        cat_voc = "data/cat_voc.pkl",
        batch_size = 128,
        maxlen = 100,
        test_every = 500,
        save_every = 1000,
        model_type = 'DIN',
        seed = 2,
        epochs = 5
    ):
    ckpt_dir = "output"
    best_dir = "best_model"
    os.makedirs(ckpt_dir, exist_ok=True)
    os.makedirs(best_dir, exist_ok=True)
    ckpt_path = f"{ckpt_dir}/ckpt_noshuff{model_type}{str(seed)}"
    best_path = f"{best_dir}/ckpt_noshuff{model_type}{str(seed)}"

    train_it = DataIterator(train_file, uid_voc, mid_voc, cat_voc, batch_size, maxlen, shuffle_each_epoch=False)
    test_it = DataIterator(test_file, uid_voc, mid_voc, cat_voc, batch_size, maxlen)
    n_uid, n_mid, n_cat = train_it.get_n() #users: 543060, items: 367983, categories: 1601

    if model_type == 'DIN':
        net = DeepInterestNetwork(n_uid, n_mid, n_cat, EMB_DIM, MLP_DIMS)
    else:
        print("unknown model_type : %s", model_type)
        net = None
    n_params = sum(p.numel() for p in net.parameters() if p.requires_grad)
    print(f"trainable parameters: {n_params}")

    net.to(dev)

    print('test_auc: %.4f ---- test_loss: %.4f ---- test_accuracy: %.4f' % eval(test_it, net, best_path))

    lr = 0.001
    opt = torch.optim.Adam(net.parameters(), lr=lr, betas=(0.9, 0.999), weight_decay=0.0001)
    for ep in range(1,epochs+1):
        net, opt = one_epoch(ep, net, train_it, test_it, opt,
                             maxlen, test_every, save_every, best_path, ckpt_path)


def test(
        test_file = "data/local_test_splitByUser",
        uid_voc = "data/uid_voc.pkl",
        mid_voc = "data/mid_voc.pkl",
        cat_voc = "data/cat_voc.pkl",
        batch_size = 128,
        maxlen = 100,
        model_type = 'DIN',
        seed = 2,
        ckpt_path = ""
    ):
    if ckpt_path == "" or ckpt_path is None:
        ckpt_path = "best_model/ckpt_noshuff" + model_type + str(seed)

    # train_it = DataIterator(train_file, uid_voc, mid_voc, cat_voc, batch_size, maxlen)
    test_it = DataIterator(test_file, uid_voc, mid_voc, cat_voc, batch_size, maxlen)
    n_uid, n_mid, n_cat = test_it.get_n()
    if model_type == 'DIN':
        net = DeepInterestNetwork(n_uid, n_mid, n_cat, EMB_DIM, MLP_DIMS)
    else:
        print ("unknown model_type : %s", model_type)
        return
    net.to(dev)

    state = torch.load(ckpt_path)
    try:
        net.load_state_dict(state['model_state_dict'])
    except KeyError:
        net.load_state_dict(state)
    
    print('test_auc: %.4f ----test_loss: %.4f ---- test_accuracy: %.4f' % eval(test_it, net, ckpt_path))



if __name__ == '__main__':
    cli = argparse.ArgumentParser(description="CTR")
    cli.add_argument("--mode", default="train", help="train/test", type=str)
    cli.add_argument("--model", default="DIN", help="DIN/DIEN/DEBUG", type=str)
    cli.add_argument("--ep", default=5, help="number of epochs", type=int)
    cli.add_argument("--model_path", default="", help="checkpoint to test", type=str)
    args = cli.parse_args()

    SEED = 4
    random.seed(SEED)
    np.random.seed(SEED)
    torch.manual_seed(SEED)
    if torch.cuda.is_available():
        torch.cuda.manual_seed(SEED)
        torch.cuda.manual_seed_all(SEED)
    # reproducible kernels
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False
    
    
    if args.mode == 'train':
        train(model_type=args.model, seed=SEED, epochs=args.ep)
    elif args.mode == 'test':
        test(model_type=args.model, ckpt_path=args.model_path, seed=SEED)
    else:
        print('nothing to do...')
