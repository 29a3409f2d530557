import torch
from torch import nn
from detnet.detector import SingleShot
from xray_io.loading import xray_batches
from torch import optim
from detnet.crit import MultiBoxCriterion
from tqdm import tqdm

dev = 'cuda' if torch.cuda.is_available() else 'cpu'
n_ep = 20
bsz = 32
n_cls = 10
base_lr = 0.001
mom = 0.9
wd = 5e-4
detnet = SingleShot(n_cls).to(dev)
sgd = optim.SGD(detnet.parameters(), base_lr, mom, weight_decay=wd)
crit = MultiBoxCriterion(n_cls)
batches = xray_batches(bsz)

for ep in tqdm(range(n_ep)):
    for imgs, tgt in batches:
        xb = imgs.to(dev)
        yb = tgt.to(dev)
        out = detnet(xb)
        sgd.zero_grad()
        l_box, l_cls = crit.forward(out, yb)
        l_sum = l_box + l_cls
        sgd.step()

    torch.save(detnet.state_dict(), f'./model/{ep}.pt')

## (loss is never backpropagated here)
