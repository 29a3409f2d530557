from torch.utils.data import DataLoader
from torchvision import transforms as T
from torchvision import datasets
import cfg_intel as cfg
import os


def build_transforms(train=True):

    norm = T.Normalize(mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225])

    if train:
        return T.Compose([T.Resize((cfg.HEIGHT, cfg.WIDTH)),
                          T.RandomHorizontalFlip(p=0.3),
                          T.ToTensor(),
                          norm])
    else:
        return T.Compose([T.Resize((cfg.HEIGHT, cfg.WIDTH)),
                          T.ToTensor(),
                          norm])
    

def make_loaders():
    
    fit_tf = build_transforms(train=True)
    eval_tf = build_transforms(train=False)

    fit_dir = os.path.join(cfg.DATA_ROOT, 'seg_train/seg_train/')
    eval_dir = os.path.join(cfg.DATA_ROOT, 'seg_test/seg_test/')

    fit_set = datasets.ImageFolder(root=fit_dir, transform=fit_tf)
    eval_set = datasets.ImageFolder(root=eval_dir, transform=eval_tf)

    pin = cfg.DEVICE == 'cuda'
    fit_loader = DataLoader(dataset=fit_set, batch_size=cfg.BATCH, shuffle=True, num_workers=cfg.WORKERS, pin_memory=pin)
    eval_loader = DataLoader(dataset=eval_set, batch_size=cfg.BATCH, shuffle=False, num_workers=cfg.WORKERS, pin_memory=pin)

    return fit_loader, eval_loader