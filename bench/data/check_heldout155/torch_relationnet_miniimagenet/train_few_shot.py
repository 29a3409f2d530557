#-------------------------------------
# Relation network, few-shot miniImageNet
# episodic training with periodic evaluation
#-------------------------------------


import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
from torch.optim.lr_scheduler import StepLR
import numpy as np
import episodes as ep
import os
import math
import argparse
import scipy as sp
import scipy.stats

ap = argparse.ArgumentParser(description="relation net few-shot")
ap.add_argument("-f","--feature_dim",type = int, default = 64)
ap.add_argument("-r","--relation_dim",type = int, default = 8)
ap.add_argument("-w","--class_num",type = int, default = 5)
ap.add_argument("-s","--sample_num_per_class",type = int, default = 5)
ap.add_argument("-b","--batch_num_per_class",type = int, default = 10)
ap.add_argument("-e","--episode",type = int, default= 500000)
ap.add_argument("-t","--test_episode", type = int, default = 600)
ap.add_argument("-l","--learning_rate", type = float, default = 0.001)
ap.add_argument("-g","--gpu",type=int, default=0)
ap.add_argument("-u","--hidden_unit",type=int,default=10)
opt = ap.parse_args()


# settings
FEAT = opt.feature_dim
REL = opt.relation_dim
WAY = opt.class_num
SHOT = opt.sample_num_per_class
QUERY = opt.batch_num_per_class
N_EPISODES = opt.episode
N_TEST = opt.test_episode
LR = opt.learning_rate
DEV = opt.gpu
HIDDEN = opt.hidden_unit

def ci95(vals, level=0.95):
    arr = 1.0*np.array(vals)
    k = len(arr)
    mu, sem = np.mean(arr), scipy.stats.sem(arr)
    half = sem * sp.stats.t._ppf((1+level)/2., k-1)
    return mu,half

class Embedder(nn.Module):
    """four conv blocks"""
    def __init__(self):
        super(Embedder, self).__init__()
        self.b1 = nn.Sequential(
                        nn.Conv2d(3,64,kernel_size=3,padding=0),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU(),
                        nn.MaxPool2d(2))
        self.b2 = nn.Sequential(
                        nn.Conv2d(64,64,kernel_size=3,padding=0),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU(),
                        nn.MaxPool2d(2))
        self.b3 = nn.Sequential(
                        nn.Conv2d(64,64,kernel_size=3,padding=1),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU())
        self.b4 = nn.Sequential(
                        nn.Conv2d(64,64,kernel_size=3,padding=1),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU())

    def forward(self,x):
        h = self.b1(x)
        h = self.b2(h)
        h = self.b3(h)
        h = self.b4(h)
        #h = h.view(h.size(0),-1)
        return h # 64 maps

class Comparator(nn.Module):
    """scores a concatenated pair of feature maps"""
    def __init__(self,input_size,hidden_size):
        super(Comparator, self).__init__()
        self.b1 = nn.Sequential(
                        nn.Conv2d(64*2,64,kernel_size=3,padding=0),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU(),
                        nn.MaxPool2d(2))
        self.b2 = nn.Sequential(
                        nn.Conv2d(64,64,kernel_size=3,padding=0),
                        nn.BatchNorm2d(64, momentum=1, affine=True),
                        nn.ReLU(),
                        nn.MaxPool2d(2))
        self.fc1 = nn.Linear(input_size*3*3,hidden_size)
        self.fc2 = nn.Linear(hidden_size,1)

    def forward(self,x):
        h = self.b1(x)
        h = self.b2(h)
        h = h.view(h.size(0),-1)
        h = F.relu(self.fc1(h))
        h = F.sigmoid(self.fc2(h))
        return h

def init_weights(mod):
    kind = mod.__class__.__name__
    if kind.find('Conv') != -1:
        fan = mod.kernel_size[0] * mod.kernel_size[1] * mod.out_channels
        mod.weight.data.normal_(0, math.sqrt(2. / fan))
        if mod.bias is not None:
            mod.bias.data.zero_()
    elif kind.find('BatchNorm') != -1:
        mod.weight.data.fill_(1)
        mod.bias.data.zero_()
    elif kind.find('Linear') != -1:
        fan = mod.weight.size(1)
        mod.weight.data.normal_(0, 0.01)
        mod.bias.data = torch.ones(mod.bias.data.size())

