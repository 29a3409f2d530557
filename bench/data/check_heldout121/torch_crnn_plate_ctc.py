import torch, torch.nn as nn, torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from pathlib import Path
from PIL import Image
from charset import stoi, itos, vocab_size

IMG_W, IMG_H = 160, 48
BLANK_ID = vocab_size()  # index used as the CTC blank
DEV = "cuda" if torch.cuda.is_available() else "cpu"

class PlateCrops(Dataset):
    def __init__(self, folder):
        self.folder = Path(folder)
        self.rows = []
        with open(self.folder/"labels.txt", "r", encoding="utf-8") as fh:
            for ln in fh:
                fname, text = ln.strip().split("\t")
                self.rows.append((self.folder/fname, text))
        self.prep = transforms.Compose([
            transforms.Grayscale(),
            transforms.Resize((IMG_H, IMG_W)),
            transforms.ToTensor(),
            transforms.Normalize((0.5,), (0.5,))
        ])
    def __len__(self): return len(self.rows)
    def __getitem__(self, k):
        path, text = self.rows[k]
        pic = self.prep(Image.open(path).convert("L"))
        ids = torch.tensor([stoi[ch] for ch in text], dtype=torch.long)
        return pic, ids, text

def pad_batch(items):
    pics, ids, texts = zip(*items)
    pics = torch.stack(pics, 0)
    id_lens = torch.tensor([t.size(0) for t in ids], dtype=torch.long)
    ids = torch.cat(ids, 0)
    seq_lens = torch.full((pics.size(0),), IMG_W // 4, dtype=torch.long)
    return pics, ids, seq_lens, id_lens, texts

class PlateReader(nn.Module):
    def __init__(self, n_sym):
        super().__init__()
        self.convs = nn.Sequential(
            nn.Conv2d(1, 64, 3, 1, 1), nn.ReLU(),
            nn.MaxPool2d(2,2),
            nn.Conv2d(64, 128, 3, 1, 1), nn.ReLU(),
            nn.MaxPool2d(2,2),
            nn.Conv2d(128, 256, 3, 1, 1), nn.ReLU(),
        )
        self.rnn = nn.LSTM(256*(IMG_H//4), 256, num_layers=1, batch_first=True, bidirectional=True)
        self.head = nn.Linear(512, n_sym+1)
    def forward(self, x):
        fmap = self.convs(x)  # [B,C,H/4,W/4]
        B, C, Hq, Wq = fmap.size()
        fmap = fmap.permute(0,3,1,2).contiguous().view(B, Wq, C*Hq)
        seq,_ = self.rnn(fmap)
        seq = self.head(seq)          # [B,T,K]
        return seq.permute(1,0,2) # [T,B,K] as CTC wants

def best_path(scores):  # [T,B,K]
    best = scores.argmax(-1)
    T, B = best.shape
    outs = []
    for b in range(B):
        last = BLANK_ID
        chars = []
        for t in range(T):
            k = best[t, b].item()
            if k != BLANK_ID and k != last:
                chars.append(itos[k])
            last = k
        outs.append("".join(chars))
    return outs

def run():
    tr_set = PlateCrops("data/train")
    va_set   = PlateCrops("data/val")
    tr_loader = DataLoader(tr_set, batch_size=64, shuffle=True,  collate_fn=pad_batch)
    va_loader   = DataLoader(va_set,   batch_size=64, shuffle=False, collate_fn=pad_batch)

    net = PlateReader(vocab_size()).to(DEV)
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    ctc = nn.CTCLoss(blank=BLANK_ID, zero_infinity=True)

    for ep in range(3):
        for pics, ids, seq_lens, id_lens, _ in tr_loader:
            pics, ids, seq_lens, id_lens = pics.to(DEV), ids.to(DEV), seq_lens.to(DEV), id_lens.to(DEV)
            logp = F.log_softmax(net(pics), dim=-1)
            loss = ctc(logp, ids, seq_lens, id_lens)
            opt.zero_grad()
            loss.backward()
            opt.step()

        # exact-match accuracy on the val split
        net.eval()
        seen, hits = 0, 0
        with torch.no_grad():
            for pics, ids, seq_lens, id_lens, texts in va_loader:
                pics = pics.to(DEV)
                scores = net(pics)
                guesses = best_path(scores)
                for g, truth in zip(guesses, texts):
                    hits += int(g == truth)
                    seen += 1
        net.train()
        acc = hits / max(1, seen)
        print(f"epoch {ep+1}: loss={float(loss):.4f} val_acc={acc*100:.2f}%")

    Path("ckpts").mkdir(exist_ok=True)
    torch.save({"model": net.state_dict()}, "ckpts/crnn.pt")
    print("wrote ckpts/crnn.pt")

if __name__ == "__main__":
    run()
