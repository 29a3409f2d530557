import dgl
import numpy as np
import time
import torch
import torch.nn as nn
from sklearn.metrics import f1_score
from tensorboardX import SummaryWriter
from torch.optim import Adam
from torch.optim.lr_scheduler import ExponentialLR

from model import GATNodeFlow
from helpers import make_dirs, read_reddit

__all__ = ['fit_reddit']

def pick_device(opts):
    opts['cuda'] = opts['cuda'] and torch.cuda.is_available()
    if opts['cuda']:
        torch.set_default_tensor_type(torch.cuda.FloatTensor)
        opts['device'] = 'cuda: 0'
    else:
        opts['device'] = 'cpu'
    opts['device'] = torch.device(opts['device'])
    if torch.cuda.is_available() and not opts['cuda']:
        print("note: a GPU is present; pass --cuda to use it")
    return opts

def reddit_settings(opts):
    extra = {
        'batch_size': 512,
        'n_runs': 5,
        'dropout': 0.1,
        'residual': True,
        'l2_coef': 0.0,
        'patience': 10,
        'max_n_nbrs_sampled': 16,
        'gamma': 0.95,
        'lr': 0.0005,
        'n_heads': [8, 8],
        'hid_units': [64],
    }

    return extra

def run_block(dev, net, nf, labels, crit):
    nf.copy_from_parent(ctx=dev)
    probs = net(nf)
    seed_ids = nf.layer_parent_nid(-1)
    seed_labels = labels[seed_ids].to(dev)
    loss = crit(probs, seed_labels)

    pred = torch.max(probs, dim=1)[1]
    hits = torch.sum(pred == seed_labels)
    acc = hits.item() * 1.0 / len(seed_labels)

    pred = pred.cpu().numpy().reshape(-1,)
    seed_labels = seed_labels.cpu().numpy().reshape(-1, )
    f1 = f1_score(seed_labels, pred, average='micro')
    return loss, acc, f1, seed_labels, pred

