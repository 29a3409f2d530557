from tqdm import tqdm
import torch
import gc
import os
import numpy as np
from model import TripletNet, create_embedding_net
from dataset import QueryExtractor, VggImageRetrievalDataset
from torchvision import transforms
import torchvision.models as models
from torch.utils.data import DataLoader
import torch.optim as optim
from train import fit_triplets
from utils import plot_history
import math

def run(root, out_dir, ckpt_dir,
        which_set, resize_to, crop_to, 
        run_id,
        n_epochs, bs, samples_per_step, 
        n_workers=4, lr=5e-6, wd=1e-5):
    """
    Entry point for training the landmark retrieval embedding.
    After training, build the gallery with create_db.py and query it with infer_on_single_image.py.
    
    Arguments:
        root    : folder holding the data sets
        out_dir : folder for logs and plots (must exist)
        ckpt_dir : folder for weights (must exist)
        which_set : "oxbuild" or "paris" 
        resize_to : shorter side after resize
        crop_to : square crop
        run_id     : tag for this run's files
        n_epochs  : number of epochs
        bs  : images per batch (5 was used)
        samples_per_step : samples seen per optimiser step (64 was used)
    
    Keyword Arguments:
        n_workers : loader processes, 4 by default
        lr      : starting learning rate (5e-6)
        wd: weight decay (1e-5)

    Example:
        if __name__ == '__main__':
            run(root="./data/", out_dir="./results", ckpt_dir="./weights",
            which_set="oxbuild", resize_to=460, crop_to=448,
            run_id=3, n_epochs=10, bs=5, samples_per_step=64)
    """
    # folders
    gt_dir = os.path.join(root, which_set, "gt_files")
    img_dir = os.path.join(root, which_set, "images")

    # query lists for each split
    q_fit = QueryExtractor(gt_dir, img_dir, subset="train")
    q_val = QueryExtractor(gt_dir, img_dir, subset="valid")

    # augmentation pipelines
    mu = [0.485, 0.456, 0.406]
    sd = [0.229, 0.224, 0.225]
    aug_fit = transforms.Compose([transforms.Resize(resize_to),
                                        transforms.RandomResizedCrop(crop_to, scale=(0.8, 1.2)),                                 
                                        transforms.ColorJitter(brightness=(0.80, 1.20)),
                                        transforms.RandomHorizontalFlip(p = 0.50),
                                        transforms.RandomChoice([
                                            transforms.RandomRotation(15),
                                            transforms.Grayscale(num_output_channels=3),
                                        ]),
                                        transforms.ToTensor(), 
                                        transforms.Normalize(mean=mu, std=sd),
                                        ])

    aug_val = transforms.Compose([transforms.Resize(resize_to),
                                            transforms.CenterCrop(crop_to),                                 
                                            transforms.ToTensor(),
                                            transforms.Normalize(mean=mu, std=sd),
                                            ])

    # triplet data sets
    ds_fit = VggImageRetrievalDataset(gt_dir, img_dir, q_fit, transforms=aug_fit)
    ds_val = VggImageRetrievalDataset(gt_dir, img_dir, q_val, transforms=aug_val)

    # loaders
    fit_batches = DataLoader(ds_fit, batch_size=bs, num_workers=n_workers, shuffle=True)
    val_batches = DataLoader(ds_val, batch_size=bs, num_workers=n_workers, shuffle=False)

    # device and seeds
    has_gpu = torch.cuda.is_available()
    np.random.seed(2020)
    torch.manual_seed(2020)
    dev = torch.device("cuda" if has_gpu else "cpu")

    # backbone and triplet wrapper
    backbone = create_embedding_net()
    net = TripletNet(backbone)
    net.to(dev)

    # optimiser and schedule
    opt = optim.Adam(net.parameters(), lr=lr, weight_decay=wd)
    sched = optim.lr_scheduler.CosineAnnealingLR(opt, T_max=10)

    # log file
    log_fh =  open(os.path.join(out_dir, "log-{}.txt".format(run_id)), "w+")
    log_fh.write("== run {} ==\n".format(run_id))
    log_fh.write("set = {}, sizes = {}, {}\n".format(which_set, resize_to, crop_to))

    # batches per optimiser step
    accum_every = int(math.ceil(float(samples_per_step)/bs))
    ckpt_name = "{}-exp-{}.pth".format(which_set, run_id)
    plot_path = os.path.join(out_dir, "{}-loss-exp-{}.png".format(which_set, run_id))

    # summary before training
    print("landmark retrieval triplet training")
    print("data set\t\t:{}".format(which_set))
    print("epochs\t\t: {}".format(n_epochs))
    print("optimiser step\t\t: every {} batches ({} samples)".format(accum_every, samples_per_step))
    print("lr\t: {}".format(lr))
    print("resize, crop\t: {}, {}".format(resize_to, crop_to))
    print("device \t:", dev)

    # train
    fit_hist, val_hist = fit_triplets(net, dev, opt, sched, fit_batches, val_batches,  
                    n_epochs=n_epochs, accum_every=accum_every, ckpt_name=ckpt_name, 
                    out_dir=ckpt_dir, log_fh=log_fh)

    # close the log
    log_fh.close()

    # curves
    plot_history(fit_hist, val_hist, "Triplet Loss", plot_path, labels=["train", "validation"])

    
# if __name__ == '__main__':
#     run(root="./data/", out_dir="./results", ckpt_dir="./weights",
#         which_set="oxbuild", resize_to=460, crop_to=448,
#         run_id=3, n_epochs=10, bs=5, samples_per_step=64)
