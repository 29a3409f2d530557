import os
import sys
import argparse
import datetime
import time
import os.path as osp
from tqdm import tqdm
import numpy as np
import torch
import torch.nn as nn
from torch.optim import lr_scheduler
import torch.backends.cudnn as cudnn
from torch.utils.data import DataLoader
from torch.utils.data import TensorDataset
import scipy.io as sio
from sklearn import preprocessing

import models
from utils import AverageMeter, Logger, encoded_features
from center_loss import CenterLoss


# ---- datasets.py ----
class Dataset_call(object):
    def __init__(self, dataset_name, root, patch_length=4, return_zero_labels=False, sample_num=10,
                 batch_size=16):

        if dataset_name == 'UP':
            data_dir = os.path.join(root, 'UP/')
            data = sio.loadmat(data_dir + "PaviaU.mat")
            label = sio.loadmat(data_dir + 'PaviaU_gt.mat')
            self.data = data["paviaU"]
            self.label = label["paviaU_gt"]
        if dataset_name == "SA":
            data_dir = os.path.join(root, 'SA/')
            data = sio.loadmat(data_dir + "Salinas_corrected.mat")
            label = sio.loadmat(data_dir + 'Salinas_gt.mat')
            self.data = data["salinas_corrected"]
            self.label = label["salinas_gt"]

        self.Input_dimension = self.data.shape[2]
        self.PATCH_LENGTH = patch_length
        self.gt = self.label.reshape(np.prod(self.label.shape[:2]), )
        self.batch_size = batch_size
        self.padded_data = self.pre_processing()
        self.sample_num = sample_num
        self.train_indices, self.test_indices = self.sample_spatial()
        self.total_indices = [j for j, x in enumerate(self.gt.ravel().tolist())]
        self.train_size = len(self.train_indices)
        self.test_size = len(self.test_indices)
        self.Total_size = self.data.shape[0] * self.data.shape[1]
        self.num_classes = max(self.gt)
        self.return_zero_labels = return_zero_labels
        self.y_train = self.gt[self.train_indices] - 1
        self.y_test = self.gt[self.test_indices] - 1

    def pre_processing(self):
        data_ = self.data
        self.data = self.data.reshape(np.prod(self.data.shape[:2]), np.prod(self.data.shape[2:]))
        self.data = preprocessing.scale(self.data)
        self.data = self.data.reshape(data_.shape[0], data_.shape[1], data_.shape[2])
        padded_data = np.lib.pad(
            self.data, ((self.PATCH_LENGTH, self.PATCH_LENGTH), (self.PATCH_LENGTH, self.PATCH_LENGTH),
                        (0, 0)), 'constant', constant_values=0)
        return padded_data

    def sample_spatial(self):
        sample_num = self.sample_num
        groundTruth = self.label
        New_train = np.zeros_like(groundTruth)
        New_test = groundTruth
        class_size = np.max(groundTruth)
        for i in range(class_size):
            idx = np.column_stack(np.where(groundTruth == i + 1))
            T_idx = idx[np.random.choice(idx.shape[0], sample_num, replace=False), :]
            for id1 in range(sample_num):
                New_train[T_idx[id1, 0], T_idx[id1, 1]] = i + 1
                New_test[T_idx[id1, 0], T_idx[id1, 1]] = 0
        return [j for j, x in enumerate(New_train.ravel().tolist())if x >0], \
               [j for j, x in enumerate(New_test.ravel().tolist())if x >0]

    def index_assignment(self, index, row, col, pad_length):
        new_assign = {}
        for counter, value in enumerate(index):
            assign_0 = value // col + pad_length
            assign_1 = value % col + pad_length
            new_assign[counter] = [assign_0, assign_1]
        return new_assign

    def select_patch(self, matrix, pos_row, pos_col, ex_len):
        selected_rows = matrix[range(pos_row - ex_len, pos_row + ex_len + 1)]
        selected_patch = selected_rows[:, range(pos_col - ex_len, pos_col + ex_len + 1)]
        return selected_patch

    def select_small_cubic(self, data_size, data_indices, whole_data, patch_length, padded_data, dimension):
        small_cubic_data = np.zeros((data_size, 2 * patch_length + 1, 2 * patch_length + 1, dimension))
        data_assign = self.index_assignment(data_indices, whole_data.shape[0], whole_data.shape[1], patch_length)
        for i in range(len(data_assign)):
            small_cubic_data[i] = self.select_patch(padded_data, data_assign[i][0], data_assign[i][1], patch_length)
        return small_cubic_data

    def generate_iter(self):
        gt_all = self.gt - 1

        train_data = self.select_small_cubic(len(self.train_indices), self.train_indices, self.data,
                                        self.PATCH_LENGTH, self.padded_data, self.Input_dimension)
        test_data = self.select_small_cubic(self.test_size, self.test_indices, self.data,
                                       self.PATCH_LENGTH, self.padded_data, self.Input_dimension)
        x_train = train_data.reshape(train_data.shape[0], train_data.shape[1], train_data.shape[2], self.Input_dimension)
        x_test_all = test_data.reshape(test_data.shape[0], test_data.shape[1], test_data.shape[2], self.Input_dimension)
        x_test = x_test_all

        x1_tensor_train = torch.from_numpy(x_train).type(torch.FloatTensor).unsqueeze(1)
        y1_tensor_train = torch.from_numpy(self.y_train).type(torch.FloatTensor)
        torch_dataset_train = TensorDataset(x1_tensor_train, y1_tensor_train)

        x1_tensor_test = torch.from_numpy(x_test).type(torch.FloatTensor).unsqueeze(1)
        y1_tensor_test = torch.from_numpy(self.y_test).type(torch.FloatTensor)
        torch_dataset_test = TensorDataset(x1_tensor_test, y1_tensor_test)

        train_iter = DataLoader(dataset=torch_dataset_train, batch_size=self.batch_size, shuffle=True, num_workers=0)
        test_iter = DataLoader(dataset=torch_dataset_test, batch_size=self.batch_size, shuffle=False, num_workers=0)

        if self.return_zero_labels == True:
            all_data = self.select_small_cubic(self.Total_size, self.total_indices, self.data,
                                          self.PATCH_LENGTH, self.padded_data, self.Input_dimension)
            all_data.reshape(all_data.shape[0], all_data.shape[1], all_data.shape[2], self.Input_dimension)
            all_tensor_data = torch.from_numpy(all_data).type(torch.FloatTensor).unsqueeze(1)
            all_tensor_data_label = torch.from_numpy(gt_all).type(torch.FloatTensor)
            torch_dataset_all = TensorDataset(all_tensor_data, all_tensor_data_label)
            all_iter = DataLoader(dataset=torch_dataset_all, batch_size=self.batch_size, shuffle=False, num_workers=0)
            return train_iter, test_iter, all_iter
        else:
            return train_iter, test_iter

    def get_iterator(self):
        if self.return_zero_labels == True:
            train_iter, test_iter, all_iter = self.generate_iter()
            return train_iter, test_iter, all_iter
        else:
            train_iter, test_iter = self.generate_iter()
            return train_iter, test_iter


