from __future__ import print_function
import os
import torch
import gc
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import CosineAnnealingLR, StepLR
from data import TileDataset, pad_collate
from model import DGCNN
import numpy as np
from torch.utils.data import DataLoader
from util import *
import sklearn.metrics as metrics
from torch.utils.tensorboard import SummaryWriter
from tqdm import tqdm

def train(k, log, 
            tiles_dir = "",
            n_pts = 7000,
            epochs = 30,
            num_classes = 5,
            num_features = 4,
            bs_fit = 8,
            bs_val = 8,
            use_sgd = False,
            lr = 0.001,
            momentum = 0.9,
            dropout = 0.5,
            emb_dims = 1024,
            scheduler = "cos",
            validation_prop = 0.2,
            use_all_points = False,
            cuda = False,
            ckpt_tag = "dgcnn_model",
            n_threads = 8,
            n_interop = 2,
            skip_classes = [],
            ckpt_dir = "checkpoints/dgcnn",
            run_name = "DGCNN_Training",
            tb_root = "tensorboard_logs"):
    """Fit a DGCNN point classifier on LiDAR tiles.

    Parameters
        k: neighbours used for the edge features
        log: IOStream that receives the log lines
        tiles_dir: folder holding the tiles as .npy files
        n_pts: points drawn from each tile
        epochs: passes over the tiles
        num_classes: number of point classes
        num_features: feature columns per point given to the network
        bs_fit: tiles per training batch
        bs_val: tiles per validation batch
        use_sgd: SGD instead of Adam
        lr: base step size
        momentum: SGD momentum
        dropout: dropout probability in the head
        emb_dims: width of the global feature
        scheduler: "cos" or "step" decay
        validation_prop: share of tiles held out
        use_all_points: take every point of a tile instead of a sample
        cuda: run on the GPU
        ckpt_tag: file stem of the saved state
        n_threads: intra-op threads (also used as loader workers)
        n_interop: inter-op threads
        ckpt_dir: folder searched for a state to resume
        run_name: experiment folder under checkpoints/
        tb_root: folder for tensorboard logs
    """
    HERE = os.path.dirname(os.path.abspath(__file__))
    torch.set_num_threads(n_threads)
    torch.set_num_interop_threads(n_interop)

    fit_set = TileDataset(split='train', data_root=tiles_dir, 
                                num_point=n_pts,
                                use_all_points = use_all_points, 
                                validation_prop = validation_prop, 
                                classes = range(num_classes))
    fit_loader = DataLoader(
                                fit_set, 
                                num_workers=n_threads, 
                                batch_size=bs_fit,
                                shuffle=True, drop_last=True,
                                collate_fn = pad_collate)

    val_set = TileDataset(split='validation', 
                                    data_root=tiles_dir, 
                                    num_point=n_pts,
                                    validation_prop = validation_prop, 
                                    classes = range(num_classes))
    val_loader = DataLoader(
                                    val_set, 
                                    num_workers=n_threads, 
                                    batch_size=bs_val,
                                    shuffle=True,
                                    drop_last=True,
                                    collate_fn = pad_collate)

    device = torch.device("cuda" if cuda else "cpu")
    print("device:", device)

    model = DGCNN(num_classes, num_features, k, 
                    ropout = dropout, 
                    emb_dims = emb_dims, 
                    cuda = cuda)

    print(str(model))
    print(count_parameters(model))
    
    if cuda:
        print("gpus:", torch.cuda.device_count(), "GPUs!")

    if use_sgd:
        print("optimizer sgd")
        optimizer = optim.SGD(model.parameters(), lr=lr * 100, momentum=momentum, weight_decay=1e-4)
    else:
        print("optimizer adam")
        optimizer = optim.Adam(model.parameters(), lr=lr, weight_decay=1e-4)

    # cosine or step decay of the step size
    if scheduler == 'cos':
        scheduler = CosineAnnealingLR(optimizer, epochs, eta_min=1e-3)
    elif scheduler == 'step':
        scheduler = StepLR(optimizer, 20, 0.5, epochs)

    # resume from a saved snapshot when one exists
    try:
        saved = torch.load(os.path.join(ckpt_dir, "{}.t7".format(ckpt_tag)))
        first_epoch = saved['epoch'] + 1
        model.load_state_dict(saved['model_state_dict'])
        optimizer.load_state_dict(saved['optimizer_state_dict'])
        scheduler.load_state_dict(saved['scheduler_state_dict'])
        best_bal = saved['mBPCA']
        log.cprint('resumed from checkpoint')
    except:
        log.cprint('no checkpoint, fresh start')
        first_epoch = 0
        best_bal = 0

    loss_fn = cal_loss

    tb_path = os.path.join(HERE, tb_root)
    if not os.path.exists(tb_path):
        os.mkdir(tb_path)

    tb_fit_loss = SummaryWriter(os.path.join(tb_path, 'fit_loss'))
    tb_fit_acc = SummaryWriter(os.path.join(tb_path), 'train_accuracy')
    tb_fit_bal = SummaryWriter(os.path.join(tb_path), 'balanced_train_accuracy')
    tb_val_acc = SummaryWriter(os.path.join(tb_path), 'validation_accuracy')
    tb_val_bal = SummaryWriter(os.path.join(tb_path), 'balanced_validation_accuracy')

    for epoch in range(first_epoch, epochs):
        ####################
        # fit
        ####################
        fit_loss = 0.0
        seen = 0.0
        step_no = epoch * len(fit_loader) * bs_fit
        model.train()
        fit_gt_flat = []
        fit_hat_flat = []
        fit_gt = []
        fit_hat = []

        with tqdm(fit_loader, desc = "fit {}".format(epoch)) as t:
            for xb, yb, idx in fit_loader:
                keep = []
                for i in range(xb.shape[0]):
                    m_i = fit_set.create_train_mask(idx[i].item(), 
                                                            xb.shape[1], 
                                                            skip_classes = skip_classes)
                    keep.append(m_i)
                keep = np.concatenate(keep, axis = 0)
                keep = torch.tensor(keep)
                xb, yb, keep = xb.to(device), yb.to(device), keep.to(device)
                xb = xb.permute(0, 2, 1).float()
                batch_size = xb.size()[0]
                optimizer.zero_grad()
                scores = model(xb) # B x C x N scores
                scores = F.softmax(scores, dim = 1)

                # pts outside the balanced keep get an extra dummy class so they do not drive the loss
                y_focus = num_classes * torch.ones_like(yb)
                s_focus = torch.zeros((scores.shape[0], num_classes + 1, scores.shape[2]))
                for i in range(keep.shape[0]):
                    on_idx = np.where(keep[i, :])[0]
                    y_focus[i, on_idx] = yb[i, on_idx]
                    s_focus[i, :, on_idx] = torch.cat((scores[i, :, on_idx], torch.zeros(1, len(on_idx))), dim = 0)
                    for j in range(len(keep[i, :])):
                        if keep[i, j] == 0:
                            s_focus[i, num_classes, j] = 1
                
                yb = y_focus
                scores = s_focus
                scores = scores.permute(0, 2, 1).contiguous()

                loss = loss_fn(scores.view(-1, num_classes + 1), yb.view(-1, 1).squeeze().long())
                loss.backward()
                optimizer.step()
                
                yhat = scores.max(dim=2)[1]  # B x N
                seen += batch_size
                fit_loss += loss.item() * batch_size
                step_no += batch_size
                tb_fit_loss.add_scalar('Train/loss', loss.item(), step_no)
                yb_np = yb.cpu().numpy()  # B x N
                yhat_np = yhat.detach().cpu().numpy()  # B x N
                fit_gt_flat.append(yb_np.reshape(-1))  # flat
                fit_hat_flat.append(yhat_np.reshape(-1))  # flat
                fit_gt.append(yb_np)
                fit_hat.append(yhat_np)
                
                # per-batch accuracy on the masked pts
                gt_flat = yb_np.reshape(-1)
                gt_keep = np.where(gt_flat != num_classes)[0]
                gt_flat = gt_flat[gt_keep]
                hat_flat = yhat_np.reshape(-1)
                hat_keep = np.where(hat_flat != num_classes)[0]
                hat_flat = hat_flat[hat_keep]
                fit_bal = metrics.balanced_accuracy_score(gt_flat, hat_flat)
                fit_acc = metrics.accuracy_score(gt_flat, hat_flat)
                t.set_postfix(A = fit_acc, BA = fit_bal)
                t.update()

                gc.collect()

        if scheduler == 'cos':
            scheduler.step()
        elif scheduler == 'step':
            if optimizer.param_groups[0]['lr'] > 1e-5:
                scheduler.step()
            if optimizer.param_groups[0]['lr'] < 1e-5:
                for param_group in optimizer.param_groups:
                    param_group['lr'] = 1e-5

        fit_gt_flat = np.concatenate(fit_gt_flat)
        fit_hat_flat = np.concatenate(fit_hat_flat)
        fit_acc = metrics.accuracy_score(fit_gt_flat, fit_hat_flat)
        fit_bal = metrics.balanced_accuracy_score(fit_gt_flat, fit_hat_flat)
        bal_acc = metrics.balanced_accuracy_score(fit_gt_flat, fit_hat_flat)
        fit_gt = np.concatenate(fit_gt, axis=0)
        fit_hat = np.concatenate(fit_hat, axis=0)
        msg = 'fit %d loss %.6f acc %.6f bal %.6f' % (epoch,
                                                                                                  fit_loss * 1.0 / seen,
                                                                                                  fit_acc,
                                                                                                  bal_acc)
        log.cprint(msg)
        tb_fit_acc.add_scalar('Train/accuracy', fit_acc, epoch)
        tb_fit_bal.add_scalar('Train/balanced_accuracy', bal_acc, epoch)

        ####################
        # validate
        ####################
        val_loss = 0.0
        seen = 0.0
        model.eval()
        val_gt_flat = []
        val_hat_flat = []
        val_gt = []
        val_hat = []

        with tqdm(val_loader, desc = "val {}".format(epoch)) as t:
            for xb, yb, _ in val_loader:
                xb, yb = xb.to(device), yb.to(device)
                xb = xb.permute(0, 2, 1).float()
                batch_size = xb.size()[0]
                scores = model(xb)
                scores = F.softmax(scores, dim = 1)
                scores = scores.permute(0, 2, 1).contiguous()
                loss = loss_fn(scores.view(-1, num_classes), yb.view(-1, 1).squeeze().long())
                yhat = scores.max(dim=2)[1]
                seen += batch_size
                val_loss += loss.item() * batch_size
                yb_np = yb.cpu().numpy()
                yhat_np = yhat.detach().cpu().numpy()
                val_gt_flat.append(yb_np.reshape(-1))
                val_hat_flat.append(yhat_np.reshape(-1))
                val_gt.append(yb_np)
                val_hat.append(yhat_np)

                val_bal = metrics.balanced_accuracy_score(yb_np.reshape(-1), yhat_np.reshape(-1))
                val_acc = metrics.accuracy_score(yb_np.reshape(-1), yhat_np.reshape(-1))
                t.set_postfix(A = val_acc, BA = val_bal)
                t.update()
        val_gt_flat = np.concatenate(val_gt_flat)
        val_hat_flat = np.concatenate(val_hat_flat)
        val_acc = metrics.accuracy_score(val_gt_flat, val_hat_flat)
        bal_acc = metrics.balanced_accuracy_score(val_gt_flat, val_hat_flat)
        val_gt = np.concatenate(val_gt, axis=0)
        val_hat = np.concatenate(val_hat, axis=0)
        msg = 'val %d loss %.6f acc %.6f bal %.6f' % (epoch,
                                                                                              val_loss * 1.0 / seen,
                                                                                              val_acc,
                                                                                              bal_acc)
        log.cprint(msg)
        tb_val_acc.add_scalar('Test/accuracy', val_acc, epoch)
        tb_val_bal.add_scalar('Test/balanced_accuracy', bal_acc, epoch)
        

        # keep the full snapshot only when balanced accuracy improves
        if bal_acc > best_bal:
            best_bal = bal_acc
            out_path = 'checkpoints/%s/models/%s.t7' % (run_name, ckpt_tag)
            log.cprint('new best, writing %s' % out_path)
            snapshot = {
                'epoch': epoch,
                'mBPCA': best_bal,
                'model_state_dict': model.state_dict(),
                'optimizer_state_dict': optimizer.state_dict(),
                'scheduler_state_dict': scheduler.state_dict(),
            }
            torch.save(snapshot, out_path)

    tb_fit_loss.close()
    tb_fit_acc.close()
    tb_fit_bal.close()
    tb_val_acc.close()
    tb_val_bal.close()

def train_args(args, log):
    """Unpack parsed command-line options and call train()

    Args:
        args: parsed options
        log: IOStream for log lines
    """
    if type(args.exclude_classes) == list:
        skip_classes = [i for i in args.exclude_classes if i >= 0]
    else:
        skip_classes = []
    train(
        args.k,
        log,
        tiles_dir = args.data_dir,
        n_pts = args.num_points,
        epochs = args.epochs,
        num_classes = args.num_classes,
        num_features = args.num_features,
        bs_fit = args.batch_size,
        bs_val = args.validation_batch_size,
        use_sgd = args.use_sgd,
        lr = args.lr,
        momentum = args.momentum,
        dropout = args.dropout,
        emb_dims = args.emb_dims,
        scheduler = args.scheduler,
        validation_prop = args.validation_prop,
        use_all_points = args.use_all_points,
        cuda = args.cuda,
        ckpt_tag = args.model_label, 
        n_threads = args.num_threads, 
        skip_classes = skip_classes,
        n_interop = args.num_interop_threads,
        ckpt_dir = args.model_root,
        run_name = args.exp_name
    )