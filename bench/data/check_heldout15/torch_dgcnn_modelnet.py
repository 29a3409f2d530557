from __future__ import print_function
import os
import argparse
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.optim.lr_scheduler import CosineAnnealingLR
from model import PointNet, DGCNN
import numpy as np
from torch.utils.data import DataLoader
from util import cal_loss, IOStream
import sklearn.metrics as metrics

import glob
import h5py
from torch.utils.data import Dataset

def fetch_modelnet():
    HERE_DIR = os.path.dirname(os.path.abspath(__file__))
    DATA_ROOT_DIR = os.path.join(HERE_DIR, 'data')
    if not os.path.exists(DATA_ROOT_DIR):
        os.mkdir(DATA_ROOT_DIR)
    if not os.path.exists(os.path.join(DATA_ROOT_DIR, 'modelnet40_ply_hdf5_2048')):
        zip_url = 'https://shapenet.cs.stanford.edu/media/modelnet40_ply_hdf5_2048.zip'
        zip_file = os.path.basename(zip_url)
        os.system('wget %s; unzip %s' % (zip_url, zip_file))
        os.system('mv %s %s' % (zip_file[:-4], DATA_ROOT_DIR))
        os.system('rm %s' % (zip_file))

def read_split_data(split_name):
    fetch_modelnet()
    HERE_DIR = os.path.dirname(os.path.abspath(__file__))
    DATA_ROOT_DIR = os.path.join(HERE_DIR, 'data')
    split_data = []
    split_labels = []
    for h5_file in glob.glob(os.path.join(DATA_ROOT_DIR, 'modelnet40_ply_hdf5_2048', 'ply_data_%s*.h5'%split_name)):
        h5 = h5py.File(h5_file)
        chunk_data = h5['data'][:].astype('float32')
        chunk_label = h5['label'][:].astype('int64')
        h5.close()
        split_data.append(chunk_data)
        split_labels.append(chunk_label)
    split_data = np.concatenate(split_data, axis=0)
    split_labels = np.concatenate(split_labels, axis=0)
    return split_data, split_labels

def scale_shift_points(points):
    scale = np.random.uniform(low=2./3., high=3./2., size=[3])
    shift = np.random.uniform(low=-0.2, high=0.2, size=[3])
    moved_points = np.add(np.multiply(points, scale), shift).astype('float32')
    return moved_points

def jitter_points(points, noise_sd=0.01, noise_cap=0.02):
    n_pts, n_dim = points.shape
    points += np.clip(noise_sd * np.random.randn(n_pts, n_dim), -1*noise_cap, noise_cap)
    return points

class ModelNetPoints(Dataset):
    def __init__(self, n_points, split_name='train'):
        self.pts_data, self.labels_arr = read_split_data(split_name)
        self.n_points = n_points
        self.split_name = split_name        

    def __getitem__(self, idx):
        points = self.pts_data[idx][:self.n_points]
        cls_label = self.labels_arr[idx]
        if self.split_name == 'train':
            points = scale_shift_points(points)
            np.random.shuffle(points)
        return points, cls_label

    def __len__(self):
        return self.pts_data.shape[0]

def make_run_dirs():
    if not os.path.exists('checkpoints'):
        os.makedirs('checkpoints')
    if not os.path.exists('checkpoints/'+cfg.exp_name):
        os.makedirs('checkpoints/'+cfg.exp_name)
    if not os.path.exists('checkpoints/'+cfg.exp_name+'/'+'models'):
        os.makedirs('checkpoints/'+cfg.exp_name+'/'+'models')
    os.system('cp main.py checkpoints'+'/'+cfg.exp_name+'/'+'main.py.backup')
    os.system('cp model.py checkpoints' + '/' + cfg.exp_name + '/' + 'model.py.backup')
    os.system('cp util.py checkpoints' + '/' + cfg.exp_name + '/' + 'util.py.backup')
    os.system('cp data.py checkpoints' + '/' + cfg.exp_name + '/' + 'data.py.backup')