# ---- main.py ----
parser = argparse.ArgumentParser("Center Loss Example")
parser.add_argument('-d', '--dataset', type=str, default='SA', choices=['UP', 'SA', 'KSC', 'UH'])
parser.add_argument('-dir', '--dataset-dir', default="Datasets/", type=str)
parser.add_argument("--patch-len", type=int, default=4)
parser.add_argument("--sample-num", type=int, default=10)
parser.add_argument('--lr-model', type=float, default=0.003)
parser.add_argument('--lr-cent', type=float, default=0.5)
parser.add_argument('--weight-cent', type=float, default=0.1)
parser.add_argument('--max-epoch', type=int, default=500)
parser.add_argument('--stepsize', type=int, default=20)
parser.add_argument('--eval-freq', type=int, default=500)
parser.add_argument('--model', type=str, default='RCN')
parser.add_argument('--save-dir', type=str, default='log/RCN')
parser.add_argument('--emb', action='store_true', help="if you want to save the embedding features")
args = parser.parse_args()


def main():
    use_gpu = torch.cuda.is_available()
    sys.stdout = Logger(osp.join(args.save_dir, 'log_' + args.dataset + '_.txt'))
    if use_gpu:
        cudnn.benchmark = True

    print("Creating dataset: {}".format(args.dataset))
    if args.emb:
        dataset = Dataset_call(dataset_name=args.dataset, root=args.dataset_dir,
                               patch_length=args.patch_len, return_zero_labels=True,
                               sample_num=args.sample_num)
        trainloader, testloader, allloader = dataset.get_iterator()
    else:
        dataset = Dataset_call(dataset_name=args.dataset, root=args.dataset_dir,
                               patch_length=args.patch_len, return_zero_labels=False,
                               sample_num=args.sample_num)
        trainloader, testloader = dataset.get_iterator()

    model = models.create(name=args.model, num_classes=dataset.num_classes, band=dataset.Input_dimension)
    if use_gpu:
        model = nn.DataParallel(model).cuda()

    criterion_xent = nn.CrossEntropyLoss()
    criterion_cent = CenterLoss(num_classes=dataset.num_classes, feat_dim=2, use_gpu=use_gpu)
    optimizer_model = torch.optim.SGD(model.parameters(), lr=args.lr_model, weight_decay=5e-04, momentum=0.9)
    optimizer_centloss = torch.optim.RMSprop(criterion_cent.parameters(), lr=args.lr_cent)
    scheduler = lr_scheduler.CosineAnnealingLR(optimizer_model, args.stepsize, eta_min=0, last_epoch=-1)

    start_time = time.time()
    for epoch in range(args.max_epoch):
        print("==> Epoch {}/{}".format(epoch + 1, args.max_epoch))
        train(model, criterion_xent, criterion_cent, optimizer_model, optimizer_centloss, trainloader, use_gpu)
        scheduler.step()

        if args.eval_freq > 0 and (epoch + 1) % args.eval_freq == 0 or (epoch + 1) == args.max_epoch:
            acc, err = test(model, testloader, use_gpu)
            print("Accuracy (%): {}\t Error rate (%): {}".format(acc, err))

        if args.emb and epoch + 1 == int(args.max_epoch):
            encoded_features(model=model, allloader=allloader, use_gpu=use_gpu, dataset_dict=dataset,
                             dataset_name=args.dataset, save_dir=args.save_dir, prefix="embeddings",)

    elapsed = str(datetime.timedelta(seconds=round(time.time() - start_time)))
    print("Finished. Total elapsed time (h:m:s): {}".format(elapsed))


