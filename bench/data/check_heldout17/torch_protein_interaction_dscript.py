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
class PairedDataset(torch.utils.data.Dataset):
    """(name A, name B, label) triples."""

    def __init__(self, X0, X1, Y):
        self.X0 = X0
        self.X1 = X1
        self.Y = Y
        assert len(X0) == len(X1), "X0: " + str(len(X0)) + " X1: " + str(len(X1))
        assert len(X0) == len(Y), "X0: " + str(len(X0)) + " Y: " + str(len(Y))

    def __len__(self):
        return len(self.X0)

    def __getitem__(self, i):
        return self.X0[i], self.X1[i], self.Y[i]

def collate_paired_sequences(batch):
    return [b[0] for b in batch], [b[1] for b in batch], torch.stack([b[2] for b in batch], 0)


# --------------------------------- modules ---------------------------------
class FullyConnectedEmbed(nn.Module):
    """Projects language-model embeddings (nin) down to nout dimensions."""

    def __init__(self, nin, nout, dropout=0.5, activation=nn.ReLU()):
        super(FullyConnectedEmbed, self).__init__()
        self.nin = nin
        self.nout = nout
        self.dropout_p = dropout
        self.transform = nn.Linear(nin, nout)
        self.drop = nn.Dropout(p=self.dropout_p)
        self.activation = activation

    def forward(self, x):
        return self.drop(self.activation(self.transform(x)))

class FullyConnected(nn.Module):
    """Broadcast |z0 - z1| and z0 * z1 over all residue pairs, then 1x1 conv."""

    def __init__(self, embed_dim, hidden_dim, activation=nn.ReLU()):
        super(FullyConnected, self).__init__()
        self.D = embed_dim
        self.H = hidden_dim
        self.conv = nn.Conv2d(2 * self.D, self.H, 1)
        self.batchnorm = nn.BatchNorm2d(self.H)
        self.activation = activation

    def forward(self, z0, z1):
        z0 = z0.transpose(1, 2)
        z1 = z1.transpose(1, 2)
        diff = torch.abs(z0.unsqueeze(3) - z1.unsqueeze(2))
        prod = z0.unsqueeze(3) * z1.unsqueeze(2)
        pair = torch.cat([diff, prod], 1)
        return self.batchnorm(self.activation(self.conv(pair)))

