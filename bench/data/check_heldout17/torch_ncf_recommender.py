"""Neural Collaborative Filtering (GMF / MLP / NeuMF) on implicit feedback
(MovieLens-1M or Pinterest), trained with sampled negatives and evaluated by
leave-one-out HR@K / NDCG@K. Config, data utilities, model and metrics are
merged into this one script."""
import argparse
import os
import time

import numpy as np
import pandas as pd
import scipy.sparse as sp
import torch
import torch.backends.cudnn as cudnn
import torch.nn as nn
import torch.optim as optim
import torch.utils.data as data

# ---------------------------------- config ----------------------------------
dataset = 'ml-1m'
assert dataset in ['ml-1m', 'pinterest-20']
model_name = 'NeuMF-end'
assert model_name in ['MLP', 'GMF', 'NeuMF-end', 'NeuMF-pre']

main_path = '/home/share/guoyangyang/recommendation/NCF-Data/'
train_rating = main_path + '{}.train.rating'.format(dataset)
test_rating = main_path + '{}.test.rating'.format(dataset)
test_negative = main_path + '{}.test.negative'.format(dataset)

model_path = './models/'
GMF_model_path = model_path + 'GMF.pth'
MLP_model_path = model_path + 'MLP.pth'
NeuMF_model_path = model_path + 'NeuMF.pth'


# ------------------------------- data utils -------------------------------
def load_all(test_num=100):
    """Read the three rating files once; the result is reused every epoch."""
    ratings = pd.read_csv(train_rating, sep='\t', header=None, names=['user', 'item'],
                          usecols=[0, 1], dtype={0: np.int32, 1: np.int32})
    n_users = ratings['user'].max() + 1
    n_items = ratings['item'].max() + 1
    ratings = ratings.values.tolist()

    # interactions as a dictionary-of-keys sparse matrix
    seen = sp.dok_matrix((n_users, n_items), dtype=np.float32)
    for pair in ratings:
        seen[pair[0], pair[1]] = 1.0

    test_pairs = []
    with open(test_negative, 'r') as fh:
        line = fh.readline()
        while line != None and line != '':
            fields = line.split('\t')
            uid = eval(fields[0])[0]
            test_pairs.append([uid, eval(fields[0])[1]])
            for neg in fields[1:]:
                test_pairs.append([uid, int(neg)])
            line = fh.readline()
    return ratings, test_pairs, n_users, n_items, seen


class NCFData(data.Dataset):
    def __init__(self, features, num_item, train_mat=None, num_ng=0, is_training=None):
        super(NCFData, self).__init__()
        # labels only matter for training; they are filled in ng_sample()
        self.features_ps = features
        self.num_item = num_item
        self.train_mat = train_mat
        self.num_ng = num_ng
        self.is_training = is_training
        self.labels = [0 for _ in range(len(features))]

    def ng_sample(self):
        assert self.is_training, 'no need to sampling when testing'
        self.features_ng = []
        for pos in self.features_ps:
            uid = pos[0]
            for _ in range(self.num_ng):
                cand = np.random.randint(self.num_item)
                while (uid, cand) in self.train_mat:
                    cand = np.random.randint(self.num_item)
                self.features_ng.append([uid, cand])
        ones = [1 for _ in range(len(self.features_ps))]
        zeros = [0 for _ in range(len(self.features_ng))]
        self.features_fill = self.features_ps + self.features_ng
        self.labels_fill = ones + zeros

    def __len__(self):
        return (self.num_ng + 1) * len(self.labels)

    def __getitem__(self, idx):
        feats = self.features_fill if self.is_training else self.features_ps
        labs = self.labels_fill if self.is_training else self.labels
        return feats[idx][0], feats[idx][1], labs[idx]


