import torch
from torchvision import datasets, transforms
from torch.utils.data import DataLoader


def cifar_subsets(root="./data/raw"):
    tf = transforms.Compose([
        transforms.Resize((224, 224)),                    # upscale to the ImageNet input size
        transforms.ToTensor(),                            # PIL -> float tensor in [0, 1]
        transforms.Normalize(mean=[0.485, 0.456, 0.406],  # ImageNet channel statistics
                             std=[0.229, 0.224, 0.225])
    ])
    fit_full = datasets.CIFAR10(root=root, train=True, download=True, transform=tf)
    eval_full  = datasets.CIFAR10(root=root, train=False, download=True, transform=tf)

    # first n pictures of every class only (500 fit, 100 eval)
    def first_n_per_class(ds, n_per_class):
        targets = torch.tensor(ds.targets)                                      # list of class ids -> tensor
        keep = []
        for c in range(10):                                                     # class ids 0..9
            c_idx = (targets == c).nonzero(as_tuple=True)[0][:n_per_class]      # positions of class c, cut to n
            keep.extend(c_idx.tolist())                                         # collect as plain ints
        part = torch.utils.data.Subset(ds, keep)                                # index view, no copy
        return part

    return first_n_per_class(fit_full, 500), first_n_per_class(eval_full, 100)


def cifar_loaders_vgg(batch_size=128):

    tf = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize((0.5, 0.5, 0.5), (0.5, 0.5, 0.5))
    ])

    fit_full = datasets.CIFAR10(root="./data/raw", train=True, download=True, transform=tf)
    eval_full  = datasets.CIFAR10(root="./data/raw", train=False, download=True, transform=tf)

    fit_loader = DataLoader(fit_full, batch_size=batch_size, shuffle=True)
    eval_loader  = DataLoader(eval_full,  batch_size=batch_size, shuffle=False)

    return fit_loader, eval_loader