class ContactCNN(nn.Module):
    def __init__(self, embed_dim=100, hidden_dim=50, width=7, activation=nn.Sigmoid()):
        super(ContactCNN, self).__init__()
        self.hidden = FullyConnected(embed_dim, hidden_dim)
        self.conv = nn.Conv2d(hidden_dim, 1, width, padding=width // 2)
        self.batchnorm = nn.BatchNorm2d(1)
        self.activation = activation
        self.clip()

    def clip(self):
        # keep the filter symmetric so the map is transpose invariant
        w = self.conv.weight
        self.conv.weight.data[:] = 0.5 * (w + w.transpose(2, 3))

    def forward(self, z0, z1):
        return self.predict(self.broadcast(z0, z1))

    def broadcast(self, z0, z1):
        return self.hidden(z0, z1)

    def predict(self, B):
        return self.activation(self.batchnorm(self.conv(B)))

class LogisticActivation(nn.Module):
    def __init__(self, x0=0, k=1, train=False):
        super(LogisticActivation, self).__init__()
        self.x0 = x0
        self.k = nn.Parameter(torch.FloatTensor([float(k)]))
        self.k.requiresGrad = train

    def forward(self, x):
        return torch.clamp(1 / (1 + torch.exp(-self.k * (x - self.x0))), min=0, max=1).squeeze()

    def clip(self):
        self.k.data.clamp_(min=0)

class ModelInteraction(nn.Module):
    def __init__(self, embedding, contact, pool_size=9, theta_init=1, lambda_init=0, gamma_init=0, use_W=True):
        super(ModelInteraction, self).__init__()
        self.use_W = use_W
        self.activation = LogisticActivation(x0=0.5, k=20)
        self.embedding = embedding
        self.contact = contact
        if self.use_W:
            self.theta = nn.Parameter(torch.FloatTensor([theta_init]))
            self.lambda_ = nn.Parameter(torch.FloatTensor([lambda_init]))
        self.maxPool = nn.MaxPool2d(pool_size, padding=pool_size // 2)
        self.gamma = nn.Parameter(torch.FloatTensor([gamma_init]))
        self.clip()

    def clip(self):
        self.contact.clip()
        if self.use_W:
            self.theta.data.clamp_(min=0, max=1)
            self.lambda_.data.clamp_(min=0)
        self.gamma.data.clamp_(min=0)

    def embed(self, z):
        return z if self.embedding is None else self.embedding(z)

    def cpred(self, z0, z1):
        e0 = self.embed(z0)
        e1 = self.embed(z1)
        return self.contact.predict(self.contact.broadcast(e0, e1))

    def map_predict(self, z0, z1):
        C = self.cpred(z0, z1)
        if self.use_W:
            # weight residues near the middle of each chain more heavily
            N, M = C.shape[2:]
            w1 = torch.from_numpy(-1 * ((np.arange(N) + 1 - ((N + 1) / 2)) / (-1 * ((N + 1) / 2))) ** 2).float()
            if self.gamma.device.type == 'cuda':
                w1 = w1.cuda()
            w1 = torch.exp(self.lambda_ * w1)
            w2 = torch.from_numpy(-1 * ((np.arange(M) + 1 - ((M + 1) / 2)) / (-1 * ((M + 1) / 2))) ** 2).float()
            if self.gamma.device.type == 'cuda':
                w2 = w2.cuda()
            w2 = torch.exp(self.lambda_ * w2)
            W = w1.unsqueeze(1) * w2
            W = (1 - self.theta) * W + self.theta
            yhat = C * W
        else:
            yhat = C
        yhat = self.maxPool(yhat)
        mu = torch.mean(yhat)
        sigma = torch.var(yhat)
        Q = torch.relu(yhat - mu - (self.gamma * sigma))
        phat = torch.sum(Q) / (torch.sum(torch.sign(Q)) + 1)
        return C, self.activation(phat)

    def predict(self, z0, z1):
        _, phat = self.map_predict(z0, z1)
        return phat

    def forward(self, z0, z1):
        return self.predict(z0, z1)


# ------------------------------- train command -------------------------------
def add_args(parser):
    d = parser.add_argument_group("Data")
    d.add_argument("--train", help="Training pairs (tsv)", required=True)
    d.add_argument("--val", help="Validation pairs (tsv)", required=True)
    d.add_argument("--embedding", help="h5 file with embedded sequences", required=True)
    d.add_argument("--no-augment", action="store_false", dest='augment', help="do not add (B A) for (A B)")
    p = parser.add_argument_group("Projection Module")
    p.add_argument("--projection-dim", type=int, default=100)
    p.add_argument("--dropout-p", type=float, default=0.5)
    c = parser.add_argument_group("Contact Module")
    c.add_argument("--hidden-dim", type=int, default=50)
    c.add_argument("--kernel-width", type=int, default=7)
    i = parser.add_argument_group("Interaction Module")
    i.add_argument("--no-w", action="store_false", dest='use_w')
    i.add_argument("--pool-width", type=int, default=9)
    t = parser.add_argument_group("Training")
    t.add_argument("--negative-ratio", type=int, default=10)
    t.add_argument("--epoch-scale", type=int, default=1)
    t.add_argument("--num-epochs", type=int, default=10)
    t.add_argument("--batch-size", type=int, default=25)
    t.add_argument("--weight-decay", type=float, default=0)
    t.add_argument("--lr", type=float, default=0.001)
    t.add_argument("--lambda", dest="lambda_", type=float, default=0.35)
    o = parser.add_argument_group("Output and Device")
    o.add_argument("-o", "--outfile")
    o.add_argument("--save-prefix")
    o.add_argument("-d", "--device", type=int, default=-1)
    o.add_argument("--checkpoint")
    return parser

def predict_interaction(model, n0, n1, tensors, use_cuda):
    probs = []
    for k in range(len(n0)):
        za, zb = tensors[n0[k]], tensors[n1[k]]
        if use_cuda:
            za, zb = za.cuda(), zb.cuda()
        probs.append(model.predict(za, zb))
    return torch.stack(probs, 0)

def predict_cmap_interaction(model, n0, n1, tensors, use_cuda):
    probs = []
    mags = []
    for k in range(len(n0)):
        za, zb = tensors[n0[k]], tensors[n1[k]]
        if use_cuda:
            za, zb = za.cuda(), zb.cuda()
        cmap, prob = model.map_predict(za, zb)
        probs.append(prob)
        mags.append(torch.mean(cmap))
    return torch.stack(mags, 0), torch.stack(probs, 0)

def interaction_grad(model, n0, n1, y, tensors, use_cuda, weight=0.35):
    """Forward a batch, back-propagate, return (loss, #correct, mse, batch size)."""
    mags, probs = predict_cmap_interaction(model, n0, n1, tensors, use_cuda)
    if use_cuda:
        y = y.cuda()
    y = Variable(y)
    bce = F.binary_cross_entropy(probs.float(), y.float())
    cmap_term = torch.mean(mags)
    loss = (weight * bce) + ((1 - weight) * cmap_term)
    b = len(probs)
    loss.backward()
    if use_cuda:
        y = y.cpu()
        probs = probs.cpu()
    with torch.no_grad():
        probs = probs.float()
        guess = (0.5 * torch.ones(b) < probs).float()
        y = y.float()
        correct = torch.sum(guess == y).item()
        mse = torch.mean((y.float() - probs) ** 2).item()
    return loss, correct, mse, b

def interaction_eval(model, test_iterator, tensors, use_cuda):
    probs, truth = [], []
    for n0, n1, y in test_iterator:
        probs.append(predict_interaction(model, n0, n1, tensors, use_cuda))
        truth.append(y)
    y = torch.cat(truth, 0)
    probs = torch.cat(probs, 0)
    if use_cuda:
        y.cuda()
        probs = torch.Tensor([v.cuda() for v in probs])
        probs.cuda()
    loss = F.binary_cross_entropy(probs.float(), y.float()).item()
    b = len(y)
    with torch.no_grad():
        probs = probs.float()
        y = y.float()
        guess = (torch.Tensor([0.5]).float() * torch.ones(b) < probs).float()
        correct = torch.sum(guess == y).item()
        mse = torch.mean((y.float() - probs) ** 2).item()
        tp = torch.sum(y * probs).item()
        pr = tp / torch.sum(probs).item()
        re = tp / torch.sum(y).item()
        f1 = 2 * pr * re / (pr + re)
    aupr = average_precision(y.cpu().numpy(), probs.data.cpu().numpy())
    return loss, correct, mse, pr, re, f1, aupr

def main(args):
    output = sys.stdout if args.outfile is None else open(args.outfile, "w")
    print(f'# Called as: {" ".join(sys.argv)}', file=output)

    device = args.device
    use_cuda = (device >= 0) and torch.cuda.is_available()
    if use_cuda:
        torch.cuda.set_device(device)
        print(f"# Using CUDA device {device} - {torch.cuda.get_device_name(device)}", file=output)
    else:
        print("# Using CPU", file=output)
        device = "cpu"

    batch_size = args.batch_size
    h5fi = h5py.File(args.embedding, "r")

    print(f"# Loading training pairs from {args.train}...", file=output)
    train_df = pd.read_csv(args.train, sep="\t", header=None)
    if args.augment:
        train_n0 = pd.concat((train_df[0], train_df[1]), axis=0).reset_index(drop=True)
        train_n1 = pd.concat((train_df[1], train_df[0]), axis=0).reset_index(drop=True)
        train_y = torch.from_numpy(pd.concat((train_df[2], train_df[2])).values)
    else:
        train_n0, train_n1 = train_df[0], train_df[1]
        train_y = torch.from_numpy(train_df[2].values)

    print(f"# Loading testing pairs from {args.val}...", file=output)
    test_df = pd.read_csv(args.val, sep="\t", header=None)
    test_n0, test_n1 = test_df[0], test_df[1]
    test_y = torch.from_numpy(test_df[2].values)

    train_iter = torch.utils.data.DataLoader(PairedDataset(train_n0, train_n1, train_y), batch_size=batch_size,
                                             collate_fn=collate_paired_sequences, shuffle=True)
    test_iter = torch.utils.data.DataLoader(PairedDataset(test_n0, test_n1, test_y), batch_size=batch_size,
                                            collate_fn=collate_paired_sequences, shuffle=True)

    print("# Loading embeddings", file=output)
    tensors = {}
    all_proteins = set(train_n0).union(set(train_n1)).union(set(test_n0)).union(set(test_n1))
    for prot_name in tqdm(all_proteins):
        tensors[prot_name] = torch.from_numpy(h5fi[prot_name][:, :])

    use_cuda = (args.device > -1) and torch.cuda.is_available()
    if args.checkpoint is None:
        embedding = FullyConnectedEmbed(6165, args.projection_dim, dropout=args.dropout_p)
        contact = ContactCNN(args.projection_dim, args.hidden_dim, args.kernel_width)
        model = ModelInteraction(embedding, contact, use_W=args.use_w, pool_size=args.pool_width)
        print(model, file=output)
    else:
        print("# Loading model from checkpoint {}".format(args.checkpoint), file=output)
        model = torch.load(args.checkpoint)
        model.use_cuda = use_cuda
    if use_cuda:
        model = model.cuda()

    num_epochs = args.num_epochs
    report_steps = args.epoch_scale
    inter_weight = args.lambda_
    digits = int(np.floor(np.log10(num_epochs))) + 1
    save_prefix = args.save_prefix
    if save_prefix is None:
        save_prefix = datetime.datetime.now().strftime("%Y-%m-%d-%H-%M")
    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.Adam(params, lr=args.lr, weight_decay=args.weight_decay)
    print(f'# Using save prefix "{save_prefix}"', file=output)

    batch_fmt = "# [{}/{}] training {:.1%}: Loss={:.6}, Accuracy={:.3%}, MSE={:.6}"
    epoch_fmt = ("# Finished Epoch {}/{}: Loss={:.6}, Accuracy={:.3%}, MSE={:.6}, Precision={:.6}, "
                 "Recall={:.6}, F1={:.6}, AUPR={:.6}")
    N = len(train_iter) * batch_size
    for epoch in range(num_epochs):
        model.train()
        n = 0
        loss_accum = 0
        acc_accum = 0
        mse_accum = 0
        for (z0, z1, y) in tqdm(train_iter, desc=f"Epoch {epoch + 1}/{num_epochs}", total=len(train_iter)):
            loss, correct, mse, b = interaction_grad(model, z0, z1, y, tensors, use_cuda, weight=inter_weight)
            n += b
            delta = b * (loss - loss_accum)
            loss_accum += delta / n
            delta = correct - b * acc_accum
            acc_accum += delta / n
            delta = b * (mse - mse_accum)
            mse_accum += delta / n
            report = (n - b) // 100 < n // 100
            optim.step()
            optim.zero_grad()
            model.clip()
            if report and output is not sys.stdout:
                print(batch_fmt.format(epoch + 1, num_epochs, n / N, loss_accum, acc_accum, mse_accum),
                      file=output)
                output.flush()

        if (epoch + 1) % report_steps == 0:
            model.eval()
            with torch.no_grad():
                loss_v, correct_v, mse_v, pr_v, re_v, f1_v, aupr_v = interaction_eval(
                    model, test_iter, tensors, use_cuda)
                print(epoch_fmt.format(epoch + 1, num_epochs, loss_v, correct_v / (len(test_iter) * batch_size),
                                       mse_v, pr_v, re_v, f1_v, aupr_v), file=output)
                output.flush()
            save_path = save_prefix + "_epoch" + str(epoch + 1).zfill(digits) + ".sav"
            print(f"# Saving model to {save_path}", file=output)
            model.cpu()
            torch.save(model, save_path)
            if use_cuda:
                model.cuda()
        output.flush()

    save_path = save_prefix + "_final.sav"
    print(f"# Saving final model to {save_path}", file=output)
    model.cpu()
    torch.save(model, save_path)
    output.close()


if __name__ == "__main__":
    cli = argparse.ArgumentParser(description=__doc__)
    add_args(cli)
    main(cli.parse_args())
