from torch.utils.tensorboard import SummaryWriter
from datetime import datetime
import numpy as np
from tqdm import tqdm 
import time
import torch
import matplotlib.pyplot as plt
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
import gc
from pytorch_lightning.metrics.regression import MAE, MSE, RMSE

def train(net, fit_loader, holdout_loader, loss_fn, opt, n_epochs, log, tb_dir, out_dir, weights_file):
    tb = SummaryWriter(f'{tb_dir}{datetime.now().strftime("%m-%d-%Y_%H:%M:%S")}')

    rmse_fn = RMSE().to(dev)
    mae_fn = MAE().to(dev)

    best_holdout = np.inf
    sched_steps = 0
    # per-epoch curves for the plot
    fit_curve = []
    fit_mae_curve = []
    holdout_curve = []
    holdout_mae_curve = []
    # sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=300)
    # sched = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=1e-5, max_lr=1e-2, cycle_momentum=False)
    # epochs
    lo, hi = (144.78, 203.2)
    for ep in range(n_epochs):
        t_start = time.time()
        ep_loss = 0
        ep_mae = 0
        net.train() # switch to training behaviour
        for mb in tqdm(fit_loader):
            net.train()
            xb, yb = mb
            xb, yb = xb.float().to(dev), yb.view(-1).float().to(dev)
            pred = net(xb) # forward
            # loss = loss_fn(pred.view(-1), yb) + rmse_fn(pred.view(-1), yb) + mae_fn(pred.view(-1), yb)
            loss = rmse_fn(pred.view(-1), yb)
            # + loss_fn(pred2, yb2) # second head, unused
            ep_loss += loss.item()
            opt.zero_grad() # clear old gradients
            loss.backward() # gradients of the loss
            opt.step() # parameter update
            # sched.step()
            # tb.add_scalar('LR/lr', float(sched.get_lr()[0]), sched_steps)
            sched_steps += 1
            # torch.cuda.empty_cache()
            

            # error in centimetres
            mae = MAE()(pred.view(-1)* (hi-lo) + lo, yb* (hi-lo) + lo).item()
            ep_mae += mae
            
            # print(loss.item(), mae)
            
        ep_loss = ep_loss/len(fit_loader)
        ep_mae = ep_mae/len(fit_loader)
        fit_curve.append(ep_loss)
        fit_mae_curve.append(ep_mae)
        tb.add_scalar('MSE/fit', ep_loss, ep)
        tb.add_scalar('MAE/fit', ep_mae, ep)
        # torch.cuda.empty_cache()
        # gc.collect()

        net.eval() # inference behaviour
        with torch.no_grad(): # nothing to backpropagate here
            holdout_loss = 0
            holdout_mae = 0
            for mb in holdout_loader:
                xb, yb = mb
                xb, yb = xb.float().to(dev), yb.float().view(-1).to(dev)
                pred = net(xb)
                # loss = loss_fn(pred.view(-1), yb) + rmse_fn(pred.view(-1), yb) + mae_fn(pred.view(-1), yb)
                loss = rmse_fn(pred.view(-1), yb)
                # + loss_fn(pred2, yb2)
                holdout_loss += loss.item()
                
                # error in centimetres
                mae = MAE()(pred.view(-1)* (hi-lo) + lo, yb* (hi-lo) + lo).item()
                holdout_mae += mae
                
            holdout_loss = holdout_loss/len(holdout_loader)
            holdout_mae = holdout_mae/len(holdout_loader)
            holdout_curve.append(holdout_loss)
            holdout_mae_curve.append(holdout_mae)
            tb.add_scalar('MSE/holdout', holdout_loss, ep)
            tb.add_scalar('MAE/holdout', holdout_mae, ep)

            if holdout_loss < best_holdout:
                torch.save(net.state_dict(), out_dir+weights_file)
                log.info(f'holdout loss improved {best_holdout} -> {holdout_loss}, writing weights')
                tqdm.write(f'holdout loss improved {best_holdout} -> {holdout_loss}, writing weights')
                best_holdout = holdout_loss
        t_end = time.time()
        secs = t_end-t_start
        log.info(f'ep {ep+1:02}\tloss {ep_loss:.4f}\tMAE {ep_mae:.4f}\tholdout loss {holdout_loss:.4f}\tholdout MAE {holdout_mae:.4f}\t{secs:.2f} s')
        tqdm.write(f'\nep {ep+1:02}\tloss {ep_loss:.4f}\tMAE {ep_mae:.4f}\tholdout loss {holdout_loss:.4f}\tholdout MAE {holdout_mae:.4f}\t{secs:.2f} s\n')

    tb.close()

    plt.figure(figsize=(20,10))
    plt.title('Learning curves')

    plt.subplot(1,2,1)
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.plot(fit_curve, label='fit')
    plt.plot(holdout_curve, label='holdout')
    plt.legend()

    plt.subplot(1,2,2)
    plt.xlabel('Epoch')
    plt.ylabel('MAE')
    plt.plot(fit_mae_curve, label='fit')
    plt.plot(holdout_mae_curve, label='holdout')
    plt.legend()
    plt.savefig(out_dir + 'curves.png')
    plt.show()

