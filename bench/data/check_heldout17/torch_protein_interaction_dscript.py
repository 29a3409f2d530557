"""Protein-protein interaction prediction from pre-computed language-model
embeddings (D-SCRIPT style): a projection module, a residue contact CNN and
an interaction head trained on labelled protein pairs. The paired dataset,
the three model modules and the training command are combined here."""
import argparse
import datetime
import sys

import h5py
import numpy as np
import pandas as pd
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.utils.data
from sklearn.metrics import average_precision_score as average_precision
from torch.autograd import Variable
from tqdm import tqdm


# ------------------------------- pair dataset -------------------------------
class ProteinPairDataset(torch.utils.data.Dataset):
    """(name A, name B, label) triples."""

    def __init__(self, Xa, Xb, Y):
        self.Xa = Xa
        self.Xb = Xb
        self.Y = Y
        assert len(Xa) == len(Xb), "pair lists differ, Xa: " + str(len(Xa)) + " Xb: " + str(len(Xb))
        assert len(Xa) == len(Y), "labels do not match pairs, Xa: " + str(len(Xa)) + " Y: " + str(len(Y))

    def __len__(self):
        return len(self.Xa)

    def __getitem__(self, i):
        return self.Xa[i], self.Xb[i], self.Y[i]

def collate_pairs(batch_items):
    return [it_[0] for it_ in batch_items], [it_[1] for it_ in batch_items], torch.stack([it_[2] for it_ in batch_items], 0)


# --------------------------------- modules ---------------------------------
class LMProjection(nn.Module):
    """Linear + activation + dropout map from d_in LM features to d_out."""

    def __init__(self, d_in, d_out, drop_rate=0.5, act=nn.ReLU()):
        super(LMProjection, self).__init__()
        self.d_in = d_in
        self.d_out = d_out
        self.drop_prob = drop_rate
        self.lin = nn.Linear(d_in, d_out)
        self.drop_layer = nn.Dropout(p=self.drop_prob)
        self.act_fn = act

    def forward(self, x_in):
        return self.drop_layer(self.act_fn(self.lin(x_in)))

class PairFeatureConv(nn.Module):
    """Residue-pair features |emb_a - emb_b| and emb_a * emb_b, mixed by a 1x1 conv."""

    def __init__(self, emb_dim, hid_dim, act=nn.ReLU()):
        super(PairFeatureConv, self).__init__()
        self.emb_d = emb_dim
        self.hid_h = hid_dim
        self.conv_layer = nn.Conv2d(2 * self.emb_d, self.hid_h, 1)
        self.bn = nn.BatchNorm2d(self.hid_h)
        self.act_fn = act

    def forward(self, emb_a, emb_b):
        emb_a = emb_a.transpose(1, 2)
        emb_b = emb_b.transpose(1, 2)
        absdiff = torch.abs(emb_a.unsqueeze(3) - emb_b.unsqueeze(2))
        elemprod = emb_a.unsqueeze(3) * emb_b.unsqueeze(2)
        pair_feat = torch.cat([absdiff, elemprod], 1)
        return self.bn(self.act_fn(self.conv_layer(pair_feat)))

