import os
import glob
import json
import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from tqdm import tqdm

# settings
POINTS_ROOT = "./hand_points_npy"
CLIP_FRAMES = 40
MINIBATCH = 8
NUM_EPOCHS = 50
STEP_SIZE = 1e-3
LSTM_UNITS = 128
RUN_DEVICE = "cuda" if torch.cuda.is_available() else "cpu"
CKPT_FILE = "checkpoints/gesture_bilstm_norm.pth"
SCRIPTED_FILE = "checkpoints/gesture_bilstm_phone.pt"
LABELS_JSON = "checkpoints/gesture_labels.json"

os.makedirs("checkpoints", exist_ok=True)

def rescale_to_hand_box(clip):
    """
    Rescale every frame's hand points into the hand's own bounding box.
    In:  (CLIP_FRAMES, 126) = two hands x 21 points x (x, y, z)
    Out: same shape, x and y mapped into [0, 1]
    """
    rescaled = np.zeros_like(clip)
    
    for f_idx in range(clip.shape[0]):
        pose = clip[f_idx].reshape(2, 21, 3)  # hands, points, coords
        
        for which in range(2):
            pts = pose[which]  # (21, 3)
            
            # skip a hand that was not detected (all zeros)
            if np.sum(np.abs(pts)) > 0:
                px = pts[:, 0]
                py = pts[:, 1]
                pz = pts[:, 2]
                
                # box corners
                lo_x, hi_x = px.min(), px.max()
                lo_y, hi_y = py.min(), py.max()
                
                width = hi_x - lo_x
                height = hi_y - lo_y
                
                # map x and y into the box
                if width > 0:
                    pts[:, 0] = (px - lo_x) / width
                if height > 0:
                    pts[:, 1] = (py - lo_y) / height
                # depth left untouched
                
                pose[which] = pts
        
        rescaled[f_idx] = pose.reshape(126)
    
    return rescaled

# per-file keypoint clips, rescaled on the fly
class HandClipDataset(Dataset):
    def __init__(self, part):
        self.paths = []
        self.targets = []
        root = os.path.join(POINTS_ROOT, part)
        names = sorted(os.listdir(root))
        self.names = names
        
        for k, nm in enumerate(names):
            sub = os.path.join(root, nm)
            for p in glob.glob(sub + "/*.npy"):
                self.paths.append(p)
                self.targets.append(k)
        
        print(f"[{part}] {len(self.paths)} clips in {len(names)} signs")
    
    def __len__(self):
        return len(self.paths)
    
    def __getitem__(self, j):
        arr = np.load(self.paths[j]).astype(np.float32)
        
        # pad short clips, cut long ones
        if arr.shape[0] < CLIP_FRAMES:
            filler = np.zeros((CLIP_FRAMES - arr.shape[0], arr.shape[1]), dtype=np.float32)
            arr = np.vstack([arr, filler])
        else:
            arr = arr[:CLIP_FRAMES]
        
        # box normalisation
        arr = rescale_to_hand_box(arr)
        
        return torch.from_numpy(arr), torch.tensor(self.targets[j], dtype=torch.long)

# build the two splits
fit_set = HandClipDataset("train")
hold_set = HandClipDataset("test")
FEAT_DIM = 126  # 2 hands x 21 points x 3 coords

print("\nSigns:", fit_set.names)
print("Features per frame:", FEAT_DIM)

# label names for the mobile app
with open(LABELS_JSON, 'w') as fh:
    json.dump(fit_set.names, fh)
print(f"Label names written to {LABELS_JSON}")

fit_loader = DataLoader(fit_set, batch_size=MINIBATCH, shuffle=True, num_workers=0)
hold_loader = DataLoader(hold_set, batch_size=MINIBATCH, num_workers=0)

# network: bidirectional LSTM with attention pooling
class AttnBiLSTM(nn.Module):
    def __init__(self, n_in, n_hidden, n_out, p_drop=0.4):
        super().__init__()
        self.rnn = nn.LSTM(
            n_in, 
            n_hidden, 
            num_layers=2,
            batch_first=True, 
            bidirectional=True,
            dropout=p_drop
        )
        self.score = nn.Linear(n_hidden * 2, 1)
        self.drop = nn.Dropout(p_drop)
        self.head = nn.Linear(n_hidden * 2, n_out)
        self.norm = nn.BatchNorm1d(n_hidden * 2)
    
    def forward(self, seq):
        # seq: (B, T, F)
        hs, _ = self.rnn(seq)  # (B, T, 2H)
        
        # attention weights over time
        w = torch.softmax(self.score(hs), dim=1)  # (B, T, 1)
        pooled = torch.sum(w * hs, dim=1)  # (B, 2H)
        
        # norm, dropout, classifier
        pooled = self.norm(pooled)
        pooled = self.drop(pooled)
        scores = self.head(pooled)
        
        return scores


