from torch.utils.data import DataLoader, Dataset
import torch
import numpy as np
import torch.nn as nn
import torch.nn.functional as F
from tqdm.auto import tqdm
from sklearn.model_selection import train_test_split
from sklearn.utils.class_weight import compute_class_weight
import os
from typing import Tuple, Optional, List
import random
import albumentations as A

class S2PatchSet(Dataset):
    """Cuts scene arrays into square training pieces (views) with optional augmentation.


    """

    def __init__(
        self,
        images: np.ndarray,
        labels: np.ndarray,
        tile_px: int = 256,
        step_px: Optional[int] = 128,
        min_fg_frac: float = 0.05,
        use_aug: bool = True,
        cap_per_scene: Optional[int] = None,
    ):
        self.images = images
        self.labels = labels
        self.tile_px = tile_px
        self.step_px = step_px or tile_px
        self.min_fg_frac = min_fg_frac
        self.use_aug = use_aug
        self.cap_per_scene = cap_per_scene

        # augmentation recipe
        if self.use_aug:
            self.transform = A.Compose([
                A.RandomRotate90(p=0.5),
                A.HorizontalFlip(p=0.5),
                A.VerticalFlip(p=0.5),

                A.OneOf([
                    A.ElasticTransform(alpha=120, sigma=120 * 0.05, p=0.5),
                    A.GridDistortion(num_steps=5, distort_limit=0.3, p=0.5),
                ], p=0.3),
                A.GaussianBlur(blur_limit=(3, 7), p=0.2),
                A.RandomGamma(gamma_limit=(80, 120), p=0.3),
            ])
        self.pieces = self._cut_patches()

    def _cut_patches(self) -> List[Tuple[np.ndarray, np.ndarray]]:
        """Walk every scene with a sliding window and keep the pieces with enough labelled pixels.


        """
        pieces = []
        N, C, H, W = self.images.shape

        for scene_i in range(N):
            image = self.images[scene_i]
            label = self.labels[scene_i]

            # pieces kept for this scene
            scene_pieces = []

            for y in range(0, H - self.tile_px + 1, self.step_px):
                for x in range(0, W - self.tile_px + 1, self.step_px):
                    x_piece = image[
                        :, y : y + self.tile_px, x : x + self.tile_px
                    ]
                    y_piece = label[
                        y : y + self.tile_px, x : x + self.tile_px
                    ]

                    # skip mostly-background windows
                    if self._enough_foreground(y_piece):
                        scene_pieces.append((x_piece, y_piece))

            # optionally subsample per scene
            if (
                self.cap_per_scene
                and len(scene_pieces) > self.cap_per_scene
            ):
                scene_pieces = random.sample(scene_pieces, self.cap_per_scene)

            pieces.extend(scene_pieces)

        return pieces

    def _enough_foreground(self, y_piece: np.ndarray) -> bool:
        """True when at least min_fg_frac of the piece is non-background.

        """
        fg_count = (y_piece > 0).sum()
        n_px = y_piece.size
        return (fg_count / n_px) >= self.min_fg_frac

    def __len__(self) -> int:
        return len(self.pieces)

    def __getitem__(self, idx: int) -> Tuple[torch.Tensor, torch.Tensor]:
        x_piece, y_piece = self.pieces[idx]

        if self.use_aug:
            # albumentations wants HWC
            x_piece = np.transpose(x_piece, (1, 2, 0))
            aug_out = self.transform(image=x_piece, mask=y_piece)
            x_piece = np.transpose(aug_out["image"], (2, 0, 1))
            y_piece = aug_out["mask"]

        return (
            torch.as_tensor(x_piece, dtype=torch.float32),
            torch.as_tensor(y_piece, dtype=torch.long),
        )



class IoULossWeighted(nn.Module):
    def __init__(self, n_cls, weights=None):
        super(IoULossWeighted, self).__init__()
        self.n_cls = n_cls
        self.weights = weights

    def forward(self, pred, target):
        #
        #
        probs = F.softmax(pred, dim=1)
        onehot_t = F.one_hot(target, self.n_cls).permute(0, 3, 1, 2).float()

        inter = (probs * onehot_t).sum(dim=(2, 3))
        union = probs.sum(dim=(2, 3)) + onehot_t.sum(dim=(2, 3)) - inter

        iou = (inter + 1e-7) / (union + 1e-7)
        if self.weights is not None:
            iou = iou * self.weights

        loss_val = 1 - iou.mean()
        return loss_val
    

class LogCoshDice(nn.Module):
    def __init__(self, n_cls, cls_w=None, eps=1e-6):
        super(LogCoshDice, self).__init__()
        self.n_cls = n_cls
        self.eps = eps
        self.cls_w = cls_w

    def forward(self, pred, target):
        probs = F.softmax(pred, dim=1)
        batch_size = pred.shape[0]

        per_cls = []
        for cls in range(self.n_cls):
            p_c = probs[:, cls]
            t_c = (target == cls).float()

            inter = (p_c * t_c).sum(dim=(1, 2))
            card = p_c.sum(dim=(1, 2)) + t_c.sum(dim=(1, 2))

            dice = (2. * inter + self.eps) / (card + self.eps)
            l_c = torch.log(torch.cosh(1. - dice))

            if self.cls_w is not None:
                l_c *= self.cls_w[cls]

            per_cls.append(l_c)

        #
        loss = torch.mean(torch.stack(per_cls, dim=1))
        return loss  



