import os
import numpy as np
from scipy.spatial.distance import cdist
from tqdm import tqdm
import matplotlib

matplotlib.use('agg')

import torch
from torch.optim import lr_scheduler

from opt import opt
from data import Data
from network import MGN
from loss import Loss
from utils.get_optimizer import get_optimizer
from utils.extract_feature import extract_feature
from utils.metrics import mean_ap, cmc, re_ranking
from IPython import embed

os.environ['CUDA_VISIBLE_DEVICES'] = '0'


class Runner():
    def __init__(self, net, criterion, bundle):
        self.fit_loader = bundle.train_loader
        self.gallery_loader = bundle.test_loader
        self.probe_loader = bundle.query_loader
        self.gallery_set = bundle.testset
        self.probe_set = bundle.queryset

        self.own_set = bundle.mydataset
        self.own_loader = bundle.mydata_loader

        self.net = net.to('cuda')
        self.criterion = criterion
        self.optim = get_optimizer(net)
        self.sched = lr_scheduler.MultiStepLR(self.optim, milestones=opt.lr_scheduler, gamma=0.1)

    def fit_epoch(self):

        self.sched.step()

        self.net.train()
        for step, (batch_x, batch_y) in enumerate(self.fit_loader):
            batch_x = batch_x.to('cuda')
            batch_y = batch_y.to('cuda')
            self.optim.zero_grad()
            preds = self.net(batch_x)
            objective = self.criterion(preds, batch_y)
            objective.backward()
            self.optim.step()

    def score(self):

        self.net.eval()

        print('computing embeddings for probe and gallery')
        probe_feat = extract_feature(self.net, tqdm(self.probe_loader)).numpy()
        gallery_feat = extract_feature(self.net, tqdm(self.gallery_loader)).numpy()

        def ranking(dmat):
            curve = cmc(dmat, self.probe_set.ids, self.gallery_set.ids, self.probe_set.cameras, self.gallery_set.cameras,
                        separate_camera_set=False,
                        single_gallery_shot=False,
                        first_match_break=True)
            mean_prec = mean_ap(dmat, self.probe_set.ids, self.gallery_set.ids, self.probe_set.cameras, self.gallery_set.cameras)

            return curve, mean_prec

        # ---- k-reciprocal re-ranking ----
        pg_sim = np.dot(probe_feat, np.transpose(gallery_feat))
        pp_sim = np.dot(probe_feat, np.transpose(probe_feat))
        gg_sim = np.dot(gallery_feat, np.transpose(gallery_feat))
        dmat = re_ranking(pg_sim, pp_sim, gg_sim)

        curve, mean_prec = ranking(dmat)

        print('[reranked] mAP={:.4f} r1={:.4f} r3={:.4f} r5={:.4f} r10={:.4f}'
              .format(mean_prec, curve[0], curve[2], curve[4], curve[9]))

        # ---- plain euclidean ----
        dmat = cdist(probe_feat, gallery_feat)

        curve, mean_prec = ranking(dmat)

        print('[plain]    mAP={:.4f} r1={:.4f} r3={:.4f} r5={:.4f} r10={:.4f}'
              .format(mean_prec, curve[0], curve[2], curve[4], curve[9]))

    def probe_own_photos(self):
        self.net.eval()
        own_feat = extract_feature(self.net, tqdm(self.own_loader)).numpy()
        dmat = cdist(own_feat, own_feat)
        embed()

if __name__ == '__main__':

    bundle = Data()
    net = MGN()
    criterion = Loss()
    runner = Runner(net, criterion, bundle)
    first_epoch = 1

    if opt.weight:
        net.load_state_dict(torch.load(opt.weight))
        first_epoch = 1 + int(opt.weight.split('_')[-1][:-3])

    if opt.test_mine:
        print('-> scoring own photos')
        runner.probe_own_photos()

    elif opt.mode == 'train':

        for ep in range(first_epoch, opt.epoch + 1):
            print('\nepoch', ep)
            runner.fit_epoch()
            if ep % 5 == 0:
                print('\nrunning evaluation')
                runner.score()
                os.makedirs('weights', exist_ok=True)
                torch.save(net.state_dict(), ('weights/model_{}.pt'.format(ep)))

    elif opt.mode == 'evaluate':
        print('running evaluation')
        runner.score()
