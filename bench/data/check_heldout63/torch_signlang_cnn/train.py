import os
import cv2
import numpy as np
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from conv_neural_net import ConvolutionalNeuralNetwork
from string import ascii_lowercase
from metrics import *
from torch.optim import lr_scheduler
from tqdm import tqdm

on_laptop = True if os.getenv('JUPYTERHUB_USER') is None else False
DATA_DIR = "."

if on_laptop:
    nearby = "../sign_lang_train"
    if os.path.exists(nearby):
        DATA_DIR = nearby
else:
    DATA_DIR = "/data/mlproject22/sign_lang_train"


def load_table(where):
    # returns the annotation rows as an array
    rows = pd.read_csv(where, header=None).values
    return rows


class HandSignSet(Dataset):
    """Pictures of hand signs with their letters"""

    def __init__(self, csv_file, root_dir, class_index_map=None, transform=None):
        """
        Args:
            csv_file (string): annotation file name.
            root_dir (string): folder that holds the pictures.
            transform (callable, optional): extra step for each sample.
        """
        self.rows = load_table(os.path.join(root_dir, csv_file))
        self.root_dir = root_dir
        self.class_index_map = class_index_map
        self.transform = transform
        # digits first, then letters
        self.names = list(map(str, list(range(10)))) + list(ascii_lowercase)

    def __len__(self):
        """Number of rows"""
        return len(self.rows)

    def __getitem__(self, idx):
        """One picture and its class index"""
        if torch.is_tensor(idx):
            idx = idx.tolist()

        # read one grey picture from disk
        pic_file = os.path.join(self.root_dir, self.rows[idx][1])
        pic = cv2.imread(pic_file, cv2.IMREAD_GRAYSCALE)
        # add the channel axis in front
        pic = np.expand_dims(pic, 0)
        pic = pic.astype(np.float32)
        # scale to [-1, 1]
        pic = (pic - 127.5) / 127.5
        # to a tensor
        pic = torch.from_numpy(pic)

        # class index from the position of the name
        # in the list of 36 names
        target = self.names.index(self.rows[idx][0])

        item = {'image': pic, 'label': target}

        # if self.transform:
        #     item = self.transform(item)

        return item


#

def fit(net, loss_fn, opt, fit_loader, check_loader, num_epochs=25, device='cpu'):
    net.to(device)
    net.train()

    sched = lr_scheduler.StepLR(opt, step_size=7, gamma=0.1)

    fit_hist = []
    check_hist = []
    fit_acc_hist = []
    check_acc_hist = []
    names = list(map(str, list(range(10)))) + list(ascii_lowercase)

    for ep in range(num_epochs):
        net.train()
        summed = 0.0
        hits = 0
        seen = 0
        bar = tqdm(enumerate(fit_loader), total=len(fit_loader), desc=f"Epoch {ep + 1}/{num_epochs}")

        for i, item in bar:
            pics = item['image'].to(device)
            targets = item['label'].to(device)

            opt.zero_grad()
            logits = net(pics)
            loss = loss_fn(logits, targets)
            loss.backward()
            opt.step()

            summed += loss.item() * pics.size(0)
            _, guess = torch.max(logits.data, 1)
            seen += targets.size(0)
            hits += (guess == targets).sum().item()
            bar.set_postfix(loss=loss.item())

        sched.step()

        fit_loss = summed / len(fit_loader.dataset)
        fit_acc = hits / seen
        fit_hist.append(fit_loss)
        fit_acc_hist.append(fit_acc)

        net.eval()
        check_loss = 0.0
        hits = 0
        seen = 0
        with torch.no_grad():
            for item in check_loader:
                pics = item['image'].to(device)
                targets = item['label'].to(device)
                logits = net(pics)
                loss = loss_fn(logits, targets)
                check_loss += loss.item() * pics.size(0)
                _, guess = torch.max(logits.data, 1)
                seen += targets.size(0)
                hits += (guess == targets).sum().item()

        check_loss = check_loss / len(check_loader.dataset)
        check_acc = hits / seen
        check_hist.append(check_loss)
        check_acc_hist.append(check_acc)

        print(
            f'Epoch {ep + 1}/{num_epochs}, fit loss: {fit_loss:.4f}, check loss: {check_loss:.4f}, fit acc: {fit_acc:.4f}, check acc: {check_acc:.4f}')

    draw_losses(fit_hist, check_hist)
    draw_accuracies(fit_acc_hist, check_acc_hist)
    draw_confusion(net, check_loader, names, device)
    print_report(net, check_loader, names, device)

    return net


device = 'cuda' if torch.cuda.is_available() else 'cpu'
net = ConvolutionalNeuralNetwork(num_classes=36)
loss_fn = nn.CrossEntropyLoss()
opt = optim.Adam(net.parameters(), lr=0.001)

fit_set = HandSignSet('labels.csv', DATA_DIR, transform=None)

fit_loader = DataLoader(fit_set, batch_size=32, shuffle=True)

check_set = HandSignSet(csv_file="labels.csv", root_dir=DATA_DIR)
check_loader = DataLoader(check_set,
                          batch_size=64,
                          shuffle=True,
                          drop_last=True,
                          num_workers=0)
done_net = fit(net, loss_fn, opt, fit_loader, num_epochs=10, device=device,
               check_loader=check_loader)

torch.save(done_net.state_dict(), "cnn-weights.pt")
print("Done; weights written to 'cnn-weights.pt'.")
