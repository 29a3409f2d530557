from model import GenderMLP
from torch import nn,optim
import torch
from dataset import build_loaders
from transformers import Wav2Vec2Processor, Wav2Vec2Model
in_features, train_dl, val_dl = build_loaders()
gender_model = GenderMLP(in_features)
bce_loss_fn = nn.BCELoss()  
adam_opt = optim.Adam(gender_model.parameters(), lr=0.001)
n_epochs = 20
train_loss_hist, val_loss_hist = [], []
train_acc_hist, val_acc_hist = [], []
