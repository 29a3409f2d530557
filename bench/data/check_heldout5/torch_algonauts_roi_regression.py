# source: https://github.com/DandelionWow/competition_4_algonauts/blob/1ffdda9891d7a07913e520acf8e975c462fba662/dev/main.py (+ dev/train.py, valid.py, test.py, dataset.py, dataloader.py, loss.py, models/vgg16_mlp.py)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# trimmed to the vgg16_mlp branch and the prf-visualrois ROI class; the per-ROI train/validate/predict flow is unchanged
import os

import numpy as np
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision.models as tv_models
import yaml
from PIL import Image
from scipy.stats import pearsonr as corr
from torch.optim.lr_scheduler import StepLR
from torch.utils.data import DataLoader, Dataset, random_split
from torchvision import transforms


def pearson_score(truth, pred):
    out = np.zeros(truth.shape[0])
    if truth.shape[1] != 0 and pred.shape[1] != 0:
        for v in range(truth.shape[0]):
            out[v] = corr(truth[v], pred[v])[0]
    return round(out.mean(), 4)


class StimulusImages(Dataset):
    def __init__(self, img_dir, lh_path=None, rh_path=None, transform=None):
        self.img_dir = img_dir
        self.names = sorted(os.listdir(img_dir))
        self.lh = np.load(lh_path) if lh_path is not None else None
        self.rh = np.load(rh_path) if rh_path is not None else None
        self.transform = transform

    def __getitem__(self, index):
        img = Image.open(os.path.join(self.img_dir, self.names[index])).convert('RGB')
        if self.transform:
            img = self.transform(img)
        if self.lh is not None and self.rh is not None:
            return img, self.lh[index], self.rh[index]
        return img

    def __len__(self):
        return len(self.names)


clip_norm = transforms.Compose([
    transforms.Resize((224, 224)),
    transforms.ToTensor(),
    transforms.Normalize(mean=[0.48145466, 0.4578275, 0.40821073], std=[0.26862954, 0.26130258, 0.27577711]),
])


def make_loaders(cfg, subj):
    root = os.path.join(cfg['dataset_path'], subj)
    full = StimulusImages(os.path.join(root, cfg['train_imgs_dir']), os.path.join(root, cfg['lh_fmri_dir']),
                          os.path.join(root, cfg['rh_fmri_dir']), transform=clip_norm)
    n_train = int(0.9 * len(full))
    tr, va = random_split(full, [n_train, len(full) - n_train])
    test = StimulusImages(os.path.join(root, cfg['test_imgs_dir']), transform=clip_norm)
    return (DataLoader(tr, batch_size=cfg['batch_size'], shuffle=True, num_workers=4),
            DataLoader(va, batch_size=cfg['batch_size'], shuffle=False, num_workers=4),
            DataLoader(test, batch_size=cfg['batch_size'], shuffle=False, num_workers=4))


class VggHead(nn.Module):
    def __init__(self, out_dim):
        super(VggHead, self).__init__()
        self.vgg16 = tv_models.vgg16(pretrained=True)
        self.features = self.vgg16.features
        self.avgpool = nn.AdaptiveAvgPool2d((7, 7))
        self.mlp = nn.Sequential(nn.Linear(512 * 7 * 7, out_dim))

    def forward(self, x):
        y = self.avgpool(self.features(x))
        return self.mlp(torch.flatten(y, 1))


def one_epoch(model, loader, criterion, optimizer, device, epoch, side, roi_idx):
    model.train()
    run_loss = .0
    run_corr = .0
    for i, (inputs, lh, rh) in enumerate(loader):
        inputs = inputs.float().to(device)
        labels = lh if side == 'lh' else rh
        optimizer.zero_grad()
        outputs = model(inputs)
        labels = labels[:, roi_idx].to(device)
        loss = criterion(outputs, labels)
        loss.backward()
        optimizer.step()
        run_loss += loss.item()
        run_corr += pearson_score(labels.cpu().numpy(), outputs.cpu().detach().numpy())
        if (i + 1) % 10 == 0:
            print('[%d, %5d] loss %.3f corr %.3f' % (epoch + 1, i + 1, run_loss / 10, run_corr / 10))
            run_loss = 0.0
            run_corr = 0.0


