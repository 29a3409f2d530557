import numpy as np
import torch
import os
import torch.nn as nn
from glob import glob
from shutil import rmtree
import torchvision

from torchvision import transforms
from sklearn.metrics import average_precision_score
from PIL import Image, ImageDraw
import matplotlib.pyplot as plt
from kaggle_submission import output_submission_csv
from classifier import SimpleClassifier, Classifier
from voc_dataloader import VocDataset, VOC_CLASSES

from tqdm import tqdm
import argparse

run_device = 'cuda:0'


def train_one_epoch(loader_train, net, loss_fn, net_optimizer):
    net.train()
    step_losses = []
    for i, (batch_images, batch_labels, _) in enumerate(tqdm(loader_train, leave=False, desc='batches', position=1)):
        batch_images, batch_labels = batch_images.to(run_device), batch_labels.to(run_device)
        net_optimizer.zero_grad()
        net_out = net(batch_images)
        step_loss = loss_fn(net_out, batch_labels)
        step_loss.backward()
        net_optimizer.step()
        step_losses.append(step_loss)
    return torch.stack(step_losses).mean().item()


def eval_net(loader_eval, net, loss_fn, epoch_no=None, report=None):
    net.eval()
    step_losses = []
    y_gold = np.zeros((0, 21))
    with torch.no_grad():
        y_pred_scores = np.zeros((0, 21))
        for i, (batch_images, batch_labels, _) in enumerate(tqdm(loader_eval, desc="scoring", position=2, leave=False)):
            batch_images, batch_labels = batch_images.to(run_device), batch_labels.to(run_device)
            net_out = net(batch_images)
            y_gold = np.concatenate((y_gold, batch_labels.cpu().numpy()), axis=0)
            y_pred_scores = np.concatenate((y_pred_scores, net_out.cpu().numpy()), axis=0)
            step_loss = loss_fn(net_out, batch_labels)
            step_losses.append(step_loss.item())
        class_aps = []
        report_text = ''
        # column 0 is the background class, so it is skipped
        for i in range(1, y_gold.shape[1]):
            class_ap = average_precision_score(y_gold[:, i], y_pred_scores[:, i])
            report_text += '{:<12} average precision {:>8.4f}\n'.format(VOC_CLASSES[i], class_ap)
            class_aps.append(class_ap)

        mean_ap = np.mean(class_aps)
        out_dir = None
        if report is None:
            out_dir = f"stored/epoch{epoch_no}_{round(mean_ap, 3)}"
            os.mkdir(out_dir)
            report = open(os.path.join(out_dir, "train.txt"), 'w')
        report.write(report_text)
        eval_loss = np.mean(step_losses)
        report.write('mean AP {0:.4f}\n'.format(mean_ap))
        report.write('mean loss {}\n'.format(eval_loss))
        report.close()

    return out_dir, mean_ap, eval_loss, class_aps


def draw_loss_curves(train_curve, val_curve, test_every, n_epochs):
    plt.plot(train_curve, label="training")
    eval_epochs = [i for i in range(n_epochs) if ((i + 1) % test_every == 0 or i == 0)]
    plt.plot(eval_epochs, val_curve, label="validation")
    plt.title("loss per epoch")
    plt.ylabel("loss")
    plt.xlabel("epoch")
    plt.legend()
    plt.show()


def draw_map_curves(train_curve, val_curve, test_every, n_epochs):
    eval_epochs = [i for i in range(n_epochs) if ((i + 1) % test_every == 0 or i == 0)]
    plt.plot(eval_epochs, train_curve, label="training")
    plt.plot(eval_epochs, val_curve, label="validation")
    plt.title("mean AP per epoch")
    plt.ylabel("mean AP")
    plt.xlabel("epoch")
    plt.legend()
    plt.show()


