# source: https://github.com/jostmey/NakedAttention/blob/0643a51aad54af4704e572a34737d0b73bb580c1/model_and_script.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# Single-head self-attention over the 784 pixels of an MNIST digit, written out by hand, sample by sample.

import dataplumbing as dp
import torch
import torchmetrics


class PixelAttention(torch.nn.Module):
    def __init__(self, n_pixels, n_channels, n_classes, **kwargs):
        super().__init__(**kwargs)

        # key, query and value projections, uniform in +-1/sqrt(n)
        scale = n_pixels ** 0.5
        self.Wk = torch.nn.Parameter((2.0 * torch.rand(n_pixels, n_pixels) - 1.0) / scale)
        self.Wq = torch.nn.Parameter((2.0 * torch.rand(n_pixels, n_pixels) - 1.0) / scale)
        self.Wv = torch.nn.Parameter((2.0 * torch.rand(n_pixels, n_pixels) - 1.0) / scale)

        self.norm = torch.nn.Softmax(dim=1)

        self.head = torch.nn.Linear(n_pixels * n_channels, n_classes)

    def forward(self, batch):
        n_batch, n_in, n_ch = batch.shape

        attended = []
        for b in range(n_batch):
            sample = batch[b, :, :]                        # (n_in, n_ch)

            keys = torch.matmul(self.Wk, sample)
            queries = torch.matmul(self.Wq, sample)
            values = torch.matmul(self.Wv, sample)

            weights = self.norm(torch.matmul(queries, keys.T) / n_in ** 0.5)   # (n_in, n_in)
            attended.append(torch.matmul(weights, values))
        attended = torch.stack(attended, axis=0)          # (n_batch, n_in, n_ch)

        flat = attended.reshape([n_batch, n_in * n_ch])
        logits = self.head(flat)
        return logits


attn_model = PixelAttention(n_pixels=28 ** 2, n_channels=1, n_classes=10)
to_probs = torch.nn.Softmax(dim=1)

xent_loss = torch.nn.CrossEntropyLoss()
acc_metric = torchmetrics.classification.MulticlassAccuracy(num_classes=10)

optimizer = torch.optim.Adam(attn_model.parameters(), lr=0.01)


train_xs, train_ys, val_xs, val_ys, test_xs, test_ys = dp.load_mnist(seed=46525)

train_pairs = torch.utils.data.TensorDataset(train_xs, train_ys)
train_sampler = torch.utils.data.RandomSampler(train_pairs, replacement=True)
train_loader = torch.utils.data.DataLoader(dataset=train_pairs, sampler=train_sampler, batch_size=16, drop_last=True)


best_epoch = -1
best_err = 1.0e8
best_acc = 0.0
best_state = {}

for epoch in range(128):

    attn_model.train()
    train_err = 0.0
    train_acc = 0.0
    for batch_xs, batch_ys in iter(train_loader):
        logits = attn_model(batch_xs)
        probs = to_probs(logits)
        batch_err = xent_loss(logits, batch_ys)
        batch_acc = acc_metric(probs, batch_ys)
        optimizer.zero_grad()
        batch_err.backward()
        optimizer.step()
        train_err += batch_err / len(train_loader)
        train_acc += batch_acc / len(train_loader)

    attn_model.eval()
    with torch.no_grad():
        val_logits = attn_model(val_xs)
        val_probs = to_probs(val_logits)
        val_err = xent_loss(val_logits, val_ys)
        val_acc = acc_metric(val_probs, val_ys)
        if val_err < best_err:
            best_epoch = epoch
            best_err = val_err
            best_acc = val_acc
            best_state = attn_model.state_dict()

    # losses are printed in bits (nats / ln 2)
    print(f'epoch {epoch}', f'train {float(train_err) / 0.693:.5f} bits', f'{100.0 * float(train_acc):.1f}%',
          f'valid {float(val_err) / 0.693:.5f} bits', f'{100.0 * float(val_acc):.1f}%', sep='\t', flush=True)

attn_model.eval()
attn_model.load_state_dict(best_state)
with torch.no_grad():
    test_logits = attn_model(test_xs)
    test_probs = to_probs(test_logits)
    test_err = xent_loss(test_logits, test_ys)
    test_acc = acc_metric(test_probs, test_ys)

print(f'test {float(test_err) / 0.693:.5f} bits', f'{100.0 * float(test_acc):.1f}%', sep='\t', flush=True)
