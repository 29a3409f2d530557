import pandas as pd
import numpy as np
import torch
from bert_model import BertConvClassifier
from MyDataSet import IntentDataset
from torch.utils.data import DataLoader
from transformers import BertTokenizer
from sklearn.metrics import accuracy_score
TRAIN_CSV = './data/train_data.csv'
DEV_CSV = './data/dev.csv'
bert_model_name = './rbt3'
max_length = 64
batch_size = 16
n_filters = 256
n_intents = 16
n_epochs = 10
kernel_heights = [3,4,5]
print_every = 10
ckpt_path = './checkpoint/bert_model.pt'
lr = 5e-6
device = 'cuda'
class PatienceStopper:
    def __init__(self, patience=10, verbose=False, delta=0):
        self.patience = patience
        self.verbose = verbose
        self.delta = delta
        self.bad_rounds = 0
        self.best_score = None
        self.should_stop = False
        self.val_loss_min = np.Inf

    def __call__(self, val_score):
        if self.best_score is None:
            self.best_score = val_score
        elif val_score < self.best_score + self.delta:
            self.bad_rounds += 1
            if self.bad_rounds >= self.patience:
                self.should_stop = True
        else:
            self.best_score = val_score
            self.bad_rounds = 0
        if self.verbose:
            print(f'rounds without improvement: {self.bad_rounds} of {self.patience}')
        return self.should_stop
if __name__ == "__main__":
    train_df = pd.read_csv(TRAIN_CSV)
    dev_df = pd.read_csv(DEV_CSV)
    tokenizer = BertTokenizer.from_pretrained(bert_model_name)
    train_dataset = IntentDataset(train_df,tokenizer,max_length)
    dev_dataset = IntentDataset(dev_df,tokenizer,max_len=max_length)
    train_loader = DataLoader(train_dataset,batch_size=batch_size,shuffle=True)
    dev_loader = DataLoader(dev_dataset,batch_size=16,shuffle=False)
    model = BertConvClassifier(bert_model_name, num_filters=n_filters, filter_sizes=kernel_heights, num_classes=n_intents)
    model_on_device = model.to(device)
    # optimiser, loss and stopping rule
    stopper = PatienceStopper(patience=2, verbose=True)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    criterion = torch.nn.CrossEntropyLoss()
    for epoch in range(n_epochs):
        model.train()
        batch_idx = 0
        for batch_idx,batch in enumerate(train_loader):
            input_ids, attention_mask, labels = batch
            input_ids = input_ids.to(device)
            attention_mask = attention_mask.to(device)
            labels = labels.to(device)
            # forward pass and loss
            optimizer.zero_grad()
            outputs = model(input_ids, attention_mask)
            loss = criterion(outputs, labels)
            # backward pass and update
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            if batch_idx % print_every == 0:
                print('epoch {} [{}/{} ({:.0f}%)]\tloss {:.6f}'.format(
                    epoch, batch_idx * len(input_ids), len(train_loader.dataset),
                    100. * batch_idx / len(train_loader), loss.item()))
        model.eval()
        val_true,val_pred = [],[]
        for input_ids, attention_mask, labels in dev_loader:
            with torch.no_grad():
                input_ids = input_ids.to(device)
                attention_mask = attention_mask.to(device)
                labels = labels.to(device)
                logits = model(input_ids, attention_mask=attention_mask)
            preds = torch.argmax(logits, dim=1)
            val_true += labels.tolist()
            val_pred += preds.tolist()
        val_acc = accuracy_score(val_true, val_pred)
        print(f'epoch {epoch + 1}: dev accuracy {val_acc:.4f}')
        stopper(val_acc)
        if stopper.should_stop:
            print("stopping early")
            break
    torch.save(model.state_dict(), ckpt_path)
