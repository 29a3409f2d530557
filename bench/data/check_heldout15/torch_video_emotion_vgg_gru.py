from __future__ import print_function

import os
import time
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
import torch.backends.cudnn as cudnn
from torchvision import datasets, transforms
from torch.autograd import Variable
from torchvision import models
import numpy
import dataset
import random
from utils import *
from VGG_gru import FERANet
# (tensorboard logging was optional)
import argparse
import subprocess
import math

# (a GPU can be pinned through CUDA_VISIBLE_DEVICES)

ce_loss = nn.CrossEntropyLoss()

class RunningAccuracy():
    """
    Accuracy and summed loss over the evaluated videos
    """
    def __init__(self):
        self.n_right = 0
        self.n_seen = 0
        self.loss_sum = 0

    def __call__(self, logits, targets):
        top_cls = logits.data.cpu().max(1, keepdim=True)[1]
        self.n_right += top_cls.eq(targets[0].data.cpu().view_as(top_cls)).cpu().sum()
        self.n_seen += targets[0].size(0)
        self.loss_sum += ce_loss(logits, targets)
        return self.summary_vals()

    def clear(self):
        self.n_right = 0
        self.n_seen = 0
        self.loss_sum = 0

    def summary_vals(self):
        return float(self.n_right) / self.n_seen, float(self.loss_sum)

    def n_correct_so_far(self):
        return self.n_right


cli_parser = argparse.ArgumentParser(description='video emotion classifier (VGG + GRU)')

cli_parser.add_argument('--batch_size', type=int, default=1, metavar='N',
                    help='videos per training step (at most 3)')
cli_parser.add_argument('--epochs', type=int, default=120, metavar='N',
                    help='how many epochs to run')
cli_parser.add_argument('--length', type=int, default=16,
                    help='frames per training clip')

cli_parser.add_argument('--preInitial', type=bool, default=True,
                    help='start VGG from ImageNet weights')

cli_parser.add_argument('--dataset', type=str, default="Emotiw",
                    help='data set name')

cli = cli_parser.parse_args()

print(cli)

train_list_file = "TrainTestlist/"+cli.dataset+"/"+cli.dataset+"_TRAIN.txt"
val_list_file =  "TrainTestlist/"+cli.dataset+"/"+cli.dataset+"_VAL.txt"

if os.path.isfile != True:
    subprocess.call(["python", "./TrainTestlist/"+cli.dataset+"/getTraintest_"+cli.dataset+".py"])


weights_dir     = "weight"
batch_n    = 1
base_lr = 0.00001

best_acc = 0.
val_metric = RunningAccuracy()

# fixed seeds so runs repeat
n_workers   = 0
# (cudnn could be switched off here)
torch.manual_seed(1)
torch.cuda.manual_seed(1)
random.seed(1)
torch.backends.cudnn.benchmark = True
# (or made deterministic)


if cli.preInitial == True:
    emotion_model = FERANet()
    emotion_model = Initial(emotion_model)
else:
    emotion_model = FERANet()


seen_batches = 0
loader_kwargs = {'num_workers': n_workers, 'pin_memory': True}
emotion_model = emotion_model.cuda()


sgd_optimizer = optim.SGD(emotion_model.parameters(), lr=base_lr , momentum=0.9, weight_decay= 0.00005)

ce_loss = nn.CrossEntropyLoss()

log_to_tb = False

def train_epoch(epoch,sgd_optimizer):


    train_video_loader = torch.utils.data.DataLoader(
        dataset.listDataset(train_list_file,length = cli.length,
                       shuffle=True,
                       train=True,
                       dataset = cli.dataset),
        batch_size=cli.batch_size, shuffle=False, **loader_kwargs)


    for group in sgd_optimizer.param_groups:
        current_lr = float(group['lr'])

    logging('epoch %d, %d videos so far, step size %f' % (epoch, epoch * len(train_video_loader.dataset), current_lr))

    epoch_loss_sum = 0.0

    emotion_model.train()

    for step_i, (frames_data, video_label) in enumerate(train_video_loader):


        frames_data = frames_data.squeeze(0)
        frames_data = Variable(frames_data).cuda()

        video_label = Variable(video_label.long()).cuda()
        video_label = video_label.squeeze(1)

        sgd_optimizer.zero_grad()

        logits_out = emotion_model(frames_data)

        step_loss = ce_loss(logits_out, video_label)

        epoch_loss_sum += step_loss.data[0]

        step_loss.backward()

        sgd_optimizer.step()

    if epoch %1 == 0:
        logging('summed train loss {:.6f}'.format(epoch_loss_sum))


def run_eval(epoch,val_metric):

    emotion_model.eval()

    global best_acc

    val_metric.clear()

    val_video_loader = torch.utils.data.DataLoader(
        dataset.listDataset(val_list_file,length = cli.length,
                    shuffle=False,
                    train=False,
                    dataset = cli.dataset),
                    batch_size=1, shuffle=False, **loader_kwargs)


    for step_i, (frames_data, video_label) in enumerate(val_video_loader):

        frames_data = frames_data.squeeze(0)

        n_clips,n_t,n_c,n_h,n_w = frames_data.size()

        frames_data = Variable(frames_data,volatile=True).cuda()

        video_label = Variable(video_label.long(),volatile=True).cuda()
        video_label = video_label.squeeze(1)

        clip_outputs = []
        for clip_i in range(n_clips):
            clip_feature = emotion_model(frames_data[clip_i])
            clip_outputs.append(clip_feature)

        clip_outputs = torch.mean(torch.cat(clip_outputs), 0, keepdim=True)

        val_metric(clip_outputs, video_label)


    if acc_value >= best_acc:
        best_acc = acc_value
        print("new best, saving at accuracy",acc_value)
        torch.save(emotion_model.state_dict(),'%s/model_%d.pkl' % (weights_dir,epoch))

    logging("validation accuracy %f" % (acc_value))
    logging("best so far %f" % (best_acc))

    return acc_value

for epoch in range(1, cli.epochs+1):

    # (training call left out, as in the original run)
    eval_acc = run_eval(epoch,val_metric)
