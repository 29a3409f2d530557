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
ds_name = 'ml-1m'
assert ds_name in ['ml-1m', 'pinterest-20']
variant_name = 'NeuMF-end'
assert variant_name in ['MLP', 'GMF', 'NeuMF-end', 'NeuMF-pre']

data_root = '/home/share/guoyangyang/recommendation/NCF-Data/'
train_rating_file = data_root + '{}.train.rating'.format(ds_name)
test_rating_file = data_root + '{}.test.rating'.format(ds_name)
test_negative_file = data_root + '{}.test.negative'.format(ds_name)

model_dir = './models/'
gmf_ckpt_path = model_dir + 'GMF.pth'
mlp_ckpt_path = model_dir + 'MLP.pth'
neumf_ckpt_path = model_dir + 'NeuMF.pth'


# ------------------------------- data utils -------------------------------
def read_rating_files(test_per_user=100):
    """Read the three rating files once; the result is reused every epoch."""
    rating_rows = pd.read_csv(train_rating_file, sep='\t', header=None, names=['user', 'item'],
                          usecols=[0, 1], dtype={0: np.int32, 1: np.int32})
    user_count = rating_rows['user'].max() + 1
    item_count = rating_rows['item'].max() + 1
    rating_rows = rating_rows.values.tolist()

    # interactions as a dictionary-of-keys sparse matrix
    train_seen_mat = sp.dok_matrix((user_count, item_count), dtype=np.float32)
    for ui in rating_rows:
        train_seen_mat[ui[0], ui[1]] = 1.0

    test_rows = []
    with open(test_negative_file, 'r') as neg_fh:
        txt_line = neg_fh.readline()
        while txt_line != None and txt_line != '':
            cols = txt_line.split('\t')
            user_id = eval(cols[0])[0]
            test_rows.append([user_id, eval(cols[0])[1]])
            for neg_item in cols[1:]:
                test_rows.append([user_id, int(neg_item)])
            txt_line = neg_fh.readline()
    return rating_rows, test_rows, user_count, item_count, train_seen_mat


class PairFeatureDataset(data.Dataset):
    def __init__(self, feature_pairs, n_items_total, train_seen=None, neg_per_pos=0, train_mode=None):
        super(PairFeatureDataset, self).__init__()
        # labels are only read in training mode; sample_negatives() builds them
        self.pos_features = feature_pairs
        self.n_items_total = n_items_total
        self.train_seen = train_seen
        self.neg_per_pos = neg_per_pos
        self.train_mode = train_mode
        self.label_list = [0 for _ in range(len(feature_pairs))]

    def sample_negatives(self):
        assert self.train_mode, 'negatives are drawn for the training split only'
        self.neg_features = []
        for pos_pair in self.pos_features:
            user_id = pos_pair[0]
            for _ in range(self.neg_per_pos):
                cand_item = np.random.randint(self.n_items_total)
                while (user_id, cand_item) in self.train_seen:
                    cand_item = np.random.randint(self.n_items_total)
                self.neg_features.append([user_id, cand_item])
        pos_labels = [1 for _ in range(len(self.pos_features))]
        neg_labels = [0 for _ in range(len(self.neg_features))]
        self.all_features = self.pos_features + self.neg_features
        self.all_labels = pos_labels + neg_labels

    def __len__(self):
        return (self.neg_per_pos + 1) * len(self.label_list)

    def __getitem__(self, i_idx):
        feature_src = self.all_features if self.train_mode else self.pos_features
        label_src = self.all_labels if self.train_mode else self.label_list
        return feature_src[i_idx][0], feature_src[i_idx][1], label_src[i_idx]


