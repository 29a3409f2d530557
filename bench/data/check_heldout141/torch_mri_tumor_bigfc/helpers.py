import os, tarfile, gdown, torch
import torch.nn as nn
import torch.optim as optim
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms
from PIL import Image
from sklearn.metrics import accuracy_score, precision_score, recall_score
import matplotlib.pyplot as plt

# fetch the archive of scans
def fetch_archive_from_drive(drive_id='FILE_ID_PLACEHOLDER', target_dir='data'):
    """Pull a .tar.gz from Drive, unpack it, then remove the archive."""
    link = f"https://drive.google.com/uc?id={drive_id}"
    archive = "scans.tar.gz"
    print("download begins")
    gdown.download(link, archive, quiet=False)
    print(f"unpacking {archive} into {target_dir}")
    with tarfile.open(archive, "r:gz") as tf_:
        tf_.extractall(path=target_dir)
    os.remove(archive) if os.path.exists(archive) else print(f"{archive} missing")

    # report the accelerators
def pick_device():
    if torch.cuda.is_available():
        n_dev = torch.cuda.device_count()
        for d in range(n_dev):
            props = torch.cuda.get_device_properties(d)
            mem_gb = props.total_memory / 1024**3  # bytes to GiB
            print(f"device {d}: {torch.cuda.get_device_name(d)}")
            print(f"memory: {mem_gb:.2f} GB")
            print(f"allocated: {torch.cuda.memory_allocated(d) / 1024**3:.2f} GB")
            print(f"reserved: {torch.cuda.memory_reserved(d) / 1024**3:.2f} GB")
            print(f"capability: {torch.cuda.get_device_capability(d)}\n")
        return torch.device(f"cuda")
    else:
        print("running on cpu")
        return torch.device("cpu")

# write weights
def store_weights(net):
    fname = input("file name for the weights (.pth): ")
    if not fname.endswith('.pth'):
        fname += '.pth'
    torch.save(net.state_dict(), fname)
    print("weights {fname} stored")

# read weights onto a device
def restore_weights(net, dev):
    fname = input("file name of the weights to read (.pth): ")
    print(f'file: |{fname}|')
    if fname == "":
        print("nothing given, using the default file")
        fname = 'model/model.pth'
    else:
        if not fname.endswith('.pth'):
            fname += '.pth'
    # dev = pick_device()
    sd = torch.load(fname, map_location=dev, weights_only=True)
    net.load_state_dict(sd)
    net.to(dev)  # onto the device
    net.eval()
    print(f"weights {fname} on {dev}")
    return net

# folder-based MRI dataset
class ScanFolder(Dataset):
    def __init__(self, base_dir = 'data/', transform=None):
        self.base_dir = base_dir
        self.transform = transform
        self.images, self.labels = [], []
        for tgt, sub in enumerate(['no_tumor', 'tumor']):
            sub_dir = os.path.join(base_dir, sub)
            for fn in os.listdir(sub_dir):
                fp = os.path.join(sub_dir, fn)
                self.images.append(fp)
                self.labels.append(tgt)  # 1 marks a tumour
    def __len__(self):
        return len(self.images)
    def __getitem__(self, i):
        pic = Image.open(self.images[i]).convert('RGB')
        if self.transform:
            pic = self.transform(pic)
        tgt = torch.tensor(self.labels[i], dtype=torch.float32)
        return pic, tgt

# two-conv network
class TwoConvNet(nn.Module):
    def __init__(self):
        super(TwoConvNet, self).__init__()
        self.c1 = nn.Conv2d(3, 32, kernel_size=3, stride=1, padding=1)
        self.c2 = nn.Conv2d(32, 64, kernel_size=3, stride=1, padding=1)
        self.mp = nn.MaxPool2d(2, 2)
        self.d1 = nn.Linear(64 * 56 * 56, 512)
        self.d2 = nn.Linear(512, 1)
    def forward(self, z):
        z = self.mp(F.relu(self.c1(z)))
        z = self.mp(F.relu(self.c2(z)))
        z = z.view(-1, 64 * 56 * 56)
        z = F.relu(self.d1(z))
        z = torch.sigmoid(self.d2(z))
        return z

# optimisation loop
def fit(net, opt, loss_fn, fit_loader, dev, epochs=5):
    # epochs = input("epochs: ")
    print("fitting...")
    net.train()
    for ep in range(epochs):
        total = 0.0
        for xb, yb in fit_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            yb = yb.float().unsqueeze(1)  # match the output shape
            opt.zero_grad()
            out = net(xb)
            loss = loss_fn(out, yb)
            loss.backward()
            opt.step()
            total += loss.item()
        print(f'epoch {ep+1}/{epochs}, loss: {total/len(fit_loader)}')
    print("fitting done")

# metrics on a split
def score(net, eval_loader, dev):
    print("scoring...")
    net.eval()
    preds_all, tgts_all = [], []
    with torch.no_grad():
        for xb, yb in eval_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            # print(preds_all[:10], tgts_all[:10])
            out = net(xb)
            p = torch.round(out).squeeze()
            preds_all.extend(p.cpu().numpy())
            tgts_all.extend(yb.cpu().numpy())
    acc = accuracy_score(tgts_all, preds_all)
    prec = precision_score(tgts_all, preds_all)
    rec = recall_score(tgts_all, preds_all)
    print(f'acc: {acc}, precision: {prec}, recall: {rec}')
    print("scoring done")

# plain accuracy on a split
def accuracy_on(net, eval_loader, dev):
    print("accuracy pass...")
    net.eval()
    hits = 0
    seen = 0
    with torch.no_grad():
        for xb, yb in eval_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb)
            p = torch.round(out).squeeze()
            seen += yb.size(0)
            hits += (p == yb).sum().item() 
    print(f'accuracy: {hits / seen * 100:.2f}%')
    print(f'{hits} right of {seen}')
    print("accuracy pass done")

# plot a few predictions
def show_some(net, eval_loader, dev, count=5):
    print("plotting predictions...")
    net.eval()
    shown = 0
    with torch.no_grad():
        for xb, yb in eval_loader:
            xb, yb = xb.to(dev), yb.to(dev)
            out = net(xb).squeeze()
            p = torch.round(out)
            for i in range(len(xb)):
                if shown >= count:
                    return
                im = xb[i].permute(1, 2, 0).cpu().numpy()
                raw = eval_loader.dataset.dataset.images[eval_loader.dataset.indices[i]]
                raw = Image.open(raw).convert('RGB')
                t = yb[i].item()
                q = p[i].item()
                # left: file as stored
                plt.subplot(1, 2, 1)
                plt.imshow(raw)
                plt.title(f"stored: {'tumour' if t == 1 else 'clear'}")
                # right: network input
                plt.subplot(1, 2, 2)
                plt.imshow(im)
                plt.title(f"predicted: {'tumour' if q == 1 else 'clear'}")
                plt.show()
                shown += 1
    print("plotting done")
