
import numpy as np
import time
import torch
import torch.nn as nn
import torch.nn.functional as F


class Runner:

    def run(self, n_epochs,net,train_loader,x_val,val_loader, Y_te ):

        batch_size = 50
        n_classes = 5
        criterion = nn.CrossEntropyLoss()  # loss
        opt = torch.optim.Adam(net.parameters(), lr=0.001)  # optimiser
        #net.cuda()  # to the GPU
        #criterion.cuda()  # to the GPU
        tr_hist = []
        va_hist = []
        for epoch in range(n_epochs):
            t0 = time.time()

            # training mode
            net.train()  # training flag
            mean_loss = 0.
            for i, (xb, yb) in enumerate(train_loader):
                #xb = xb.cuda()
                #yb = yb.cuda()

                # forward
                out = net(xb)

                # loss
                loss = criterion(out, yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
                mean_loss += loss.item() / len(train_loader)

            self.validate(Y_te, mean_loss, batch_size, epoch, criterion, net, n_epochs, n_classes,
                          t0, tr_hist, val_loader, va_hist, x_val)

    def validate(self, Y_te, mean_loss, batch_size, epoch, criterion, net, n_epochs, n_classes, t0,
                 tr_hist, val_loader, va_hist, x_val):
        # evaluation mode
        net.eval()  # eval flag
        mean_val_loss = 0.
        val_probs = np.zeros((len(x_val), n_classes))
        for i, (xb, yb) in enumerate(val_loader):
            out = net(xb).detach()
            mean_val_loss += criterion(out, yb).item() / len(val_loader)

            # store the probabilities

            val_probs[i * batch_size:(i + 1) * batch_size] = F.softmax(out).cpu().numpy()

            # accuracy
        val_acc = sum(val_probs.argmax(axis=1) == Y_te) / len(Y_te)
        tr_hist.append(mean_loss)
        va_hist.append(mean_val_loss)
        took = time.time() - t0
        print('Epoch {}/{} \t loss={:.4f} \t val_loss={:.4f}  \t val_acc={:.4f}  \t time={:.2f}s'.format(
            epoch + 1, n_epochs, mean_loss, mean_val_loss, val_acc, took))
        return tr_hist, va_hist, val_acc, took