def fit_reddit(opts):
    ckpt_dir = opts['log_dir'] + '/trained_model'
    make_dirs(ckpt_dir)
    ckpt_file = ckpt_dir + '/model.ckpt'

    # read the graph
    data = read_reddit()

    # build the network
    net = GATNodeFlow(num_layers=len(opts['n_heads'])-1,
                        in_dim=data['n_feats'],
                        num_hidden=opts['hid_units'],
                        num_classes=data['n_classes'],
                        num_heads=opts['n_heads'],
                        feat_drop=opts['dropout'],
                        attn_drop=opts['dropout'],
                        residual=opts['residual']).to(opts['device'])
    print(net)

    tb = SummaryWriter(opts['log_dir'])
    crit = nn.CrossEntropyLoss()
    opt = Adam(net.parameters(), lr=opts['lr'], weight_decay=opts['l2_coef'])
    sched = ExponentialLR(opt, gamma=opts['gamma'])

    epoch_times = []
    best_loss = np.inf
    best_acc = 0.0
    best_f1 = 0.0
    step = 0
    stale = 0
    for ep in range(opts['max_epochs']):
        if ep >= 3:
            t0 = time.time()

        net.train()
        seen_tr = 0

        # training pass
        for nf in dgl.contrib.sampling.NeighborSampler(g=data['g'],
                                                       batch_size=opts['batch_size'],
                                                       expand_factor=opts['max_n_nbrs_sampled'],
                                                       num_hops=len(opts['n_heads']),
                                                       shuffle=True,
                                                       num_workers=16,
                                                       seed_nodes=data['train_nid'],
                                                       prefetch=True,
                                                       add_self_loop=True):
            step += 1
            loss, acc, f1, y_true, y_pred = \
                run_block(opts['device'], net, nf, data['g'].ndata['labels'], crit)

            opt.zero_grad()
            loss.backward()
            opt.step()

            loss = loss.item()
            seen_tr += nf.layer_size(-1)
            print('train nodes {:d}/{:d} | loss {:.4f} | acc {:.4f} | micro-f1 {:.4f}\n'.format(
                seen_tr, len(data['train_nid']), loss, acc, f1))

            tb.add_scalar('train ce loss', loss, step)
            tb.add_scalar('train acc', acc, step)
            tb.add_scalar('train micro f1', f1, step)

        # validation pass
        loss_sum = 0
        hit_sum = 0
        all_true = []
        all_pred = []
        net.eval()
        seen_va = 0
        for nf in dgl.contrib.sampling.NeighborSampler(g=data['g'],
                                                       batch_size=opts['batch_size'],
                                                       expand_factor=opts['max_n_nbrs_sampled'],
                                                       num_hops=len(opts['n_heads']),
                                                       shuffle=True,
                                                       num_workers=16,
                                                       seed_nodes=data['val_nid'],
                                                       prefetch=True,
                                                       add_self_loop=True):
            loss, acc, f1, y_true, y_pred = \
                run_block(opts['device'], net, nf, data['g'].ndata['labels'], crit)

            loss = loss.item()
            seen_va += nf.layer_size(-1)
            print('val nodes {:d}/{:d} | loss {:.4f} | acc {:.4f} | micro-f1 {:.4f}\n'.format(
                seen_va, len(data['val_nid']), loss, acc, f1))

            bs = nf.layer_size(-1)
            loss_sum += loss * bs
            hit_sum += acc * bs
            all_true.append(y_true)
            all_pred.append(y_pred)

        ep_loss = loss_sum / data['n_val_samples']
        ep_acc = hit_sum / data['n_val_samples']
        cat_true = np.concatenate(all_true, 0)
        cat_pred = np.concatenate(all_pred, 0)
        ep_f1 = f1_score(cat_true, cat_pred, average='micro')
        tb.add_scalar('val ce loss', ep_loss, ep)
        tb.add_scalar('val acc', ep_acc, ep)
        tb.add_scalar('val micro f1', ep_f1, ep)

        if ep_f1 > best_f1:
            best_f1 = ep_f1
            torch.save(net.state_dict(), ckpt_file)
            stale = 0
        else:
            stale += 1
        print('epochs without a better validation '
              'micro-f1: {:d}'.format(stale))

        if ep_acc > best_acc:
            best_acc = ep_acc

        if ep_loss < best_loss:
            best_loss = ep_loss

        if ep >= 3:
            epoch_times.append(time.time() - t0)

        print("epoch {:05d} | sec {:.4f}".format(ep + 1, np.mean(epoch_times)))
        print("-----------------------------------------------------------------")
        print("loss {:.4f} | best loss {:.4f}".format(ep_loss, best_loss))
        print("acc {:.4f} | best acc {:.4f}".format(ep_acc, best_acc))
        print("f1 {:.4f} | best f1 {:.4f}".format(ep_f1, best_f1))
        print("-----------------------------------------------------------------\n")

        if stale == opts['patience']:
            print('stopping early after {:d} epochs'.format(ep + 1))
            break
        sched.step()

    net.load_state_dict(torch.load(ckpt_file))
    net.eval()

    te_loss_sum = 0
    te_hit_sum = 0
    te_true = []
    te_pred = []

    for nf in dgl.contrib.sampling.NeighborSampler(g=data['g'],
                                                   batch_size=opts['batch_size'],
                                                   expand_factor=opts['max_n_nbrs_sampled'],
                                                   num_hops=len(opts['n_heads']),
                                                   shuffle=True,
                                                   num_workers=16,
                                                   seed_nodes=data['test_nid'],
                                                   prefetch=True,
                                                   add_self_loop=True):
        t_loss, t_acc, t_f1, t_true, t_pred = \
            run_block(opts['device'], net, nf, data['g'].ndata['labels'], crit)
        bs = nf.layer_size(-1)
        te_loss_sum += t_loss.item() * bs
        te_hit_sum += t_acc * bs
        te_true.append(t_true)
        te_pred.append(t_pred)

    te_loss = te_loss_sum / data['n_test_samples']
    te_acc = te_hit_sum / data['n_test_samples']
    cat_true = np.concatenate(te_true, 0)
    cat_pred = np.concatenate(te_pred, 0)
    ep_f1 = f1_score(cat_true, cat_pred, average='micro')

    print("test")
    print("-----------------------------------------------------------------")
    print("loss {:.4f} | acc {:.4f} | micro-f1 {:.4f}".format(te_loss, te_acc, ep_f1))
    print("-----------------------------------------------------------------")

    return {'test_loss': te_loss,
            'test_acc': te_acc,
            'test_micro_f1': ep_f1,
            'total time': np.sum(epoch_times),
            'mean_epoch_time': np.mean(epoch_times),
            'num_epochs': ep + 1}

if __name__ == '__main__':
    import argparse

    ap = argparse.ArgumentParser(description='GAT with NodeFlow sampling')
    opts = ap.parse_args().__dict__

    fixed = {
        'cuda': True,
        'dataset': 'reddit',
        'patience': 30,
        'max_epochs': 200
    }
    opts.update(fixed)
    opts = pick_device(opts)
    opts.update(reddit_settings(opts))
    opts['log_dir'] = 'runs/{}'.format(opts['dataset'])
    make_dirs(opts['log_dir'])
    fit_reddit(opts)