if __name__ == '__main__':
    # model and optimisation
    net = AttnBiLSTM(FEAT_DIM, LSTM_UNITS, len(fit_set.names)).to(RUN_DEVICE)
    ce = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=STEP_SIZE, weight_decay=1e-5)
    plateau = optim.lr_scheduler.ReduceLROnPlateau(opt, mode='max', factor=0.5, patience=5)

    print(f"\nTrainable weights: {sum(w.numel() for w in net.parameters()):,}")
    print(f"Device: {RUN_DEVICE}\n")

    # epochs
    top_acc = 0.0
    stale = 0
    STOP_AFTER = 15

    for ep in range(1, NUM_EPOCHS + 1):
        # fit
        net.train()
        sum_loss = 0.0
        n_right = 0
        n_seen = 0
        
        for xb, yb in tqdm(fit_loader, desc=f"ep {ep}/{NUM_EPOCHS}"):
            xb, yb = xb.to(RUN_DEVICE), yb.to(RUN_DEVICE)
            
            opt.zero_grad()
            scores = net(xb)
            l = ce(scores, yb)
            l.backward()
            
            # clip gradients
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            
            opt.step()
            
            sum_loss += l.item()
            guess = scores.argmax(dim=1)
            n_right += (guess == yb).sum().item()
            n_seen += yb.size(0)
        
        fit_acc = n_right / n_seen
        fit_loss = sum_loss / len(fit_loader)
        
        # held-out check
        net.eval()
        h_right = 0
        h_seen = 0
        h_loss = 0.0
        
        with torch.no_grad():
            for xb, yb in hold_loader:
                xb, yb = xb.to(RUN_DEVICE), yb.to(RUN_DEVICE)
                scores = net(xb)
                l = ce(scores, yb)
                h_loss += l.item()
                
                guess = scores.argmax(dim=1)
                h_right += (guess == yb).sum().item()
                h_seen += yb.size(0)
        
        hold_acc = h_right / h_seen
        hold_loss = h_loss / len(hold_loader)
        
        print(f"ep {ep:3d} | fit loss {fit_loss:.4f} | fit acc {fit_acc*100:.2f}% | "
              f"hold loss {hold_loss:.4f} | hold acc {hold_acc*100:.2f}%")
        
        # schedule on held-out accuracy
        plateau.step(hold_acc)
        
        # keep the best checkpoint
        if hold_acc > top_acc:
            top_acc = hold_acc
            stale = 0
            
            torch.save({
                'epoch': ep,
                'model_state_dict': net.state_dict(),
                'optimizer_state_dict': opt.state_dict(),
                'val_acc': hold_acc,
                'class_names': fit_set.names
            }, CKPT_FILE)
            print(f"checkpoint kept, hold acc {hold_acc*100:.2f}%")
        else:
            stale += 1
        
        # stop when stuck
        if stale >= STOP_AFTER:
            print(f"\nno progress, stopping at epoch {ep}")
            break

    print(f"\nfinished")
    print(f"best hold-out accuracy: {top_acc*100:.2f}%")

    # TorchScript export for the phone
    print("\nexporting TorchScript...")

    # reload best weights
    saved = torch.load(CKPT_FILE, map_location='cpu')
    net.load_state_dict(saved['model_state_dict'])
    net.eval()
    net.cpu()

    # trace
    dummy = torch.randn(1, CLIP_FRAMES, FEAT_DIM)
    traced = torch.jit.trace(net, dummy)

    # inference-optimised graph
    traced_fast = torch.jit.optimize_for_inference(traced)

    # write
    traced_fast.save(SCRIPTED_FILE)
    print(f"TorchScript written to {SCRIPTED_FILE}")
    print(f"export done")

    # smoke test of the export
    print("\nchecking export...")
    probe = traced_fast(dummy)
    print(f"probe output shape: {probe.shape}")
    print(f"expected: (1, {len(fit_set.names)})")
