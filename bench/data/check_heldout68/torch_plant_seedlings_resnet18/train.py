import torch
import torch.nn as nn
from torchvision.models import resnet18
# from torch.autograd import Variable
from torch.utils.data import DataLoader
from torchvision import transforms
from pathlib import Path
import copy
from tqdm import tqdm
import os

from seedling_data import SeedlingFolder
from cli_opts import read_cli

args = read_cli()             # all knobs come from the command line

EPOCHS = args.epochs        # passes over the training folder
BS = args.batch_size
STEP = args.lr                    # Adam step size
WORKERS = args.num_workers
TRAIN_DIR = '../seedlings_data/train'
CKPT_IN = args.pretrained_model_path

# build the training Dataset and its DataLoader (batch size and workers from the CLI)
def make_loader():
    # loader processes
    dl_opts = {'num_workers': WORKERS}

    # random crop + ImageNet normalisation
    aug = transforms.Compose(
        [transforms.RandomResizedCrop(224),
         transforms.ToTensor(),
         transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225))]
    )
    # folder-per-class dataset, streamed by the loader
    ds = SeedlingFolder(root_dir=Path(TRAIN_DIR), transform=aug)
    loader = DataLoader(dataset=ds, batch_size=BS,
                             shuffle=True, **dl_opts)

    return ds, loader

# ImageNet resnet18 from torch hub
def build_net(n_out):
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

    # hub weights
    net = torch.hub.load('pytorch/vision:v0.5.0',
                           'resnet18', pretrained=True)
    # head left at 1000 outputs

    # torchvision alternative
    # net = resnet18(pretrained=True)

    # optionally resume from a pickled model
    if args.pretrained_model_path is not None:
        # net.load_state_dict(torch.load(CKPT_IN))
        net = torch.load(CKPT_IN)
    
    return net

def fit_all():
    # first GPU when present
    device = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

    ds, loader = make_loader()

    # backbone or resumed model
    net = build_net(len(ds))
    net.to(device)
    # same as .to(device)

    # optimiser and objective
    opt = torch.optim.Adam(net.parameters(), lr=STEP)
    loss_fn = nn.CrossEntropyLoss()

    top_acc = 0.0
    # snapshot of the best weights so far
    best_sd = copy.deepcopy(net.state_dict())

    for ep in range(EPOCHS):
        print(f'pass {ep + 1} of {EPOCHS}')
        print('=' * len(f'pass {ep + 1} of {EPOCHS}'))

        run_loss = 0.0
        run_hits = 0
        # loader yields (images, class ids)
        for i, (xb, yb) in enumerate(tqdm(loader)):
            # older style
            # xb = Variable(xb.cuda())
            # yb = Variable(yb.cuda())

            # current style
            xb, yb = xb.to(device), yb.to(device)

            logits = net(xb)         # logits

            _, guess = torch.max(logits.data, 1)   # arg-max class
            batch_loss = loss_fn(logits, yb)       # mean CE

            opt.zero_grad()           # clear grads
            batch_loss.backward()                 # backprop
            opt.step()                # update

            run_loss += batch_loss.data * xb.size(0)
            run_hits += (guess == yb.data).sum().item()  # count of correct guesses

        run_loss = run_loss / len(ds)
        ep_acc = run_hits / len(ds)

        print(f'train loss {run_loss:.4f} | train acc {ep_acc:.4f}\n')

        if ep_acc > top_acc:
            # drop the previous best file
            if os.path.isfile(f'state_dict-{top_acc:.2f}-best_train_acc.pth'):
                os.remove(f'state_dict-{top_acc:.2f}-best_train_acc.pth')

            top_acc = ep_acc
            best_sd = copy.deepcopy(net.state_dict())

            # keep only one state_dict on disk
            # written whenever accuracy improves
            torch.save(net.state_dict(), f'state_dict-{top_acc:.2f}-best_train_acc.pth')

    net.load_state_dict(best_sd)
    # whole pickled model for the predict script
    torch.save(net, f'seedlings-{top_acc:.02f}-best_train_acc.pth')
    return net

if __name__ == '__main__':
    fit_all()

