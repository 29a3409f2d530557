import numpy as np
from scipy.spatial.distance import cdist
from tqdm import tqdm
import matplotlib

matplotlib.use('agg')
import matplotlib.pyplot as plt
import os
import torch
from torch.optim import lr_scheduler
import json
from opt import opt
from data import Data
from network import MGN
from loss import Loss
from utils.get_optimizer import get_optimizer
from utils.extract_feature import extract_feature
from utils.metrics import re_ranking

# os.environ['CUDA_VISIBLE_DEVICES'] = '1'
# os.environ['CUDA_LAUNCH_BLOCKING'] = "1"

# loader worker counts live in data.py
class Runner():
    def __init__(self, net, crit, bundle):
        self.fit_batches = bundle.train_loader
        self.gallery_batches = bundle.test_loader
        self.query_batches = bundle.query_loader
        self.gallery_set = bundle.testset
        self.query_set = bundle.queryset

        self.net = net.to('cuda')
        self.crit = crit
        self.opt = get_optimizer(net)
        self.sched = lr_scheduler.MultiStepLR(self.opt, milestones=opt.lr_scheduler, gamma=0.1)

    def train(self):

        # self.sched.step()

        self.net.train()
        for step, (imgs, ids) in enumerate(self.fit_batches):

            imgs = imgs.to('cuda')
            ids = ids.to('cuda')
            self.opt.zero_grad()
            out = self.net(imgs)
            loss = self.crit(out, ids)

            loss.backward()
            self.opt.step()
            self.sched.step() # stepped per batch to silence a warning

    # def evaluate(self, ep):
    def evaluate(self, ep):
        self.net.eval()

        print('computing embeddings, please wait')
        q_emb = extract_feature(self.net, tqdm(self.query_batches)).numpy()
        g_emb = extract_feature(self.net, tqdm(self.gallery_batches)).numpy()
        out_dir = 'metric/metric_epoch' + str(ep)
        # out_dir = 'metric/metric_epoch_450'
        os.makedirs(out_dir)

        def dump_ranking(dmat, q_ids=None, g_ids=None,
                    q_cams=None, g_cams=None, title = None):
            m, n = dmat.shape
            # defaults
            if q_ids is None:
                q_ids = np.arange(m)
            if g_ids is None:
                g_ids = np.arange(n)
            if q_cams is None:
                q_cams = np.zeros(m).astype(np.int32)
            if g_cams is None:
                g_cams = np.ones(n).astype(np.int32)
            # as arrays
            q_ids = np.asarray(q_ids)
            g_ids = np.asarray(g_ids)
            q_cams = np.asarray(q_cams)
            g_cams = np.asarray(g_cams)
            # rank the gallery per query
            order = np.argsort(dmat, axis=1)

            rows = []
            for i in range(m):
                # drop same id / same camera entries
                row = {}
                row['query_id'] = q_ids[i].astype(np.int32).tolist()
                keep = ((g_ids[order[i]] != q_ids[i]) &
                         (g_cams[order[i]] != q_cams[i]))
                ranked = g_ids[order[i]][keep]
                row['ans_ids'] = ranked.astype(np.int32).tolist()
                rows.append(row)
            with open(out_dir +'/'+ title + '.json', 'w', encoding='utf-8') as fh:
                json.dump(rows, fh, ensure_ascii=False)
            print('ranking written')


        ######################### plain distance ##########################
        dmat = cdist(q_emb, g_emb)
        dump_ranking(dmat, self.query_set.ids, self.gallery_set.ids, title = 'without_rerank')

        ######################### k-reciprocal re-rank ##########################
        qg = np.dot(q_emb, np.transpose(g_emb))
        qq = np.dot(q_emb, np.transpose(q_emb))
        gg = np.dot(g_emb, np.transpose(g_emb))
        dmat = re_ranking(qg, qq, gg)
        dump_ranking(dmat, self.query_set.ids, self.gallery_set.ids, title='rerank')

        ######################### query expansion ##########################
        expanded = []
        T = 9
        for i in range(len(dmat)):
            top = np.argsort(dmat[i])[:T]
            stack = np.concatenate((q_emb[i][np.newaxis, :], g_emb[top]), axis=0)
            expanded.append(np.mean(stack, axis=0, keepdims=True))

        q_emb = np.squeeze(np.array(expanded))
        # l2 normalise
        q_norm = np.linalg.norm(q_emb, axis=1, keepdims=True)
        q_emb = q_emb / q_norm

        qg = np.dot(q_emb, np.transpose(g_emb))
        qq = np.dot(q_emb, np.transpose(q_emb))
        gg = np.dot(g_emb, np.transpose(g_emb))
        dmat = re_ranking(qg, qq, gg)

        dump_ranking(dmat, self.query_set.ids, self.gallery_set.ids, title='query_expansion')

    def vis(self):
        
        self.net.eval()

        g_paths = bundle.testset.imgs
        g_labels = bundle.testset.ids

        # embeddings
        print('computing embeddings, please wait')
        q_vec = extract_feature(self.net, [(torch.unsqueeze(bundle.query_image, 0), 1)]).numpy()
        g_vecs = extract_feature(self.net, bundle.test_loader).numpy()

        # euclidean distances
        d = cdist(q_vec, g_vecs, 'euclidean')
        d = d[0]  # a single query

        # nearest first
        order = np.argsort(d)

        # draw the ranking
        fig = plt.figure(figsize=(16, 4))

        ax = plt.subplot(1, 11, 1)
        ax.axis('off')
        plt.imshow(plt.imread(opt.query_image))
        ax.set_title('query')

        print('ten nearest gallery images:')

        for i in range(10):
            p = g_paths[order[i]]
            lab = g_labels[order[i]]
            print(p)

            ax = plt.subplot(1, 11, i + 2)
            ax.axis('off')
            plt.imshow(plt.imread(p))
            ax.set_title(str(lab))

        fig.savefig("show.png")
        print('figure written to show.png')


if __name__ == '__main__':
    bundle = Data()
    net = MGN()
    crit = Loss()
    runner = Runner(net, crit, bundle)

    if opt.mode == 'train':
        for ep in range(1, opt.epoch + 1):
            print('\nepoch', ep)
            runner.train()
            # if ep % 50 == 0:
            #     os.makedirs('weights', exist_ok=True)
            #     torch.save(net.state_dict(), ('weights/model_{}.pt'.format(ep)))
            if ep % 50 == 0:
                print('\nevaluating')
                runner.evaluate(ep)
                os.makedirs('weights', exist_ok=True)
                torch.save(net.state_dict(), ('weights/model_{}.pt'.format(ep)))

    if opt.mode == 'evaluate':
        print('evaluating')
        net.load_state_dict(torch.load(opt.weight))
        runner.evaluate(500)

    if opt.mode == 'vis':
        print('drawing')
        net.load_state_dict(torch.load(opt.weight))
        runner.vis()
