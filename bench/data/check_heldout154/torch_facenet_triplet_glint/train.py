import numpy as np
import argparse
import os
import torch
import torch.nn as nn
import torch.optim as optim
import torchvision.transforms as transforms
from torch.nn.modules.distance import PairwiseDistance
from datasets.LFWDataset import LFWDataset
from losses.triplet_loss import TripletLoss
from datasets.TripletLossDataset import TripletFaceDataset
from validate_on_LFW import evaluate_lfw
from plot import plot_roc_lfw, plot_accuracy_lfw
from tqdm import tqdm
from models.inceptionresnetv2 import InceptionResnetV2Triplet
from models.mobilenetv2 import MobileNetV2Triplet
from models.resnet import (
    Resnet18Triplet,
    Resnet34Triplet,
    Resnet50Triplet,
    Resnet101Triplet,
    Resnet152Triplet
)


ap = argparse.ArgumentParser(description="Fitting a FaceNet facial recognition model using Triplet Loss.")
ap.add_argument('--dataroot', '-d', type=str, required=True,
                    help="(see README: help)"
                    )
ap.add_argument('--lfw', type=str, required=True,
                    help="(see README: help)"
                    )
ap.add_argument('--training_dataset_csv_path', type=str, default='datasets/glint360k.csv',
                    help="(see README: help)"
                    )
ap.add_argument('--epochs', default=150, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--iterations_per_epoch', default=5000, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--model_architecture', type=str, default="resnet34", choices=["resnet18", "resnet34", "resnet50", "resnet101", "resnet152", "inceptionresnetv2", "mobilenetv2"],
                    help="(see README: help)"
                    )
ap.add_argument('--pretrained', default=False, type=bool,
                    help="(see README: help)"
                    )
ap.add_argument('--embedding_dimension', default=512, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--num_human_identities_per_batch', default=32, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--batch_size', default=544, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--lfw_batch_size', default=200, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--resume_path', default='',  type=str,
                    help="(see README: help)"
                    )
ap.add_argument('--num_workers', default=4, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--optimizer', type=str, default="adagrad", choices=["sgd", "adagrad", "rmsprop", "adam"],
                    help="(see README: help)"
                    )
ap.add_argument('--learning_rate', default=0.075, type=float,
                    help="(see README: help)"
                    )
ap.add_argument('--margin', default=0.2, type=float,
                    help="(see README: help)"
                    )
ap.add_argument('--image_size', default=140, type=int,
                    help="(see README: help)"
                    )
ap.add_argument('--use_semihard_negatives', default=False, type=bool,
                    help="(see README: help)"
                    )
ap.add_argument('--training_triplets_path', default=None, type=str,
                    help="(see README: help)"
                    )
opts = ap.parse_args()


def set_model_architecture(model_architecture, pretrained, embedding_dimension):
    if model_architecture == "resnet18":
        model = Resnet18Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "resnet34":
        model = Resnet34Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "resnet50":
        model = Resnet50Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "resnet101":
        model = Resnet101Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "resnet152":
        model = Resnet152Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "inceptionresnetv2":
        model = InceptionResnetV2Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    elif model_architecture == "mobilenetv2":
        model = MobileNetV2Triplet(
            embedding_dimension=embedding_dimension,
            pretrained=pretrained
        )
    print("Using {} model architecture.".format(model_architecture))

    return model


def set_model_gpu_mode(model):
    flag_train_gpu = torch.cuda.is_available()
    multi_gpu = False

    if flag_train_gpu and torch.cuda.device_count() > 1:
        model = nn.DataParallel(model)
        model.cuda()
        multi_gpu = True
        print('Using multi-gpu fitting.')

    elif flag_train_gpu and torch.cuda.device_count() == 1:
        model.cuda()
        print('Using single-gpu fitting.')

    return model, multi_gpu


def set_optimizer(optimizer, model, learning_rate):
    if optimizer == "sgd":
        opt_model = optim.SGD(
            params=model.parameters(),
            lr=learning_rate,
            momentum=0.9,
            dampening=0,
            nesterov=False,
            weight_decay=1e-5
        )

    elif optimizer == "adagrad":
        opt_model = optim.Adagrad(
            params=model.parameters(),
            lr=learning_rate,
            lr_decay=0,
            initial_accumulator_value=0.1,
            eps=1e-10,
            weight_decay=1e-5
        )

    elif optimizer == "rmsprop":
        opt_model = optim.RMSprop(
            params=model.parameters(),
            lr=learning_rate,
            alpha=0.99,
            eps=1e-08,
            momentum=0,
            centered=False,
            weight_decay=1e-5
        )

    elif optimizer == "adam":
        opt_model = optim.Adam(
            params=model.parameters(),
            lr=learning_rate,
            betas=(0.9, 0.999),
            eps=1e-08,
            amsgrad=False,
            weight_decay=1e-5
        )

    return opt_model


