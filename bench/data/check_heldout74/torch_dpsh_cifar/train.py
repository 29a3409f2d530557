from torchvision import transforms
import torch
import torch.optim as optim
from torch.autograd import Variable
from torch.utils.data import DataLoader
from torchvision import models
import os
import numpy as np
import pickle
from datetime import datetime

import DataProcessing as DP
import CalcHammingRanking as CalcHR

import CNN_model

def read_labels(fname, root):
    full = os.path.join(root, fname)
    fh = open(full, 'r')
    lines = [s.strip() for s in fh]
    fh.close()
    return torch.LongTensor(list(map(int, lines)))

def to_onehot(y, n_cls):
    y_oh = torch.FloatTensor(y.size(0), n_cls)
    y_oh.zero_()
    y_oh.scatter_(1, y.view(-1, 1), 1)
    return y_oh

def pair_similarity(lab_a, lab_b):
    sim = (lab_a.mm(lab_b.t()) > 0).type(torch.FloatTensor)
    return sim

def build_net(arch, n_bits, on_gpu):
    if arch == 'vgg11':
        backbone = models.vgg11(pretrained=True)
        net = CNN_model.cnn_model(backbone, arch, n_bits)
    if arch == 'alexnet':
        backbone = models.alexnet(pretrained=True)
        net = CNN_model.cnn_model(backbone, arch, n_bits)
    if on_gpu:
        net = net.cuda()
    return net

