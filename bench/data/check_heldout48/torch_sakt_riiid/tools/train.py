import torch
from tqdm import tqdm
from sklearn.metrics import roc_auc_score
import torch.nn as nn
import numpy as np

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def unpack(batch):
    x = batch[0].to(device).long()
    nxt = batch[1].to(device).long()
    y = batch[2].to(device).float()
    keep = (nxt != 0)
    return x, nxt, y, keep

def record(bar, losses, loss, logits, y, n_right, n_seen, ys, ps):
    losses.append(loss.item())
    guess = (torch.sigmoid(logits) >= 0.5).long()
    n_right += (guess == y).sum().item()
    n_seen += len(y)
    ys.extend(y.view(-1).data.cpu().numpy())
    ps.extend(logits.view(-1).data.cpu().numpy())
    bar.set_description('loss - {:.4f}'.format(loss))
    return n_right, n_seen

def fit_one_epoch(model, dataloader, optim, criterion, scheduler, device="cpu"):
    model.train()

    losses = []
    n_right = 0
    n_seen = 0
    ys = []
    ps = []

    bar = tqdm(dataloader)
    for batch in bar:
        # past, next question, target: (batch, seq)
        past, nxt, y, keep = unpack(batch)

        optim.zero_grad()
        logits, _ = model(past, nxt)

        logits = torch.masked_select(logits, keep)
        y = torch.masked_select(y, keep)

        loss = criterion(logits, y)
        loss.backward()
        optim.step()
        scheduler.step()

        bar.set_description('loss - {:.4f}'.format(loss))


def check_one_epoch(model, val_iterator, criterion, device="cpu"):
    model.eval()

    losses = []
    n_right = 0
    n_seen = 0
    ys = []
    ps = []

    bar = tqdm(val_iterator)
    for batch in bar:
        x, nxt, y, keep = unpack(batch)

        with torch.no_grad():
            logits, attn = model(x, nxt)

        logits = torch.masked_select(logits, keep)
        y = torch.masked_select(y, keep)

        loss = criterion(logits, y)

        n_right, n_seen = record(bar, losses, loss, logits, y, n_right, n_seen, ys,
                                               ps)

    acc = n_right / n_seen
    auc = roc_auc_score(ys, ps)
    loss = np.average(losses)

    return loss, acc, auc

def do_train(model,train_dataloader,val_dataloader,EPOCHS, LR, MODEL_PATH):
    optimizer = torch.optim.Adam(model.parameters(), lr=LR)
    criterion = nn.BCEWithLogitsLoss()
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=LR,
                                                    steps_per_epoch=len(train_dataloader), epochs=EPOCHS)
    model.to(device)
    criterion.to(device)
    top_auc = 0.0
    for ep in range(EPOCHS):
        fit_one_epoch(model, train_dataloader, optimizer, criterion, scheduler, device)
        v_loss, v_acc, v_auc = check_one_epoch(model, val_dataloader, criterion, device)
        print(f"epoch - {ep + 1} val_loss - {v_loss:.3f} acc - {v_acc:.3f} auc - {v_auc:.3f}")
        if top_auc < v_auc:
            print(f'epoch - {ep + 1} new best, val auc: {v_auc}')
            top_auc = v_auc
            torch.save(model.state_dict(), MODEL_PATH)
