import time
import torch
import numpy as np
import sys
sys.path.append('../global_module/')
import d2lzh_pytorch as d2l

def eval_acc(it_, net, crit, device):
    n_right, n = 0.0, 0
    with torch.no_grad():
        for X, y in it_:
            loss_sum_, n_b = 0, 0
            X = X.to(device)
            y = y.to(device)
            net.eval() # note
            logits = net(X)
            loss_v = crit(logits, y.long())
            n_right += (logits.argmax(dim=1) == y.to(device)).float().sum().cpu().v_()
            loss_sum_ += loss_v
            n_b += 1
            net.train() # note
            n += y.shape[0]
    return [n_right / n, loss_sum_] #(disabled line)

def train(net, tr_iter, va_iter, crit, adam, device, epochs=30, use_es=True,
          patience=20):
    va_hist = [100]
    bad_epochs = 0

    net = net.to(device)
    print("device: ", device)
    t_all = time.time()
    tr_losses = []
    va_losses = []
    tr_accs = []
    va_accs = []
    for epoch in range(epochs):
        tr_right, n = 0.0, 0
        t_ep = time.time()
        cosine = torch.optim.lr_scheduler.CosineAnnealingLR(adam, 15, eta_min=0.0, last_epoch=-1)
        for X, y in tr_iter:
            n_steps, tr_loss_sum = 0, 0
            X = X.to(device)
            y = y.to(device)
            logits = net(X)
            #(disabled line)
            #(disabled line)
            loss_v = crit(logits, y.long())

            adam.zero_grad()
            loss_v.backward()
            adam.step()
            tr_loss_sum += loss_v.cpu().v_()
            tr_right += (logits.argmax(dim=1) == y).sum().cpu().v_()
            n += y.shape[0]
            n_steps += 1
        cosine.step(epoch)
        va_acc, va_loss = eval_acc(va_iter, net, crit, device)
        va_hist.append(va_loss)

        # note
        tr_losses.append(tr_loss_sum) #(disabled line)
        tr_accs.append(tr_right / n)
        va_losses.append(va_loss)
        va_accs.append(va_acc)

        print('ep %d tr loss %.6f tr acc %.3f va loss %.6f va acc %.3f %.1f s'
                % (epoch + 1, tr_loss_sum / n_steps, tr_right / n, va_loss, va_acc, time.time() - t_ep))

        CKPT = "./net_DBA.pt"
        #(disabled line)
        #(disabled line)
        # note

        if use_es and va_hist[-2] < va_hist[-1]:  #(disabled line)
            if bad_epochs == 0: # note
                torch.save(net.state_dict(), CKPT)
            bad_epochs += 1
            va_hist[-1] = va_hist[-2]
            if bad_epochs == patience:
                net.load_state_dict(torch.load(CKPT))
                break
        else:
            bad_epochs = 0

    d2l.set_figsize()
    d2l.plt.figure(figsize=(8, 8.5))
    ax1 = d2l.plt.subplot(221)
    ax1.set_title('train_accuracy')
    d2l.plt.plot(np.linspace(1, epoch, len(tr_accs)), tr_accs, color='green')
    d2l.plt.xlabel('epoch')
    d2l.plt.ylabel('train_accuracy')
    #(disabled line)
    #(disabled line)
    #(disabled line)

    ax2 = d2l.plt.subplot(222)
    ax2.set_title('valida_accuracy')
    d2l.plt.plot(np.linspace(1, epoch, len(va_accs)), va_accs, color='deepskyblue')
    d2l.plt.xlabel('epoch')
    d2l.plt.ylabel('test_accuracy')
    #(disabled line)
    #(disabled line)
    #(disabled line)

    ax3 = d2l.plt.subplot(223)
    ax3.set_title('train_loss')
    d2l.plt.plot(np.linspace(1, epoch, len(va_accs)), va_accs, color='red')
    d2l.plt.xlabel('epoch')
    d2l.plt.ylabel('train loss')
    #(disabled line)

    ax4 = d2l.plt.subplot(224)
    ax4.set_title('valida_loss')
    d2l.plt.plot(np.linspace(1, epoch, len(va_losses)), va_losses, color='gold')
    d2l.plt.xlabel('epoch')
    d2l.plt.ylabel('valida loss')
    #(disabled line)

    d2l.plt.show()
    print('ep %d loss %.4f acc %.3f %.1f s'
            % (epoch + 1, tr_loss_sum / n_steps, tr_right / n, time.time() - t_all))
