import argparse

import torch.optim as optim
import torch.nn.functional as F
import time
from progressbar import progressbar
from torch.utils.data import random_split
from torch.utils.tensorboard import SummaryWriter
from datasets import PylonCloudSet
from model.light_pointnet_IGBVI import SegmentationPointNet_IGBVI
# from model.light_pointnet import SegmentationPointNet
# from model.pointnet import *
import logging
import datetime
from sklearn.metrics import balanced_accuracy_score
import warnings
from utils import *
import glob
from prettytable import PrettyTable

warnings.filterwarnings('ignore')

if torch.cuda.is_available():
    logging.info(f"gpu found")
    device = 'cuda'
else:
    logging.info(f"no gpu, using cpu")
    device = 'cpu'


def train(
        data_dir,
        path_list_files,
        output_folder,
        n_points,
        batch_size,
        epochs,
        learning_rate,
        weighing_method,
        beta,
        number_of_workers,
        model_checkpoint,
        c_sample=False):
    t_start = time.time()
    logging.info(f"Weighing method: {weighing_method}")
    logging.info(f"Constrained sampling: {c_sample}")

    # where the tensorboard runs go
    t0 = datetime.datetime.now()
    run_dir = 'runs/pylon_seg/' + str(n_points) + 'p/'

    # file lists of the splits
    with open(os.path.join(path_list_files, 'train_seg_files.txt'), 'r') as f:
        tr_list = f.read().splitlines()
    with open(os.path.join(path_list_files, 'val_seg_files.txt'), 'r') as f:
        va_list = f.read().splitlines()

    tb_tr = SummaryWriter(run_dir + t0.strftime("%m-%d-%H:%M") + 'seg_train')
    tb_va = SummaryWriter(run_dir + t0.strftime("%m-%d-%H:%M") + 'seg_val')
    logging.info(f"Tensorboard runs: {tb_tr.get_logdir()}")

    # datasets over the listed pickles
    tr_set = PylonCloudSet(data_dir=data_dir,
                                 task='segmentation', number_of_points=n_points,
                                 files=tr_list,
                                 fixed_num_points=True,
                                 c_sample=c_sample)
    va_set = PylonCloudSet(data_dir=data_dir,
                               task='segmentation', number_of_points=n_points,
                               files=va_list,
                               fixed_num_points=True,
                               c_sample=c_sample)

    logging.info(f'train clouds with pylons: {tr_set.len_towers}')
    logging.info(f'train clouds without: {tr_set.len_landscape}')
    logging.info(
        f'pylon share (%): {round((tr_set.len_towers / (tr_set.len_towers + tr_set.len_landscape)) * 100, 3)}%')
    logging.info(f'val clouds with pylons: {va_set.len_towers}')
    logging.info(f'val clouds without: {va_set.len_landscape}')
    logging.info(
        f'pylon share (%): {round((va_set.len_towers / (va_set.len_towers + va_set.len_landscape)) * 100, 3)}%')
    logging.info(f'train size: {len(tr_set)}')
    logging.info(f'val size: {len(va_set)}')
    logging.info(f'task = {tr_set.task}')

    # loaders
    tr_loader = torch.utils.data.DataLoader(tr_set,
                                                   batch_size=batch_size,
                                                   shuffle=True,
                                                   num_workers=number_of_workers,
                                                   drop_last=True)
    va_loader = torch.utils.data.DataLoader(va_set,
                                                 batch_size=batch_size,
                                                 shuffle=True,
                                                 num_workers=number_of_workers,
                                                 drop_last=True)

    model = SegmentationPointNet_IGBVI(num_classes=tr_set.NUM_SEGMENTATION_CLASSES,
                                       point_dimension=tr_set.POINT_DIMENSION)
    model.to(device)

    # count trainable weights
    tab = PrettyTable(["Modules", "Parameters"])
    n_weights = 0
    for name, p in model.named_parameters():
        if not p.requires_grad: continue
        cnt = p.numel()
        tab.add_row([name, cnt])
        n_weights += cnt
    # (tab not printed)
    logging.info(f"trainable weights: {n_weights}")

    optimizer = optim.Adam(model.parameters(), lr=learning_rate)

    if model_checkpoint:
        print('resuming from checkpoint')
        checkpoint = torch.load(model_checkpoint)
        model.load_state_dict(checkpoint['model'])
        optimizer.load_state_dict(checkpoint['optimizer'])

    best_val = 1_000_000.
    stale = 0

    for epoch in progressbar(range(epochs), redirect_stdout=True):
        tr_losses = []
        tr_accs = []
        pos_weights = []
        va_losses = []
        va_accs = []
        tr_baccs = []
        va_baccs = []
        pred_pos = []
        pred_neg = []
        true_pos = []
        true_neg = []

        if stale == 10:
            adjust_learning_rate(optimizer, 0.5)
        elif epoch == 10:
            adjust_learning_rate(optimizer, 0.5)

        # ---------------- fitting ----------------
        for data in tr_loader:
            cloud, lbl, paths = data  # clouds, per-point lbl, paths

            cloud = cloud.view(batch_size, n_points, -1).to(device)  # B x N x C
            lbl = lbl.view(batch_size, -1).to(device)  # B x N

            # clear old gradients
            optimizer.zero_grad()
            model = model.train()
            logp, ftrans = model(cloud)

            logp = logp.view(-1, tr_set.NUM_SEGMENTATION_CLASSES)
            lbl = lbl.view(-1)

            # class weights from this batch's label counts
            n_pylon = (np.array(lbl.cpu()) == np.ones(len(lbl))).sum()
            n_ground = (np.array(lbl.cpu()) == np.zeros(len(lbl))).sum()

            if not n_pylon:
                n_pylon = 100
                n_ground = 4000

            cls_w = get_weights4class(weighing_method,
                                          n_classes=2,
                                          samples_per_cls=[n_ground, n_pylon],
                                          beta=beta).to(device)
            per_pt_w = get_weights4sample(cls_w.cpu(), labels=lbl).numpy()

            eye = torch.eye(ftrans.shape[-1]).to(device)

            reg = torch.norm(eye - torch.bmm(ftrans, ftrans.transpose(2, 1)))
            loss = F.nll_loss(logp, lbl, weight=cls_w) + 0.001 * reg
            tr_losses.append(loss.cpu().item())

            loss.backward()
            optimizer.step()

            logp = logp.data.max(1)[1]
            n_ok = logp.eq(lbl.data).cpu().sum()
            acc = n_ok.item() / float(lbl.shape[0])
            bacc = balanced_accuracy_score(lbl.cpu(), logp.cpu(), sample_weight=per_pt_w)
            tr_baccs.append(bacc)
            tr_accs.append(acc)
            pos_weights.append(cls_w[1].cpu())

        # ---------------- validation ----------------

        with torch.no_grad():
            for data in va_loader:
                cloud, lbl, paths = data  # same layout as in training

                cloud = cloud.view(batch_size, n_points, -1).to(device)  # B x N x C
                lbl = lbl.view(batch_size, -1).to(device)  # B x N

                optimizer.zero_grad()
                model = model.eval()
                logp, ftrans = model(cloud)

                logp = logp.view(-1, tr_set.NUM_SEGMENTATION_CLASSES)
                lbl = lbl.view(-1)

                # class weights from this batch's label counts
                n_pylon = (np.array(lbl.cpu()) == np.ones(len(lbl))).sum()
                n_ground = (np.array(lbl.cpu()) == np.zeros(len(lbl))).sum()

                # class weights
                cls_w = get_weights4class(weighing_method,
                                              n_classes=2,
                                              samples_per_cls=[n_ground, n_pylon],
                                              beta=beta).to(device)
                per_pt_w = get_weights4sample(cls_w.cpu(), labels=lbl).numpy()

                loss = F.nll_loss(logp, lbl, weight=cls_w)
                va_losses.append(loss.cpu().item())
                logp = logp.data.max(1)[1]
                n_ok = logp.eq(lbl.data).cpu().sum()

                # per-batch counts for the log
                true_pos.append((np.array(lbl.cpu()) == np.ones(len(lbl))).sum())
                true_neg.append((np.array(lbl.cpu()) == np.zeros(len(lbl))).sum())
                pred_pos.append(
                    (np.array(logp.cpu()) == np.ones(len(logp))).sum())  # predicted positives
                pred_neg.append(
                    (np.array(logp.cpu()) == np.zeros(len(logp))).sum())  # predicted negatives

                acc = n_ok.item() / float(lbl.shape[0])
                bacc = balanced_accuracy_score(lbl.cpu(), logp.cpu(), sample_weight=per_pt_w)
                va_baccs.append(bacc)
                va_accs.append(acc)
        # ------------------------------------------------------------------------------------------------------
        # log scalars
        tb_tr.add_scalar('loss', np.mean(tr_losses), epoch)
        tb_va.add_scalar('loss', np.mean(va_losses), epoch)
        tb_tr.add_scalar('mean_detected_positive', np.mean(true_pos), epoch)
        tb_va.add_scalar('mean_detected_positive', np.mean(pred_pos), epoch)
        tb_tr.add_scalar('mean_detected_negative', np.mean(true_neg), epoch)
        tb_va.add_scalar('mean_detected_negative', np.mean(pred_neg), epoch)
        tb_tr.add_scalar('accuracy_weighted', np.mean(tr_baccs), epoch)
        tb_va.add_scalar('accuracy_weighted', np.mean(va_baccs), epoch)
        tb_tr.add_scalar('acc', np.mean(tr_accs), epoch)
        tb_va.add_scalar('acc', np.mean(va_accs), epoch)
        tb_va.add_scalar('stale', stale, epoch)
        tb_va.add_scalar('learning_rate', optimizer.param_groups[0]['lr'], epoch)
        tb_va.add_scalar('cls_w', np.mean(pos_weights), epoch)

        tb_tr.flush()
        tb_va.flush()

        if np.mean(va_losses) < best_val:
            # keep the best model
            name = t0.strftime("%m-%d-%H:%M") + '_seg'
            save_checkpoint(name, epoch, stale, model, optimizer, acc, batch_size,
                            learning_rate, n_points, weighing_method)
            stale = 0
            best_val = np.mean(va_losses)

        else:
            stale += 1

    # if output_folder:
    #     if not os.path.isdir(output_folder):
    #         os.mkdir(output_folder)
    # plot_losses(train_loss, test_loss, save_to_file=os.path.join(output_folder, 'loss_plot.png'))
    # plot_accuracies(train_acc, test_acc, save_to_file=os.path.join(output_folder, 'accuracy_plot.png'))
    print("finished in %s min" % (round((time.time() - t_start) / 60, 3)))