def step_lr(opt, ep, base_lr):
    lr = base_lr * (0.1 ** (ep // 50))
    for grp in opt.param_groups:
        grp['lr'] = lr
    return opt

def encode_all(net, loader, n_items, n_bits, on_gpu):
    codes = np.zeros([n_items, n_bits], dtype=np.float32)
    for it, batch in enumerate(loader, 0):
        imgs, _, idx = batch
        if on_gpu:
            imgs = Variable(imgs.cuda())
        else: imgs = Variable(imgs)
        feats = net(imgs)
        if on_gpu:
            codes[idx.numpy(), :] = torch.sign(feats.cpu().data).numpy()
        else:
            codes[idx.numpy(), :] = torch.sign(feats.data).numpy()
    return codes

def stable_log1pexp(z, on_gpu):
    if on_gpu:
        out = torch.log(1+torch.exp(-torch.abs(z))) + torch.max(z, Variable(torch.FloatTensor([0.]).cuda()))
    else:
        out = torch.log(1+torch.exp(-torch.abs(z))) + torch.max(z, Variable(torch.FloatTensor([0.])))
    return out
def full_objective(Uf, Bc, Smat, lam, n_tr):
    inner = Uf.mm(Uf.t()) / 2
    norm_term = (inner*inner).sum() / (n_tr * n_tr)
    part1 = (- inner * Smat + stable_log1pexp(Variable(inner), False).data).sum()
    part2 = (Uf - Bc).pow(2).sum()
    total = part1 + lam * part2
    return total, part1, part2, norm_term

def run_dpsh(n_bits, cfg, gpu_id=0):
    # settings
    os.environ['CUDA_VISIBLE_DEVICES'] = str(gpu_id)

    ROOT = 'data/CIFAR-10'
    DB_LIST = 'database_img.txt'
    TR_LIST = 'train_img.txt'
    TE_LIST = 'test_img.txt'

    DB_LABELS = 'database_label.txt'
    TR_LABELS = 'train_label.txt'
    TE_LABELS = 'test_label.txt'

    bs = 128
    n_epochs = 150
    base_lr = 0.05
    wd = 10 ** -5
    arch = 'alexnet'
    n_cls = 10
    on_gpu = torch.cuda.is_available()

    out_name = cfg['filename']

    lam = cfg['lambda']
    cfg['bit'] = n_bits
    cfg['epochs'] = n_epochs
    cfg['learning rate'] = base_lr
    cfg['model'] = arch

    ### input pipeline
    tfm = transforms.Compose([
        transforms.Scale(256),
        transforms.CenterCrop(224),
        transforms.ToTensor(),
        transforms.Normalize([0.485, 0.456, 0.406], [0.229, 0.224, 0.225])
    ])
    ds_db = DP.DatasetProcessingCIFAR_10(
        ROOT, DB_LIST, DB_LABELS, tfm)

    ds_tr = DP.DatasetProcessingCIFAR_10(
        ROOT, TR_LIST, TR_LABELS, tfm)

    ds_te = DP.DatasetProcessingCIFAR_10(
        ROOT, TE_LIST, TE_LABELS, tfm)

    n_db, n_tr, n_te = len(ds_db), len(ds_tr), len(ds_te)

    db_loader = DataLoader(ds_db,
                              batch_size=bs,
                              shuffle=False,
                              num_workers=4
                             )

    tr_loader = DataLoader(ds_tr,
                              batch_size=bs,
                              shuffle=True,
                              num_workers=4
                             )

    te_loader = DataLoader(ds_te,
                             batch_size=bs,
                             shuffle=False,
                             num_workers=4
                             )

    ### network
    net = build_net(arch, n_bits, on_gpu)
    opt = optim.SGD(
        net.parameters(),
        lr=base_lr,
        weight_decay=wd)

    ### training
    # code buffers
    Bc = torch.zeros(n_tr, n_bits)
    Uf = torch.zeros(n_tr, n_bits)
    tr_y = read_labels(TR_LABELS, ROOT)
    tr_y_oh = to_onehot(tr_y, n_cls)
    te_y = read_labels(TE_LABELS, ROOT)
    te_y_oh = to_onehot(te_y, n_cls)

    loss_hist = []
    map_hist = []

    total_hist = []
    part1_hist = []
    part2_hist = []
    norm_hist = []

    Smat = pair_similarity(tr_y_oh, tr_y_oh)

    for ep in range(n_epochs):
        ep_loss = 0.0
        ## one epoch
        for it, batch in enumerate(tr_loader, 0):
            imgs, y, idx = batch
            y = torch.squeeze(y)
            if on_gpu:
                y_oh = to_onehot(y, n_cls)
                imgs, y = Variable(imgs.cuda()), Variable(y.cuda())
                S = pair_similarity(y_oh, tr_y_oh)
            else:
                y_oh = to_onehot(y, n_cls)
                imgs, y = Variable(imgs), Variable(y)
                S = pair_similarity(y_oh, tr_y_oh)

            net.zero_grad()
            feats = net(imgs)
            for k, j in enumerate(idx):
                Uf[j, :] = feats.data[k]
                Bc[j, :] = torch.sign(feats.data[k])

            Bbatch = torch.sign(feats)
            if on_gpu:
                ip = feats.mm(Variable(Uf.cuda()).t()) / 2
                lik = (Variable(S.cuda())*ip - stable_log1pexp(ip, on_gpu)).sum() \
                        / (n_tr * len(y))
                quant = (Bbatch-feats).pow(2).sum() / (n_tr * len(y))
            else:
                ip = feats.mm(Variable(Uf).t()) / 2
                lik = (Variable(S)*ip - stable_log1pexp(ip, on_gpu)).sum() \
                        / (n_tr * len(y))
                quant = (Bbatch-feats).pow(2).sum() / (n_tr * len(y))

            loss =  - lik + lam * quant
            loss.backward()
            opt.step()
            ep_loss += loss.data[0]

            # print('[train][ep %3d/%3d][it %3d/%3d] loss %3.5f' % \
            #       (ep + 1, n_epochs, it + 1, np.ceil(n_tr / bs), loss.data[0]))
        print('[train][ep %3d/%3d][loss %3.5f]' % (ep+1, n_epochs, ep_loss / len(tr_loader)), end='')
        opt = step_lr(opt, ep, base_lr)

        t, p1, p2, nrm = full_objective(Uf, Bc, Smat, lam, n_tr)
        total_hist.append(t)
        part1_hist.append(p1)
        part2_hist.append(p2)
        norm_hist.append(nrm)

        print('[objective %10.5f][p1 %10.5f][p2 %10.5f][norm %3.5f]' % (t, p1, p2, nrm), end='')

        ### per-epoch test
        qB = encode_all(net, te_loader, n_te, n_bits, on_gpu)
        tB = torch.sign(Bc).numpy()
        m_ap = CalcHR.CalcMap(qB, tB, te_y_oh.numpy(), tr_y_oh.numpy())
        loss_hist.append(ep_loss / len(tr_loader))
        map_hist.append(m_ap)

        print('[test][ep %3d/%3d] mAP vs train codes: %3.5f' % (ep+1, n_epochs, m_ap))
        print(len(tr_loader))
    ### final evaluation
    ## binary codes for query and database
    net.eval()
    db_y = read_labels(DB_LABELS, ROOT)
    db_y_oh = to_onehot(db_y, n_cls)
    qB = encode_all(net, te_loader, n_te, n_bits, on_gpu)
    dB = encode_all(net, db_loader, n_db, n_bits, on_gpu)

    final_map = CalcHR.CalcMap(qB, dB, te_y_oh.numpy(), db_y_oh.numpy())
    print('[retrieval] mAP vs database: %3.5f' % final_map)

    res = {}
    res['qB'] = qB
    res['dB'] = dB
    res['train loss'] = loss_hist
    res['map record'] = map_hist
    res['map'] = final_map
    res['param'] = cfg
    res['total loss'] = total_hist
    res['l1 loss'] = part1_hist
    res['l2 loss'] = part2_hist
    res['norm theta'] = norm_hist
    res['filename'] = out_name

    return res

if __name__=='__main__':
    n_bits = 12
    lam = 50
    gpu_id = 0
    out_name = 'log/dpsh_' + str(n_bits) + 'bits_cifar_' + datetime.now().strftime("%y-%m-%d-%H-%M-%S") + '.pkl'
    cfg = {}
    cfg['lambda'] = lam
    cfg['filename'] = out_name
    res = run_dpsh(n_bits, cfg, gpu_id)
    fh = open(res['filename'], 'wb')
    pickle.dump(res, fh)
    fh.close()