def train(model, criterion_xent, criterion_cent, optimizer_model, optimizer_centloss, trainloader, use_gpu):
    model.train()
    losses = AverageMeter()
    for batch_idx, (data, labels) in enumerate(tqdm(trainloader)):
        if use_gpu:
            data, labels = data.cuda(), labels.cuda()
        _, features, outputs = model(data)
        loss_xent = criterion_xent(outputs, labels.long())
        loss_cent = criterion_cent(features, labels)
        loss_cent *= args.weight_cent
        loss = loss_xent + loss_cent
        optimizer_model.zero_grad()
        optimizer_centloss.zero_grad()
        loss.backward()
        optimizer_model.step()
        for param in criterion_cent.parameters():
            param.grad.data *= (1. / args.weight_cent)
        optimizer_centloss.step()
        losses.update(loss.item(), labels.size(0))


def test(model, testloader, use_gpu):
    model.eval()
    correct, total = 0, 0
    with torch.no_grad():
        for data, labels in testloader:
            if use_gpu:
                data, labels = data.cuda(), labels.cuda()
            _, features, outputs = model(data)
            predictions = outputs.data.max(1)[1]
            total += labels.size(0)
            correct += (predictions == labels.data).sum()
    acc = correct * 100. / total
    return acc, 100. - acc


if __name__ == '__main__':
    main()
