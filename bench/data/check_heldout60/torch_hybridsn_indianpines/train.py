import torch
from sklearn.model_selection import train_test_split
from torch import nn, optim
from sklearn.metrics import classification_report
from model.hybrid_sn import HybridSN
from dataset.cube_dataset import CubeSet
from utils.cube_utils import read_scene, pca_bands, cut_cubes
from config.settings import Settings
from utils.log_utils import record_terminal, record_timestamp


def main():
    # copy everything printed into a log file
    record_terminal('./log/run_{}.log'.format(record_timestamp().date()))

    cfg = Settings()

    # scene, PCA, windows
    cube, gt = read_scene(cfg)
    cube = pca_bands(cube, cfg.PCA_COMPONENTS)
    cube, gt = cut_cubes(cube, gt, window_size=cfg.PATCH_SIZE)
    x_tr, x_te, y_tr, y_te = train_test_split(cube, gt, test_size=cfg.TEST_RATIO, stratify=gt)

    # layout for Conv3d
    # N x C x D x H x W wanted
    # from (N, 25, 25, 30, 1)
    x_tr = x_tr.reshape(-1, cfg.PATCH_SIZE, cfg.PATCH_SIZE, cfg.PCA_COMPONENTS, 1) \
        .transpose(0, 4, 3, 1, 2)
    x_te = x_te.reshape(-1, cfg.PATCH_SIZE, cfg.PATCH_SIZE, cfg.PCA_COMPONENTS, 1) \
        .transpose(0, 4, 3, 1, 2)

    # datasets and loaders
    ds_tr = CubeSet(x_tr, y_tr)
    ds_te = CubeSet(x_te, y_te)
    dl_tr = torch.utils.data.DataLoader(ds_tr, batch_size=cfg.BATCH_SIZE, shuffle=True)
    dl_te = torch.utils.data.DataLoader(ds_te, batch_size=cfg.BATCH_SIZE)

    # network
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")
    net = HybridSN(class_num=cfg.CLASS_NUM).to(device)
    crit = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=cfg.LR)

    # training
    for ep in range(cfg.EPOCHS):
        net.train()
        running = 0
        for xb, yb in dl_tr:
            xb, yb = xb.to(device), yb.to(device)
            opt.zero_grad()
            logits = net(xb)
            loss = crit(logits, yb)
            loss.backward()
            opt.step()
            running += loss.item()
        print(f'[epoch {ep + 1}] [mean loss {running / len(dl_tr):.4f}]')

    # test
    net.eval()
    guesses = []
    with torch.no_grad():
        for xb, _ in dl_te:
            xb = xb.to(device)
            logits = net(xb)
            cls = torch.argmax(logits, dim=1).cpu().numpy()
            guesses.extend(cls)
    rep = classification_report(y_te, guesses, digits=4)
    print(rep)


# needed for worker processes on Windows
if __name__ == '__main__':
    main()