if __name__ == '__main__':
    parser = argparse.ArgumentParser()
    parser.add_argument('data_dir', type=str, help='folder of pickled clouds')
    parser.add_argument('--path_list_files', type=str,
                        default='pointNet/data/train_test_files/RGBN')
    parser.add_argument('--output_folder', type=str, help='where plots would go')
    parser.add_argument('--number_of_points', type=int, default=2048, help='points per sample')
    parser.add_argument('--batch_size', type=int, default=32, help='samples per step')
    parser.add_argument('--epochs', type=int, default=50, help='passes over the data')
    parser.add_argument('--learning_rate', type=float, default=0.001, help='adam step size')
    parser.add_argument('--weighing_method', type=str, default='EFS',
                        help='class weighting: ISNS, INS or EFS')
    parser.add_argument('--beta', type=float, default=0.999, help='model checkpoint path')
    parser.add_argument('--number_of_workers', type=int, default=4, help='loader processes')
    parser.add_argument('--model_checkpoint', type=str, default='', help='checkpoint to resume')
    parser.add_argument('--c_sample', type=bool, default=False, help='sample only flagged points')

    args = parser.parse_args()

    logging.basicConfig(format='%(asctime)s %(levelname)-8s %(message)s',
                        level=logging.DEBUG,
                        datefmt='%Y-%m-%d %H:%M:%S')

    train(args.dataset_folder,
          args.path_list_files,
          args.output_folder,
          args.number_of_points,
          args.batch_size,
          args.epochs,
          args.learning_rate,
          args.weighing_method,
          args.beta,
          args.number_of_workers,
          args.model_checkpoint,
          args.c_sample)