def validate_lfw(model, lfw_dataloader, model_architecture, epoch):
    model.eval()
    with torch.no_grad():
        l2 = PairwiseDistance(p=2)
        dists, lbls = [], []

        print("Validating on LFW! ...")
        bar = enumerate(tqdm(lfw_dataloader))

        for bi, (x_a, x_b, lbl) in bar:
            x_a = x_a.cuda()
            x_b = x_b.cuda()

            e_a, e_b = model(x_a), model(x_b)
            d = l2.forward(e_a, e_b)  # ~

            dists.append(d.cpu().detach().numpy())
            lbls.append(lbl.cpu().detach().numpy())

        lbls = np.array([sl for lbl in lbls for sl in lbl])
        dists = np.array([sd for d in dists for sd in d])

        tpr, fpr, prec, rec, acc, auc_val, best_thr, \
        tar_v, far_v = evaluate_lfw(
            distances=dists,
            labels=lbls,
            far_target=1e-3
        )
        # ~
        print("Accuracy on LFW: {:.4f}+-{:.4f}\tPrecision {:.4f}+-{:.4f}\tRecall {:.4f}+-{:.4f}\t"
              "ROC Area Under Curve: {:.4f}\tBest distance threshold: {:.2f}+-{:.2f}\t"
              "TAR: {:.4f}+-{:.4f} @ FAR: {:.4f}".format(
                    np.mean(acc),
                    np.std(acc),
                    np.mean(prec),
                    np.std(prec),
                    np.mean(rec),
                    np.std(rec),
                    auc_val,
                    np.mean(best_thr),
                    np.std(best_thr),
                    np.mean(tar_v),
                    np.std(tar_v),
                    np.mean(far_v)
                )
        )
        with open('logs/lfw_{}_log_triplet.txt'.format(model_architecture), 'a') as f:
            row = [
                epoch,
                np.mean(acc),
                np.std(acc),
                np.mean(prec),
                np.std(prec),
                np.mean(rec),
                np.std(rec),
                auc_val,
                np.mean(best_thr),
                np.std(best_thr),
                np.mean(tar_v)
            ]
            line_out = '\t'.join(str(value) for value in row)
            f.writelines(line_out + '\n')

    try:
        # ~
        plot_roc_lfw(
            false_positive_rate=fpr,
            true_positive_rate=tpr,
            figure_name="plots/roc_plots/roc_{}_epoch_{}_triplet.png".format(model_architecture, epoch)
        )
        # ~
        plot_accuracy_lfw(
            log_file="logs/lfw_{}_log_triplet.txt".format(model_architecture),
            epochs=epoch,
            figure_name="plots/accuracies_plots/lfw_accuracies_{}_epoch_{}_triplet.png".format(model_architecture, epoch)
        )
    except Exception as e:
        print(e)

    return best_thr


def forward_pass(imgs, model, batch_size):
    imgs = imgs.cuda()
    emb_all = model(imgs)

    # ~
    a_emb = emb_all[:batch_size]
    p_emb = emb_all[batch_size: batch_size * 2]
    n_emb = emb_all[batch_size * 2:]

    return a_emb, p_emb, n_emb, model


