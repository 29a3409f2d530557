import trimesh
import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader
import os
import logging

# logging
logging.basicConfig(level=logging.INFO)
log = logging.getLogger(__name__)

class MeshPointSet(Dataset):
    def __init__(self, root, split='train', n_classes=10, n_points=2048):
        self.root = root
        self.split = split
        self.n_classes = n_classes
        self.n_points = n_points
        self.names = sorted(os.listdir(os.path.join(root, f'modelnet10_{self.split}')))
        self.name_to_id = {n: i for i, n in enumerate(self.names)}
        self.items = []

        for n in self.names:
            cls_dir = os.path.join(root, f'modelnet10_{self.split}', n)
            log.info(f"scanning {cls_dir}")
            if not os.path.isdir(cls_dir):
                log.error(f"missing folder: {cls_dir}")
                continue
            log.info(f"entries of {cls_dir}: {os.listdir(cls_dir)}")
            for fname in os.listdir(cls_dir):
                if fname.endswith(".off"):
                    fpath = os.path.join(cls_dir, fname)
                    self.items.append((fpath, self.name_to_id[n]))
                    log.info(f"listed {fpath}")

        log.info(f"{len(self.items)} meshes in the {self.split} split.")

    def __len__(self):
        return len(self.items)

    def __getitem__(self, i):
        fpath, y = self.items[i]
        try:
            mesh = trimesh.load(fpath, force='mesh')
            pts = mesh.vertices
            if pts.shape[0] < self.n_points:
                # too few vertices: pad with zeros
                pad = np.zeros((self.n_points - pts.shape[0], 3))
                pts = np.concatenate([pts, pad], axis=0)
            else:
                # enough vertices: random subset
                pts = pts[np.random.choice(pts.shape[0], self.n_points, replace=False), :]
            pts = self.unit_sphere(pts)
            return torch.tensor(pts, dtype=torch.float32), torch.tensor(y, dtype=torch.long)
        except Exception as e:
            log.error(f"could not read {fpath}: {e}")
            # placeholder sample
            return torch.tensor([[0, 0, 0]], dtype=torch.float32), torch.tensor(0, dtype=torch.long)

    def unit_sphere(self, pts):
        c = np.mean(pts, axis=0)
        pts = pts - c
        r = np.max(np.sqrt(np.sum(pts**2, axis=-1)))
        pts = pts / r
        return pts

def make_loaders(root, n_classes=10, n_points=2048, batch_size=32, num_workers=4):
    tr_set = MeshPointSet(root, split="train", n_classes=n_classes, n_points=n_points)
    te_set = MeshPointSet(root, split="test", n_classes=n_classes, n_points=n_points)

    tr_loader = DataLoader(tr_set, batch_size=batch_size, shuffle=True, num_workers=num_workers)
    te_loader = DataLoader(te_set, batch_size=batch_size, shuffle=False, num_workers=num_workers)
    return tr_loader, te_loader
