"""Text-feature MLP for MAG240M (OGB-LSC) subject prediction, no graph used.

A paper's 768-d language-model vector is the only input; the 153-way subject
label is the target. Whenever validation accuracy improves, the test-dev
predictions are saved for submission.
"""
import time
import argparse

import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader
from torch.nn import ModuleList, Linear, BatchNorm1d, Identity

from ogb.lsc import MAG240MDataset, MAG240MEvaluator

# location of the downloaded MAG240M arrays
DATA_ROOT = '/dfs/user/weihuahu/ogb/ogb/lsc/dataset'


class TextOnlyMLP(torch.nn.Module):
    def __init__(self, feat_in: int, width: int,
                 n_out: int, depth: int, drop_p: float = 0.0,
                 use_norm: bool = True, act_after_norm: bool = False):
        super(TextOnlyMLP, self).__init__()

        self.linears = ModuleList()
        self.linears.append(Linear(feat_in, width))
        for _ in range(depth - 2):
            self.linears.append(Linear(width, width))
        self.linears.append(Linear(width, n_out))

        self.norms = ModuleList()
        for _ in range(depth - 1):
            norm = BatchNorm1d(width) if use_norm else Identity()
            self.norms.append(norm)

        self.drop_p = drop_p
        self.act_after_norm = act_after_norm

    def reinit_weights(self):
        for layer in self.linears:
            layer.reset_parameters()
        for norm in self.norms:
            norm.reset_parameters()

    def forward(self, x):
        for layer, norm in zip(self.linears[:-1], self.norms):
            x = layer(x)
            if self.act_after_norm:
                x = norm(x).relu_()
            else:
                x = norm(x.relu_())
            x = F.dropout(x, p=self.drop_p, training=self.training)
        x = self.linears[-1](x)
        return x


def train_one_pass(model, train_x, train_y, batch_n, optimizer):
    model.train()

    loss_sum = 0
    # the loader yields random index batches into the in-memory feature rows
    for batch_ids in DataLoader(range(train_y.size(0)), batch_n, shuffle=True):
        optimizer.zero_grad()
        loss = F.cross_entropy(model(train_x[batch_ids]), train_y[batch_ids])
        loss.backward()
        optimizer.step()

        loss_sum += float(loss) * batch_ids.numel()

    return loss_sum / train_y.size(0)


@torch.no_grad()
def test_accuracy(model, eval_x, eval_y, scorer):
    model.eval()
    pred_y = model(eval_x).argmax(dim=-1)
    return scorer.eval({'y_true': eval_y, 'y_pred': pred_y})['acc']


if __name__ == '__main__':
    cli = argparse.ArgumentParser()
    cli.add_argument('--device', type=int, default=0)
    cli.add_argument('--hidden_channels', type=int, default=512)
    cli.add_argument('--num_layers', type=int, default=2),
    cli.add_argument('--no_batch_norm', action='store_true')
    cli.add_argument('--relu_last', action='store_true')
    cli.add_argument('--dropout', type=float, default=0.5)
    cli.add_argument('--lr', type=float, default=0.01)
    cli.add_argument('--batch_size', type=int, default=380000)
    cli.add_argument('--epochs', type=int, default=1000)
    opts = cli.parse_args()
    print(opts)

    torch.manual_seed(12345)
    run_device = f'cuda:{args.device}' if torch.cuda.is_available() else 'cpu'

    mag_dataset = MAG240MDataset(DATA_ROOT)
    scorer = MAG240MEvaluator()

    train_ids = mag_dataset.get_idx_split('train')
    valid_ids = mag_dataset.get_idx_split('valid')
    test_ids = mag_dataset.get_idx_split('test-dev')

    # fetch each split's feature rows, cast them to float32 and place them on the device
    tic = time.perf_counter()
    print('Loading train-split features ...', end=' ', flush=True)
    train_x = mag_dataset.paper_feat[train_ids]
    train_x = torch.from_numpy(train_x).to(torch.float).to(run_device)
    print(f'finished in {time.perf_counter() - tic:.2f}s')
    tic = time.perf_counter()
    print('Loading valid-split features ...', end=' ', flush=True)
    valid_x = mag_dataset.paper_feat[valid_ids]
    valid_x = torch.from_numpy(valid_x).to(torch.float).to(run_device)
    print(f'finished in {time.perf_counter() - tic:.2f}s')
    tic = time.perf_counter()
    print('Loading test-split features ...', end=' ', flush=True)
    test_x = mag_dataset.paper_feat[test_ids]
    test_x = torch.from_numpy(test_x).to(torch.float).to(run_device)
    print(f'finished in {time.perf_counter() - tic:.2f}s')

    train_y = torch.from_numpy(mag_dataset.paper_label[train_ids])
    train_y = train_y.to(run_device, torch.long)
    valid_y = torch.from_numpy(mag_dataset.paper_label[valid_ids])
    valid_y = valid_y.to(run_device, torch.long)

    model = TextOnlyMLP(mag_dataset.num_paper_features, opts.hidden_channels,
                mag_dataset.num_classes, opts.num_layers, opts.dropout,
                not opts.no_batch_norm, opts.relu_last).to(run_device)
    optimizer = torch.optim.Adam(model.parameters(), lr=opts.lr)
    param_count = sum([p.numel() for p in model.parameters()])
    print(f'parameter count: {param_count}')

    best_val_acc = 0
    for epoch in range(1, opts.epochs + 1):
        loss = train_one_pass(model, train_x, train_y, opts.batch_size, optimizer)
        train_score = test_accuracy(model, train_x, train_y, scorer)
        val_score = test_accuracy(model, valid_x, valid_y, scorer)
        if val_score > best_val_acc:
            best_val_acc = val_score
            with torch.no_grad():
                model.eval()
                submission = {'y_pred': model(test_x).argmax(dim=-1)}
                scorer.save_test_submission(submission, 'results/mlp', mode='test-dev')
        if epoch % 1 == 0:
            print(f'epoch {epoch:03d} | loss {loss:.4f} | '
                        f'train acc {train_score:.4f} | val acc {val_score:.4f} | '
                        f'best val {best_val_acc:.4f}')
