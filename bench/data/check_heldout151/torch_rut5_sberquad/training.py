from data_processing import net, tok, train_set, valid_set
from torch.utils.data import DataLoader
import torch


LR = 5e-5
BS = 8
N_EPOCHS = 5


dev = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
net.to(dev)

opt = torch.optim.AdamW(net.parameters(), lr=LR)

tr_loader = DataLoader(train_set, batch_size=BS, shuffle=True)
va_loader = DataLoader(valid_set, batch_size=BS)


for ep in range(N_EPOCHS):  # fit
    net.train()
    tr_sum = 0

    for k, mb in enumerate(tr_loader):

        ids = mb['input_ids'].to(dev)
        mask = mb['attention_mask'].to(dev)
        tgt = mb['labels'].to(dev)

        opt.zero_grad()
        res = net(input_ids=ids, attention_mask=mask, labels=tgt)

        loss = res.loss
        loss.backward()
        opt.step()

        tr_sum += loss.item()

        tr_mean = tr_sum / (k + 1)
        print(f"ep {ep}; step {k + 1}/{len(tr_loader)}; mean train loss: {tr_mean:.4f}")

    net.eval()
    va_sum = 0

    with torch.no_grad():  # dev pass
        for mb in va_loader:
            ids = mb['input_ids'].to(dev)
            mask = mb['attention_mask'].to(dev)
            tgt = mb['labels'].to(dev)

            res = net(input_ids=ids, attention_mask=mask, labels=tgt)
            loss = res.loss
            va_sum += loss.item()

    va_mean = va_sum / len(va_loader)
    print(f"dev loss: {va_mean:.4f}")

    net.save_pretrained(f"QA_{ep}")
    tok.save_pretrained(f"QA_{ep}")