def validate(model, loader, criterion, device, side, roi_idx):
    # called from inside torch.no_grad() by fit_roi
    model.eval()
    total = .0
    for i, (inputs, lh, rh) in enumerate(loader):
        inputs = inputs.float().to(device)
        labels = lh if side == 'lh' else rh
        outputs = model(inputs)
        labels = labels[:, roi_idx].to(device)
        loss = criterion(outputs, labels)
        total += pearson_score(labels.cpu().numpy(), outputs.cpu().numpy())
    return total / len(loader)


def predict(model, loader, device):
    # called from inside torch.no_grad() by predict_roi
    model.eval()
    outs = None
    for inputs in loader:
        inputs = inputs.float().to(device)
        step_out = model(inputs)
        outs = step_out if outs is None else torch.cat([outs, step_out])
    return outs


def fit_roi(model, loaders, roi_idx, roi, side, subj, device, cfg):
    model.to(device)
    criterion = nn.MSELoss()
    optimizer = optim.Adam(model.parameters(), lr=cfg['learning_rate'])
    scheduler = StepLR(optimizer, step_size=int(cfg['epochs'] / 2), gamma=0.5)
    best = -1.0
    best_epoch = 0
    for epoch in range(cfg["epochs"]):
        one_epoch(model, loaders['train'], criterion, optimizer, device, epoch, side, roi_idx)
        with torch.no_grad():
            score = validate(model, loaders['val'], criterion, device, side, roi_idx)
            if score > best:
                best_epoch = epoch
                best = score
                path = os.path.join(cfg['best_checkpoint_path'], subj)
                os.makedirs(path, exist_ok=True)
                torch.save(model.state_dict(), os.path.join(path, side + '_' + roi + '.pt'))
        if epoch - best_epoch == int(cfg['overfitting_max_epoch']):
            break


def predict_roi(model, loaders, roi, side, subj, cfg, device):
    model.load_state_dict(torch.load(os.path.join(cfg['best_checkpoint_path'], subj, side + '_' + roi + '.pt')))
    with torch.no_grad():
        return predict(model, loaders['test'], device)


def roi_indices(root, subj, sides, roi_class, device):
    mapping = np.load(os.path.join(root, subj, "roi_masks", "mapping_" + roi_class + ".npy"), allow_pickle=True).item()
    mapping.pop(0)
    idx = {}
    for side in sides:
        space = np.load(os.path.join(root, subj, 'roi_masks', side + '.' + roi_class + '_challenge_space.npy'))
        idx[side] = {}
        for code, roi in mapping.items():
            idx[side][roi] = torch.tensor(np.where(space == code)[0], dtype=torch.int64).to(device)
    return idx


def save_predictions(out_dir, lh_pred, rh_pred):
    os.makedirs(out_dir, exist_ok=True)
    np.save(os.path.join(out_dir, "lh_pred_test.npy"), lh_pred.cpu().numpy().astype(np.float32))
    np.save(os.path.join(out_dir, "rh_pred_test.npy"), rh_pred.cpu().numpy().astype(np.float32))


if __name__ == "__main__":
    with open(os.path.join(os.getcwd(), "config", "config.yaml"), 'r') as f:
        cfg = yaml.safe_load(f)
    device = torch.device(cfg["device"] if torch.cuda.is_available() else "cpu")
    sides = ["lh", "rh"]
    roi_list = ['V1v', 'V1d', 'V2v', 'V2d', 'V3v', 'V3d', 'hV4']
    for s in range(1, 9):
        subj = "subj" + format(s, "02")
        train_dl, val_dl, test_dl = make_loaders(cfg, subj)
        loaders = {'train': train_dl, 'val': val_dl, 'test': test_dl}
        idx = roi_indices(cfg['dataset_path'], subj, sides, "prf-visualrois", device)
        for roi in roi_list:
            preds = {}
            for side in sides:
                model = VggHead(len(idx[side][roi]))
                fit_roi(model, loaders, idx[side][roi], roi, side, subj, device, cfg)
                preds[side] = predict_roi(model, loaders, roi, side, subj, cfg, device)
            save_predictions(os.path.join(cfg['parent_submission_dir'], subj, roi), preds['lh'], preds['rh'])
