import torch
import torch.nn as nn
from torch.autograd import Variable
from torch.utils.data import DataLoader
from torch.optim import lr_scheduler
import os

import loader
from loader import train_data, validate_data, test_data

BATCH = 64
N_EPOCHS = 5
LR = 0.00001
DECAY = 0.3
N_WORDS = len(loader.words)

CKPT_DIR = './trained_weights'

on_gpu = torch.cuda.is_available()
xent = nn.CrossEntropyLoss()

train_loader = DataLoader(train_data, batch_size = BATCH, shuffle = True)
validate_loader = DataLoader(validate_data, batch_size = BATCH, shuffle = True)
test_loader = DataLoader(test_data, batch_size = BATCH, shuffle = True)

class RawWaveNet(nn.Module):
    def __init__(self):
        super(RawWaveNet, self).__init__()
        self.name = 'rawconv'
        self.main = nn.Sequential(
            nn.Conv1d(1, 32, 90, stride = 6),
            nn.ReLU(True),
            nn.BatchNorm1d(32),
            nn.Conv1d(32, 64, 31, stride = 6),
            nn.ReLU(True),
            nn.BatchNorm1d(64),
            nn.Conv1d(64, 128, 11, stride = 3),
            nn.ReLU(True),
            nn.BatchNorm1d(128),
            nn.Conv1d(128, 256, 7, stride = 2),
            nn.ReLU(True),
            nn.BatchNorm1d(256),
            nn.Conv1d(256, 512, 5, stride = 2),
            nn.ReLU(True),
            nn.BatchNorm1d(512),
            nn.AvgPool1d(47)
        )
        self.fc = nn.Linear(512, N_WORDS)

    def forward(self, x):
        x = self.main(x)
        # print(x.size())
        x = x.view(x.size(0),-1)
        x = self.fc(x)
        return x

net = RawWaveNet()
if on_gpu: net.cuda()
opt = torch.optim.Adam(net.parameters(), lr = LR)
sched = lr_scheduler.ExponentialLR(opt, gamma = DECAY)

def fit_epoch(model, epoch):
    model.train()
    print('current lr:', opt.param_groups[0]['lr'])
    for i, (wav, lab) in enumerate(train_loader):
        lab = torch.squeeze(lab)
        if on_gpu:
            wav, lab = wav.cuda(), lab.cuda()
        wav, lab = Variable(wav), Variable(lab)
        opt.zero_grad()
        out = model(wav)
        loss = xent(out, lab)
        loss.backward()
        opt.step()
        if i % 100 == 0:
            print('epoch [{}] step [{}] loss [{}]'.format(epoch, i+1, loss.data[0]))
    score(model, epoch, validate_loader)
    print('writing weights after epoch {}'.format(epoch))
    fname = '{}_{}.pkl'.format(model.name, epoch)
    torch.save(model.state_dict(), os.path.join(CKPT_DIR, fname))

def score(model, epoch, loader_):
    model.eval()
    hits = 0
    for i, (wav, lab) in enumerate(loader_):
        if on_gpu:
            wav, lab = wav.cuda(), lab.cuda()
        wav, lab = Variable(wav, volatile = True), Variable(lab, volatile = True)
        out = model(wav)
        guess = out.data.max(1, keepdim = True)[1]
        hits += guess.eq(lab.data.view_as(guess)).cpu().sum()
    print('eval epoch [{}] accuracy [{} / {}]'.format(epoch, hits, len(loader_.dataset)))

def run(epochs = N_EPOCHS, warm_start = None):
    if warm_start is not None:
        net.load_state_dict(torch.load(warm_start))
    for i in range(epochs):
        sched.step()
        fit_epoch(net, i)
