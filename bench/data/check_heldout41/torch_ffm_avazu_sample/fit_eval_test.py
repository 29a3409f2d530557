import torch
from sklearn.metrics import roc_auc_score
from torch.utils.data import DataLoader
from click_table import *
from Deep_Model import FieldAwareFactorizationMachineModel
from torchvision import datasets, transforms, models
import torch.optim as optim
from sklearn.model_selection import train_test_split


def one_epoch(net, opt, loader, loss_fn, dev, every=100):
    net.train()
    running = 0
    for k, (fields, clicked) in enumerate(loader):
        fields, clicked = fields.to(dev), clicked.to(dev)
        p = net(fields)
        loss = loss_fn(p, clicked.float())
        net.zero_grad()
        loss.backward()
        opt.step()
        running += loss.item()
        if (k + 1) % every == 0:
            print('    running loss:', running / every)
            running = 0


def auc_on(net, loader, dev):
    net.eval()
    truth, scores = list(), list()
    with torch.no_grad():
        for fields, clicked in loader:
            fields, clicked = fields.to(dev), clicked.to(dev)
            p = net(fields)
            truth.extend(clicked.tolist())
            scores.extend(p.tolist())
    return roc_auc_score(truth, scores)


def run(csv_path, n_epochs, step_size, batch, decay, emb):
    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

    table = ClickTable(csv_path)
    n_fit = int(len(table) * 0.8)
    n_hold = int(len(table) * 0.1)
    n_test = len(table) - n_fit - n_hold
    fit_part, hold_part, test_part = torch.utils.data.random_split(
        table, (n_fit, n_hold, n_test))
    fit_loader = DataLoader(fit_part, batch_size=batch)
    hold_loader = DataLoader(hold_part, batch_size=batch)
    test_loader = DataLoader(test_part, batch_size=batch)
    dims = table.get_field_dims()

    net = FieldAwareFactorizationMachineModel(dims, embed_dim=emb).to(dev)
    bce = torch.nn.BCELoss()
    adam = torch.optim.Adam(params=net.parameters(), lr=step_size, weight_decay=decay)

    for ep in range(n_epochs):
        one_epoch(net, adam, fit_loader, bce, dev)
        auc = auc_on(net, hold_loader, dev)
        print('epoch', ep, 'hold-out auc', auc)
    auc = auc_on(net, test_loader, dev)
    print('test auc', auc)
    return net


def main(keep=False):
    CSV = "./Data/smaller_train.csv"
    N_EPOCHS = 10
    STEP = 0.001
    BATCH = 200
    DECAY = 1e-6
    EMB = 4
    net = run(CSV, N_EPOCHS, STEP, BATCH, DECAY, EMB)

    if keep:
        name = "FFM"
        torch.save(net, f'{name}.pt')


if __name__ == "__main__":
    main()
