import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
import torchvision.transforms as T
from PIL import Image
import os
import glob
from collections import Counter
import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.metrics import confusion_matrix, classification_report
import numpy as np
import json

class StackedFrameClips(Dataset):
    def __init__(self, data_root, part='train', tfm=None, frames_per_clip=10, as_volume=True):
        self.data_root = data_root
        self.part = part
        self.tfm = tfm
        self.frames_per_clip = frames_per_clip
        self.as_volume = as_volume
        
        # list the clip files of this split
        self.clip_files = sorted(glob.glob(f'{data_root}/videos/{part}/*/*.avi'))
        print(f"{len(self.clip_files)} clips in the {part} split")
        
        # class name -> integer id
        self.name_to_id = self._build_ids()
        self.n_classes = len(self.name_to_id)
        
        print(f"{self.n_classes} classes: {list(self.name_to_id.keys())}")
        
    def _build_ids(self):
        """Number the class folders found in the clip paths"""
        # parent folder of each clip is its class
        seen = set()
        for clip_file in self.clip_files:
            cname = clip_file.split('/')[-2]  # folder name
            seen.add(cname)
        
        seen = sorted(list(seen))
        ids = {cname: k for k, cname in enumerate(seen)}
        print(f"class ids: {ids}")
        return ids
    
    def class_names(self):
        """Class names ordered by id"""
        return [cname for cname, _ in sorted(self.name_to_id.items(), key=lambda kv: kv[1])]
    
    def __len__(self):
        return len(self.clip_files)
    
    def read_frames(self, folder):
        """Open the pre-extracted jpg frames of one clip"""
        imgs = []
        
        for k in range(1, self.frames_per_clip + 1):
            jpg = os.path.join(folder, f'frame_{k}.jpg')
            
            if not os.path.exists(jpg):
                print(f"missing frame {jpg}")
                continue
                
            try:
                im = Image.open(jpg).convert("RGB")
                imgs.append(im)
            except Exception as err:
                print(f"cannot read {jpg}: {err}")
                continue
        
        if len(imgs) == 0:
            print(f"no frames under {folder}")
            return None
            
        # pad short clips by repeating their last frame
        while len(imgs) < self.frames_per_clip:
            imgs.append(imgs[-1])
            
        return imgs
    
    def __getitem__(self, n):
        clip_file = self.clip_files[n]
        
        # class from the folder name
        cname = clip_file.split('/')[-2]
        y = self.name_to_id[cname]
        
        # matching frame folder
        folder = clip_file.replace('/videos/', '/frames/').replace('.avi', '')
        
        # decode frames
        imgs = self.read_frames(folder)
        
        if imgs is None:
            # black placeholder clip
            blank = Image.new('RGB', (112, 112), (0, 0, 0))
            imgs = [blank] * self.frames_per_clip
        
        # per-frame transforms
        if self.tfm:
            imgs = [self.tfm(im) for im in imgs]
        
        if self.as_volume:
            # stack on a time axis: [C, T, H, W]
            vol = torch.stack(imgs, dim=1)  # [C, T, H, W]
        else:
            vol = imgs
            
        return vol, y

class Plain3dNet(nn.Module):
    def __init__(self, num_classes=10, input_channels=3):
        super(Plain3dNet, self).__init__()
        
        self.c1 = nn.Conv3d(input_channels, 16, kernel_size=3, padding=1)
        self.c2 = nn.Conv3d(16, 32, kernel_size=3, padding=1)
        self.c3 = nn.Conv3d(32, 64, kernel_size=3, padding=1)
        self.c4 = nn.Conv3d(64, 128, kernel_size=3, padding=1)
        self.c5 = nn.Conv3d(128, 256, kernel_size=3, padding=1)
        
        # a norm after every conv
        self.n1 = nn.BatchNorm3d(16)
        self.n2 = nn.BatchNorm3d(32)
        self.n3 = nn.BatchNorm3d(64)
        self.n4 = nn.BatchNorm3d(128)
        self.n5 = nn.BatchNorm3d(256)
        
        # pooled head
        self.gap = nn.AdaptiveAvgPool3d((1, 1, 1))
        self.drop = nn.Dropout(0.5)
        self.head = nn.Linear(256, num_classes)
        
    def forward(self, v):
        v = F.relu(self.n1(self.c1(v)))
        v = F.relu(self.n2(self.c2(v)))
        v = F.relu(self.n3(self.c3(v)))
        v = F.relu(self.n4(self.c4(v)))
        v = F.relu(self.n5(self.c5(v)))
        
        v = self.gap(v)
        v = v.view(v.size(0), -1)
        v = self.drop(v)
        v = self.head(v)
        
        return v

