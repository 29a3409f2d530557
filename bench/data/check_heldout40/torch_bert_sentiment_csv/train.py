import torch
from dataset import make_loaders
from model import model, criterion, optimizer

train_dl, val_dl = make_loaders()

N_EPOCHS = 3

dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

for ep in range(N_EPOCHS):

    n_right = 0
    loss_sum = 0
    n_pos = 0
    for k, batch in enumerate(train_dl):

        ids = batch["input_ids"].to(dev)
        mask = batch["attention_mask"].to(dev)
        target = batch["labels"].to(dev)

        logits = model(input_ids=ids, attention_mask=mask)
        _, guess = torch.max(logits, dim=1)
        loss = criterion(logits, target)

        n_right += torch.sum(guess == target)
        n_pos += torch.sum(target)
        loss_sum += loss.item()

        loss.backward()
        optimizer.step()
        optimizer.zero_grad()

        print(f'Epoch {ep + 1}/{N_EPOCHS} loss {loss_sum:.3f}')
        print(f'Right so far {n_right}/{n_pos}')

torch.save(model.state_dict(), 'Sentiment_Bert_3_epochs.pth')
