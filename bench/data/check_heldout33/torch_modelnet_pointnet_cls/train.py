
import torch
from dataset import MeshPointDataset
from model import PointCls, PointSeg, FeatureAlign, train_loop
from torch.utils.data import random_split

import subprocess
import os
import argparse

def get_args():
    arg_parser = argparse.ArgumentParser()
    arg_parser.add_argument('--model_type', type=str, default = 'cls', help = 'which head: cls or seg')
    arg_parser.add_argument('--dataset_root', type=str, default = './datasets/ModelNet10', help='folder holding the ModelNet data')
    arg_parser.add_argument('--epochs', type=int, default = 20, help='number of passes over the data')
    arg_parser.add_argument('--batch_size', type=int, default = 32, help='samples per step')
    arg_parser.add_argument('--lr', type=float, default = 0.0001,  help='Adam step size')
    arg_parser.add_argument('--train_split', type=float, default = 0.7,  help='share of samples used for training')
    arg_parser.add_argument('--point_num', type=int, default = 1000, help = 'points sampled per mesh')
    arg_parser.add_argument('--cls_num', type=int, default = 10, help = 'how many classes')


    return arg_parser.parse_args()

def fetch_modelnet(data_path):
    if os.path.exists(data_path):
        pass
    else:
        if not os.path.exists("./datasets/"): os.makedirs("./datasets/")
        if data_path=='./datasets/ModelNet10':
            if not os.path.exists('./ModelNet10.zip'):
                print('fetching the archive')
                dl_proc = subprocess.Popen(["wget", "http://3dvision.princeton.edu/projects/2014/3DShapeNets/ModelNet10.zip"])
                dl_proc.wait()
            subprocess.Popen(["unzip", "ModelNet10.zip", "-d", "./datasets/"])
        if data_path=='./datasets/ModelNet40':
            if not os.path.exists('./ModelNet40.zip'):
                dl_proc = subprocess.Popen(["wget", "http://modelnet.cs.princeton.edu/ModelNet40.zip"])
            dl_proc.wait()
            subprocess.Popen(["unzip", "-o", "ModelNet40.zip", "-d", "./datasets/"])

def make_train_val_split(args_ns):
    train_subset = MeshPointDataset(args_ns.dataset_root, is_train=True, n_points=args_ns.point_num)
    n_shapes = len(train_subset)
    n_train = int(n_shapes * args_ns.train_split)
    n_test = n_shapes - n_train
    train_subset, test_subset = random_split(train_subset, [n_train, n_test])
    test_subset.is_train = False
    return train_subset, test_subset

def run_pointnet_cls():
    args_ns = get_args()
    fetch_modelnet(args_ns.dataset_root)
    run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    train_subset, val_subset = make_train_val_split(args_ns)
    cls_model = PointCls(args_ns.cls_num).to(run_device)

    optim_ = torch.optim.Adam(cls_model.parameters(), lr=args_ns.lr)
    train_loop(cls_model, train_subset, val_subset, optim_, n_epochs=args_ns.epochs, batch_n=args_ns.batch_size, run_device=run_device)

# segmentation variant, not finished:
#     args_ns = get_args()
#     fetch_modelnet(args_ns)
#     run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
#     train_subset, val_subset = make_train_val_split(args_ns)
#     seg_model = PointSeg(args_ns.cls_num).to(run_device)

#     optim_ = torch.optim.Adam(seg_model.parameters(), lr=args_ns.lr)
#     train_loop(seg_model, train_subset, val_subset, optim_, n_epochs=args_ns.epochs, batch_n=args_ns.batch_size, run_device=run_device)

# a combined entry point was planned here
#     (never written)
if __name__=='__main__':
    run_pointnet_cls()