def train_model(cfg, log_io):
    train_points_loader = DataLoader(ModelNetPoints(split_name='train', n_points=cfg.num_points), num_workers=8,
                              batch_size=cfg.batch_size, shuffle=True, drop_last=True)
    test_points_loader = DataLoader(ModelNetPoints(split_name='test', n_points=cfg.num_points), num_workers=8,
                             batch_size=cfg.test_batch_size, shuffle=True, drop_last=False)
    dev = torch.device("cuda" if cfg.cuda else "cpu")
    if cfg.model == 'pointnet':
        net_model = PointNet(cfg).to(dev)
    elif cfg.model == 'dgcnn':
        net_model = DGCNN(cfg).to(dev)
    else:
        raise Exception("unknown network name")
    print(str(net_model))
    net_model = nn.DataParallel(net_model)
    print("using", torch.cuda.device_count(), "GPU(s)")
    if cfg.use_sgd:
        print("optimizer: SGD")
        net_optimizer = optim.SGD(net_model.parameters(), lr=cfg.lr*100, momentum=cfg.momentum, weight_decay=1e-4)
    else:
        print("optimizer: Adam")
        net_optimizer = optim.Adam(net_model.parameters(), lr=cfg.lr, weight_decay=1e-4)
    cos_sched = CosineAnnealingLR(net_optimizer, cfg.epochs, eta_min=cfg.lr)
    loss_fn = cal_loss
    best_test_accuracy = 0
    for epoch in range(cfg.epochs):
        cos_sched.step()
        train_loss_total = 0.0
        n_seen = 0.0
        net_model.train()
        train_preds_list = []
        train_labels_list = []
        for batch_data, batch_label in train_points_loader:
            batch_data, batch_label = batch_data.to(dev), batch_label.to(dev).squeeze()
            batch_data = batch_data.permute(0, 2, 1)
            n_batch = batch_data.size()[0]
            net_optimizer.zero_grad()
            scores = net_model(batch_data)
            batch_loss = loss_fn(scores, batch_label)
            batch_loss.backward()
            net_optimizer.step()
            pred_cls = scores.max(dim=1)[1]
            n_seen += n_batch
            train_loss_total += batch_loss.item() * n_batch
            train_labels_list.append(batch_label.cpu().numpy())
            train_preds_list.append(pred_cls.detach().cpu().numpy())
        train_labels_list = np.concatenate(train_labels_list)
        train_preds_list = np.concatenate(train_preds_list)
        log_line = 'epoch %d train: loss %.6f, acc %.6f, balanced acc %.6f' % (epoch,
                                                                                 train_loss_total*1.0/n_seen,
                                                                                 metrics.accuracy_score(
                                                                                     train_labels_list, train_preds_list),
                                                                                 metrics.balanced_accuracy_score(
                                                                                     train_labels_list, train_preds_list))
        log_io.cprint(log_line)
        test_loss_total = 0.0
        n_seen = 0.0
        net_model.eval()
        test_preds_list = []
        test_labels_list = []
        for batch_data, batch_label in test_points_loader:
            batch_data, batch_label = batch_data.to(dev), batch_label.to(dev).squeeze()
            batch_data = batch_data.permute(0, 2, 1)
            n_batch = batch_data.size()[0]
            scores = net_model(batch_data)
            batch_loss = loss_fn(scores, batch_label)
            pred_cls = scores.max(dim=1)[1]
            n_seen += n_batch
            test_loss_total += batch_loss.item() * n_batch
            test_labels_list.append(batch_label.cpu().numpy())
            test_preds_list.append(pred_cls.detach().cpu().numpy())
        test_labels_list = np.concatenate(test_labels_list)
        test_preds_list = np.concatenate(test_preds_list)
        test_accuracy = metrics.accuracy_score(test_labels_list, test_preds_list)
        balanced_acc = metrics.balanced_accuracy_score(test_labels_list, test_preds_list)
        log_line = 'epoch %d test: loss %.6f, acc %.6f, balanced acc %.6f' % (epoch,
                                                                              test_loss_total*1.0/n_seen,
                                                                              test_accuracy,
                                                                              balanced_acc)
        log_io.cprint(log_line)
        if test_accuracy >= best_test_accuracy:
            best_test_accuracy = test_accuracy
            torch.save(net_model.state_dict(), 'checkpoints/%s/models/model.t7' % cfg.exp_name)

