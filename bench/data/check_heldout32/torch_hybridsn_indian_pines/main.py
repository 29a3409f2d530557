from dataLoader import PatchPreparer, PinesPatchDataset
from HybridSN import SpectralSpatialNet

import torch
import torch.nn as nn
from torch.utils.data import DataLoader
from torchsummary import summary

import numpy as np
import time, sys, os

## settings shared with the data preparation
patch_size = 15
n_components = 30

if __name__ == "__main__":
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    print("running on:", device)

    n_epochs = 30
    batch_size = 20

    preparer = PatchPreparer(patch_size, n_components)
    train_X, train_y, test_img, test_label, per_class_counts = preparer.build_splits()

    train_dataset = PinesPatchDataset(train_X, train_y)
    train_loader = DataLoader(train_dataset, batch_size=batch_size, shuffle=True)
    
    model = SpectralSpatialNet(patch_size)
    summary(model, (1, n_components, patch_size, patch_size))
    
    test_img = test_img.to(device)
    test_label = test_label.to(device)
    model = model.to(device)

    optimizer = torch.optim.Adam(model.parameters() ,lr=0.001)
    criterion = nn.CrossEntropyLoss()

    train_loss_log = []
    test_loss_log = []
    test_acc_log = []

    for epoch in range(n_epochs):
        with torch.enable_grad():
            epoch_start = time.time()
            loss = None
            test_acc = 0
            for batch in train_loader:
                # forward on one mini-batch
                batch_img, batch_label, batch_idx = batch["img"].to(device), batch["label"].to(device), batch["index"]
                pred = model(batch_img)
                print(pred.shape)
                print(batch_label.shape)
                loss = criterion(pred, batch_label)
                # update the weights
                optimizer.zero_grad()
                loss.backward()
                optimizer.step()
        # evaluation on the held-out pixels
        with torch.no_grad():
            test_pred = model(test_img)
            test_loss = criterion(test_pred, test_label)
            # accuracy
            test_pred = torch.softmax(test_pred, dim=1)
            test_pred = torch.argmax(test_pred, dim=1)
            test_acc = sum(test_pred == test_label)/test_label.shape[0]
            # report
            epoch_end = time.time()
            sys.stdout.write("epoch %d of %d: train loss %f, test loss %f, test accuracy %f, %f s."%(epoch+1, n_epochs, loss.data.item(), test_loss.data.item(), test_acc.data, epoch_end-epoch_start))
            # keep the curves
            train_loss_log.append(loss.data.item())
            test_loss_log.append(test_loss.data.item())
            test_acc_log.append(test_acc.cpu())
            # checkpoint when the accuracy is the best so far
            if test_acc == max(test_acc_log):
                ckpt_dir = 'weight/'
                if not os.path.exists(ckpt_dir): os.makedirs(ckpt_dir)
                torch.save(model.state_dict(), ckpt_dir+'my_model.pth')
                print("epoch %d: checkpoint written."%(epoch))
            else:
                print("epoch %d: no improvement."%(epoch))
    
    # write the curves to disk
    curve_dir = "./result/data/"
    if not os.path.exists(curve_dir): os.makedirs(curve_dir)
    np.save(curve_dir+'loss.npy', np.asarray(train_loss_log))
    np.save(curve_dir+'test_loss.npy', np.asarray(test_loss_log))
    np.save(curve_dir+'test_acc.npy', np.asarray(test_acc_log))
    
    print("Done.")