# ---------------------------------- model ----------------------------------
class NCF(nn.Module):
    def __init__(self, user_num, item_num, factor_num, num_layers, dropout, model,
                 GMF_model=None, MLP_model=None):
        super(NCF, self).__init__()
        self.dropout = dropout
        self.model = model
        self.GMF_model = GMF_model
        self.MLP_model = MLP_model

        self.embed_user_GMF = nn.Embedding(user_num, factor_num)
        self.embed_item_GMF = nn.Embedding(item_num, factor_num)
        self.embed_user_MLP = nn.Embedding(user_num, factor_num * (2 ** (num_layers - 1)))
        self.embed_item_MLP = nn.Embedding(item_num, factor_num * (2 ** (num_layers - 1)))

        tower = []
        for k in range(num_layers):
            width = factor_num * (2 ** (num_layers - k))
            tower.append(nn.Dropout(p=self.dropout))
            tower.append(nn.Linear(width, width // 2))
            tower.append(nn.ReLU())
        self.MLP_layers = nn.Sequential(*tower)

        predict_size = factor_num if self.model in ['MLP', 'GMF'] else factor_num * 2
        self.predict_layer = nn.Linear(predict_size, 1)
        self._init_weight_()

    def _init_weight_(self):
        if not self.model == 'NeuMF-pre':
            nn.init.normal_(self.embed_user_GMF.weight, std=0.01)
            nn.init.normal_(self.embed_user_MLP.weight, std=0.01)
            nn.init.normal_(self.embed_item_GMF.weight, std=0.01)
            nn.init.normal_(self.embed_item_MLP.weight, std=0.01)
            for layer in self.MLP_layers:
                if isinstance(layer, nn.Linear):
                    nn.init.xavier_uniform_(layer.weight)
            nn.init.kaiming_uniform_(self.predict_layer.weight, a=1, nonlinearity='sigmoid')
            for layer in self.modules():
                if isinstance(layer, nn.Linear) and layer.bias is not None:
                    layer.bias.data.zero_()
        else:
            # warm start from separately pre-trained GMF and MLP models
            self.embed_user_GMF.weight.data.copy_(self.GMF_model.embed_user_GMF.weight)
            self.embed_item_GMF.weight.data.copy_(self.GMF_model.embed_item_GMF.weight)
            self.embed_user_MLP.weight.data.copy_(self.MLP_model.embed_user_MLP.weight)
            self.embed_item_MLP.weight.data.copy_(self.MLP_model.embed_item_MLP.weight)
            for (mine, theirs) in zip(self.MLP_layers, self.MLP_model.MLP_layers):
                if isinstance(mine, nn.Linear) and isinstance(theirs, nn.Linear):
                    mine.weight.data.copy_(theirs.weight)
                    mine.bias.data.copy_(theirs.bias)
            joint_w = torch.cat([self.GMF_model.predict_layer.weight, self.MLP_model.predict_layer.weight], dim=1)
            joint_b = self.GMF_model.predict_layer.bias + self.MLP_model.predict_layer.bias
            self.predict_layer.weight.data.copy_(0.5 * joint_w)
            self.predict_layer.bias.data.copy_(0.5 * joint_b)

    def forward(self, user, item):
        if not self.model == 'MLP':
            gmf = self.embed_user_GMF(user) * self.embed_item_GMF(item)
        if not self.model == 'GMF':
            pair = torch.cat((self.embed_user_MLP(user), self.embed_item_MLP(item)), -1)
            mlp = self.MLP_layers(pair)
        if self.model == 'GMF':
            joined = gmf
        elif self.model == 'MLP':
            joined = mlp
        else:
            joined = torch.cat((gmf, mlp), -1)
        return self.predict_layer(joined).view(-1)


# --------------------------------- metrics ---------------------------------
def hit(gt_item, pred_items):
    return 1 if gt_item in pred_items else 0


def ndcg(gt_item, pred_items):
    if gt_item in pred_items:
        return np.reciprocal(np.log2(pred_items.index(gt_item) + 2))
    return 0


def metrics(model, test_loader, top_k):
    hr_all, ndcg_all = [], []
    for user, item, label in test_loader:
        user = user.cuda()
        item = item.cuda()
        scores = model(user, item)
        _, top = torch.topk(scores, top_k)
        ranked = torch.take(item, top).cpu().numpy().tolist()
        target = item[0].item()
        hr_all.append(hit(target, ranked))
        ndcg_all.append(ndcg(target, ranked))
    return np.mean(hr_all), np.mean(ndcg_all)


# ---------------------------------- main ----------------------------------
ap = argparse.ArgumentParser()
ap.add_argument("--lr", type=float, default=0.001, help="learning rate")
ap.add_argument("--dropout", type=float, default=0.0, help="dropout rate")
ap.add_argument("--batch_size", type=int, default=256, help="training batch size")
ap.add_argument("--epochs", type=int, default=20, help="training epochs")
ap.add_argument("--top_k", type=int, default=10, help="cut-off for HR / NDCG")
ap.add_argument("--factor_num", type=int, default=32, help="predictive factors")
ap.add_argument("--num_layers", type=int, default=3, help="MLP depth")
ap.add_argument("--num_ng", type=int, default=4, help="negatives per positive in training")
ap.add_argument("--test_num_ng", type=int, default=99, help="negatives per user in testing")
ap.add_argument("--out", default=True, help="save the best model")
ap.add_argument("--gpu", type=str, default="0", help="gpu card ID")
args = ap.parse_args()

os.environ["CUDA_VISIBLE_DEVICES"] = args.gpu
cudnn.benchmark = True

train_data, test_data, user_num, item_num, train_mat = load_all()
train_dataset = NCFData(train_data, item_num, train_mat, args.num_ng, True)
test_dataset = NCFData(test_data, item_num, train_mat, 0, False)
train_loader = data.DataLoader(train_dataset, batch_size=args.batch_size, shuffle=True, num_workers=4)
test_loader = data.DataLoader(test_dataset, batch_size=args.test_num_ng + 1, shuffle=False, num_workers=0)

if model_name == 'NeuMF-pre':
    assert os.path.exists(GMF_model_path), 'lack of GMF model'
    assert os.path.exists(MLP_model_path), 'lack of MLP model'
    GMF_model = torch.load(GMF_model_path)
    MLP_model = torch.load(MLP_model_path)
else:
    GMF_model = None
    MLP_model = None

model = NCF(user_num, item_num, args.factor_num, args.num_layers, args.dropout, model_name, GMF_model, MLP_model)
model.cuda()
loss_function = nn.BCEWithLogitsLoss()
if model_name == 'NeuMF-pre':
    optimizer = optim.SGD(model.parameters(), lr=args.lr)
else:
    optimizer = optim.Adam(model.parameters(), lr=args.lr)

count, best_hr = 0, 0
for epoch in range(args.epochs):
    model.train()
    t_start = time.time()
    train_loader.dataset.ng_sample()

    for user, item, label in train_loader:
        user = user.cuda()
        item = item.cuda()
        label = label.float().cuda()
        model.zero_grad()
        logit = model(user, item)
        loss = loss_function(logit, label)
        loss.backward()
        optimizer.step()
        count += 1

    model.eval()
    HR, NDCG = metrics(model, test_loader, args.top_k)

    elapsed = time.time() - t_start
    print("The time elapse of epoch {:03d}".format(epoch) + " is: " +
          time.strftime("%H: %M: %S", time.gmtime(elapsed)))
    print("HR: {:.3f}\tNDCG: {:.3f}".format(np.mean(HR), np.mean(NDCG)))

    if HR > best_hr:
        best_hr, best_ndcg, best_epoch = HR, NDCG, epoch
        if args.out:
            if not os.path.exists(model_path):
                os.mkdir(model_path)
            torch.save(model, '{}{}.pth'.format(model_path, model_name))

print("End. Best epoch {:03d}: HR = {:.3f}, NDCG = {:.3f}".format(best_epoch, best_hr, best_ndcg))
