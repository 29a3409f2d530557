import os
from numpy.core.fromnumeric import transpose
import torch
from torch import nn
from torch.utils.data import DataLoader
import numpy as np
from data_process.my_dataset import Dataset_adv,Dataset


class FlowClassifier(nn.Module):
    def __init__(self):
        super(FlowClassifier, self).__init__()
        self.model = nn.Sequential(
            nn.Linear(78, 128),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, 256),
            nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(256, 128),

            nn.LeakyReLU(0.2, inplace=True),
            nn.Linear(128, 1),
            nn.Sigmoid()
        )

    def forward(self, inp):
        return self.model(inp)


clf = FlowClassifier()
adam = torch.optim.Adam(clf.parameters(), lr=0.0001, betas=(0.5, 0.999))
bce = nn.BCEWithLogitsLoss()
n_epochs = 1


def run_epoch(net, loader, ep, last):
    net.train()
    loss_acc = 0
    hits = 0
    seen = 0
    step = 0
    missed = []
    caught = []
    # one pass over every batch
    for batch in loader:
        xb, yb = batch  # features and labels of this batch
        # xb=xb
        tgt = yb.float().unsqueeze(1)
        # print('features:', xb)
        # print('labels:', yb)
        out = net(xb)  # forward
        err = bce(out, tgt)  # batch loss
        # print('batch loss', err.detach().cpu().item())
        adam.zero_grad()  # clear old gradients
        err.backward()  # backward
        adam.step()  # update
        loss_acc += err
        flagged = out > 0.5
        # print(flagged)
        # print(tgt)
        if last:
            with open("data/DNN_NIDS_result.csv", "a") as fh:
                for v in flagged:
                    if v:
                        fh.write('1' + '\n')
                    else:
                        fh.write('0' + '\n')
                # fh.write(",".join([str(u) for u in v])+"\n")
            for r in range(xb.shape[0]):
                if tgt[r] == 1 and out[r] <= 0.5:
                    # print(xb[r])
                    missed.append(xb[r].detach().cpu().numpy())
                if tgt[r] == 1 and out[r] > 0.5:
                    # print(xb[r])
                    caught.append(xb[r].detach().cpu().numpy())

        step += 1
        hits += (flagged == tgt).sum().item()
        seen += flagged.shape[0]
        # print(hits, seen)
    if last:
        print("missed attacks:", len(missed))
        missed = np.array(missed)
        np.save('data/time1_fail_DNN.npy', missed)
        print("caught attacks:", len(caught))
        caught = np.array(caught)
        np.save('data/time1_success_DNN.npy', caught)
    mean_loss = loss_acc / (step + 1)
    # print(f"accuracy {hits / seen}")
    print('epoch {}\t acc {}/{} ({:.6f}%)\t loss {:.6f}'.format(ep + 1, hits, seen, (hits / seen)*100,
                                                                         mean_loss.item()))


def check(net, loader):
    net.eval()
    loss_acc = 0
    hits = 0
    seen = 0
    with torch.no_grad():
        step = 0
        for batch in loader:
            xb, yb = batch
            tgt = yb.float().unsqueeze(1)
            adam.zero_grad()
            out = net(xb)
            loss_acc += bce(out, tgt)
            flagged = out > 0.5
            hits += (flagged == tgt).sum().item()
            seen += flagged.shape[0]
            step += 1
        loss_acc /= (step + 1)
        print('held-out: mean loss {:.4f}, acc {}/{} ({:.6f}%)\n'.format(
            loss_acc, hits, seen, 100. * hits / seen))


if __name__ == '__main__':
    resume = False
    do_train = True
    done = False
    while not done:
        print("options:")
        print("\t1: train from scratch")
        print("\t2: resume training")
        print("\t3: evaluate only")
        pick = input("choose: ")
        if pick == '1':
            resume = False
            do_train = True
            done = True
        if pick == '2':
            resume = True
            do_train = True
            done = True
        if pick == '3':
            resume = True
            do_train = False
            done = True

    ckpt_dir = "saved_model/"
    dl_tr = DataLoader(Dataset("../data/cic_2017/data_sets/0.1_train_set.csv",start=0,len=20000),
                          batch_size=32, shuffle=False)
    dl_te = DataLoader(Dataset("../data/cic_2017/data_sets/0.1_test_set.csv"),
                         batch_size=32, shuffle=False)
    # fresh training
    if not resume and do_train:
        print(clf)
        last = False
        frac = 0.1
        for e in range(n_epochs):  # epochs
            print('epoch %d' % (e + 1))
            dl_tr = DataLoader(Dataset("../data/cic_2017/data_sets/1.0_train_set.csv"),
                                  batch_size=32, shuffle=False)
            dl_te = DataLoader(Dataset("../data/cic_2017/data_sets/1.0_test_set.csv"), batch_size=32, shuffle=False)
            if e == n_epochs - 1:
                last = True
            # for r in range(5):
            run_epoch(clf, dl_tr, e, last)
            check(clf, dl_te)

            snap = {'model': clf.model.state_dict(), 'optimizer': adam.state_dict(), 'end_epoch': e + 1,
                     'epoch': n_epochs}
            torch.save(snap, ckpt_dir + "time1_NIDS_DNN.pt")
            # torch.save(snap, ckpt_dir + str(frac) + "_epoch5_NIDS_DNN.pt")
            frac += 0.1
        # torch.save(clf.model.state_dict(), "NIDS_DNN.pt")
        print('---------- training finished ----------\n\n')

    # resume training
    elif resume and do_train:
        ckpt_file = ckpt_dir + "NIDS_DNN.pt"
        if os.path.exists(ckpt_file):
            saved = torch.load(ckpt_file)
            clf.model.load_state_dict(saved['model'])
            adam.load_state_dict(saved['optimizer'])
            first_ep = saved['end_epoch']
            n_epochs = saved['epoch']
            last = False
            for e in range(first_ep, first_ep + n_epochs):  # epochs
                print('epoch %d' % (e + 1))
                if e == first_ep + n_epochs - 1:
                    last = True
                run_epoch(clf, dl_tr, e, last)
                check(clf, dl_te)

            snap = {'model': clf.model.state_dict(), 'optimizer': adam.state_dict(), 'end_epoch': e + 1,
                     'epoch': n_epochs}
            torch.save(snap, ckpt_dir + str(e + 1) + "_NIDS_DNN.pt")
            torch.save(snap, ckpt_dir + "NIDS_DNN.pt")
            # torch.save(clf.model.state_dict(), "NIDS_DNN.pt")
            print('---------- resumed training finished ----------\n\n')
        else:
            first_ep = 0
            print('no checkpoint found, train from scratch first')

    # evaluation
    elif resume and not do_train:
        ckpt_file = ckpt_dir + "NIDS_DNN.pt"
        if os.path.exists(ckpt_file):
            saved = torch.load(ckpt_file)
            clf.model.load_state_dict(saved['model'])
            adam.load_state_dict(saved['optimizer'])
            first_ep = saved['end_epoch']
            n_epochs = saved['epoch']
            check(clf, dl_te)
        else:
            first_ep = 0
            print('no checkpoint found, train from scratch first')
