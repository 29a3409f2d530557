import os
import pandas as pd
import numpy as np
import torch
from sklearn.model_selection import train_test_split
import torch.optim as optim
import torch.nn as nn
from torch.utils.data import DataLoader, Dataset
import torchaudio.transforms as T
import torchvision.models as models
import matplotlib.pyplot as plt
from sklearn.metrics import f1_score 

from config import CFG
import utils
from dataset import BirdClipDataset
import models

run_device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"running on {run_device}")

utils.fix_seed()


def evaluate_net(net_model, loss_fn, loader_val):
    val_loss_acc = 0
    y_gold = []
    y_hat = []

    net_model.eval()
    net_model.mode = 'val'
    with torch.no_grad():
        for i, (val_x, val_labels) in enumerate(loader_val):
            val_x = val_x.to(run_device)
            val_labels = val_labels.to(run_device)

            val_out = net_model(val_x)
            val_batch_loss = loss_fn(val_out, val_labels)
            val_loss_acc += val_batch_loss.item()

            y_gold.append(val_labels)
            y_hat.append(val_out)
    
    y_gold = torch.cat(y_gold)
    y_hat = torch.cat(y_hat)
    y_hat = torch.sigmoid(y_hat)
    y_hat[y_hat >= CFG.binary_th] = 1
    y_hat[y_hat < CFG.binary_th] = 0
    
    val_f1_score = utils.get_f1_score(y_gold.cpu().numpy(), y_hat.cpu().numpy())

    return val_loss_acc, val_f1_score


def train_net(net_model, run_name, loader_train, loader_val):
    log = utils.get_logger(f"log_{run_name}.txt")

    n_epochs = CFG.num_epochs
    base_lr = CFG.lr

    loss_fn = nn.BCEWithLogitsLoss()
    adam_optimizer = optim.Adam(net_model.parameters(), lr=base_lr)
    cosine_sched = optim.lr_scheduler.CosineAnnealingLR(adam_optimizer, T_max=5, eta_min=1e-6)
    curve = np.zeros((0, 4))

    n_train_steps = len(loader_train)
    n_val_steps = len(loader_val)

    lowest_val_loss = 1000
    top_f1 = 0
    for epoch_i in range(n_epochs):
        train_loss_acc, val_loss_acc = 0, 0

        net_model.train()
        net_model.mode = 'train'
        for i, (batch_x, batch_labels) in enumerate(loader_train):
            batch_x = batch_x[:, :, :-2]  # drop two frames: (B, 128, 936) inputs, (B, 152) labels
            
            batch_x = batch_x.to(run_device)
            batch_labels = batch_labels.to(run_device)

            adam_optimizer.zero_grad()
            logits_out, mixed_labels = net_model(batch_x, batch_labels)
            batch_loss = loss_fn(logits_out, mixed_labels)
            batch_loss.backward()
            adam_optimizer.step()
            train_loss_acc += batch_loss.item()

            if (i + 1) % CFG.print_feq == 0:
                log.info(f'epoch {epoch_i + 1} of {n_epochs}, step {i + 1} of {n_train_steps}: mean train loss so far {train_loss_acc/(i + 1):.5f}')
        
        cosine_sched.step()
        val_loss_acc, val_f1_score = evaluate_net(net_model, loss_fn, loader_val)
        
        train_loss_acc = train_loss_acc / n_train_steps
        val_loss_acc = val_loss_acc / n_val_steps
        log.info(f'-- end of epoch {(epoch_i + 1)} of {n_epochs}: train loss {train_loss_acc:.5f}, val loss {val_loss_acc:.5f}, val F1 {val_f1_score:.5f}')
        row_stats = np.array([epoch_i + 1, train_loss_acc, val_loss_acc, val_f1_score])
        curve = np.vstack((curve, row_stats))

        if val_loss_acc < lowest_val_loss:
            lowest_val_loss = val_loss_acc
            utils.save_model(net_model, run_name+f"_best_loss")
            log.info(f"-- new lowest val loss at epoch {epoch_i + 1}: loss {val_loss_acc:.5f}, F1 {val_f1_score:.5f}, weights saved")
        if val_f1_score > top_f1:
            top_f1 = val_f1_score
            utils.save_model(net_model, run_name+f"_best_f1")
            log.info(f"-- new best val F1 at epoch {epoch_i + 1}: loss {val_loss_acc:.5f}, F1 {val_f1_score:.5f}, weights saved")

    utils.save_model(net_model, run_name+"_last")
    log.info(f"-- final weights saved after epoch {epoch_i + 1}: val loss {val_loss_acc:.5f}, val F1 {val_f1_score:.5f}")
    utils.plot_history(curve, run_name)


if __name__ == "__main__":
    meta_table = pd.read_csv(CFG.root_path + 'train_metadata.csv')
    train_rows, val_rows = train_test_split(range(0, meta_table.shape[0]), train_size=0.8, random_state=42)

    dataset_train = BirdClipDataset(meta_table.iloc[train_rows], split='train')
    dataset_val = BirdClipDataset(meta_table.iloc[val_rows], split='val')

    loader_train = DataLoader(dataset_train, batch_size=CFG.batch_size, shuffle=True)
    loader_val = DataLoader(dataset_val, batch_size=CFG.batch_size, shuffle=False)

    net_model = models.Net('resnet50').to(run_device)
    train_net(net_model, 'resnet50', loader_train, loader_val)

    # other backbones were tried the same way: a ResNet-50
    # bird head trained on its own,

    # a ResNeXt-50 head,
    # and an EfficientNet head;

    # each then went into
    # one ensemble model,

    # whose backbone weights
    
    # were all frozen
    #     (requires_grad off)

    # so that only its classifier
    #     layers were trained,

    # under the run name 'ensemble'