class SegTrainer:
    def __init__(self, model, data,labels, crit_fn, optimizer, scheduler, epochs, tile_px=128, tile_step=128, batch_size=32):
        self.model = model
        self.data = data
        self.labels = labels
        self.epochs = epochs
        self.tile_px = tile_px
        self.batch_size = batch_size
        self.tile_step = tile_step
        self.device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
        self.crit_fn = crit_fn
        self.optimizer = optimizer
        self.scheduler = scheduler

    def make_loaders(self, holdout=0.15):
        # one random split of the scene arrays
        x_tr, x_va, y_tr, y_va = train_test_split(self.data, self.labels, test_size=holdout, random_state=42)
        ds_tr = S2PatchSet(x_tr, y_tr)
        ds_va = S2PatchSet(x_va, y_va)
        dl_tr = DataLoader(ds_tr, batch_size=self.batch_size, shuffle=True, num_workers=4)
        dl_va = DataLoader(ds_va, batch_size=self.batch_size, shuffle=False, num_workers=4)
        return dl_tr, dl_va
    
    def balanced_weights(self, flat_labels):
        classes = np.unique(flat_labels)
        weights = compute_class_weight('balanced', classes=classes, y=flat_labels)
        print("balanced weights", weights, "classes", classes)
        return torch.tensor(weights, dtype=torch.float32).to(self.device)

    def validate(self, model, loader_va, criterion):
        model.eval()
        va_loss = 0
        with torch.no_grad():
            for batch_idx, (images, targets) in enumerate(loader_va):
                images, targets = images.to(self.device), targets.to(self.device)
                outputs = model(images)
                if isinstance(outputs, tuple):
                    outputs = outputs[0]

                #
                if outputs.shape[0] != targets.shape[0]:
                    outputs = outputs.permute(0, 2, 1)
                loss = criterion(outputs, targets)
                va_loss += loss.item()

        return va_loss / len(loader_va)

    def train(self, model, n_epochs, ckpt_name,
                      warm_epochs= 5):
        self.model = model.to(self.device)
        optimizer = self.optimizer
        scheduler = self.scheduler
        criterion = self.crit_fn
        loader_tr, loader_va = self.make_loaders()
        ckpt_dir = os.getcwd() + '/checkpoints/' 

        # warm-up: gradient accumulation over 4 steps
        model.train()
        print("warm-up with accumulation")
        for epoch in range(warm_epochs):
            with tqdm(loader_tr, desc=f'warm-up {epoch+1}/5') as bar:
                for batch_idx, (images, targets) in enumerate(bar):
                    images, targets = images.to(self.device), targets.to(self.device)
                    optimizer.zero_grad()
                    outputs = model(images)
                    if isinstance(outputs, tuple):
                        outputs = outputs[0]
                    #
                    if outputs.shape[0] != targets.shape[0]:
                        outputs = outputs.permute(0, 2, 1)

                    loss = criterion(outputs, targets) / 4
                    loss.backward()

                    if (batch_idx + 1) % 4 == 0:
                        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                        optimizer.step()
                        optimizer.zero_grad()

                    bar.set_postfix({'loss': loss.item() * 4})
        optimizer.zero_grad()
        print("main schedule")
        # main phase
        best_va = float('inf')
        for epoch in range(n_epochs):
            model.train()
            tr_loss = 0
            #
            with tqdm(loader_tr, desc=f'ep {epoch+1}/{n_epochs}') as bar:
                for batch_idx, (images, targets) in enumerate(bar):
                    images, targets = images.to(self.device), targets.to(self.device)
                    optimizer.zero_grad()
                    outputs = model(images)
                    if isinstance(outputs, tuple):
                        outputs = outputs[0]


                    #
                    if outputs.shape[0] != targets.shape[0]:
                        outputs = outputs.permute(0, 2, 1)
                    loss = criterion(outputs, targets)
                    loss.backward()

                    #
                    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                    optimizer.step()

                    tr_loss += loss.item()
                    bar.set_postfix({'tr': loss.item()})

            #
            mean_tr = tr_loss / len(loader_tr)

            # validation
            va_loss = self.validate(model, loader_va, criterion)
            scheduler.step(va_loss)

            # keep the best weights
            if va_loss < best_va:
                best_va = va_loss
                torch.save(model.state_dict(), ckpt_dir + ckpt_name)

            #
            print(f'epoch {epoch+1} of {n_epochs}')
            print(f'  train {mean_tr:.4f}')
            print(f'  val {va_loss:.4f}')
            print(f'  lr {optimizer.param_groups[0]["lr"]:.6f}')
            print('-' * 50)