class Pooled3dNet(nn.Module):
    def __init__(self, num_classes=10, input_channels=3, dropout_rate=0.3):
        super(Pooled3dNet, self).__init__()
        
        # wider spatial kernels than temporal ones
        self.c1 = nn.Conv3d(input_channels, 32, kernel_size=(3,7,7), padding=(1,3,3))
        self.c2 = nn.Conv3d(32, 64, kernel_size=(3,5,5), padding=(1,2,2))
        self.c3 = nn.Conv3d(64, 128, kernel_size=(3,3,3), padding=1)
        self.c4 = nn.Conv3d(128, 256, kernel_size=(3,3,3), padding=1)
        
        # pooling
        self.sp_pool = nn.MaxPool3d(kernel_size=(1,2,2), stride=(1,2,2))
        self.st_pool = nn.MaxPool3d(kernel_size=(2,2,2), stride=(2,2,2))
        
        # norms
        self.n1 = nn.BatchNorm3d(32)
        self.n2 = nn.BatchNorm3d(64) 
        self.n3 = nn.BatchNorm3d(128)
        self.n4 = nn.BatchNorm3d(256)
        
        # pooled MLP head
        self.gap = nn.AdaptiveAvgPool3d((1, 1, 1))
        self.f1 = nn.Linear(256, 512)
        self.f2 = nn.Linear(512, 128)
        self.f3 = nn.Linear(128, num_classes)
        self.drop = nn.Dropout(dropout_rate)
        
    def forward(self, v):
        v = F.relu(self.n1(self.c1(v)))
        v = self.sp_pool(v)
        
        v = F.relu(self.n2(self.c2(v)))
        v = self.sp_pool(v)
        
        v = F.relu(self.n3(self.c3(v)))
        v = self.st_pool(v)
        
        v = F.relu(self.n4(self.c4(v)))
        
        v = self.gap(v)
        v = v.view(v.size(0), -1)
        
        v = F.relu(self.f1(v))
        v = self.drop(v)
        v = F.relu(self.f2(v))
        v = self.drop(v)
        v = self.f3(v)
        
        return v