def test(net, loader, log, out_dir, weights_file):
    net.load_state_dict(torch.load(out_dir+weights_file))
    truths = []
    guesses = []
    net.eval() # inference behaviour
    with torch.no_grad(): # nothing to backpropagate here
        for mb in loader:
            xb, yb = mb
            xb, yb = xb.float().to(dev), yb.float().to(dev)
            pred = net(xb) # forward
            
            guesses += pred.cpu().detach().view(-1)
            truths += yb.cpu().detach().view(-1)

    guess_t = torch.Tensor(guesses)
    truth_t = torch.Tensor(truths)

    mse = MSE()(guess_t, truth_t)
    mae = MAE()(guess_t, truth_t)
    rmse = RMSE()(guess_t, truth_t)

    print(f'\n\nFinal split :\tMSE {mse}\tMAE {mae}\tRMSE {rmse}')
    log.info(f'\n\nFinal split :\tMSE {mse}\tMAE {mae}\tRMSE {rmse}')


def inference(net, loader, split_name, log, out_dir, weights_file):
    lo, hi = (144.78, 203.2)
    net.load_state_dict(torch.load(out_dir+weights_file))
    truths = []
    guesses = []
    net.eval() # inference behaviour
    with torch.no_grad(): # nothing to backpropagate here
        for mb in loader:
            xb, yb = mb
            xb, yb = xb.float().to(dev), yb.float().to(dev)
            pred = net(xb) # forward
            
            guesses += pred.cpu().detach().view(-1)
            truths += yb.cpu().detach().view(-1)

    guess_t = torch.Tensor(guesses) * (hi-lo) + lo
    truth_t = torch.Tensor(truths) * (hi-lo) + lo

    mse = MSE()(guess_t, truth_t)
    mae = MAE()(guess_t, truth_t)
    rmse = RMSE()(guess_t, truth_t)

    print(f'\n{split_name} split :\tMSE {mse}\tMAE {mae}\tRMSE {rmse}')
    log.info(f'\n{split_name} split :\tMSE {mse}\tMAE {mae}\tRMSE {rmse}')

def attention_view(net, ds):
    lo, hi = (144.78, 203.2)
    net.eval() 
    with torch.no_grad():
        xb, height_true, gender_true, age_true, _ = ds[random.randint(0,100)]
        height_pred, gender_scores, age_pred, attn = net(xb.unsqueeze(0).to(dev))

        _, gender_pred = torch.max(gender_scores,1)
        gender_pred = gender_pred.item()
        height_pred = height_pred.cpu().numpy().reshape(-1)[0]* (hi-lo) + lo
        age_pred = age_pred.cpu().numpy().reshape(-1)[0]*100

        gender_true = gender_true
        age_true = age_true*100
        height_true = height_true* (hi-lo) + lo

        sig = xb.numpy().reshape(-1)
        # w = np.pad(attn.cpu().numpy().reshape(-1), 1)
        w = attn.cpu().numpy().reshape(-1)
        w = np.repeat(w, 161)
        # w = np.resize(w, sig.shape)
        xs = np.arange(0, len(w))
        ys = w

        # print(xs.shape, ys.shape, w.shape)


        # print(attn.shape)
        # print(gender_true, gender_pred)
        # print(age_true, age_pred)
        # print(height_true, height_pred)
        print(sig.min(), sig.max())
        
        plt.subplot(3, 1, 1)
        # plt.axhline(y=0, color='black')
        plt.axvline(x=0, color='black')
        # plt.yticks([])
        plt.plot(sig)
        # plt.plot(w*5)

        plt.subplot(3, 1, 2)
        # plt.axhline(y=0, color='black')
        plt.axvline(x=0, color='black')
        # plt.yticks([])
        plt.plot(w)
        
        plt.subplot(3, 1, 3)
        # plt.yticks([])
        span = [xs[0]-(xs[1]-xs[0])/2., xs[-1]+(xs[1]-xs[0])/2.,sig.min(),sig.max()]
        plt.imshow(ys[np.newaxis,:], cmap="plasma", aspect="auto", extent=span)
        plt.tight_layout()
        
        plt.show()
