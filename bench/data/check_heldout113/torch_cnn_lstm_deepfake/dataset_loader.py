import os
import cv2
import torch
import torch.nn as nn
from torch.utils.data import Dataset, DataLoader
from torchvision import transforms
from model import FrameRNN

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

to_input = transforms.Compose([
    transforms.ToTensor(),
    transforms.Resize((128,128))
])

class ClipFolder(Dataset):
    def __init__(self, base_dir, clip_frames=16):
        self.items = []
        self.clip_frames = clip_frames

        for tgt, sub in enumerate(["real", "fake"]):
            sub_dir = os.path.join(base_dir, sub)
            for name in os.listdir(sub_dir):
                if name.endswith(".mp4"):
                    self.items.append((os.path.join(sub_dir, name), tgt))

    def _read_clip(self, mp4_path):
        reader = cv2.VideoCapture(mp4_path)
        picked = []
        n_total = int(reader.get(cv2.CAP_PROP_FRAME_COUNT))
        gap = max(1, n_total // self.clip_frames)

        for j in range(self.clip_frames):
            reader.set(cv2.CAP_PROP_POS_FRAMES, j * gap)
            ok, img = reader.read()
            if not ok:
                break
            img = cv2.cvtColor(img, cv2.COLOR_BGR2RGB)
            img = to_input(img)
            picked.append(img)

        reader.release()

        if len(picked) < self.clip_frames:
            # repeat the final frame for short videos
            while len(picked) < self.clip_frames:
                picked.append(picked[-1])

        return torch.stack(picked)  # T x 3 x 128 x 128

    def __len__(self):
        return len(self.items)

    def __getitem__(self, idx):
        mp4_path, tgt = self.items[idx]
        clip = self._read_clip(mp4_path)
        return clip, torch.tensor(tgt, dtype=torch.float32)

ds = ClipFolder(r"D:\data\sdfvd_clips")
dl = DataLoader(ds, batch_size=2, shuffle=True)

net = FrameRNN().to(dev)
opt = torch.optim.Adam(net.parameters(), lr=0.0002)
bce = nn.BCELoss()

print("fitting ...")

for ep in range(5):
    running = 0
    for xb, yb in dl:
        xb, yb = xb.to(dev), yb.to(dev)

        pred = net(xb).squeeze()
        loss = bce(pred, yb)

        opt.zero_grad()
        loss.backward()
        opt.step()

        running += loss.item()

    print(f"ep {ep+1} | mean loss {running/len(dl):.4f}")

torch.save(net.state_dict(), r"D:\data\weights\frame_rnn.pth")
print("finished, weights written")