# ---------------------------------- model ----------------------------------
class RecNet(nn.Module):
    def __init__(self, n_user, n_item, n_factors, depth, drop_p, variant,
                 gmf_pre=None, mlp_pre=None):
        super(RecNet, self).__init__()
        self.drop_p = drop_p
        self.variant = variant
        self.gmf_pre = gmf_pre
        self.mlp_pre = mlp_pre

        self.user_emb_gmf = nn.Embedding(n_user, n_factors)
        self.item_emb_gmf = nn.Embedding(n_item, n_factors)
        self.user_emb_mlp = nn.Embedding(n_user, n_factors * (2 ** (depth - 1)))
        self.item_emb_mlp = nn.Embedding(n_item, n_factors * (2 ** (depth - 1)))

        mlp_blocks = []
        for k in range(depth):
            in_w = n_factors * (2 ** (depth - k))
            mlp_blocks.append(nn.Dropout(p=self.drop_p))
            mlp_blocks.append(nn.Linear(in_w, in_w // 2))
            mlp_blocks.append(nn.ReLU())
        self.mlp_tower = nn.Sequential(*mlp_blocks)

        out_in_dim = n_factors if self.variant in ['MLP', 'GMF'] else n_factors * 2
        self.out_layer = nn.Linear(out_in_dim, 1)
        self._reset_params()

    def _reset_params(self):
        if not self.variant == 'NeuMF-pre':
            nn.init.normal_(self.user_emb_gmf.weight, std=0.01)
            nn.init.normal_(self.user_emb_mlp.weight, std=0.01)
            nn.init.normal_(self.item_emb_gmf.weight, std=0.01)
            nn.init.normal_(self.item_emb_mlp.weight, std=0.01)
            for mod in self.mlp_tower:
                if isinstance(mod, nn.Linear):
                    nn.init.xavier_uniform_(mod.weight)
            nn.init.kaiming_uniform_(self.out_layer.weight, a=1, nonlinearity='sigmoid')
            for mod in self.modules():
                if isinstance(mod, nn.Linear) and mod.bias is not None:
                    mod.bias.data.zero_()
        else:
            # warm start from separately pre-trained GMF and MLP models
            self.user_emb_gmf.weight.data.copy_(self.gmf_pre.user_emb_gmf.weight)
            self.item_emb_gmf.weight.data.copy_(self.gmf_pre.item_emb_gmf.weight)
            self.user_emb_mlp.weight.data.copy_(self.mlp_pre.user_emb_mlp.weight)
            self.item_emb_mlp.weight.data.copy_(self.mlp_pre.item_emb_mlp.weight)
            for (dst_l, src_l) in zip(self.mlp_tower, self.mlp_pre.mlp_tower):
                if isinstance(dst_l, nn.Linear) and isinstance(src_l, nn.Linear):
                    dst_l.weight.data.copy_(src_l.weight)
                    dst_l.bias.data.copy_(src_l.bias)
            merged_w = torch.cat([self.gmf_pre.out_layer.weight, self.mlp_pre.out_layer.weight], dim=1)
            merged_b = self.gmf_pre.out_layer.bias + self.mlp_pre.out_layer.bias
            self.out_layer.weight.data.copy_(0.5 * merged_w)
            self.out_layer.bias.data.copy_(0.5 * merged_b)

    def forward(self, user_ids, item_ids):
        if not self.variant == 'MLP':
            gmf_vec = self.user_emb_gmf(user_ids) * self.item_emb_gmf(item_ids)
        if not self.variant == 'GMF':
            ui_concat = torch.cat((self.user_emb_mlp(user_ids), self.item_emb_mlp(item_ids)), -1)
            mlp_vec = self.mlp_tower(ui_concat)
        if self.variant == 'GMF':
            fused = gmf_vec
        elif self.variant == 'MLP':
            fused = mlp_vec
        else:
            fused = torch.cat((gmf_vec, mlp_vec), -1)
        return self.out_layer(fused).view(-1)


# --------------------------------- metrics ---------------------------------
def hit_at_k(true_item, ranked_items):
    return 1 if true_item in ranked_items else 0


def ndcg_at_k(true_item, ranked_items):
    if true_item in ranked_items:
        return np.reciprocal(np.log2(ranked_items.index(true_item) + 2))
    return 0


def evaluate_ranking(model, test_data_loader, k_cut):
    hits, gains = [], []
    for user_ids, item_ids, label_b in test_data_loader:
        user_ids = user_ids.cuda()
        item_ids = item_ids.cuda()
        pred_scores = model(user_ids, item_ids)
        _, top_idx = torch.topk(pred_scores, k_cut)
        top_items = torch.take(item_ids, top_idx).cpu().numpy().tolist()
        target_item = item_ids[0].item()
        hits.append(hit_at_k(target_item, top_items))
        gains.append(ndcg_at_k(target_item, top_items))
    return np.mean(hits), np.mean(gains)


# ---------------------------------- main ----------------------------------
cli = argparse.ArgumentParser()
cli.add_argument("--lr", type=float, default=0.001, help="step size of the optimiser")
cli.add_argument("--dropout", type=float, default=0.0, help="drop probability in the MLP tower")
cli.add_argument("--batch_size", type=int, default=256, help="pairs per training batch")
cli.add_argument("--epochs", type=int, default=20, help="passes over the training pairs")
cli.add_argument("--top_k", type=int, default=10, help="rank cut-off K for HR@K and NDCG@K")
cli.add_argument("--factor_num", type=int, default=32, help="size of the latent factors")
cli.add_argument("--num_layers", type=int, default=3, help="number of layers in the MLP tower")
cli.add_argument("--num_ng", type=int, default=4, help="sampled negatives for each training positive")
cli.add_argument("--test_num_ng", type=int, default=99, help="negatives ranked with each test item")
cli.add_argument("--out", default=True, help="keep the best checkpoint on disk")
cli.add_argument("--gpu", type=str, default="0", help="value for CUDA_VISIBLE_DEVICES")
opts = cli.parse_args()

os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpu
cudnn.benchmark = True

train_data_rows, test_data_rows, n_user, n_item, train_seen = read_rating_files()
dataset_train = PairFeatureDataset(train_data_rows, n_item, train_seen, opts.num_ng, True)
dataset_test = PairFeatureDataset(test_data_rows, n_item, train_seen, 0, False)
train_data_loader = data.DataLoader(dataset_train, batch_size=opts.batch_size, shuffle=True, num_workers=4)
test_data_loader = data.DataLoader(dataset_test, batch_size=opts.test_num_ng + 1, shuffle=False, num_workers=0)

if variant_name == 'NeuMF-pre':
    assert os.path.exists(gmf_ckpt_path), 'pre-trained GMF checkpoint missing'
    assert os.path.exists(mlp_ckpt_path), 'pre-trained MLP checkpoint missing'
    gmf_pre = torch.load(gmf_ckpt_path)
    mlp_pre = torch.load(mlp_ckpt_path)
else:
    gmf_pre = None
    mlp_pre = None

model = RecNet(n_user, n_item, opts.factor_num, opts.num_layers, opts.dropout, variant_name, gmf_pre, mlp_pre)
model.cuda()
bce_loss = nn.BCEWithLogitsLoss()
if variant_name == 'NeuMF-pre':
    optimizer = optim.SGD(model.parameters(), lr=opts.lr)
else:
    optimizer = optim.Adam(model.parameters(), lr=opts.lr)

step_count, top_hr = 0, 0
for epoch in range(opts.epochs):
    model.train()
    epoch_t0 = time.time()
    train_data_loader.dataset.sample_negatives()

    for user_ids, item_ids, label_b in train_data_loader:
        user_ids = user_ids.cuda()
        item_ids = item_ids.cuda()
        label_b = label_b.float().cuda()
        model.zero_grad()
        logits_b = model(user_ids, item_ids)
        loss = bce_loss(logits_b, label_b)
        loss.backward()
        optimizer.step()
        step_count += 1

    model.eval()
    hr_val, ndcg_val = evaluate_ranking(model, test_data_loader, opts.top_k)

    dur = time.time() - epoch_t0
    print("epoch {:03d}".format(epoch) + " took " +
          time.strftime("%H: %M: %S", time.gmtime(dur)))
    print("HR: {:.3f}\tNDCG: {:.3f}".format(np.mean(hr_val), np.mean(ndcg_val)))

    if hr_val > top_hr:
        top_hr, top_ndcg, top_epoch = hr_val, ndcg_val, epoch
        if opts.out:
            if not os.path.exists(model_dir):
                os.mkdir(model_dir)
            torch.save(model, '{}{}.pth'.format(model_dir, variant_name))

print("done; best at epoch {:03d} with HR {:.3f} and NDCG {:.3f}".format(top_epoch, top_hr, top_ndcg))