def main():
    # 1: class folders
    print("listing class folders")
    # split folders for episodes
    tr_folders,te_folders = ep.class_folders()

    # 2: networks
    print("building networks")

    embed = Embedder()
    compare = Comparator(FEAT,REL)

    embed.apply(init_weights)
    compare.apply(init_weights)

    embed.cuda(DEV)
    compare.cuda(DEV)

    embed_opt = torch.optim.Adam(embed.parameters(),lr=LR)
    embed_sched = StepLR(embed_opt,step_size=100000,gamma=0.5)
    compare_opt = torch.optim.Adam(compare.parameters(),lr=LR)
    compare_sched = StepLR(compare_opt,step_size=100000,gamma=0.5)

    if os.path.exists(str("./ckpt/mini_embed_" + str(WAY) +"w_" + str(SHOT) +"s.pkl")):
        embed.load_state_dict(torch.load(str("./ckpt/mini_embed_" + str(WAY) +"w_" + str(SHOT) +"s.pkl")))
        print("embedder restored")
    if os.path.exists(str("./ckpt/mini_compare_"+ str(WAY) +"w_" + str(SHOT) +"s.pkl")):
        compare.load_state_dict(torch.load(str("./ckpt/mini_compare_"+ str(WAY) +"w_" + str(SHOT) +"s.pkl")))
        print("comparator restored")

    # 3: train
    print("training")

    best = 0.0

    for e in range(N_EPISODES):

        embed_sched.step(e)
        compare_sched.step(e)

        # one episode
        # support loader gives the labelled shots
        # query loader gives the images to classify
        task = ep.EpisodeTask(tr_folders,WAY,SHOT,QUERY)
        sup_loader = ep.episode_loader(task,num_per_class=SHOT,split="train",shuffle=False)
        qry_loader = ep.episode_loader(task,num_per_class=QUERY,split="test",shuffle=True)

        # draw the episode
        sup_x,sup_y = sup_loader.__iter__().next() #25*3*84*84
        qry_x,qry_y = qry_loader.__iter__().next()

        # embed
        sup_f = embed(Variable(sup_x).cuda(DEV)) # 25*64*19*19
        sup_f = sup_f.view(WAY,SHOT,FEAT,19,19)
        sup_f = torch.sum(sup_f,1).squeeze(1)
        qry_f = embed(Variable(qry_x).cuda(DEV)) # 50*64*19*19

        # pair every query with every class
        # giving (query*way) x 128 x 19 x 19 pairs
        sup_rep = sup_f.unsqueeze(0).repeat(QUERY*WAY,1,1,1,1)
        qry_rep = qry_f.unsqueeze(0).repeat(WAY,1,1,1,1)
        qry_rep = torch.transpose(qry_rep,0,1)
        pairs = torch.cat((sup_rep,qry_rep),2).view(-1,FEAT*2,19,19)
        scores = compare(pairs).view(-1,WAY)

        crit = nn.MSELoss().cuda(DEV)
        target = Variable(torch.zeros(QUERY*WAY, WAY).scatter_(1, qry_y.view(-1,1), 1).cuda(DEV))
        loss = crit(scores,target)


        # update

        embed.zero_grad()
        compare.zero_grad()

        loss.backward()

        torch.nn.utils.clip_grad_norm(embed.parameters(),0.5)
        torch.nn.utils.clip_grad_norm(compare.parameters(),0.5)

        embed_opt.step()
        compare_opt.step()


        if (e+1)%100 == 0:
                print("episode",e+1,"loss",loss.data[0])

        if e%5000 == 0:

            # evaluate
            print("evaluating")
            accs = []
            for t in range(N_TEST):
                hits = 0
                task = ep.EpisodeTask(te_folders,WAY,SHOT,15)
                sup_loader = ep.episode_loader(task,num_per_class=SHOT,split="train",shuffle=False)
                per_cls = 5
                te_loader = ep.episode_loader(task,num_per_class=per_cls,split="test",shuffle=False)

                sup_x,sup_y = sup_loader.__iter__().next()
                for te_x,te_y in te_loader:
                    bs = te_y.shape[0]
                    # embed
                    sup_f = embed(Variable(sup_x).cuda(DEV)) # support maps
                    sup_f = sup_f.view(WAY,SHOT,FEAT,19,19)
                    sup_f = torch.sum(sup_f,1).squeeze(1)
                    te_f = embed(Variable(te_x).cuda(DEV)) # query maps

                    # pair every query with every class
                    # giving (bs*way) x 128 x 19 x 19 pairs
                    sup_rep = sup_f.unsqueeze(0).repeat(bs,1,1,1,1)

                    te_rep = te_f.unsqueeze(0).repeat(1*WAY,1,1,1,1)
                    te_rep = torch.transpose(te_rep,0,1)
                    pairs = torch.cat((sup_rep,te_rep),2).view(-1,FEAT*2,19,19)
                    scores = compare(pairs).view(-1,WAY)

                    _,pred = torch.max(scores.data,1)

                    right = [1 if pred[j]==te_y[j] else 0 for j in range(bs)]

                    hits += np.sum(right)


                acc = hits/1.0/WAY/15
                accs.append(acc)


            mean_acc,half = ci95(accs)

            print("eval accuracy:",mean_acc,"+-:",half)

            if mean_acc > best:

                # keep the best
                torch.save(embed.state_dict(),str("./ckpt/mini_embed_" + str(WAY) +"w_" + str(SHOT) +"s.pkl"))
                torch.save(compare.state_dict(),str("./ckpt/mini_compare_"+ str(WAY) +"w_" + str(SHOT) +"s.pkl"))

                print("saved at episode",e)

                best = mean_acc





if __name__ == '__main__':
    main()
