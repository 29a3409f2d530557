import torch
import torch.nn.functional as F
from ogb.nodeproppred import PygNodePropPredDataset, Evaluator
import graph_data as gd
import nets
from tqdm import tqdm
import time
import collections
import pickle
import copy
from datetime import datetime
import os

@torch.enable_grad()
def run_epoch(net, loader, opt, dev):
    net.train()

    loss_sum = 0
    node_count = 0

    with tqdm(total=len(loader)) as bar:
        for part in loader:
            part = part.to(dev)
            if part.train_mask.sum() == 0:
                continue

            opt.zero_grad()
            logits = net(part.x, part.edge_index)[part.train_mask]
            target = torch.flatten(part.y[part.train_mask])
            loss = F.nll_loss(logits, target)
            loss.backward()
            opt.step()

            n = part.train_mask.sum().item()
            loss_sum += loss.item() * n
            node_count += n
            bar.update(1)

    return loss_sum / node_count


@torch.no_grad()
def evaluate_full(net, g, splits, judge):
    net.eval()
    print("evaluating")
    print(g)

    logits = net(g.x, g.adj_t)
    print("forward finished")

    pred = logits.argmax(dim=-1, keepdim=True)

    acc_tr = judge.eval({
        'y_true': g.y[splits['train']],
        'y_pred': pred[splits['train']],
    })['acc']
    acc_va = judge.eval({
        'y_true': g.y[splits['valid']],
        'y_pred': pred[splits['valid']],
    })['acc']
    acc_te = judge.eval({
        'y_true': g.y[splits['test']],
        'y_pred': pred[splits['test']],
    })['acc']

    return acc_tr, acc_va, acc_te


@torch.no_grad()
def evaluate_parts(net, loader, judge, dev):
    net.eval()
    tr_pred = [] 
    va_pred = []
    te_pred = []

    tr_true = []
    va_true = []
    te_true = []

    # predictions part by part
    with tqdm(total=len(loader)) as bar:
        for part in loader:
            part.to(dev)
            logits = net(part.x, part.edge_index)

            if part.train_mask.sum() != 0:
                p = logits[part.train_mask].argmax(dim=1, keepdim=True)
                t = part.y[part.train_mask]
                tr_pred.append(p.cpu())
                tr_true.append(t.cpu())

            if part.valid_mask.sum() != 0:
                p = logits[part.valid_mask].argmax(dim=1, keepdim=True)
                t = part.y[part.valid_mask]
                va_pred.append(p.cpu())
                va_true.append(t.cpu())

            if part.test_mask.sum() != 0:
                p = logits[part.test_mask].argmax(dim=1, keepdim=True)
                t = part.y[part.test_mask]
                te_pred.append(p.cpu())
                te_true.append(t.cpu())

            bar.update(1)

    t_tr = torch.cat(tr_true, dim=0)
    p_tr = torch.cat(tr_pred, dim=0)
    t_va = torch.cat(va_true, dim=0)
    p_va = torch.cat(va_pred, dim=0)
    t_te = torch.cat(te_true, dim=0)
    p_te = torch.cat(te_pred, dim=0)

    acc_tr = judge.eval({
        'y_true': t_tr,
        'y_pred': p_tr
    })['acc']
    acc_va = judge.eval({
        'y_true': t_va,
        'y_pred': p_va
    })['acc']
    acc_te = judge.eval({
        'y_true': t_te,
        'y_pred': p_te
    })['acc']

    return acc_tr, acc_va, acc_te


def report(ep, loss, acc_tr, acc_va, acc_te):
    print(f'ep {ep:02d} | '
          f'loss {loss:.4f} | '
          f'train {100 * acc_tr:.2f}% | '
          f'valid {100 * acc_va:.2f}% | '
          f'test {100 * acc_te:.2f}%')


def dump_pickle(obj, folder, tag):
    fname = f"data-{tag}.pkl"
    fname = os.path.join(folder, fname)
    with open(fname, "wb") as fh:
        pickle.dump(obj, fh, pickle.HIGHEST_PROTOCOL)


def store_net(net, cfg, folder):
    torch.save(net.state_dict(), os.path.join(folder, 'model.pt'))
    cfg_path = os.path.join(folder, 'args.pkl')
    with open(cfg_path, 'wb') as fh:
        pickle.dump(cfg, fh)


def restore_net(folder):
    cfg_path = os.path.join(folder, 'args.pkl')
    w_path = os.path.join(folder, 'model.pt')
    with open(cfg_path, 'rb') as fh:
        cfg = pickle.load(fh)

    net = nets.build(cfg)
    net.load_state_dict(torch.load(w_path))
    return cfg, net


if __name__ == "__main__":
    dev = "cuda"
    # dev = "cpu"
    cfg = {
        'device': dev,
        'num_layers': 3,
        'hidden_dim': 128,
        'dropout': 0.5,
        'lr': 0.001,
        'epochs': 50,
        'return_embeds': False,
        # 'model_type': 'GraphSage',
        # 'model_type': 'GCN',
        'model_type': 'ResPostMP',
        # 'model_type': 'ResidualMP',
        # 'model_type': 'ResidualSage',
        'heads': 1,
        'batch_size': 32,
        'post_hidden': 128,
        'message_hidden': 128,
        'normalize': False,
    }
    ds_name = "ogbn-products"

    stamp = datetime.now().strftime("%m-%d_%H_%M_%S")
    out_dir = os.path.join("runs", cfg['model_type'] + "_" + stamp)
    os.makedirs(out_dir)
    print("output dir:", out_dir)

    parts, ds, g, splits = gd.partition_products()
    loader = gd.part_loader(parts, cfg['batch_size'])
    judge = Evaluator(name=ds_name)
    cfg['input_dim'] = g.num_features
    cfg['output_dim'] = ds.num_classes

    net = nets.build(cfg)
    print(net)

    # net.reset_parameters()
    opt = torch.optim.Adam(net.parameters(), lr=cfg['lr'])
    crit = F.nll_loss
    net.to(dev)

    history = {'loss': [], 'train': [], 'val': [], 'test': []}
    best_net = None
    best_va = 0

    for ep in range(1, 1 + cfg["epochs"]):
        loss = run_epoch(net, loader, opt, dev)
        res = evaluate_parts(net, loader, judge, dev)
        acc_tr, acc_va, acc_te = res
        report(ep, loss, acc_tr, acc_va, acc_te)

        # keep the curves
        history["loss"].append(loss)
        history["train"].append(acc_tr)
        history["val"].append(acc_va)
        history["test"].append(acc_te)

        # remember the best weights
        if acc_va > best_va:
            best_net = copy.deepcopy(net)

        # save every epoch
        store_net(net, cfg, out_dir)
        dump_pickle(history, out_dir, "scores")

    # out_dir = os.path.join('runs', 'GCN_03-19_22_05_24')
    # old_cfg, net = restore_net(out_dir)
    # net.to(dev)
    # res = evaluate_parts(net, loader, judge, dev)
    # print(res)