class ResidueContactNet(nn.Module):
    def __init__(self, emb_dim=100, hid_dim=50, k_width=7, act=nn.Sigmoid()):
        super(ResidueContactNet, self).__init__()
        self.pair_block = PairFeatureConv(emb_dim, hid_dim)
        self.conv_layer = nn.Conv2d(hid_dim, 1, k_width, padding=k_width // 2)
        self.bn = nn.BatchNorm2d(1)
        self.act_fn = act
        self.constrain()

    def constrain(self):
        # keep the filter symmetric so the map is transpose invariant
        wt = self.conv_layer.weight
        self.conv_layer.weight.data[:] = 0.5 * (wt + wt.transpose(2, 3))

    def forward(self, emb_a, emb_b):
        return self.score(self.pair_features(emb_a, emb_b))

    def pair_features(self, emb_a, emb_b):
        return self.pair_block(emb_a, emb_b)

    def score(self, bcast):
        return self.act_fn(self.bn(self.conv_layer(bcast)))

class ScaledSigmoid(nn.Module):
    def __init__(self, mid=0, slope=1, trainable_k=False):
        super(ScaledSigmoid, self).__init__()
        self.mid = mid
        self.slope = nn.Parameter(torch.FloatTensor([float(slope)]))
        self.slope.requiresGrad = trainable_k

    def forward(self, x_in):
        return torch.clamp(1 / (1 + torch.exp(-self.slope * (x_in - self.mid))), min=0, max=1).squeeze()

    def constrain(self):
        self.slope.data.clamp_(min=0)

class InteractionNet(nn.Module):
    def __init__(self, proj_mod, contact_mod, pool_w=9, mix_init=1, decay_init=0, thresh_init=0, center_weighting=True):
        super(InteractionNet, self).__init__()
        self.center_weighting = center_weighting
        self.act_fn = ScaledSigmoid(mid=0.5, slope=20)
        self.proj_mod = proj_mod
        self.contact_mod = contact_mod
        if self.center_weighting:
            self.mix = nn.Parameter(torch.FloatTensor([mix_init]))
            self.lam = nn.Parameter(torch.FloatTensor([decay_init]))
        self.pool = nn.MaxPool2d(pool_w, padding=pool_w // 2)
        self.thresh_scale = nn.Parameter(torch.FloatTensor([thresh_init]))
        self.constrain()

    def constrain(self):
        self.contact_mod.constrain()
        if self.center_weighting:
            self.mix.data.clamp_(min=0, max=1)
            self.lam.data.clamp_(min=0)
        self.thresh_scale.data.clamp_(min=0)

    def project(self, zz):
        return zz if self.proj_mod is None else self.proj_mod(zz)

    def contact_map(self, emb_a, emb_b):
        pa = self.project(emb_a)
        pb = self.project(emb_b)
        return self.contact_mod.score(self.contact_mod.pair_features(pa, pb))

    def map_and_prob(self, emb_a, emb_b):
        cmap_pred = self.contact_map(emb_a, emb_b)
        if self.center_weighting:
            # weight residues near the middle of each chain more heavily
            len_a, len_b = cmap_pred.shape[2:]
            wa = torch.from_numpy(-1 * ((np.arange(len_a) + 1 - ((len_a + 1) / 2)) / (-1 * ((len_a + 1) / 2))) ** 2).float()
            if self.thresh_scale.device.type == 'cuda':
                wa = wa.cuda()
            wa = torch.exp(self.lam * wa)
            wb = torch.from_numpy(-1 * ((np.arange(len_b) + 1 - ((len_b + 1) / 2)) / (-1 * ((len_b + 1) / 2))) ** 2).float()
            if self.thresh_scale.device.type == 'cuda':
                wb = wb.cuda()
            wb = torch.exp(self.lam * wb)
            W_center = wa.unsqueeze(1) * wb
            W_center = (1 - self.mix) * W_center + self.mix
            weighted = cmap_pred * W_center
        else:
            weighted = cmap_pred
        weighted = self.pool(weighted)
        mean_v = torch.mean(weighted)
        var_v = torch.var(weighted)
        excess = torch.relu(weighted - mean_v - (self.thresh_scale * var_v))
        p_hat = torch.sum(excess) / (torch.sum(torch.sign(excess)) + 1)
        return cmap_pred, self.act_fn(p_hat)

    def score(self, emb_a, emb_b):
        _, p_hat = self.map_and_prob(emb_a, emb_b)
        return p_hat

    def forward(self, emb_a, emb_b):
        return self.score(emb_a, emb_b)


# ------------------------------- train command -------------------------------
def register_cli(argp):
    g_data = argp.add_argument_group("Inputs")
    g_data.add_argument("--train", help="tsv of training protein pairs with labels", required=True)
    g_data.add_argument("--val", help="tsv of held-out protein pairs with labels", required=True)
    g_data.add_argument("--embedding", help="h5 archive of per-residue LM embeddings", required=True)
    g_data.add_argument("--no-augment", action="store_false", dest='augment', help="skip adding each pair in reversed order")
    g_proj = argp.add_argument_group("Projection settings")
    g_proj.add_argument("--projection-dim", type=int, default=100)
    g_proj.add_argument("--dropout-p", type=float, default=0.5)
    g_contact = argp.add_argument_group("Contact-map settings")
    g_contact.add_argument("--hidden-dim", type=int, default=50)
    g_contact.add_argument("--kernel-width", type=int, default=7)
    g_inter = argp.add_argument_group("Interaction-head settings")
    g_inter.add_argument("--no-w", action="store_false", dest='use_w')
    g_inter.add_argument("--pool-width", type=int, default=9)
    g_train = argp.add_argument_group("Optimisation")
    g_train.add_argument("--negative-ratio", type=int, default=10)
    g_train.add_argument("--epoch-scale", type=int, default=1)
    g_train.add_argument("--num-epochs", type=int, default=10)
    g_train.add_argument("--batch-size", type=int, default=25)
    g_train.add_argument("--weight-decay", type=float, default=0)
    g_train.add_argument("--lr", type=float, default=0.001)
    g_train.add_argument("--lambda", dest="lam", type=float, default=0.35)
    g_out = argp.add_argument_group("Logging, checkpoints, GPU")
    g_out.add_argument("-o", "--outfile")
    g_out.add_argument("--save-prefix")
    g_out.add_argument("-d", "--device", type=int, default=-1)
    g_out.add_argument("--checkpoint")
    return argp

def pair_probs(model, ids_a, ids_b, embeddings_cache, on_gpu):
    prob_list = []
    for j in range(len(ids_a)):
        ea, eb = embeddings_cache[ids_a[j]], embeddings_cache[ids_b[j]]
        if on_gpu:
            ea, eb = ea.cuda(), eb.cuda()
        prob_list.append(model.score(ea, eb))
    return torch.stack(prob_list, 0)

def pair_maps_and_probs(model, ids_a, ids_b, embeddings_cache, on_gpu):
    prob_list = []
    map_means = []
    for j in range(len(ids_a)):
        ea, eb = embeddings_cache[ids_a[j]], embeddings_cache[ids_b[j]]
        if on_gpu:
            ea, eb = ea.cuda(), eb.cuda()
        cmap_out, p_one = model.map_and_prob(ea, eb)
        prob_list.append(p_one)
        map_means.append(torch.mean(cmap_out))
    return torch.stack(map_means, 0), torch.stack(prob_list, 0)

def pair_grad_step(model, ids_a, ids_b, y, embeddings_cache, on_gpu, bce_weight=0.35):
    """One batch: forward, backward, then (loss, hits, squared error, pair count)."""
    map_means, prob_list = pair_maps_and_probs(model, ids_a, ids_b, embeddings_cache, on_gpu)
    if on_gpu:
        y = y.cuda()
    y = Variable(y)
    bce_val = F.binary_cross_entropy(prob_list.float(), y.float())
    map_term = torch.mean(map_means)
    loss = (bce_weight * bce_val) + ((1 - bce_weight) * map_term)
    n_b = len(prob_list)
    loss.backward()
    if on_gpu:
        y = y.cpu()
        prob_list = prob_list.cpu()
    with torch.no_grad():
        prob_list = prob_list.float()
        hard_pred = (0.5 * torch.ones(n_b) < prob_list).float()
        y = y.float()
        n_correct = torch.sum(hard_pred == y).item()
        sq_err = torch.mean((y.float() - prob_list) ** 2).item()
    return loss, n_correct, sq_err, n_b

def pair_eval(model, test_loader_in, embeddings_cache, on_gpu):
    prob_list, y_parts = [], []
    for ids_a, ids_b, y in test_loader_in:
        prob_list.append(pair_probs(model, ids_a, ids_b, embeddings_cache, on_gpu))
        y_parts.append(y)
    y = torch.cat(y_parts, 0)
    prob_list = torch.cat(prob_list, 0)
    if on_gpu:
        y.cuda()
        prob_list = torch.Tensor([pv.cuda() for pv in prob_list])
        prob_list.cuda()
    loss = F.binary_cross_entropy(prob_list.float(), y.float()).item()
    n_b = len(y)
    with torch.no_grad():
        prob_list = prob_list.float()
        y = y.float()
        hard_pred = (torch.Tensor([0.5]).float() * torch.ones(n_b) < prob_list).float()
        n_correct = torch.sum(hard_pred == y).item()
        sq_err = torch.mean((y.float() - prob_list) ** 2).item()
        soft_tp = torch.sum(y * prob_list).item()
        prec = soft_tp / torch.sum(prob_list).item()
        rec = soft_tp / torch.sum(y).item()
        f1_val = 2 * prec * rec / (prec + rec)
    ap_score = average_precision(y.cpu().numpy(), prob_list.data.cpu().numpy())
    return loss, n_correct, sq_err, prec, rec, f1_val, ap_score

def main(opts):
    log_out = sys.stdout if opts.outfile is None else open(opts.outfile, "w")
    print(f'# command line: {" ".join(sys.argv)}', file=log_out)

    dev = opts.device
    on_gpu = (dev >= 0) and torch.cuda.is_available()
    if on_gpu:
        torch.cuda.set_device(dev)
        print(f"# GPU {dev}: {torch.cuda.get_device_name(dev)}", file=log_out)
    else:
        print("# running on the CPU", file=log_out)
        dev = "cpu"

    batch_len = opts.batch_size
    emb_h5 = h5py.File(opts.embedding, "r")

    print(f"# reading train pairs: {opts.train}", file=log_out)
    train_pairs_df = pd.read_csv(opts.train, sep="\t", header=None)
    if opts.augment:
        train_a = pd.concat((train_pairs_df[0], train_pairs_df[1]), axis=0).reset_index(drop=True)
        train_b = pd.concat((train_pairs_df[1], train_pairs_df[0]), axis=0).reset_index(drop=True)
        train_labels = torch.from_numpy(pd.concat((train_pairs_df[2], train_pairs_df[2])).values)
    else:
        train_a, train_b = train_pairs_df[0], train_pairs_df[1]
        train_labels = torch.from_numpy(train_pairs_df[2].values)

    print(f"# reading held-out pairs: {opts.val}", file=log_out)
    test_pairs_df = pd.read_csv(opts.val, sep="\t", header=None)
    test_a, test_b = test_pairs_df[0], test_pairs_df[1]
    test_labels = torch.from_numpy(test_pairs_df[2].values)

    train_loader = torch.utils.data.DataLoader(ProteinPairDataset(train_a, train_b, train_labels), batch_size=batch_len,
                                             collate_fn=collate_pairs, shuffle=True)
    test_loader = torch.utils.data.DataLoader(ProteinPairDataset(test_a, test_b, test_labels), batch_size=batch_len,
                                            collate_fn=collate_pairs, shuffle=True)

    print("# reading every protein embedding", file=log_out)
    embeddings_cache = {}
    protein_ids = set(train_a).union(set(train_b)).union(set(test_a)).union(set(test_b))
    for pid in tqdm(protein_ids):
        embeddings_cache[pid] = torch.from_numpy(emb_h5[pid][:, :])

    on_gpu = (opts.device > -1) and torch.cuda.is_available()
    if opts.checkpoint is None:
        proj_mod = LMProjection(6165, opts.projection_dim, drop_rate=opts.dropout_p)
        contact_mod = ResidueContactNet(opts.projection_dim, opts.hidden_dim, opts.kernel_width)
        model = InteractionNet(proj_mod, contact_mod, center_weighting=opts.use_w, pool_w=opts.pool_width)
        print(model, file=log_out)
    else:
        print("# resuming from {}".format(opts.checkpoint), file=log_out)
        model = torch.load(opts.checkpoint)
        model.on_gpu = on_gpu
    if on_gpu:
        model = model.cuda()

    epoch_count = opts.num_epochs
    eval_every = opts.epoch_scale
    bce_share = opts.lam
    n_digits = int(np.floor(np.log10(epoch_count))) + 1
    ckpt_prefix = opts.save_prefix
    if ckpt_prefix is None:
        ckpt_prefix = datetime.datetime.now().strftime("%Y-%m-%d-%H-%M")
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.Adam(trainable, lr=opts.lr, weight_decay=opts.weight_decay)
    print(f'# checkpoints go to "{ckpt_prefix}"*', file=log_out)

    batch_line = "# epoch {}/{} at {:.1%}: loss {:.6}, acc {:.3%}, mse {:.6}"
    epoch_line = ("# end of epoch {}/{}: loss {:.6}, acc {:.3%}, mse {:.6}, prec {:.6}, "
                 "rec {:.6}, f1 {:.6}, aupr {:.6}")
    len_a = len(train_loader) * batch_len
    for epoch in range(epoch_count):
        model.train()
        seen_n = 0
        running_loss = 0
        running_acc = 0
        running_mse = 0
        for (emb_a, emb_b, y) in tqdm(train_loader, desc=f"epoch {epoch + 1} of {epoch_count}", total=len(train_loader)):
            loss, n_correct, sq_err, n_b = pair_grad_step(model, emb_a, emb_b, y, embeddings_cache, on_gpu, bce_weight=bce_share)
            seen_n += n_b
            step_delta = n_b * (loss - running_loss)
            running_loss += step_delta / seen_n
            step_delta = n_correct - n_b * running_acc
            running_acc += step_delta / seen_n
            step_delta = n_b * (sq_err - running_mse)
            running_mse += step_delta / seen_n
            should_log = (seen_n - n_b) // 100 < seen_n // 100
            optimizer.step()
            optimizer.zero_grad()
            model.constrain()
            if should_log and log_out is not sys.stdout:
                print(batch_line.format(epoch + 1, epoch_count, seen_n / len_a, running_loss, running_acc, running_mse),
                      file=log_out)
                log_out.flush()

        if (epoch + 1) % eval_every == 0:
            model.eval()
            with torch.no_grad():
                val_loss, val_correct, val_mse, val_prec, val_rec, val_f1, val_aupr = pair_eval(
                    model, test_loader, embeddings_cache, on_gpu)
                print(epoch_line.format(epoch + 1, epoch_count, val_loss, val_correct / (len(test_loader) * batch_len),
                                       val_mse, val_prec, val_rec, val_f1, val_aupr), file=log_out)
                log_out.flush()
            ckpt_path = ckpt_prefix + "_epoch" + str(epoch + 1).zfill(n_digits) + ".sav"
            print(f"# checkpoint -> {ckpt_path}", file=log_out)
            model.cpu()
            torch.save(model, ckpt_path)
            if on_gpu:
                model.cuda()
        log_out.flush()

    ckpt_path = ckpt_prefix + "_final.sav"
    print(f"# last checkpoint -> {ckpt_path}", file=log_out)
    model.cpu()
    torch.save(model, ckpt_path)
    log_out.close()


if __name__ == "__main__":
    arg_root = argparse.ArgumentParser(description=__doc__)
    register_cli(arg_root)
    main(arg_root.parse_args())