def train_with_patience(net, tr_loader, va_loader, n_epochs=50, lr=0.001):
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    print(f'device: {dev}')
    net.to(dev)
    
    crit = nn.CrossEntropyLoss()
    opt = torch.optim.Adam(net.parameters(), lr=lr, weight_decay=1e-4)
    
    # early-stopping state
    best_loss = float('inf')
    best_acc = 0.0
    patience = 15
    waited = 0
    warmup_epochs = 10
    
    tr_loss_hist = []
    va_loss_hist = []
    tr_acc_hist = []
    va_acc_hist = []
    
    print(f"patience {patience}, at least {warmup_epochs} epochs")
    
    for ep in range(n_epochs):
        # train
        net.train()
        run_loss = 0.0
        right = 0
        count = 0
        
        for b, (clips, ys) in enumerate(tr_loader):
            clips, ys = clips.to(dev), ys.to(dev)
            
            opt.zero_grad()
            out = net(clips)
            loss = crit(out, ys)
            
            if torch.isnan(loss):
                print(f"nan loss in batch {b}")
                continue
                
            loss.backward()
            torch.nn.utils.clip_grad_norm_(net.parameters(), max_norm=1.0)
            opt.step()
            
            run_loss += loss.item()
            _, pred = torch.max(out.data, 1)
            count += ys.size(0)
            right += (pred == ys).sum().item()
            
            if b % 20 == 0:
                print(f'epoch {ep+1} batch {b} loss {loss.item():.4f}')
        
        tr_acc = 100 * right / count
        tr_loss = run_loss / len(tr_loader)
        
        # validate
        net.eval()
        va_right = 0
        va_count = 0
        va_loss = 0.0
        
        with torch.no_grad():
            for clips, ys in va_loader:
                clips, ys = clips.to(dev), ys.to(dev)
                out = net(clips)
                loss = crit(out, ys)
                va_loss += loss.item()
                
                _, pred = torch.max(out, 1)
                va_count += ys.size(0)
                va_right += (pred == ys).sum().item()
        
        va_acc = 100 * va_right / va_count
        va_loss_mean = va_loss / len(va_loader)
        
        tr_loss_hist.append(tr_loss)
        va_loss_hist.append(va_loss_mean)
        tr_acc_hist.append(tr_acc)
        va_acc_hist.append(va_acc)
        
        better = False
        
        if va_loss_mean < best_loss:
            best_loss = va_loss_mean
            better = True
        
        if va_acc > best_acc:
            best_acc = va_acc
            torch.save(net.state_dict(), 'best_3d.pth')
            print(f"  saved new best, val acc {va_acc:.2f}%")
            better = True
        
        if better:
            waited = 0
        else:
            waited += 1
        
        print(f'epoch [{ep+1}/{n_epochs}] '
              f'train loss {tr_loss:.4f} acc {tr_acc:.2f}% '
              f'val loss {va_loss_mean:.4f} acc {va_acc:.2f}% '
              f'waited {waited}/{patience}')
        
        # stop when patience runs out
        if ep >= warmup_epochs and waited >= patience:
            print(f"\nstopping at epoch {ep+1}")
            print(f"best val acc {best_acc:.2f}%")
            break
    
    # back to the best weights
    if os.path.exists('best_3d.pth'):
        net.load_state_dict(torch.load('best_3d.pth'))
    
    return tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist

def draw_curves(tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist):
    """Loss and accuracy curves"""
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4))
    
    # loss
    a1.plot(tr_loss_hist, label='train')
    a1.plot(va_loss_hist, label='val')
    a1.set_title('loss')
    a1.set_xlabel('epoch')
    a1.set_ylabel('loss')
    a1.legend()
    a1.grid(True)
    
    # accuracy
    a2.plot(tr_acc_hist, label='train')
    a2.plot(va_acc_hist, label='val')
    a2.set_title('accuracy')
    a2.set_xlabel('epoch')
    a2.set_ylabel('accuracy (%)')
    a2.legend()
    a2.grid(True)
    
    plt.tight_layout()
    plt.savefig('curves_3d.png', dpi=300, bbox_inches='tight')
    plt.show()

def score_test_split(net, te_loader, names):
    dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')
    net.eval()
    
    print("\n" + "-"*60)
    print("TEST SPLIT")
    print("-"*60)
    
    preds_all = []
    ys_all = []
    right = 0
    count = 0
    
    with torch.no_grad():
        for b, (clips, ys) in enumerate(te_loader):
            clips, ys = clips.to(dev), ys.to(dev)
            out = net(clips)
            _, pred = torch.max(out, 1)
            
            preds_all.extend(pred.cpu().numpy())
            ys_all.extend(ys.cpu().numpy())
            
            count += ys.size(0)
            right += (pred == ys).sum().item()
            
            if b % 10 == 0:
                running = 100 * right / count
                print(f'batch {b}/{len(te_loader)} running acc {running:.2f}%')
    
    te_acc = 100 * right / count
    print(f'\ntest accuracy {te_acc:.2f}%')
    
    # confusion matrix
    cm = confusion_matrix(ys_all, preds_all)
    
    # heat map of it
    plt.figure(figsize=(12, 10))
    sns.heatmap(cm, annot=True, fmt='d', cmap='Blues', 
                xticklabels=names, yticklabels=names,
                cbar_kws={'label': 'clips'})
    
    plt.title(f'test confusion\naccuracy {te_acc:.2f}%', 
              fontsize=16, pad=20)
    plt.xlabel('predicted', fontsize=12)
    plt.ylabel('true', fontsize=12)
    plt.xticks(rotation=45, ha='right')
    plt.yticks(rotation=0)
    plt.tight_layout()
    plt.savefig('confusion_3d.png', dpi=300, bbox_inches='tight')
    plt.show()
    
    # per-class report
    print("\n" + "-"*60)
    print("PER-CLASS REPORT")
    print("-"*60)
    
    rep = classification_report(ys_all, preds_all, 
                                 target_names=names, digits=4)
    print(rep)
    
    return preds_all, ys_all, cm, te_acc

