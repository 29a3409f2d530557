from __future__ import print_function
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from gcommand_loader import SpeechCommandsDataset

# command-line options
cli = argparse.ArgumentParser(description='Speech Commands CNN')
cli.add_argument('--batch-size', type=int, default=64, metavar='N',
                    help='train batch size (64)')
cli.add_argument('--test-batch-size', type=int, default=1000, metavar='N',
                    help='test batch size (1000)')
cli.add_argument('--epochs', type=int, default=10, metavar='N',
                    help='passes over the train split (10)')
cli.add_argument('--lr', type=float, default=0.001, metavar='LR',
                    help='step size')
cli.add_argument('--momentum', type=float, default=0.9, metavar='M',
                    help='momentum (unused by Adam)')
cli.add_argument('--cuda', action='store_true', default=True,
                    help='run on the GPU')
cli.add_argument('--seed', type=int, default=1, metavar='S',
                    help='seed (1)')
cli.add_argument('--log-interval', type=int, default=10, metavar='N',
                    help='batches between progress lines')
opts = cli.parse_args()
opts.cuda = opts.cuda and torch.cuda.is_available()

torch.manual_seed(opts.seed)
if opts.cuda:
    torch.cuda.manual_seed(opts.seed)

train_speech_dataset = SpeechCommandsDataset('gcommands/train')

train_loader = torch.utils.data.DataLoader(
    train_speech_dataset, batch_size=100, shuffle=True,
    num_workers=20, pin_memory=True, sampler=None)

test_speech_dataset = SpeechCommandsDataset('gcommands/test')

test_loader = torch.utils.data.DataLoader(
    test_speech_dataset, batch_size=100, shuffle=None,
    num_workers=20, pin_memory=True, sampler=None)


class SpeechCNN(nn.Module):
    def __init__(self):
        super(SpeechCNN, self).__init__()
        self.conv_a = nn.Conv2d(1, 20, kernel_size=5)
        self.conv_b = nn.Conv2d(20, 20, kernel_size=5)
        self.drop2d = nn.Dropout2d()
        self.dense_a = nn.Linear(16280, 1000)
        self.dense_b = nn.Linear(1000, 30)

    def forward(self, h):
        h = F.relu(F.max_pool2d(self.conv_a(h), 2))
        h = F.relu(F.max_pool2d(self.drop2d(self.conv_b(h)), 2))
        h = h.view(-1, 16280)
        h = F.relu(self.dense_a(h))
        h = F.dropout(h, training=self.training)
        h = self.dense_b(h)
        return F.log_softmax(h)


kws_model = SpeechCNN()
if opts.cuda:
    kws_model.cuda()

adam_opt = optim.Adam(kws_model.parameters(), lr=opts.lr)


def train_epoch(epoch_no):
    kws_model.train()
    for batch_no, (spect_batch, label_batch) in enumerate(train_loader):
        if opts.cuda:
            spect_batch, label_batch = spect_batch.cuda(), label_batch.cuda()
        spect_batch, label_batch = Variable(spect_batch), Variable(label_batch)
        adam_opt.zero_grad()
        log_probs = kws_model(spect_batch)
        batch_loss = F.nll_loss(log_probs, label_batch)
        batch_loss.backward()
        adam_opt.step()
        if batch_no % opts.log_interval == 0:
            print('epoch {} clip {}/{} ({:.0f}%)\tloss {:.6f}'.format(
                epoch_no, batch_no * len(spect_batch), len(train_loader.dataset),
                       100. * batch_no / len(train_loader), batch_loss.data[0]))


def test_epoch():
    kws_model.eval()
    test_loss_sum = 0
    n_correct = 0
    for spect_batch, label_batch in test_loader:
        if opts.cuda:
            spect_batch, label_batch = spect_batch.cuda(), label_batch.cuda()
        spect_batch, label_batch = Variable(spect_batch, volatile=True), Variable(label_batch)
        log_probs = kws_model(spect_batch)
        test_loss_sum += F.nll_loss(log_probs, label_batch, size_average=False).data[0]  # summed over the batch
        pred_label = log_probs.data.max(1, keepdim=True)[1]  # arg-max class
        n_correct += pred_label.eq(label_batch.data.view_as(pred_label)).cpu().sum()

    test_loss_sum /= len(test_loader.dataset)
    print('\ntest split: mean loss {:.4f}, correct {}/{} ({:.0f}%)\n'.format(
        test_loss_sum, n_correct, len(test_loader.dataset),
        100. * n_correct / len(test_loader.dataset)))


for epoch_no in range(1, opts.epochs + 1):
    train_epoch(epoch_no)
    test_epoch()