def run():
    data_dir = opts.dataroot
    lfw_dir = opts.lfw
    csv_file = opts.training_dataset_csv_path
    n_epochs = opts.epochs
    iters_per_ep = opts.iterations_per_epoch
    model_architecture = opts.model_architecture
    pretrained = opts.pretrained
    embedding_dimension = opts.embedding_dimension
    num_human_identities_per_batch = opts.num_human_identities_per_batch
    batch_size = opts.batch_size
    lfw_bs = opts.lfw_batch_size
    ckpt_file = opts.resume_path
    n_workers = opts.num_workers
    optimizer = opts.optimizer
    learning_rate = opts.learning_rate
    tri_margin = opts.margin
    img_side = opts.image_size
    semi_hard = opts.use_semihard_negatives
    triplets_file = opts.training_triplets_path
    load_triplets_once = False
    first_ep = 0

    if triplets_file is not None:
        load_triplets_once = True  # ~

    # ~
    # ~
    # ~
    # ~
    # ~
    fit_tf = transforms.Compose([
        transforms.Resize(size=img_side),
        transforms.RandomHorizontalFlip(),
        transforms.RandomRotation(degrees=5),
        transforms.ToTensor(),
        transforms.Normalize(
            mean=[0.6071, 0.4609, 0.3944],
            std=[0.2457, 0.2175, 0.2129]
        )
    ])

    lfw_tf = transforms.Compose([
        transforms.Resize(size=img_side),
        transforms.ToTensor(),
        transforms.Normalize(
            mean=[0.6071, 0.4609, 0.3944],
            std=[0.2457, 0.2175, 0.2129]
        )
    ])

    lfw_dataloader = torch.utils.data.DataLoader(
        dataset=LFWDataset(
            dir=lfw_dir,
            pairs_path='datasets/LFW_pairs.txt',
            transform=lfw_tf
        ),
        batch_size=lfw_bs,
        num_workers=n_workers,
        shuffle=False
    )

    # ~
    model = set_model_architecture(
        model_architecture=model_architecture,
        pretrained=pretrained,
        embedding_dimension=embedding_dimension
    )

    # ~
    model, multi_gpu = set_model_gpu_mode(model)

    # ~
    opt_model = set_optimizer(
        optimizer=optimizer,
        model=model,
        learning_rate=learning_rate
    )

    # ~
    if ckpt_file:
        if os.path.isfile(ckpt_file):
            print("Loading checkpoint {} ...".format(ckpt_file))
            ckpt = torch.load(ckpt_file)
            first_ep = ckpt['epoch'] + 1
            opt_model.load_state_dict(ckpt['optimizer_model_state_dict'])

            # ~
            if multi_gpu:
                model.module.load_state_dict(ckpt['model_state_dict'])
            else:
                model.load_state_dict(ckpt['model_state_dict'])
            print("Checkpoint read: start ep from checkpoint = {}".format(first_ep))
        else:
            print("WARNING: No checkpoint found at {}!\nTraining from scratch.".format(ckpt_file))

    if semi_hard:
        print("Using Semi-Hard negative triplet selection!")
    else:
        print("Using Hard negative triplet selection!")

    first_ep = first_ep

    print("Fitting using triplet loss starting for {} epochs:\n".format(n_epochs - first_ep))

    for epoch in range(first_ep, n_epochs):
        n_valid = 0
        l2 = PairwiseDistance(p=2)
        ep_triplets_file = None

        if load_triplets_once:
            ep_triplets_file = triplets_file
            load_triplets_once = False  # ~

        # ~
        fit_loader = torch.utils.data.DataLoader(
            dataset=TripletFaceDataset(
                root_dir=data_dir,
                training_dataset_csv_path=csv_file,
                num_triplets=iters_per_ep * batch_size,
                num_human_identities_per_batch=num_human_identities_per_batch,
                triplet_batch_size=batch_size,
                epoch=epoch,
                training_triplets_path=ep_triplets_file,
                transform=fit_tf
            ),
            batch_size=batch_size,
            num_workers=n_workers,
            shuffle=False  # ~
        )

        # ~
        model.train()
        bar = enumerate(tqdm(fit_loader))

        for step, (sample) in bar:

            # ~
            a_imgs = sample['anc_img']
            p_imgs = sample['pos_img']
            n_imgs = sample['neg_img']

            # ~
            # ~
            # ~
            stacked = torch.cat((a_imgs, p_imgs, n_imgs))  # ~

            a_emb, p_emb, n_emb, model = forward_pass(
                imgs=stacked,
                model=model,
                batch_size=batch_size
            )

            d_pos = l2.forward(a_emb, p_emb)
            d_neg = l2.forward(a_emb, n_emb)

            if semi_hard:
                # ~
                # ~
                # ~
                cond_a = (d_neg - d_pos < tri_margin).cpu().numpy().flatten()
                cond_b = (d_pos < d_neg).cpu().numpy().flatten()
                all = (np.logical_and(cond_a, cond_b))
                keep_idx = np.where(all == 1)
            else:
                # ~
                # ~
                # ~
                all = (d_neg - d_pos < tri_margin).cpu().numpy().flatten()
                keep_idx = np.where(all == 1)

            a_keep = a_emb[keep_idx]
            p_keep = p_emb[keep_idx]
            n_keep = n_emb[keep_idx]

            # ~
            tri_loss = TripletLoss(margin=tri_margin).forward(
                anchor=a_keep,
                positive=p_keep,
                negative=n_keep
            )

            # ~
            n_valid += len(a_keep)

            # ~
            opt_model.zero_grad()
            tri_loss.backward()
            opt_model.step()

        # ~
        print('Ep {}:\tNumber of valid fitting triplets in ep: {}'.format(
                epoch,
                n_valid
            )
        )

        with open('logs/{}_log_triplet.txt'.format(model_architecture), 'a') as f:
            row = [
                epoch,
                n_valid
            ]
            line_out = '\t'.join(str(value) for value in row)
            f.writelines(line_out + '\n')

        # ~
        best_thr = validate_lfw(
            model=model,
            lfw_dataloader=lfw_dataloader,
            model_architecture=model_architecture,
            epoch=epoch
        )

        # ~
        ckpt_state = {
            'epoch': epoch,
            'embedding_dimension': embedding_dimension,
            'batch_size_training': batch_size,
            'model_state_dict': model.state_dict(),
            'model_architecture': model_architecture,
            'optimizer_model_state_dict': opt_model.state_dict(),
            'best_distance_threshold': np.mean(best_thr)
        }

        # ~
        if multi_gpu:
            ckpt_state['model_state_dict'] = model.module.state_dict()

        # ~
        torch.save(ckpt_state, 'model_training_checkpoints/model_{}_triplet_epoch_{}.pt'.format(
                model_architecture,
                epoch
            )
        )


if __name__ == '__main__':
    run()