def test_model(cfg, log_io):
    test_points_loader = DataLoader(ModelNetPoints(split_name='test', n_points=cfg.num_points),
                             batch_size=cfg.test_batch_size, shuffle=True, drop_last=False)
    dev = torch.device("cuda" if cfg.cuda else "cpu")
    net_model = DGCNN(cfg).to(dev)
    net_model = nn.DataParallel(net_model)
    net_model.load_state_dict(torch.load(cfg.model_path))
    net_model = net_model.eval()
    test_accuracy = 0.0
    n_seen = 0.0
    test_labels_list = []
    test_preds_list = []
    for batch_data, batch_label in test_points_loader:
        batch_data, batch_label = batch_data.to(dev), batch_label.to(dev).squeeze()
        batch_data = batch_data.permute(0, 2, 1)
        n_batch = batch_data.size()[0]
        scores = net_model(batch_data)
        pred_cls = scores.max(dim=1)[1]
        test_labels_list.append(batch_label.cpu().numpy())
        test_preds_list.append(pred_cls.detach().cpu().numpy())
    test_labels_list = np.concatenate(test_labels_list)
    test_preds_list = np.concatenate(test_preds_list)
    test_accuracy = metrics.accuracy_score(test_labels_list, test_preds_list)
    balanced_acc = metrics.balanced_accuracy_score(test_labels_list, test_preds_list)
    log_line = 'test only: acc %.6f, balanced acc %.6f'%(test_accuracy, balanced_acc)
    log_io.cprint(log_line)

if __name__ == "__main__":
    cli_parser = argparse.ArgumentParser(description='point cloud classification on ModelNet40')
    cli_parser.add_argument('--exp_name', type=str, default='exp', metavar='N',
                        help='run name (folder under checkpoints)')
    cli_parser.add_argument('--model', type=str, default='dgcnn', metavar='N',
                        choices=['pointnet', 'dgcnn'],
                        help='network: pointnet or dgcnn')
    cli_parser.add_argument('--dataset', type=str, default='modelnet40', metavar='N',
                        choices=['modelnet40'])
    cli_parser.add_argument('--batch_size', type=int, default=32, metavar='batch_size',
                        help='training clouds per step')
    cli_parser.add_argument('--test_batch_size', type=int, default=16, metavar='batch_size',
                        help='test clouds per step')
    cli_parser.add_argument('--epochs', type=int, default=250, metavar='N',
                        help='how many epochs')
    cli_parser.add_argument('--use_sgd', type=bool, default=True,
                        help='SGD instead of Adam')
    cli_parser.add_argument('--lr', type=float, default=0.001, metavar='LR',
                        help='step size (times 100 with SGD)')
    cli_parser.add_argument('--momentum', type=float, default=0.9, metavar='M',
                        help='momentum for SGD')
    cli_parser.add_argument('--no_cuda', type=bool, default=False,
                        help='stay on the CPU')
    cli_parser.add_argument('--seed', type=int, default=1, metavar='S',
                        help='seed for torch')
    cli_parser.add_argument('--eval', type=bool,  default=False,
                        help='only score a saved network')
    cli_parser.add_argument('--num_points', type=int, default=1024,
                        help='points per cloud')
    cli_parser.add_argument('--dropout', type=float, default=0.5,
                        help='dropout probability')
    cli_parser.add_argument('--emb_dims', type=int, default=1024, metavar='N',
                        help='width of the global feature')
    cli_parser.add_argument('--k', type=int, default=20, metavar='N',
                        help='neighbours per point in the graph')
    cli_parser.add_argument('--model_path', type=str, default='', metavar='N',
                        help='saved weights for test mode')
    cfg = cli_parser.parse_args()
    make_run_dirs()
    log_io = IOStream('checkpoints/' + cfg.exp_name + '/run.log')
    log_io.cprint(str(cfg))
    cfg.cuda = not cfg.no_cuda and torch.cuda.is_available()
    torch.manual_seed(cfg.seed)
    if cfg.cuda:
        log_io.cprint(
            'GPU ' + str(torch.cuda.current_device()) + ' of ' + str(torch.cuda.device_count()) + ' in use')
        torch.cuda.manual_seed(cfg.seed)
    else:
        log_io.cprint('running on the CPU')
    if not cfg.eval:
        train_model(cfg, log_io)
    else:
        test_model(cfg, log_io)
