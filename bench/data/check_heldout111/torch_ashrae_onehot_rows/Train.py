from ASHRAEDataset import MeterRows
import torch
import Models as models
from torch.utils import data
import warnings
import math
from torch import nn
from torch import optim
import numpy as np
from tensorboardX import SummaryWriter
from NetworkUtils import save_model, load_model, pearson_correlation, pearsons_of_each_variable, RMSLELoss
from torch.utils.data import DataLoader
import time
import os

def fit_one_epoch(model, data, epoch, criterion, optimizer, device = 'cuda:0', verbose = False, writer=None, report_every=20000):
    model.train()
    loss_hist = []
    corr_hist = []
    n_batches = len(data)
    t_mark = time.time()
    for b, (feat,label) in enumerate(data):
        feat = feat.to(device)
        label = label.to(device)
        yhat = model(feat)[...,0]
        l = criterion(yhat, label)
        optimizer.zero_grad()
        l.backward()
        optimizer.step()
        loss_hist.append(l.item())
        corr = pearson_correlation(x=yhat, y=label).item()
        corr_hist.append(corr)
        if verbose and b % report_every == 0:
            dt = time.time()-t_mark
            frac_done = b/n_batches
            eta = (dt*(n_batches/report_every))*(1-frac_done)
            pick_a = np.random.randint(0, 2)
            pick_b = np.random.randint(4, 8)
            pick_c = np.random.randint(2, 4)
            print('fit batch {0}/{1} ({2}%) ep {3}: loss {4} r {5} sd {6} | {7}/{8} {9}/{10} {11}/{12} | eta {13}:{14}'.
                  format(b,n_batches, int((frac_done)*100), epoch, np.round(l.item(),3), np.round(corr,3),
                         np.round(torch.std(yhat).item(),2), np.round(yhat[pick_a].item(),2),
                         np.round(label[pick_a].item(),2),np.round(yhat[pick_b].item(),2),
                         np.round(label[pick_b].item(),2),np.round(yhat[pick_c].item(),2),
                         np.round(label[pick_c].item(),2),
                         int(eta/60),int(eta)%60))
            t_mark = time.time()
    avg_loss = np.mean(np.array(loss_hist))
    avg_corr = np.mean(np.array(corr_hist))
    if writer is not None:
        writer.add_scalar('fit/loss', avg_loss, epoch)
        writer.add_scalar('fit/pearson', avg_corr, epoch)
    print('epoch {0} fit: loss {1} pearson {2}'.format(epoch, np.round(avg_loss,4), np.round(avg_corr,3)))

def check_holdout(model, data, epoch, criterion, device = 'cuda:0', writer=None):
    model.eval()
    loss_hist = []
    corr_hist = []
    with torch.no_grad():
        for b, (feat,label) in enumerate(data):
            feat = feat.to(device)
            label = label.to(device)
            yhat = model(feat)[...,0]
            l = criterion(yhat, label)
            loss_hist.append(l.item())
            corr = pearson_correlation(x=label, y=yhat).item()
            corr_hist.append(corr)
    avg_vloss = np.mean(loss_hist)
    avg_vcorr = np.mean(np.array(corr_hist))
    if writer is not None:
        writer.add_scalar('val/loss', avg_vloss, epoch)
        writer.add_scalar('val/pearson', avg_vcorr, epoch)
    print('epoch {0} val: loss {1} (sd {2}) pearson {3}'.format(epoch, np.round(avg_vloss,4),
                                                                                np.round(np.std(np.array(loss_hist)),3),
                                                                                np.round(avg_vcorr,3)))

def predict_all(model, data, batch_size, device = 'cuda:0', verbose=True, report_every=200):
    model.eval()
    n_batches = len(data)
    t_mark = time.time()
    all_preds = torch.zeros((len(data.dataset)),device=device)

    with torch.no_grad():
        for b, (feat,_) in enumerate(data):
            feat = feat.to(device)
            yhat = model(feat)[...,0]
            all_preds[b * batch_size:(b + 1) * batch_size] = yhat
            if verbose and b % report_every == 0:
                dt = time.time() - t_mark
                frac_done = b / n_batches
                eta = (dt * (n_batches / report_every)) * (1 - frac_done)
                print('predict batch {0}/{1} ({2}%), eta {3}:{4}'.
                      format(b, n_batches, int((frac_done) * 100),
                             int(eta / 60), int(eta) % 60))
                t_mark = time.time()
    return all_preds.detach().cpu().numpy()

def fit_model(lr=0.01,mom = 0.9, gpu_idx = 0, n_epochs = 500, file_name='run',
                 charge=None, save = True, batch_size = 128, save_every=3):


    device = 'cuda:' + str(gpu_idx) if torch.cuda.is_available() else 'cpu'
    if device == 'cpu':
        warnings.warn(message="no GPU found, running on CPU", category=ResourceWarning)



    model = models.ThreeLayerMixRegressorRSR()
    if charge is not None:
        model = load_model(model=model,file_name=charge)
    model = model.to(device)


    criterion = RMSLELoss()
    optimizer = optim.Adam(model.parameters(), lr=lr)


    rows = MeterRows(erase_nans=False)
    n_fit, n_val = int(math.ceil(0.95 * len(rows))), int(math.ceil(0.04 * len(rows)))
    fit_model, val_part, rest = data.random_split(rows, (n_fit,
                                                          n_val,
                                                          len(rows)-n_fit-n_val))

    fit_model = DataLoader(fit_model, batch_size=batch_size, shuffle=True, num_workers=1, pin_memory=True)
    val_part = DataLoader(val_part, batch_size=batch_size, shuffle=True, num_workers=1, pin_memory=True)





    writer = SummaryWriter(comment=file_name)
    print('training starts')
    print("batch size = " + str(batch_size))
    print("device = " + device)



    for b in range(n_epochs):
        fit_one_epoch(model=model, data=fit_model, criterion=criterion, optimizer=optimizer, epoch=b, device=device,
                   writer=writer, verbose=True)
        check_holdout(model=model, data=val_part, criterion=criterion, epoch=b, device=device, writer=writer)
        if save and b%save_every==0:
            writer.flush()
            model = model.cpu()
            save_model(model=model,file_name=file_name)
            model = model.to(device)
    writer.close()

def write_submission(model_to_charge, gpu_idx = 0, batch_size=2000):

    device = 'cuda:' + str(gpu_idx) if torch.cuda.is_available() else 'cpu'
    if device == 'cpu':
        warnings.warn(message="no GPU found, running on CPU", category=ResourceWarning)



    model=models.FourLayerSigmoidRegressor()
    model = load_model(model=model, file_name=model_to_charge)
    model = model.to(device)


    rows = MeterRows(charge_train=True, charge_test=True)
    rows.charge = 'Test'

    rows = DataLoader(rows, batch_size=batch_size, shuffle=False, num_workers=1, pin_memory=True)


    print('predicting')
    print("batch size = " + str(batch_size))
    print("device = " + device)

    raw_preds = predict_all(model=model,data=rows, batch_size=batch_size, device=device)
    table = np.zeros(shape=(len(raw_preds),2), dtype=np.float64)
    table[...,0] = np.arange(0,len(table), dtype=np.float64)
    table[...,1] = raw_preds

    np.savetxt('./Submisions/submision_'+model_to_charge[:-len('.pth')]+'.csv',table,delimiter=',',
               fmt=['%u','%1.4f'],header='row_id,meter_reading')

