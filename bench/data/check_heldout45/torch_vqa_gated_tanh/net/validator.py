from multiprocessing import cpu_count

import torch
from torch.autograd import Variable
from torch.nn import BCEWithLogitsLoss, CrossEntropyLoss
from torch.utils.data import DataLoader

from dataset.vqa_dataset import VqaDataset
from net.network import load

if __name__ == '__main__':
    single_label = True
    root = "/data/vqa"
    ckpt = "../models/batch-512-models/epoch-100-checkpoint.pth.tar"
    batch_size = 2048
    ds = VqaDataset(root)
    loader = DataLoader(ds, batch_size=batch_size, shuffle=True, num_workers=cpu_count())
    info = ds.load_info()
    net = load(ckpt, single_label, info)
    crit = (CrossEntropyLoss() if not single_label else BCEWithLogitsLoss()).cuda()
    hits, total_loss = 0, 0
    n_batches = ds.number_of_questions() / batch_size
    for b, (qs, feats, targets) in enumerate(loader, 0):
        qs, feats, targets = Variable(qs.cuda()), Variable(
            feats.cuda()), Variable(targets.cuda())
        logits = net(qs, feats)
        loss = crit(logits, targets)
        if not single_label:
            _, want = torch.max(targets.data, 1)
            _, got = torch.max(logits.data, 1)
            ok = torch.eq(want, got).sum()
        else:
            _, top = logits.data.max(1)
            gold = targets.data
            ok = torch.eq(top, gold).sum()
        hits += ok
        total_loss += loss.data[0]
        net.zero_grad()
    print("loss = {}, accuracy = {}".format(total_loss / n_batches, hits * 100 / (n_batches * batch_size)))