def main():
    data_root = '/data/ucf10_noleak/'

    print(f"\nin {data_root}:")
    for entry in os.listdir(data_root):
        print(f"  {entry}")
    
    H, W = 118, 118
    
    tfm = T.Compose([
        T.Resize((H, W)),
        T.ToTensor(),
        T.RandomHorizontalFlip(p=0.5),
        T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])
    ])
    
    # splits
    tr_set = StackedFrameClips(data_root=data_root, part='train', 
                                           tfm=tfm, as_volume=True)
    va_set = StackedFrameClips(data_root=data_root, part='val', 
                                         tfm=tfm, as_volume=True)
    te_set = StackedFrameClips(data_root=data_root, part='test', 
                                          tfm=tfm, as_volume=True)
    
    # class names
    names = tr_set.class_names()
    n_cls = len(names)
    
    print(f"classes: {n_cls}")
    print(f"names: {names}")
    print(f"train clips: {len(tr_set)}")
    print(f"val clips: {len(va_set)}")
    print(f"test clips: {len(te_set)}")
    
    # loaders
    tr_loader = DataLoader(tr_set, batch_size=10, shuffle=True, num_workers=0)
    va_loader = DataLoader(va_set, batch_size=10, shuffle=False, num_workers=0)
    te_loader = DataLoader(te_set, batch_size=10, shuffle=False, num_workers=0)
    
    # network sized to the class count
    net = Pooled3dNet(num_classes=n_cls)
    
    # parameter count
    n_params = sum(p.numel() for p in net.parameters())
    print(f'parameters: {n_params:,}')
    
    # dry run
    print("dry forward pass...")
    with torch.no_grad():
        probe = torch.randn(2, 3, 10, 112, 112)
        out = net(probe)
        print(f"ok, output {out.shape}")
    
    # training
    print("\n" + "-"*60)
    print("TRAINING")
    print("-"*60)
    
    tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist = train_with_patience(
        net, tr_loader, va_loader, n_epochs=100, lr=0.0001
    )
    
    print("done training")
    print(f"best val acc {max(va_acc_hist):.2f}%")
    
    # curves
    draw_curves(tr_loss_hist, va_loss_hist, tr_acc_hist, va_acc_hist)
    
    # test split
    preds, ys, cm, te_acc = score_test_split(net, te_loader, names)
    
    # final weights
    torch.save(net.state_dict(), 'final_3d.pth')
    print(f'\nsaved final_3d.pth')
    
    # summary file
    summary = {
        'train_losses': tr_loss_hist,
        'val_losses': va_loss_hist,
        'train_accuracies': tr_acc_hist,
        'val_accuracies': va_acc_hist,
        'test_accuracy': te_acc,
        'confusion_matrix': cm.tolist(),
        'class_names': names,
        'num_classes': n_cls,
        'total_parameters': n_params
    }
    
    with open('summary_3d.json', 'w') as fh:
        json.dump(summary, fh, indent=2)
    print('saved summary_3d.json')

if __name__ == '__main__':
    main()
