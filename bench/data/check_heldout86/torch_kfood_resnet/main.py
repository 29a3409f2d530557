import torchvision.models as models
import torch.optim as optim
import torch.nn as nn
import torch
from torch.optim import lr_scheduler
import photo_reader as reader
import photo_dataset as pds
import fitting as ft
from torchvision import transforms
import sklearn
import torch.utils.data as data
import Augmentor
import torchvision
import augment_views as av

picked_dishes = {0: 'galbi_grilled',
                      1: 'hairtail_grilled'}

pipe = Augmentor.Pipeline()
pipe.rotate(probability=0.7, max_left_rotation=10, max_right_rotation=10)
pipe.zoom(probability=0.5, min_factor=1.1, max_factor=1.5)

tfm = transforms.Compose([
    pipe.torch_transform(),
    transforms.Resize((224, 224)),
    transforms.ToTensor()
])

sizes = [256]

def reader(tfm, folder, batch_size, workers):
    tree = torchvision.datasets.ImageFolder(root=folder)
    pictures = [item[0] for item in tree]
    targets = tree.targets
    print(len(pictures))
    print(len(targets))
    dset = pds.PhotoSet(pictures, targets, tfm)
    return torch.utils.data.DataLoader(dset, batch_size=batch_size, num_workers=workers)

if __name__ == "__main__":
    fit_loader = reader(tfm, './train', 1, 0)
    eval_loader = reader(tfm, './test', 1, 0)


    backbone = models.resnet18(pretrained=True)
    in_feats = backbone.fc.in_features
    # the head gets one output per dish class here,
    # which could also be written as nn.Linear(in_feats, len(dish_names)).
    backbone.fc = nn.Linear(in_feats, 3)

    loss_fn = nn.CrossEntropyLoss()

    # every parameter is handed to the optimiser
    opt = optim.Adam(backbone.parameters(), 0.001)

    # drop the learning rate by 10x every 7 epochs
    step_sched = lr_scheduler.StepLR(opt, step_size=7, gamma=0.1)
    backbone = ft.fit_model(backbone,
                              loss_fn,
                              opt,
                              step_sched,
                              1,
                              fit_loader)

    # ft.check_model(backbone,
    #                    eval_loader)