def fit_net(net, n_epochs, loader_train, loader_val, loss_fn, net_optimizer, test_every=5):
    train_loss_hist = []
    train_map_hist = []
    val_loss_hist = []
    val_map_hist = []
    for old_dir in glob('stored/*'):
        rmtree(old_dir)
    with tqdm(range(1, n_epochs + 1), desc="epochs", position=0, leave=False) as epoch_bar:
        val_map, val_epoch_loss, train_map = None, None, None
        for epoch_no in epoch_bar:
            train_epoch_loss = train_one_epoch(loader_train, net, loss_fn, net_optimizer)
            train_loss_hist.append(train_epoch_loss)
            epoch_bar.set_postfix(refresh=False, train_loss=train_epoch_loss, train_mAP=val_map, val_loss=val_epoch_loss, val_mAP=val_map)
            if epoch_no % test_every == 0 or epoch_no == 1:
                out_dir, train_map, _, _ = eval_net(loader_train, net, loss_fn, epoch_no)
                train_map_hist.append(train_map)
                report = open(os.path.join(out_dir, "validation.txt"), 'w')
                _, val_map, val_epoch_loss, _ = eval_net(loader_val, net, loss_fn, report=report)
                val_loss_hist.append(val_epoch_loss)
                val_map_hist.append(val_map)
                torch.save(net.state_dict(), os.path.join(out_dir, "model.pth"))

    return net, train_loss_hist, val_loss_hist, train_map_hist, val_map_hist


def run(cli_args):
    global run_device
    n_epochs, test_every, batch_n, run_device, voc_dir, use_adam = \
        cli_args.epochs, cli_args.frequency, cli_args.batches, cli_args.device, cli_args.path, cli_args.adam
    imagenet_norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                         std=[0.229, 0.224, 0.225])
    train_tf = transforms.Compose([
        transforms.Resize(227),
        transforms.CenterCrop(227),
        transforms.ToTensor(),
        imagenet_norm
    ])
    test_tf = transforms.Compose([
        transforms.Resize(227),
        transforms.CenterCrop(227),
        transforms.ToTensor(),
        imagenet_norm,
    ])
    train_data = VocDataset(os.path.join(voc_dir, 'VOC2007/'), 'train', train_tf)
    val_data = VocDataset(os.path.join(voc_dir, 'VOC2007/'), 'val', test_tf)
    test_data = VocDataset(os.path.join(voc_dir, 'VOC2007test/'), 'test', test_tf)

    loader_train = torch.utils.data.DataLoader(dataset=train_data,
                                               batch_size=batch_n,
                                               shuffle=True,
                                               num_workers=1)

    loader_val = torch.utils.data.DataLoader(dataset=val_data,
                                             batch_size=batch_n,
                                             shuffle=True,
                                             num_workers=1)

    loader_test = torch.utils.data.DataLoader(dataset=test_data,
                                              batch_size=batch_n,
                                              shuffle=False,
                                              num_workers=1)

    torch.cuda.empty_cache()
    net = Classifier().to(run_device)
    # the smaller baseline network could be swapped in here

    loss_fn = nn.MultiLabelSoftMarginLoss()
    net_optimizer = torch.optim.Adam(net.parameters(), lr=1e-4) if use_adam else torch.optim.SGD(net.parameters(),
                                                                                                lr=0.01, momentum=0.9)

    net, train_loss_hist, val_loss_hist, train_map_hist, val_map_hist = fit_net(net, n_epochs, loader_train, loader_val,
                                                                                loss_fn, net_optimizer, test_every)


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('-p', '--path', default='../assignment3-1/VOCdevkit_2007')
    cli.add_argument('-d', '--device', default='cuda:0')
    cli.add_argument('-e', '--epochs', type=int, default=20)
    cli.add_argument('-b', '--batches', type=int, default=50)
    cli.add_argument('--adam', type=bool, default=False)
    cli.add_argument('-f', '--frequency', type=int, default=4)
    cli_args = cli.parse_args()
    run(cli_args)
